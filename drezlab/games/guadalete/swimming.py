"""Deprecated: the swimming variant's rules moved to :mod:`drezlab.games.guadalete_swimming.game`.

Kept for one release so that ``drezlab.games.guadalete.swimming:GuadaleteSwimming`` (the
old spelling, in saved notebooks) still works; importing it warns.
"""

from __future__ import annotations

from drezlab.games.guadalete import warn_moved
from drezlab.games.guadalete_swimming.game import (
    REMOVED,
    SWIMMING_GRID,
    SWIMMING_RULES,
    GuadaleteSwimming,
    SwimmingPosition,
)

__all__ = ["REMOVED", "SWIMMING_GRID", "SWIMMING_RULES", "GuadaleteSwimming", "SwimmingPosition"]

warn_moved(__name__, "drezlab.games.guadalete_swimming.game", "GuadaleteSwimming")
