"""Poker7: Texas Hold'em with Pokerdrez cards, where all 7 cards make the hand.

Rules: ``shared/rules/card-games.md`` §0–1 (seed 000, section Poker7). The
package follows the rules section:

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
- :mod:`drezlab.games.poker7.picture` — the table and the groups as SVG.

Typical use::

    from drezlab.games.poker7 import Poker7, hand_value, river_equity
    hand_value("Q2 N2 R2 P2 P9 B9 J6")          # S 4,2,1: the red group of 4
    game = Poker7(seed=7, players=4)
    game.play("bet 4")
"""

from __future__ import annotations

from drezlab.games.poker7.game import Poker7
from drezlab.games.poker7.hands import (HandValue, compare_hands, hand_value, hand_value_by_search,
                                        partition_value, valid_partitions)
from drezlab.games.poker7.odds import (Equity, equity, estimate_equity, largest_group_distribution,
                                       river_equity, simulate_largest_group)

__all__ = ["Equity", "HandValue", "Poker7", "compare_hands", "equity", "estimate_equity", "hand_value",
           "hand_value_by_search", "largest_group_distribution", "partition_value", "river_equity",
           "simulate_largest_group", "valid_partitions"]
