"""SokuDrez: swap cards in a 6 x 9 grid until rows hold every colour and columns every figure.

Rules: ``shared/rules/card-games.md`` §0 and §4 (seed 000, section SokuDrez).
The package follows the rules section:

- :mod:`drezlab.games.sokudrez.meta` — the metadata (name, seats, options,
  picture, bots), read without importing the rules.
- :mod:`drezlab.games.sokudrez.grid` — cells, the defects Dcol and Drow, D21's
  bound, and the points of a swap (D22), on small integer grids.
- :mod:`drezlab.games.sokudrez.game` — :class:`SokuDrez`: the deal (D20), swaps,
  the 2-player turns and scoring (D22, D23); the notation is documented there.
- :mod:`drezlab.games.sokudrez.solver` — ``hint`` and ``solve`` exactly as D21
  says, the cover bound (stronger than D21's, proved in its docstring) and the
  exact IDA* solver with its ``proven`` flag.
- :mod:`drezlab.games.sokudrez.picture` — the grid, drawn from an observation.
- :mod:`drezlab.games.sokudrez.bots` — :class:`GreedyPlayer` and
  :class:`PlannerPlayer` for the 2-player variant (and the solitaire).

Typical use::

    from drezlab.games.sokudrez import SokuDrez, hint, exact
    game = SokuDrez(seed=7)
    hint(game.grid)                   # one swap (p, q), D21
    exact(game.grid, time_limit=5)    # best found, proven lower bound, proven flag
"""

from __future__ import annotations

from drezlab.core.lazy import lazy_exports

_EXPORTS = {
    "SokuDrez": "game", "from_grid": "game", "seat_of_swap": "game",
    "defects": "grid", "d21_bound": "grid", "swap_points": "grid", "swap_criteria": "grid", "as_grid": "grid",
    "SOLVED_EXAMPLE": "grid",
    "hint": "solver", "solve": "solver", "solve_optimal": "solver", "exact": "solver",
    "cover_bound": "solver", "ExactResult": "solver", "cycle_swaps": "solver",
    "GreedyPlayer": "bots", "PlannerPlayer": "bots",
}

__all__ = [
    "SOLVED_EXAMPLE",
    "ExactResult",
    "GreedyPlayer",
    "PlannerPlayer",
    "SokuDrez",
    "as_grid",
    "cover_bound",
    "cycle_swaps",
    "d21_bound",
    "defects",
    "exact",
    "from_grid",
    "hint",
    "seat_of_swap",
    "solve",
    "solve_optimal",
    "swap_criteria",
    "swap_points",
]

__getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
