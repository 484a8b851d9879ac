"""Poker7: Texas Hold'em with Pokerdrez cards, where all 7 cards make the hand.

Rules: ``shared/rules/card-games.md`` §0–1 (seed 000, section Poker7). The
package follows the rules section:

- :mod:`drezlab.games.poker7.meta` — the game's metadata (name, seats,
  options with their checks, picture, bots), read without importing the rules.
- :mod:`drezlab.games.poker7.game` — :class:`Poker7`, the game: antes, the
  deal, four betting rounds with the reveal round before the last, side pots,
  showdown, dealer rotation and elimination (§1.1, D1, D4, D6); the action
  notation and the betting buttons are documented there.
- :mod:`drezlab.games.poker7.hands` — :func:`hand_value`, the exact evaluator
  of §1.2 (the best partition into figure and colour groups, D7–D11), the
  literal D7 search it is checked against, and :func:`compare_hands`.
- :mod:`drezlab.games.poker7.odds` — equity for teaching: exact on the river
  against one unknown hand (all 1,081 of them), estimated earlier; the exact
  and simulated size of the largest group.
- :mod:`drezlab.games.poker7.knowledge` — the zones, and what one seat knows,
  read from its observation (equity, the next card's odds).
- :mod:`drezlab.games.poker7.words` — the game's words: the Spanish catalogue,
  the buttons, the move log's sentences, illegal bets explained.
- :mod:`drezlab.games.poker7.picture` — the table (from an observation) and
  the groups as SVG.
- :mod:`drezlab.games.poker7.bots` — :class:`EquityPlayer`, which bets by its
  equity from its own view, and ``ReaderPlayer``, which also reads the
  opponents' bets.

Typical use::

    from drezlab.games.poker7 import Poker7, hand_value, river_equity
    hand_value("Q2 N2 R2 P2 P9 B9 J6")          # S 4,2,1: the red group of 4
    game = Poker7(seed=7, players=4)
    game.play("bet 4")

The names below are imported from their modules on first use, so importing
the package (the registry does, to read ``meta``) loads no rules, and no
module of the package imports the package itself (no import cycle).
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "Poker7": "game",
    "HandValue": "hands", "compare_hands": "hands", "hand_value": "hands", "hand_value_by_search": "hands",
    "partition_value": "hands", "valid_partitions": "hands",
    "Equity": "odds", "equity": "odds", "estimate_equity": "odds", "largest_group_distribution": "odds",
    "river_equity": "odds", "simulate_largest_group": "odds",
    "EquityPlayer": "bots",
}

__all__ = ["Equity", "EquityPlayer", "HandValue", "Poker7", "compare_hands", "equity", "estimate_equity",
           "hand_value", "hand_value_by_search", "largest_group_distribution", "partition_value", "river_equity",
           "simulate_largest_group", "valid_partitions"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
