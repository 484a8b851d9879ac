"""Bots for jumping-bishop chess, and the bishop's reach for lessons.

* ``"random"``: :class:`drezlab.players.RandomPlayer` (a uniformly random legal move).
* ``"greedy"``: :class:`drezlab.players.search.GreedyPlayer`, one ply on the Game
  protocol with the game's material ``evaluate`` (it takes what it can, mates in one).
* ``"search"``: :class:`JumpingBishopSearch`, the grid engine's alpha-beta
  (:class:`drezlab.kits.gridbots.GridSearchPlayer`: 2 plies plus captures).

:func:`bishop_reach` answers the lesson's question "which squares can a jumping
bishop ever reach from here?" by a breadth-first search over its jumps: all the
squares of its colour, with the number of jumps each needs.
"""

from __future__ import annotations

from collections import deque

from drezlab.games.jumpingbishop.game import bishop_targets
from drezlab.kits.gridbots import GridSearchPlayer


class JumpingBishopSearch(GridSearchPlayer):
    """The ``"search"`` bot: alpha-beta on the grid engine, 2 plies plus captures."""

    def __init__(
        self, seed: int | None = None, depth: int = 2, quiescence: int = 4
    ) -> None:
        super().__init__(seed=seed, depth=depth, quiescence=quiescence)


def bishop_reach(square: str) -> dict[str, int]:
    """``{square: fewest jumps}`` for every square a jumping bishop on ``square`` can
    reach on an empty board, itself included with 0."""
    seen = {square: 0}
    todo = deque([square])
    while todo:
        here = todo.popleft()
        for there in bishop_targets(here):
            if there not in seen:
                seen[there] = seen[here] + 1
                todo.append(there)
    return dict(sorted(seen.items()))
