"""Cylindrical Guadalete Chess 14 x 8: rules/board-games.md §7 (D26, D27).

A variant of Ajedrez del Guadalete (:mod:`drezlab.games.guadalete.game`) on a board
that closes into a cylinder through its river, built on the grid engine and the
river family's shared layer (:mod:`drezlab.games.guadalete.river`): an 8 x 14
:class:`~drezlab.boards.Grid` with ``wrap_ranks=True`` (the seam) and ranks 1 and 14
tagged ``river``.

* **Board and setup (D26).** 8 files a-h, 14 ranks. The river is rank 1 and rank
  14, and the board wraps vertically only: rank 14 lies next to rank 1, so lines
  and knight leaps go on through the seam (a3, a2, a1, a14, a13 ...); files do not
  wrap. White: rear pawns on rank 2, pieces R N B Q K B N R on rank 3, front pawns
  on rank 4. Black: front pawns on rank 11, pieces on rank 12, rear pawns on rank 13.
  White moves first.
* **Rear pawns** (``T``, *traseros*; D27) move one square toward their own river
  (White down to rank 1, Black up to rank 14), never capture, and become a plank on
  entering the empty river; planks follow §6 (neutral floor, never moved or taken).
  The plank-balance rule (D25) counts their planks; its "no pawns" exception means
  no rear pawns that can plank.
* **Other pieces** stand on the river only on planks and cross it only over planks
  (an empty river square stops lines and attacks); kings never stand on ranks 1 or 14.
* **Front pawns** (``P``) are chess pawns: one step, two from their start rank,
  diagonal captures, en passant. They enter only the rival's river (White rank 14,
  Black rank 1), empty or planked, by a step or a capture, and then must promote to
  an **amazon** (``A``: queen + knight moves), which may stand on and cross empty
  river squares. Castling as in chess, on ranks 3 and 12.
* **The end (D22):** as in §6: mate, stalemate, repetition, fifty moves, simple
  dead positions.

Notation: ``b2b1`` (a rear pawn makes a plank on b1), ``e4e6``, ``e13e14a`` (a front
pawn promotes to an amazon: the letter ``a`` is always written), ``e3g3`` (castling).
The promotion has a single choice, so the action's targets are the two squares.

Choices made where the rules are silent:

* A line that goes all the way round the cylinder stops before the square it
  started from; a square reached round either way is one move.
* An amazon on an empty river square can be taken only by pieces that may stop
  there: another amazon, or a front pawn on its promotion rank (which promotes).
* Who made a plank is read from where it lies (White rank 1, Black rank 14).
* A teacher's position keeps rear pawns on their start ranks (they only ever step
  from there into the river), front pawns off their own side's river and behind
  their start rank never, and kings off the river.
"""

from __future__ import annotations

from drezlab.boards import (
    AMAZON,
    BISHOP,
    KING,
    KNIGHT,
    PAWN,
    QUEEN,
    ROOK,
    Component,
    Grid,
    PieceKind,
    Rules,
)
from drezlab.games.guadalete.river import (
    PlankGame,
    RiverPosition,
    chess_castlings,
    chess_setup,
)
from drezlab.games.guadalete_cylinder.meta import SPEC, START
from drezlab.games.guadalete_cylinder.position import check_pawns

#: the rear pawn: one step backward, toward its own river, never a capture
REAR_PAWN = PieceKind("rear pawn", "T", (Component(((0, -1),), rider=True, mode="m", limit=1),), pawn=True,
                      value=50)

CYLINDER_GRID = Grid(8, 14, wrap_ranks=True, tags={"river": [f"{f}{r}" for r in (1, 14) for f in "abcdefgh"]})


def _cylinder_setup() -> dict[str, tuple[int, str]]:
    setup = chess_setup(CYLINDER_GRID, 3, 12, (4, 11))
    for file in "abcdefgh":
        setup[f"{file}2"] = (0, "T")
        setup[f"{file}13"] = (1, "T")
    return setup


CYLINDER_RULES = Rules(
    grid=CYLINDER_GRID,
    kinds=(PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, AMAZON, REAR_PAWN),
    setup=_cylinder_setup(),
    castlings=chess_castlings(CYLINDER_GRID, 3, 12),
    pawn_start=(frozenset(CYLINDER_GRID.cells_of_rank(3)), frozenset(CYLINDER_GRID.cells_of_rank(10))),
    promotion=(frozenset(CYLINDER_GRID.cells_of_rank(13)), frozenset(CYLINDER_GRID.cells_of_rank(0))),
    promote_to=("A",),
)


class CylinderPosition(RiverPosition):
    """The engine position of the cylinder: rear pawns make the planks; a front pawn
    may step onto the rival's river (empty or planked) to promote."""

    PLANKERS = "T"
    ASKED = "P"     # the others stop on planks only (``_stop_rule`` reads them without a call)

    def _may_stop_in_river(self, letter: str, code: int, cell: int) -> bool:
        if letter == "P":
            return cell in self.rules.promotion[code >> 4]
        return bool(self.terrain[cell])


CylinderPosition.for_rules(CYLINDER_RULES)


class GuadaleteCylinder(PlankGame):
    """A game of Cylindrical Guadalete Chess 14 x 8 (seat 0 White, seat 1 Black).

    ``GuadaleteCylinder(position="...")`` is a teacher's position in the text form of
    :mod:`drezlab.games.guadalete.river` with 14 ranks (rank 14 first), ``T`` for
    rear pawns, ``A`` for amazons and the planked squares as the last field.
    """

    spec = SPEC
    rules = CYLINDER_RULES
    position_class = CylinderPosition
    start_text = START
    plank_ranks = (0, 13)
    en_passant_rule = True

    def _check_variant(self, placement: dict[str, tuple[int, str]]) -> None:
        """Rear and front pawns where they can stand (:mod:`drezlab.games.guadalete_cylinder.position`)."""
        check_pawns(placement)
