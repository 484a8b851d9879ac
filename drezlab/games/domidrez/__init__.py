"""DomiDrez: follow the colour or the figure of the last card; neutral cards name the next ones.

Rules: ``shared/rules/card-games.md`` §0 and §8 (seed 000, section DomiDrez).
The package follows the rules section:

- :mod:`drezlab.games.domidrez.meta` — the metadata (name, seats, options,
  picture, bots), read without importing the rules.
- :mod:`drezlab.games.domidrez.game` — :class:`DomiDrez`: the deal (D41),
  following, neutral cards and naming, draw-and-pass (D42), going out, the
  closed game (D43), scoring and the match target (D44); the notation is
  documented there.
- :mod:`drezlab.games.domidrez.knowledge` — the zones, the follow rule and what
  one seat knows, read from its observation.
- :mod:`drezlab.games.domidrez.words` — the game's words: the Spanish catalogue,
  the move log's sentences (cards by their printed names), illegal input explained.
- :mod:`drezlab.games.domidrez.picture` — the table, drawn from an observation.
- :mod:`drezlab.games.domidrez.bots` — :class:`GreedyPlayer` (keeps its options
  open) and :class:`SamplingPlayer` (determinised Monte Carlo over
  ``game.resample``).

Typical use::

    from drezlab.games.domidrez import DomiDrez
    game = DomiDrez(seed=7, players=3)
    game.legal_actions()            # the cards that follow, or draw / pass

The names below are imported from their modules on first use, so importing the
package (the registry does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "DomiDrez": "game", "hand_points": "game",
    "follows": "knowledge", "deal_size": "knowledge",
    "GreedyPlayer": "bots", "SamplingPlayer": "bots",
}

__all__ = ["DomiDrez", "GreedyPlayer", "SamplingPlayer", "deal_size", "follows", "hand_points"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
