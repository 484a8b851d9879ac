"""SoloDrez: a spider-like solitaire with nine face-up columns and two wild neutral cards.

Rules: ``shared/rules/card-games.md`` §0 and §3 (seed 000, section SoloDrez).
The package follows the rules section:

- :mod:`drezlab.games.solodrez.meta` — the metadata (name, one seat, the ``hint``
  option, picture, bots), read without importing the rules.
- :mod:`drezlab.games.solodrez.game` — :class:`SoloDrez`: the deal (D17), runs and
  where they may go (neutral cards as wildcards, D18), removal and the end of the
  game (D19); the notation is documented there.
- :mod:`drezlab.games.solodrez.solver` — :func:`solve` (canonical states and a
  visited set: won with a winning line, lost (proven), or undecided within its
  budget) and :func:`hint` (a move after which the deal can still be won, or
  "this deal can no longer be won").
- :mod:`drezlab.games.solodrez.picture` — the nine overlapping columns, drawn from
  an observation.
- :mod:`drezlab.games.solodrez.bots` — :class:`SolverPlayer` (plays the hint).

Typical use::

    from drezlab.games.solodrez import SoloDrez, hint, solve
    game = SoloDrez(seed=7)
    solve(game).status          # 'won', 'lost' or 'unknown'
    hint(game)                  # a move that keeps the deal winnable, in words

The names below are imported from their modules on first use, so importing the
package (the registry does, to read ``meta``) loads no rules.
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "SoloDrez": "game", "deal_order": "game", "run_bases": "game", "fits": "game", "is_complete": "game",
    "Solution": "solver", "Hint": "solver", "solve": "solver", "hint": "solver",
    "SolverPlayer": "bots",
}

__all__ = ["Hint", "SoloDrez", "Solution", "SolverPlayer", "deal_order", "fits", "hint", "is_complete",
           "run_bases", "solve"]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
