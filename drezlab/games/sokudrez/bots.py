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

import abc
import random
from collections.abc import Mapping
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.core.observation import Observation
from drezlab.games.sokudrez.game import first_of_double_turn, seat_of_swap
from drezlab.games.sokudrez.grid import Grid, as_grid, defects, swap_points, swapped
from drezlab.games.sokudrez.meta import SPEC
from drezlab.games.sokudrez.solver import _counts, _drops, solve
from drezlab.players import seat_to_choose

__all__ = ["GreedyPlayer", "PlannerPlayer", "grid_of"]


def grid_of(observation: Observation) -> Grid:
    """The grid (card codes, row-major) from an observation."""
    return as_grid(observation.ids("grid"))


def _seat_and_view(game: Game) -> tuple[int, Observation]:
    seat = seat_to_choose(game, SPEC.name)
    return seat, game.view(seat)


def _action(game: Game, p: int, q: int) -> Action:
    """The legal action swapping cells ``p < q``."""
    return game.swap_action(p, q)  # type: ignore[attr-defined, no-any-return]


class _ProgressPlayer(abc.ABC):
    """The shape both bots share: among the swaps that make progress (ΔD > 0), the one with
    the largest ``(value, ΔD, -p, -q)``; without such a swap, the first swap of ``solve``."""

    name = ""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abc.abstractmethod
    def value(self, seat: int, public: Mapping[str, Any], grid: Grid, p: int, q: int) -> float:
        """What the swap of cells ``p < q`` is worth to ``seat`` (subclasses say how)."""

    def choose(self, game: Game) -> Action:
        seat, view = _seat_and_view(game)
        grid = grid_of(view)
        col, row = _counts(grid)
        best: tuple[float, int, int, int] | None = None
        for dc, dr, p, q in _drops(grid, col, row):
            if dc + dr <= 0:
                continue
            key = (self.value(seat, view.public, grid, p, q), dc + dr, -p, -q)
            if best is None or key > best:
                best = key
        if best is None:
            p, q = solve(grid)[0]
            return _action(game, p, q)
        return _action(game, -best[2], -best[3])

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class GreedyPlayer(_ProgressPlayer):
    """Most points among the progressing swaps (module docstring)."""

    name = "greedy"

    def value(self, seat: int, public: Mapping[str, Any], grid: Grid, p: int, q: int) -> float:
        return float(swap_points(grid, p, q))


class PlannerPlayer(_ProgressPlayer):
    """Points as D23 counts them, with the solving swap timed (module docstring)."""

    name = "planner"

    def value(self, seat: int, public: Mapping[str, Any], grid: Grid, p: int, q: int) -> float:
        value = float(swap_points(grid, p, q))
        if public["players"] != 2:
            return value
        number = public["swaps"] + 1
        child = swapped(grid, p, q)
        if defects(child) == (0, 0):
            if not first_of_double_turn(number):
                value = 0.0
            mine, theirs = public["scores"][seat] + value, public["scores"][1 - seat]
            return value + (100.0 if mine > theirs else (-100.0 if mine < theirs else 0.0))
        if seat_of_swap(number + 1) != seat and first_of_double_turn(number + 1) and _one_swap_solves(child):
            value -= 8.0
        return value


def _one_swap_solves(grid: Grid) -> bool:
    """Can one swap solve ``grid``? (Only if Dcol, Drow <= 2; then try the swaps.)"""
    dcol, drow = defects(grid)
    if dcol > 2 or drow > 2:
        return False
    col, row = _counts(grid)
    return any(dc == dcol and dr == drow for dc, dr, _, _ in _drops(grid, col, row))
