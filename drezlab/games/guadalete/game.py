"""Ajedrez del Guadalete (Guadalete River Chess): rules/board-games.md §6.

Chess on the standard board with the river Guadalete across it, from the Spanish
source (seed 004), built on drezlab's grid engine (:mod:`drezlab.boards`): the
board is an 8 x 8 :class:`~drezlab.boards.Grid` whose ranks 4 and 5 carry the tag
``river``; the river's rules are the hooks of
:class:`~drezlab.games.guadalete.river.RiverPosition`. In the order of the rules:

* **The river (§6.1, D23).** Ranks 4 and 5 are river. An empty river square stops
  every piece but a pawn: no other piece may stop on it and sliding pieces may not
  cross it -- it blocks lines, and attacks, like a wall. A knight only needs its
  landing square: it may jump over the river (bank to plank, plank to bank).
* **Planks.** A pawn that enters an empty river square (by a single or a double
  step) is replaced at once by a plank. A plank never moves and is never taken; it
  is a normal square for every piece except the king, who never stands on the
  river, planked or not ("obesidad mórbida"). Planks are neutral.
* **Pawns (§6.2, D24).** Pawns move as in chess (one square forward, two from their
  start rank) but never capture; they can be captured. No en passant; a pawn
  never stands on a plank, so pawns never cross and never promote.
* **The plank-balance rule (§6.3, D25).** With ``mine`` and ``theirs`` the planks
  made by each side, the rules require ``mine > theirs / 2``. At the start of a
  turn in which ``mine <= theirs / 2``, if at least one legal move makes a plank,
  the side must make a plank; if none is legal (no pawns, all blocked, none
  answers a check) any legal move is allowed and the obligation carries over.
* **The end (D22).** Checkmate wins; stalemate, threefold repetition, fifty
  moves without capture or pawn move, and K v K / K+B v K / K+N v K draw.

Notation (lower-case ASCII; ``parse(str(a)) == a``):

=================  ==================================================
``e2e4``           a move from e2 to e4 (here: the pawn makes a plank on e4)
``g1f3``           any other move, captures included (``f3e5`` takes on e5)
``e1g1``           castling, written as the king's move
=================  ==================================================

An action's ``targets`` are the two squares (a pupil clicks the piece, then the
square); its label adds "plank" for a pawn that becomes one.

Choices made where the rules are silent:

* 0-0 is not an obligation: the source starts the obligation "the first time a
  player turns a pawn into a plank"; read literally, ``0 <= 0 / 2`` would force
  White's first move, which the source's worked example does not do. So the rule
  applies when ``theirs >= 1`` and ``mine <= theirs / 2``.
* Who made a plank is read from where it lies in a teacher's position: White pawns
  can only plank rank 4 and Black pawns rank 5 (D24), so it needs no plank counts.
* A teacher's position may not put a pawn on the river or beyond it (it could
  never have got there) nor a piece on an unplanked river square.
"""

from __future__ import annotations

from drezlab.boards import (
    BISHOP,
    KING,
    KNIGHT,
    QUEEN,
    ROOK,
    Component,
    Grid,
    PieceKind,
    Rules,
)
from drezlab.games.guadalete.meta import SPEC, START
from drezlab.games.guadalete.position import check_pawns
from drezlab.games.guadalete.river import (
    PlankGame,
    RiverPosition,
    chess_castlings,
    chess_setup,
)

__all__ = ["GUADALETE_RULES", "PLANK_PAWN", "Guadalete", "GuadaletePosition", "PlankGame", "chess_castlings",
           "chess_setup"]

#: the Guadalete pawn: one step forward (two from the start rank), never a capture
PLANK_PAWN = PieceKind("pawn", "P", (Component(((0, 1),), rider=True, mode="m", limit=1),), pawn=True, value=100)


GUADALETE_GRID = Grid(8, 8, tags={"river": [f"{f}{r}" for r in (4, 5) for f in "abcdefgh"]})
GUADALETE_RULES = Rules(
    grid=GUADALETE_GRID,
    kinds=(PLANK_PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING),
    setup=chess_setup(GUADALETE_GRID, 1, 8, (2, 7)),
    castlings=chess_castlings(GUADALETE_GRID, 1, 8),
    pawn_start=(frozenset(GUADALETE_GRID.cells_of_rank(1)), frozenset(GUADALETE_GRID.cells_of_rank(6))),
)


class GuadaletePosition(RiverPosition):
    """The engine position of Ajedrez del Guadalete (the hooks of RiverPosition)."""


GuadaletePosition.for_rules(GUADALETE_RULES)


class Guadalete(PlankGame):
    """A game of Ajedrez del Guadalete (seat 0 White, seat 1 Black; White first).

    ``Guadalete()`` is the start position; ``Guadalete(position="...")`` a teacher's
    position: ``<placement> <w|b> [castling] [en passant '-'] [planks]``, e.g.
    ``"4k3/8/8/4p3/8/8/8/R3K3 w Q - e4,d5"`` (the planks field lists the planked
    squares). ``seed`` is kept for records only: nothing is left to chance.
    """

    spec = SPEC
    rules = GUADALETE_RULES
    position_class = GuadaletePosition
    start_text = START
    plank_ranks = (3, 4)

    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """Pawns only behind the river (White ranks 2-3, Black 6-7); no piece on the
        open river (the planks are checked when the position is built)."""
        check_pawns(placement)
