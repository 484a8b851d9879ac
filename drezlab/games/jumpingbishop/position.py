"""Jumping-bishop chess's teacher positions: the option ``position`` (a FEN) read and
written (pure functions).

:func:`checked_position` reads a FEN with the game's rules (chess with the jumping
bishop) and refuses what a game cannot reach, with a ``BadRecord`` (a ``ValueError``) in
the pupil's language: exactly one king per side, no pawn on the first or last rank, the
side not to move not in check; castling rights that the pieces' places make impossible
are dropped. :func:`position_text` writes a position back as a FEN. The game sets the
position up through the base hook
(:meth:`drezlab.games.jumpingbishop.game.JumpingBishop._set_up_teacher_position`);
``checked_position`` is also read from :mod:`drezlab.games.jumpingbishop.game`.
"""

from __future__ import annotations

from drezlab.boards import (
    JUMPING_BISHOP,
    Position,
    chess_rules,
    from_fen,
    kind_of,
    to_fen,
)
from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.core.i18n import t
from drezlab.games.jumpingbishop.words import (
    BAD_FEN,
    KING_COUNT,
    OTHER_SIDE_IN_CHECK,
    PAWN_ON_EDGE,
)

__all__ = ["checked_position", "position_text"]


def checked_position(fen: str) -> Position:
    """The position of a teacher's FEN, or ``BadRecord`` saying what is wrong."""
    rules = chess_rules(JUMPING_BISHOP)   # the game's RULES (cached: the very same object)
    try:
        pos = from_fen(rules, fen)
    except ValueError as error:
        raise BadRecord(
            t(BAD_FEN).format(fen=short_repr(fen), error=error)
        ) from None
    kings = [0, 0]
    for seat in (0, 1):
        for cell in pos.pieces[seat]:
            kind = rules.kinds[kind_of(pos.board[cell]) - 1]
            if kind.royal:
                kings[seat] += 1
            if kind.pawn and pos.grid.rank_of(cell) in (0, 7):
                raise BadRecord(
                    t(PAWN_ON_EDGE).format(square=pos.grid.names[cell])
                )
    if kings != [1, 1]:
        raise BadRecord(
            t(KING_COUNT).format(
                white=kings[0], black=kings[1]
            )
        )
    if pos.in_check(1 - pos.turn):
        raise BadRecord(t(OTHER_SIDE_IN_CHECK))
    return pos


def position_text(pos: Position) -> str:
    """A position as a FEN, as :func:`checked_position` reads it."""
    return to_fen(pos)
