"""TriumfDrez: trick-taking with Pokerdrez cards (rules §6 of the card-games rules,
from seed 000). The package follows the rules section:

- :mod:`drezlab.games.triumfdrez.meta` — the metadata (name, seats, options, bots).
- :mod:`drezlab.games.triumfdrez.cards` — the deck, the power of a card in a trick
  (D31), bids and their D32 order, the score of a contract.
- :mod:`drezlab.games.triumfdrez.actions` — the actions as typed values (a bid, a pass,
  a card played, ready for the next deal) and the phases of a deal.
- :mod:`drezlab.games.triumfdrez.game` — :class:`TriumfDrez`: deal, auction, tricks,
  scoring and the match (the notation is documented there).
- :mod:`drezlab.games.triumfdrez.solver` — the double-dummy solver (alpha-beta over
  tricks with a transposition table).
- :mod:`drezlab.games.triumfdrez.bots` — the rule-based and the sampling players.
- :mod:`drezlab.games.triumfdrez.words` — the game's words: the Spanish catalogue,
  bids in words, the move log's sentences, illegal input explained.
- :mod:`drezlab.games.triumfdrez.picture` — the table, drawn from an observation.

Typical use::

    from drezlab.games.triumfdrez import TriumfDrez
    game = TriumfDrez(seed=7, players=4)
    game.play("bid 8 n 5")

Names are imported from their modules on first use, so the registry (which imports
the package to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "TriumfDrez": "game", "deal_script": "game",
    "Contract": "cards", "power": "cards", "trick_winner": "cards", "score": "cards",
    "Deal": "solver", "solve": "solver", "move_values": "solver",
    "RulePlayer": "bots", "SamplingPlayer": "bots",
}

__all__ = ["Contract", "Deal", "RulePlayer", "SamplingPlayer", "TriumfDrez", "deal_script", "move_values", "power",
           "score", "solve", "trick_winner"]


__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
