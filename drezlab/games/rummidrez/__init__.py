"""RummiDrez: runs of one figure or one colour from two packs, rearranged on the table.

Rules: ``shared/rules/card-games.md`` §0 and §5 (seed 000, section RummiDrez).
The package follows the rules section:

- :mod:`drezlab.games.rummidrez.meta` — the metadata (name, seats, options,
  picture, bots), read without importing the rules.
- :mod:`drezlab.games.rummidrez.melds` — what a valid meld is (D24, D25), why a
  set of cards is not one, and how a meld is laid out.
- :mod:`drezlab.games.rummidrez.game` — :class:`RummiDrez`: the deal, the initial
  meld (D26), turns made of staged moves and a commit, drawing and passing (D27,
  D28), scoring, the match and the solitaire (D29); the notation is documented there.
- :mod:`drezlab.games.rummidrez.solver` — the meld solver: the most hand cards that
  can be laid down, rearranging the table, as an integer program (HiGHS), and the
  "best play" hint.
- :mod:`drezlab.games.rummidrez.bots` — :class:`GreedyPlayer` (no rearranging) and
  :class:`SolverPlayer` (plays the solver's play).
- :mod:`drezlab.games.rummidrez.records` — the solitaire's personal record per seed.
- :mod:`drezlab.games.rummidrez.words` — the game's words: the Spanish catalogue,
  the move log's sentences (cards by their printed names), illegal input explained.
- :mod:`drezlab.games.rummidrez.picture` — the table, drawn from an observation.

Typical use::

    from drezlab.games.rummidrez import RummiDrez, best_play
    game = RummiDrez(seed=7, players=2)
    best_play(game.view(game.to_move))      # the most cards the seat to move can lay down

The names below are imported from their modules on first use, so importing the
package (the registry does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "RummiDrez": "game", "hand_points": "game",
    "arrange": "melds", "is_valid": "melds", "meld_problem": "melds",
    "solve": "solver", "best_play": "solver", "Play": "solver",
    "GreedyPlayer": "bots", "SolverPlayer": "bots",
    "RecordBook": "records",
}

__all__ = ["GreedyPlayer", "Play", "RecordBook", "RummiDrez", "SolverPlayer", "arrange", "best_play",
           "hand_points", "is_valid", "meld_problem", "solve"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
