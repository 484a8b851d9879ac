"""Dejarik (holochess): eight creatures on a round board (rules/board-games.md §1).

- :mod:`drezlab.games.dejarik.meta` — the metadata (options, picture, bots).
- :mod:`drezlab.games.dejarik.odds` — the exact odds of every attack and duel from the
  distribution of sums of n d6 (:func:`attack_odds`, :func:`result_tables`).
- :mod:`drezlab.games.dejarik.game` — :class:`Dejarik`, the rules.
- :mod:`drezlab.games.dejarik.picture` — the ring board, drawn from an observation.
- :mod:`drezlab.games.dejarik.bots` — greedy (best expected material) and expectimax
  over the two actions of a turn.

The Courtier variant is its own game, :mod:`drezlab.games.courtier` (``dejarik-courtier``).
Names are imported on first use, so the registry (which imports this package to read
``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "Dejarik": "game", "CREATURES": "game", "destinations": "game",
    "attack_odds": "odds", "brute_force_odds": "odds", "result_tables": "odds", "duel_odds": "odds",
    "sum_counts": "odds", "AttackOdds": "odds",
    "GreedyPlayer": "bots", "ExpectimaxPlayer": "bots",
}

__all__ = [
    "CREATURES",
    "AttackOdds",
    "Dejarik",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "attack_odds",
    "brute_force_odds",
    "destinations",
    "duel_odds",
    "result_tables",
    "sum_counts",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
