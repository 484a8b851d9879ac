"""Jumping-bishop chess: the rules (shared/rules/board-games.md §5; source seed 004).

Standard chess (FIDE): initial position, White first, check, mate, castling, en
passant, promotion and draws, except the bishop:

* **The bishop** moves 2 squares diagonally in one of the 4 diagonal directions,
  then 1 more square either straight on or turned 90 degrees to either side. It
  jumps like a knight (the squares in between do not matter) and moves and
  captures on the final square. From (f, r) its targets are (f±3, r±3),
  (f±1, r±3) and (f±3, r±1): 12 squares on an empty board, all of its own
  square colour (Betza ``CG``: camel + tripper).
* D21: exactly three squares, never one or two; a pawn may promote to this bishop.
* The queen keeps its normal moves (it is *not* rook + jumping bishop).
* D22 (draws, all automatic): stalemate, threefold repetition, the 50-move rule
  (100 plies without capture or pawn move), and the dead positions K v K,
  K+B v K, K+N v K (B = the jumping bishop, which is colour-bound like the old one).

Acceptance cases (tests/test_jumpingbishop_rules.py): JB-1 bishop d4 on an empty
board reaches a1 g1 a7 g7 c1 e1 c7 e7 a3 a5 g3 g5; JB-2 White has 26 moves at the
start (20 usual + Bc1-b4/d4/f4, Bf1-c4/e4/g4); JB-3 own pawns c3 e5 d5 block
nothing; JB-4 a bishop on b5 checks a king on e8 through a pawn on d7, and no
piece can block it.

Notation (lower-case ASCII, the grid engine's square names; ``parse(str(a)) == a``):

==============  ===========  ====================================================
move            text         targets (what a pupil clicks)
==============  ===========  ====================================================
any move        ``e2e4``     from-square, to-square
bishop jump     ``c1d4``     from-square, to-square
promotion       ``e7e8q``    from-square, to-square, ``promote-q`` (a button);
                             letters ``q r b n``, ``b`` = the jumping bishop
castling        ``e1g1``     the king's from-square and to-square
en passant      ``d5e6``     from-square, to-square (the pawn taken is on e5)
==============  ===========  ====================================================

Choices where the rules are silent:

* Seats: 0 White, 1 Black.
* A teacher's position (option ``position``, a FEN) must have exactly one king
  per side, no pawn on the first or last rank, and the side not to move not in
  check; castling rights that the pieces' places make impossible are dropped.
* Repetition counts positions with the same pieces, side to move, castling
  rights and en-passant square (the square after any double step).

The engine is drezlab's grid engine with :data:`RULES` =
``chess_rules(JUMPING_BISHOP)``: the jumping bishop is a leaper, so its moves and
attacks come from the same precomputed tables as the knight's.
"""

from __future__ import annotations

from typing import Any

from drezlab.boards import (
    JUMPING_BISHOP,
    Position,
    chess_rules,
    kind_of,
    seat_of,
    to_fen,
)
from drezlab.core.cards import short_repr
from drezlab.games.jumpingbishop.meta import SPEC
from drezlab.games.jumpingbishop.position import checked_position, position_text
from drezlab.kits.gridchess import GridChessGame

RULES = chess_rules(JUMPING_BISHOP)
"""Chess with the jumping bishop, as grid-engine data."""

def bishop_targets(square: str) -> list[str]:
    """The squares a jumping bishop on ``square`` reaches on an otherwise empty board
    (sorted by name)."""
    grid = RULES.grid
    cell = grid.cell(square)
    out = []
    for df, dr in JUMPING_BISHOP.components[0].vectors:
        target = grid.offset(cell, df, dr)
        if target >= 0:
            out.append(grid.names[target])
    return sorted(out)


class JumpingBishop(GridChessGame):
    """A game of jumping-bishop chess (see the module docstring)."""

    spec = SPEC
    seat_names = ("White", "Black")

    def __init__(self, seed: int | None = None, *, position: str | None = None) -> None:
        super().__init__()
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(
                f"seed must be a whole number or None, not {short_repr(seed)}"
            )
        options = SPEC.validate_options({"position": position})
        self.seed = seed
        self.options = options
        if not self._begin_teacher_position():
            self._bind(Position(RULES))
        self._seal_setup()

    def _set_up_teacher_position(self, position: str) -> str:
        """The option ``position`` (base hook, read by
        :func:`~drezlab.games.jumpingbishop.position.checked_position`); recorded as the
        normalised FEN."""
        pos = checked_position(position)
        text = position_text(pos)
        self._bind(pos)
        return text

    @property
    def fen(self) -> str:
        """The current position as a FEN."""
        return to_fen(self.position)

    def piece_at(self, square: str) -> str | None:
        """The piece on ``square`` as a FEN letter (``B`` White bishop), or None."""
        cell = self.position.grid.cell(square)
        code = self.position.board[cell]
        if not code:
            return None
        letter = RULES.kinds[kind_of(code) - 1].letter
        return letter if seat_of(code) == 0 else letter.lower()

    def _state(self) -> dict[str, Any]:
        state = super()._state()
        state["fen"] = to_fen(self.position)
        return state

    def __repr__(self) -> str:
        return f"JumpingBishop({to_fen(self.position)!r})"
