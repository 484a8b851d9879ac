"""PokerDrez for 4's teacher positions: the pieces on the cross board, read and checked
(pure functions).

A teacher's position is several options of the constructor: ``position`` (the pieces, as
:meth:`~drezlab.games.pokerdrez4.cross.CrossBoard.placement` writes them: ``yKh1`` a Yellow
king on h1 at home, ``yNf3/e1`` a Yellow knight on f3 whose home is e1, ``+yNe1`` a
Yellow knight in reserve), ``to_move`` (the seat to move) and the cards (``hands``,
``common``, ``pile``), placed as in PokerDrez by the card-chess kit's
:func:`~drezlab.kits.cardchess.place_teacher_cards`. :func:`parse_placement` reads the
pieces (``ValueError`` / ``TypeError`` say what is wrong), :func:`starting_castling` gives
the castling rights of a king and rook on their D14 starting squares, and
:func:`board_from` makes the board of a position, raising ``BadRecord`` (a
``ValueError``). The game sets the position up through the base hook
(:meth:`drezlab.games.pokerdrez4.game.PokerDrez4._set_up_teacher_position`).
"""

from __future__ import annotations

from collections.abc import Mapping

from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.games.pokerdrez4.cross import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    GRID,
    KIND_LETTERS,
    KING,
    ROOK,
    RULES,
    SEATS,
    CrossBoard,
    Piece,
)

__all__ = ["board_from", "parse_placement", "starting_castling"]


def board_from(position: str, to_move: int) -> CrossBoard:
    """The board of a teacher's position with ``to_move`` (a seat) to move; ``BadRecord``
    says what is wrong."""
    if isinstance(to_move, bool) or to_move not in range(SEATS):
        raise BadRecord(f"to_move must be a seat 0 to 3 (Yellow, Green, Red, Blue), not {short_repr(to_move)}")
    try:
        pieces, reserves = parse_placement(position)
    except (ValueError, TypeError) as error:
        raise BadRecord(f"the position {short_repr(position, 80)} is not valid: {error}") from None
    return CrossBoard(pieces, reserves, starting_castling(pieces), to_move)


def starting_castling(pieces: Mapping[int, Piece]) -> str:
    """The castling rights of a teacher's position: those whose king and rook stand
    at home on their D14 starting squares."""
    letters = ""
    for index, castling in enumerate(RULES.castlings):
        king, rook = pieces.get(castling.king_from), pieces.get(castling.rook_from)
        if (king is not None and rook is not None and (king.seat, king.kind) == (castling.seat, KING)
                and (rook.seat, rook.kind) == (castling.seat, ROOK)
                and king.home == castling.king_from and rook.home == castling.rook_from):
            letters += "ABCDEFGH"[index]
    return letters


def parse_placement(text: str) -> tuple[dict[int, Piece], list[list[Piece]]]:
    """Read :meth:`CrossBoard.placement` text (a teacher's position): ``yKh1`` a
    Yellow king on h1 at home, ``yNf3/e1`` a Yellow knight on f3 whose home is e1,
    ``+yNe1`` a Yellow knight in reserve with home e1 (the kind letter in either case).
    ``ValueError`` says what is wrong."""
    if not isinstance(text, str):
        raise TypeError(f"a position is text such as 'yKh1 gKa7 rKg14 bKn8', not {type(text).__name__}")
    pieces: dict[int, Piece] = {}
    reserves: list[list[Piece]] = [[] for _ in range(SEATS)]
    for token in text.split():
        in_reserve = token.startswith("+")
        body = token[1:] if in_reserve else token
        if len(body) < 4 or body[0] not in COLOUR_LETTERS or body[1].lower() not in KIND_LETTERS[1:]:
            raise ValueError(f"{token!r} is not a piece: write colour (y g r b), kind (P N B R Q K) and square, "
                             "e.g. 'yNh6'")
        seat, kind = COLOUR_LETTERS.index(body[0]), KIND_LETTERS.index(body[1].lower())
        where, _, home_name = body[2:].partition("/")
        square = _square(where)
        home = _square(home_name) if home_name else square
        piece = Piece(seat, kind, home)
        if in_reserve:
            if kind == KING:
                raise ValueError(f"{token!r}: a king is never captured, so it is never in reserve (D17)")
            if home_name:
                raise ValueError(f"{token!r}: a reserve piece names only its home square")
            reserves[seat].append(piece)
        else:
            if square in pieces:
                raise ValueError(f"two pieces stand on {where}")
            pieces[square] = piece
    for seat in range(SEATS):
        kings = sum(1 for piece in pieces.values() if piece.seat == seat and piece.kind == KING)
        if kings != 1:
            raise ValueError(f"{COLOUR_NAMES[seat]} must have exactly one king on the board, not {kings}")
    return pieces, reserves


def _square(name: str) -> int:
    try:
        return GRID.cell(name)
    except ValueError:
        raise ValueError(f"{name!r} is not a square of the cross board (files a-n, ranks 1-14, "
                         "no 3 x 3 corners)") from None
