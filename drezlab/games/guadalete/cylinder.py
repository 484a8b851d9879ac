"""Deprecated: the cylinder's rules moved to :mod:`drezlab.games.guadalete_cylinder.game`.

Kept for one release so that ``drezlab.games.guadalete.cylinder:GuadaleteCylinder`` (the
old spelling, in saved notebooks) still works; importing it warns.
"""

from __future__ import annotations

from drezlab.games.guadalete import warn_moved
from drezlab.games.guadalete_cylinder.game import (
    CYLINDER_GRID,
    CYLINDER_RULES,
    REAR_PAWN,
    CylinderPosition,
    GuadaleteCylinder,
)

__all__ = ["CYLINDER_GRID", "CYLINDER_RULES", "REAR_PAWN", "CylinderPosition", "GuadaleteCylinder"]

warn_moved(__name__, "drezlab.games.guadalete_cylinder.game", "GuadaleteCylinder")
