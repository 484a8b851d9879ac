"""EDAMI's teacher positions: a board, lost pieces and the cards a teacher names, read and
checked (pure functions).

A teacher's position is several options (declared in :mod:`drezlab.games.edami.meta`, as
the lessons write them): ``fen`` (the board), ``drawn`` (a card the side to move has just
drawn), ``specials`` ({seat: [kept vetoes and objectives]}), ``temporary`` ([card, seat
holding it]), ``pile`` (drawing order, first drawn first), ``used`` (the used pile) and
``lost`` (lost pieces as letters, upper case White: ``"QNp"``); all but ``fen`` need a
``fen`` (:data:`POSITION_OPTIONS`). :func:`read_position` reads them all: the FEN
(:func:`board_from`), the cards (:func:`teacher_layout`) and the lost pieces
(:func:`lost_from`); each raises ``BadRecord`` (a ``ValueError``) saying what is wrong.
:func:`lost_text` writes lost pieces back as letters.
The game sets the position up through the base hook
(:meth:`drezlab.games.edami.game.Edami._set_up_teacher_position`); the names are also
read from :mod:`drezlab.games.edami.options`, where they were before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import chess

from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.games.edami.cards import NON_KING_TYPES, LuckCard, check_specs

__all__ = ["NO_LOSSES", "POSITION_OPTIONS", "START_COUNTS", "Layout", "Lost", "board_from", "lost_from", "lost_text",
           "read_position", "teacher_layout"]

#: the options that describe a teacher's position besides ``fen`` (they need ``fen``)
POSITION_OPTIONS = ("drawn", "specials", "temporary", "pile", "used", "lost")
START_COUNTS = {chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2, chess.PAWN: 8}
#: lost pieces of one colour, indexed by python-chess piece type (index 0 and 6 unused)
NO_LOSSES: tuple[int, ...] = (0,) * 7

#: lost pieces of Black and of White (indexed by python-chess colour, then piece type)
Lost = tuple[tuple[int, ...], tuple[int, ...]]


def board_from(fen: str) -> chess.Board:
    """The board of a teacher's FEN, refused unless it is a legal EDAMI position (D25)."""
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a chess position: {error}") from None
    harmful = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
               | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY)
    if board.status() & harmful:
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a legal EDAMI position (D25: kings, "
                        "no pawn on rank 1 or 8, the side not to move not in check)")
    return board


def lost_text(lost: Lost) -> str:
    """Lost pieces as letters, White's first (upper case): ``"QNp"``."""
    return "".join(chess.Piece(piece_type, color).symbol() * lost[color][piece_type]
                   for color in (chess.WHITE, chess.BLACK) for piece_type in NON_KING_TYPES)


def lost_from(board: chess.Board, letters: str | None) -> Lost:
    """Lost pieces from letters (upper case White: ``"QNp"``), or (``None``) what the board
    misses of the starting material."""
    counts = {chess.WHITE: [0] * 7, chess.BLACK: [0] * 7}
    if letters is None:
        for color in (chess.WHITE, chess.BLACK):
            for piece_type, count in START_COUNTS.items():
                counts[color][piece_type] = max(0, count - len(board.pieces(piece_type, color)))
    else:
        for letter in letters:
            piece = chess.Piece.from_symbol(letter)
            counts[piece.color][piece.piece_type] += 1
    return (tuple(counts[chess.BLACK]), tuple(counts[chess.WHITE]))


class Layout(NamedTuple):
    """Where a teacher's position puts the cards: the pile (bottom first), the used pile,
    each seat's kept cards, the temporary card (and the seat holding it)."""

    pile: list[LuckCard]
    used: list[LuckCard]
    kept: tuple[list[LuckCard], list[LuckCard]]
    temporary: list[LuckCard]
    holder: int | None


def teacher_layout(given: dict[str, Any], cards: list[LuckCard],
                   shuffle: Callable[[list[LuckCard]], None]) -> Layout:
    """A teacher's position: the named cards taken out of the deck ``cards`` (a card the
    deck lacks is added to ``cards`` as an extra card), the rest shuffled into the pile
    by ``shuffle`` (or, when the pile is named, put in the used pile in deck order); a
    ``drawn`` card goes on top of the pile, drawn after the turn-start checks."""
    rest = list(cards)

    def take(lines: Sequence[str], where: str) -> list[LuckCard]:
        taken = []
        for spec in check_specs(list(lines), where):
            for position in range(len(rest) - 1, -1, -1):
                if rest[position].spec == spec:
                    taken.append(rest.pop(position))
                    break
            else:
                extra = LuckCard(f"card{len(cards) + 1}", spec)
                cards.append(extra)
                taken.append(extra)
        return taken

    kept: tuple[list[LuckCard], list[LuckCard]] = ([], [])
    for seat, lines in (given["specials"] or {}).items():
        hand = take(lines, f"special cards of seat {seat}")
        for card in hand:
            if card.spec.kind not in ("veto", "objective"):
                raise BadRecord(f"only vetoes and objectives are kept in hand, not {card.spec.text()!r}"
                                " (a temporary card goes in temporary=)")
        if sum(card.spec.kind == "veto" for card in hand) > 1:
            raise BadRecord("nobody may hold two vetoes (§4.8.1)")
        kept[int(seat)].extend(hand)
    temporary: list[LuckCard] = []
    holder = None
    if given["temporary"] is not None:
        line, holder = given["temporary"]
        temporary = take([line], "temporary")
        if temporary[0].spec.kind != "temporary":
            raise BadRecord(f"{temporary[0].spec.text()!r} is not a temporary card")
    named_pile = take(given["pile"], "pile") if given["pile"] is not None else None
    named_used = take(given["used"], "used pile") if given["used"] is not None else []
    drawn = take([given["drawn"]], "drawn")[0] if given["drawn"] is not None else None
    if named_pile is not None:
        used = named_used + rest
        pile = list(reversed(named_pile))
    else:
        shuffle(rest)
        pile, used = rest, named_used
    if drawn is not None:
        pile.append(drawn)
    return Layout(pile, used, kept, temporary, holder)


def read_position(fen: str, given: dict[str, Any], cards: list[LuckCard],
                  shuffle: Callable[[list[LuckCard]], None]) -> tuple[chess.Board, Layout, Lost]:
    """A teacher's position from the options ``given``: the board of ``fen``, where the
    cards lie (:func:`teacher_layout`: ``cards`` gains any extra card) and the lost pieces."""
    board = board_from(fen)
    return board, teacher_layout(given, cards, shuffle), lost_from(board, given["lost"])
