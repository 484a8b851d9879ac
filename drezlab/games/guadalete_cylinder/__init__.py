"""Cylindrical Guadalete Chess 14 x 8 (``guadalete-cylinder``), rules/board-games.md §7.

- :mod:`drezlab.games.guadalete_cylinder.meta`: what the registry reads
- :mod:`drezlab.games.guadalete_cylinder.game`: the rules (``GuadaleteCylinder``), on the
  river family's shared layer :mod:`drezlab.games.guadalete.river`
- :mod:`drezlab.games.guadalete_cylinder.words`: the cylinder's own words

The family's picture is :mod:`drezlab.games.guadalete.picture`. The names below are
lent lazily (:mod:`drezlab.core.lazy`).
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {"GuadaleteCylinder": "game", "CylinderPosition": "game", "CYLINDER_RULES": "game"}

__all__ = ["CYLINDER_RULES", "CylinderPosition", "GuadaleteCylinder"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
