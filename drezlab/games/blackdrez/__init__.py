"""BlackDrez: reach 11 points without going over, with every card face up.

Rules: ``shared/rules/card-games.md`` §0 and §7 (seed 000, section BlackDrez).

- :mod:`drezlab.games.blackdrez.meta` — the metadata (options, bots, picture),
  read without importing the rules.
- :mod:`drezlab.games.blackdrez.odds` — card points, the score with jokers
  (D36), the chance to bust, and the exact values of drawing and retiring
  computed over the stock's known composition (memoised).
- :mod:`drezlab.games.blackdrez.game` — :class:`BlackDrez`, the game (rounds,
  turn order by lowest score, standing, splitting, the card-count match).
- :mod:`drezlab.games.blackdrez.knowledge` — the zones, and what a seat knows
  read from its observation (scores, the stock's composition, the exact values).
- :mod:`drezlab.games.blackdrez.words` — the game's words: the Spanish catalogue,
  the move log's sentences, the explanations of illegal input.
- :mod:`drezlab.games.blackdrez.picture` — the table, drawn from an observation.
- :mod:`drezlab.games.blackdrez.bots` — the threshold bot and the exact-value bot.

Typical use::

    from drezlab.games.blackdrez import BlackDrez, score
    score(["J1", "Q2"])                 # 11
    game = BlackDrez(seed=7, players=4)
    game.exact_values()                 # draw vs retire for the player to move

The names below are imported on first use, so importing the package (the
registry does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "BlackDrez": "game", "stock_order": "game",
    "points": "odds", "score": "odds", "is_bust": "odds", "bust_chance": "odds", "exact_values": "odds",
    "ExactValues": "odds", "hand_state": "odds", "clear_cache": "odds",
    "ThresholdPlayer": "bots", "ExactPlayer": "bots",
}

__all__ = ["BlackDrez", "ExactPlayer", "ExactValues", "ThresholdPlayer", "bust_chance", "clear_cache",
           "exact_values", "hand_state", "is_bust", "points", "score", "stock_order"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
