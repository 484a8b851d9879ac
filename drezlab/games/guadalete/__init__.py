"""The river family of chess variants (rules/board-games.md §§6-8, seed 004).

Each variant lives in its own package; this one holds Ajedrez del Guadalete and the
river machinery the three share:

- :mod:`drezlab.games.guadalete.meta`: the metadata of ``guadalete`` (the other two
  games' are in :mod:`drezlab.games.guadalete_cylinder` and
  :mod:`drezlab.games.guadalete_swimming`, with their rules)
- :mod:`drezlab.games.guadalete.river`: the shared chess on a board with a river
  (move generator hooks, check, castling, draws, position text, planks and the
  plank-balance queries)
- :mod:`drezlab.games.guadalete.game`: Ajedrez del Guadalete (``Guadalete``)
- :mod:`drezlab.games.guadalete.words`: the family's shared words (the plank)
- :mod:`drezlab.games.guadalete.picture`: the SVG of all three, from an observation

``GuadaleteCylinder`` and ``GuadaleteSwimming`` are still lent from here (and from the
modules ``guadalete.cylinder`` and ``guadalete.swimming``) for one release, with a
``DeprecationWarning``: import them from their own packages. The names below are
imported on first use, so the registry, which imports this package to read ``meta``,
loads no rules.
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any

from drezlab.core.lazy import lazy_exports

_EXPORTS = {"Guadalete": "game", "RiverChess": "river", "RiverPosition": "river"}
#: the variants that moved to their own packages: where each name lives now
_MOVED = {"GuadaleteCylinder": "drezlab.games.guadalete_cylinder.game",
          "GuadaleteSwimming": "drezlab.games.guadalete_swimming.game"}

__all__ = ["Guadalete", "RiverChess", "RiverPosition"]

_lazy_getattr, __dir__ = lazy_exports(__name__, _EXPORTS)


def __getattr__(name: str) -> Any:
    """The lazy exports, and the moved variants with a deprecation warning."""
    if name in _MOVED:
        home = _MOVED[name]
        warnings.warn(f"drezlab.games.guadalete.{name} moved: import it from {home.rsplit('.', 1)[0]}",
                      DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(home), name)
    return _lazy_getattr(name)


def warn_moved(old: str, home: str, game: str) -> None:
    """The warning an old module (``guadalete.cylinder``, ``guadalete.swimming``) gives
    on import for one release: it moved to the module ``home``, import ``game`` from
    its package."""
    warnings.warn(f"{old} moved to {home} (import {game} from {home.rsplit('.', 1)[0]})",
                  DeprecationWarning, stacklevel=3)
