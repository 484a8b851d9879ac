"""Deprecated: the swimming variant's rules moved to :mod:`drezlab.games.guadalete_swimming.game`.

Kept for one release so that ``drezlab.games.guadalete.swimming:GuadaleteSwimming`` (the
old spelling, in saved notebooks) still works; importing it warns.
"""

from __future__ import annotations

import warnings

from drezlab.games.guadalete_swimming.game import (
    REMOVED,
    SWIMMING_GRID,
    SWIMMING_RULES,
    GuadaleteSwimming,
    SwimmingPosition,
)

warnings.warn(
    "drezlab.games.guadalete.swimming moved to drezlab.games.guadalete_swimming.game "
    "(import GuadaleteSwimming from drezlab.games.guadalete_swimming)",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["REMOVED", "SWIMMING_GRID", "SWIMMING_RULES", "GuadaleteSwimming", "SwimmingPosition"]
