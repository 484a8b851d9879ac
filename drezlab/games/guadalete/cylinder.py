"""Cylindrical Guadalete Chess 14 x 8: rules/board-games.md §7 (D26, D27).

A variant of Ajedrez del Guadalete (:mod:`drezlab.games.guadalete.game`) on a board
that closes into a cylinder through its river:

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
  started from (a rook on an open, fully planked file reaches every other square
  of it); a line does not go on past a piece it meets.
* An amazon on an empty river square can be taken only by pieces that may stop
  there: another amazon, or a front pawn on its promotion rank (which promotes).
* Who made a plank is read from where it lies (White rank 1, Black rank 14).
* A teacher's position may not put a rear pawn on the river, a front pawn on its
  own side's river or promotion rank, or a king on the river.
"""

from __future__ import annotations

from drezlab.core.errors import BadRecord
from drezlab.games.guadalete.game import PlankBalance
from drezlab.games.guadalete.river import WHITE, Move, RiverBoard, RiverChess, side_of
from drezlab.games.guadalete_cylinder.meta import SPEC, START

CYLINDER_BOARD = RiverBoard(files=8, ranks=14, wrap=True, river_ranks=(0, 13))


class GuadaleteCylinder(PlankBalance, RiverChess):
    """A game of Cylindrical Guadalete Chess 14 x 8 (seat 0 White, seat 1 Black).

    ``GuadaleteCylinder(position="...")`` is a teacher's position in the text form of
    :mod:`drezlab.games.guadalete.river` with 14 ranks (rank 14 first), ``T`` for
    rear pawns, ``A`` for amazons and the planked squares as the last field.
    """

    spec = SPEC
    board_shape = CYLINDER_BOARD
    home_ranks = (2, 11)
    start_text = START
    plank_ranks = (0, 13)
    piece_kinds = "KQRBNPTA"
    chess_pawns = True

    def _pawn_moves(self, cell: int, piece: str, out: list[Move]) -> None:
        if piece in ("T", "t"):
            self._rear_pawn_moves(cell, piece, out)
        elif side_of(piece) == WHITE:
            self._chess_pawn_moves(cell, piece, 3, 13, "A", out)
        else:
            self._chess_pawn_moves(cell, piece, 10, 0, "A", out)

    def _rear_pawn_moves(self, cell: int, piece: str, out: list[Move]) -> None:
        """One step toward its own river; entering the empty river makes a plank."""
        shape = self.board_shape
        toward = -1 if piece == "T" else 1
        target = shape.step(cell, 0, toward)
        if target is None or self._board[target] is not None or target in self._planks:
            return
        out.append(Move(cell, target, target, plank=target in shape.river))

    def _check_variant(self) -> None:
        shape = self.board_shape
        for cell, piece in enumerate(self._board):
            if piece is None or piece.upper() not in "PT":
                continue
            rank = shape.rank_of(cell)
            if rank in (0, 13) or (piece == "P" and rank < 3) or (piece == "p" and rank > 10):
                raise BadRecord(f"a {'rear' if piece.upper() == 'T' else 'front'} pawn cannot stand on "
                                f"{shape.names[cell]}")
