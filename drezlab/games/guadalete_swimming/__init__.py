"""Swimming Guadalete Chess (``guadalete-swimming``), rules/board-games.md §8.

- :mod:`drezlab.games.guadalete_swimming.meta`: what the registry reads
- :mod:`drezlab.games.guadalete_swimming.game`: the rules (``GuadaleteSwimming``), on the
  river family's shared layer :mod:`drezlab.games.guadalete.river`
- :mod:`drezlab.games.guadalete_swimming.words`: the current in words

The family's picture is :mod:`drezlab.games.guadalete.picture`. The names below are
lent lazily (:mod:`drezlab.core.lazy`).
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {"GuadaleteSwimming": "game", "SwimmingPosition": "game", "SWIMMING_RULES": "game"}

__all__ = ["SWIMMING_RULES", "GuadaleteSwimming", "SwimmingPosition"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
