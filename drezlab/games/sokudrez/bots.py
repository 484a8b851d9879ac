"""SokuDrez bots: a greedy scorer and a planner that times the solving swap.

Both read only ``game.view(seat)`` (the grid is public anyway) and answer with a
legal action. They play the solitaire too (there the points decide nothing).

:class:`GreedyPlayer` — among the swaps that make progress (ΔD > 0, D21), the one
with the most points (D22); ties go to the larger ΔD, then to the smallest
``(p, q)``. Progress first keeps every game finite: D = Dcol + Drow falls with each
of its swaps. When no swap makes progress it plays the first swap of
:func:`~drezlab.games.sokudrez.solver.solve`.

:class:`PlannerPlayer` — *solver-backed*: it scores each progressing swap by its
points as D23 will count them (a solving swap scores only as the first of a
double turn), then

* a swap that solves the grid is worth +100 if this seat is ahead after it
  (the game ends won), −100 if behind (it would end lost);
* a swap after which the opponent moves next, on the first swap of a double turn,
  with a solving swap available (so it would score) costs the 8 points that swap
  can earn;
* leftover ties go to the larger ΔD and then to the smallest ``(p, q)``.
It falls back on :func:`~drezlab.games.sokudrez.solver.solve` like the greedy one.
"""

from __future__ import annotations

import random

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.sokudrez.game import first_of_double_turn, seat_of_swap
from drezlab.games.sokudrez.grid import Grid, as_grid, defects, swap_points, swapped
from drezlab.games.sokudrez.meta import SPEC
from drezlab.games.sokudrez.solver import _counts, _drops, solve

__all__ = ["GreedyPlayer", "PlannerPlayer", "grid_of"]


def grid_of(observation: Observation) -> Grid:
    """The grid (card codes, row-major) from an observation."""
    return as_grid(observation.ids("grid"))


def _seat_and_view(game: Game) -> tuple[int, Observation]:
    seat = game.to_move
    if seat is None:
        raise ValueError("the game is over: there is nothing to choose")
    if getattr(type(game), "spec", None) is not SPEC:
        raise ValueError(f"this bot plays SokuDrez, not {type(game).__name__}")
    return seat, game.view(seat)


def _action(game: Game, p: int, q: int) -> Action:
    """The legal action swapping cells ``p < q``."""
    return game.swap_action(p, q)  # type: ignore[attr-defined, no-any-return]


class GreedyPlayer:
    """Most points among the progressing swaps (module docstring)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        _, view = _seat_and_view(game)
        grid = grid_of(view)
        col, row = _counts(grid)
        best: tuple[int, int, int, int] | None = None
        for dc, dr, p, q in _drops(grid, col, row):
            if dc + dr <= 0:
                continue
            key = (swap_points(grid, p, q), dc + dr, -p, -q)
            if best is None or key > best:
                best = key
        if best is None:
            p, q = solve(grid)[0]
            return _action(game, p, q)
        return _action(game, -best[2], -best[3])

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class PlannerPlayer:
    """Points as D23 counts them, with the solving swap timed (module docstring)."""

    name = "planner"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        seat, view = _seat_and_view(game)
        grid = grid_of(view)
        public = view.public
        players = public["players"]
        number = public["swaps"] + 1
        scores = list(public["scores"])
        col, row = _counts(grid)
        best: tuple[float, int, int, int] | None = None
        for dc, dr, p, q in _drops(grid, col, row):
            if dc + dr <= 0:
                continue
            child = swapped(grid, p, q)
            solved = defects(child) == (0, 0)
            points = swap_points(grid, p, q)
            value: float = float(points)
            if players == 2:
                if solved:
                    if not first_of_double_turn(number):
                        value = 0.0
                    mine = scores[seat] + value
                    theirs = scores[1 - seat]
                    value += 100.0 if mine > theirs else (-100.0 if mine < theirs else 0.0)
                elif seat_of_swap(number + 1) != seat and first_of_double_turn(number + 1) \
                        and _one_swap_solves(child):
                    value -= 8.0
            key = (value, dc + dr, -p, -q)
            if best is None or key > best:
                best = key
        if best is None:
            p, q = solve(grid)[0]
            return _action(game, p, q)
        return _action(game, -best[2], -best[3])

    def __repr__(self) -> str:
        return "PlannerPlayer()"


def _one_swap_solves(grid: Grid) -> bool:
    """Can one swap solve ``grid``? (Only if Dcol, Drow <= 2; then try the swaps.)"""
    dcol, drow = defects(grid)
    if dcol > 2 or drow > 2:
        return False
    col, row = _counts(grid)
    return any(dc == dcol and dr == drow for dc, dr, _, _ in _drops(grid, col, row))
