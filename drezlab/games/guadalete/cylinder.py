"""Deprecated: the cylinder's rules moved to :mod:`drezlab.games.guadalete_cylinder.game`.

Kept for one release so that ``drezlab.games.guadalete.cylinder:GuadaleteCylinder`` (the
old spelling, in saved notebooks) still works; importing it warns.
"""

from __future__ import annotations

import warnings

from drezlab.games.guadalete_cylinder.game import (
    CYLINDER_GRID,
    CYLINDER_RULES,
    REAR_PAWN,
    CylinderPosition,
    GuadaleteCylinder,
)

warnings.warn(
    "drezlab.games.guadalete.cylinder moved to drezlab.games.guadalete_cylinder.game "
    "(import GuadaleteCylinder from drezlab.games.guadalete_cylinder)",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["CYLINDER_GRID", "CYLINDER_RULES", "REAR_PAWN", "CylinderPosition", "GuadaleteCylinder"]
