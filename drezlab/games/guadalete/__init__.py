"""The river family of chess variants (rules/board-games.md §§6-8, seed 004).

- :mod:`drezlab.games.guadalete.meta`: the metadata of ``guadalete`` (the other two
  games' metadata live in :mod:`drezlab.games.guadalete_cylinder` and
  :mod:`drezlab.games.guadalete_swimming`, because the registry reads one spec per package)
- :mod:`drezlab.games.guadalete.river`: the shared chess on a board with a river
  (board description, move generator, variant hooks, check, castling, draws)
- :mod:`drezlab.games.guadalete.game`: Ajedrez del Guadalete (``Guadalete``): planks
  and the plank-balance rule
- :mod:`drezlab.games.guadalete.cylinder`: the 14 x 8 cylinder (``GuadaleteCylinder``)
- :mod:`drezlab.games.guadalete.swimming`: the swimming variant (``GuadaleteSwimming``)
- :mod:`drezlab.games.guadalete.words`: the family's words: the Spanish catalogue and the
  move log's river events (a plank, the current, a drowning)
- :mod:`drezlab.games.guadalete.picture`: the SVG of all three, from an observation

The names below are imported on first use, so the registry, which imports this
package to read ``meta``, loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {"Guadalete": "game", "GuadaleteCylinder": "cylinder", "GuadaleteSwimming": "swimming",
            "RiverBoard": "river", "RiverChess": "river"}

__all__ = ["Guadalete", "GuadaleteCylinder", "GuadaleteSwimming", "RiverBoard", "RiverChess"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
