"""PokerDrez's teacher positions: the board of a FEN and the die, read and checked (pure
functions).

A teacher's position is several options of the constructor, as the README and the lessons
write them: ``fen`` (the board and the side to move), ``hands`` ({seat: [card ids]}),
``common`` (the common cards), ``pile`` (the draw pile in drawing order, the first card
drawn first) and ``die`` (the seat holding the die, or None); all but ``fen`` need a
``fen`` (:func:`check_teacher_options`). :func:`board_from` reads the FEN, refusing what
no teacher's puzzle needs (:func:`only_harmless_flags`); the cards are placed by the
card-chess kit's :func:`~drezlab.kits.cardchess.place_teacher_cards` (shared with
PokerDrez for 4). Each raises ``BadRecord`` or ``ValueError`` saying what is wrong. The
game sets the position up through the base hook
(:meth:`drezlab.games.pokerdrez.game.PokerDrez._set_up_teacher_position`).
"""

from __future__ import annotations

from typing import Any

import chess

from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.games.pokerdrez.meta import BLACK, WHITE

__all__ = ["board_from", "check_teacher_options", "only_harmless_flags"]

#: what a teacher's FEN may not have: kings missing or too many, pawns on rank 1 or 8,
#: the side not to move in check, an empty board, racing-kings or impossible checks
HARMFUL = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
           | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY
           | chess.STATUS_RACE_CHECK | chess.STATUS_RACE_OVER | chess.STATUS_RACE_MATERIAL
           | chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK)


def check_teacher_options(fen: Any, hands: Any, common: Any, pile: Any, die: Any) -> None:
    """The options of a teacher's position given together: ``die`` a seat or None, and
    ``hands``, ``common``, ``pile`` and a ``die`` other than Black's only with a ``fen``."""
    if isinstance(die, bool) or die not in (WHITE, BLACK, None):
        raise ValueError(f"die must be the seat that holds it (0 = White, 1 = Black) or None, not {die!r}")
    if fen is None and (hands is not None or common is not None or pile is not None or die != BLACK):
        raise ValueError("hands, common, pile and die describe a teacher's position: give a fen too")


def only_harmless_flags(status: chess.Status) -> bool:
    """Teachers' puzzles may have 9 pawns or odd castling flags; kings and pawns on rank 1/8 may not."""
    return not status & HARMFUL


def board_from(fen: str) -> chess.Board:
    """The board of a teacher's FEN; ``BadRecord`` unless it is a chess position a
    teacher's puzzle may have (:func:`only_harmless_flags`)."""
    if not isinstance(fen, str):
        raise BadRecord(f"the FEN must be text such as {chess.STARTING_FEN!r}, not {type(fen).__name__}")
    try:
        board = chess.Board(fen)
    except (ValueError, TypeError) as error:
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a chess position: {error}") from None
    status = board.status()
    if status != chess.STATUS_VALID and not only_harmless_flags(status):
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a legal chess position ({status!r})")
    return board
