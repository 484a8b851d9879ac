"""EDAMI's options turned into what the game starts from: the deck, the blank card's
effect, a teacher's board and lost pieces (the options themselves are declared in
:mod:`drezlab.games.edami.meta`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import chess

from drezlab.core.errors import BadRecord
from drezlab.core.game import short_repr
from drezlab.games.edami.cards import (
    NON_KING_TYPES,
    CardSpec,
    EdamiDeck,
    LuckCard,
    check_deck_entries,
    check_specs,
    parse_spec,
)
from drezlab.games.edami.meta import SPEC

#: the options that describe a teacher's position (they need ``fen``)
POSITION_OPTIONS = ("drawn", "specials", "temporary", "pile", "used", "lost")
START_COUNTS = {chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2, chess.PAWN: 8}
#: lost pieces of one colour, indexed by python-chess piece type (index 0 and 6 unused)
NO_LOSSES: tuple[int, ...] = (0,) * 7

#: lost pieces of Black and of White (indexed by python-chess colour, then piece type)
Lost = tuple[tuple[int, ...], tuple[int, ...]]

def as_text(value: Any) -> Any:
    """A card spec as its deck line; anything else unchanged."""
    return value.text() if isinstance(value, CardSpec) else value


def plain_options(options: dict[str, Any]) -> dict[str, Any]:
    """The constructor's options as plain JSON values (an ``EdamiDeck`` as its text, card
    specs as their lines, tuples as lists), so that records and copies hold plain data."""
    plain = dict(options)
    deck = plain.get("deck")
    if isinstance(deck, EdamiDeck):
        plain["deck"] = deck.to_text()
    elif isinstance(deck, (list, tuple)):
        check_deck_entries(deck)
        plain["deck"] = [[as_text(entry[0]), entry[1]] if isinstance(entry, (list, tuple)) else as_text(entry)
                         for entry in deck]
    for name in ("drawn", "blank_card_effect"):
        if name in plain:
            plain[name] = as_text(plain[name])
    for name in ("pile", "used"):
        if isinstance(plain.get(name), (list, tuple)):
            plain[name] = [as_text(line) for line in plain[name]]
    temporary = plain.get("temporary")
    if isinstance(temporary, (list, tuple)) and temporary:
        plain["temporary"] = [as_text(temporary[0]), *temporary[1:]]
    specials = plain.get("specials")
    if isinstance(specials, dict):
        plain["specials"] = {key: [as_text(line) for line in lines] if isinstance(lines, (list, tuple)) else lines
                             for key, lines in specials.items()}
    return plain


def make_deck(deck: str | list[Any] | None, special_cards: str | list[str]) -> EdamiDeck:
    """The deck the game is played with (``None``: the default deck), special cards filtered."""
    if deck is None:
        built = EdamiDeck.default()
    elif isinstance(deck, str):
        built = EdamiDeck.from_text(deck)
    else:
        built = EdamiDeck([tuple(entry) if isinstance(entry, list) else entry for entry in deck])
    if special_cards != "all":
        built = built.only_specials(special_cards)
    return built


def blank_effect(line: str | None) -> CardSpec | None:
    """What the blank card does (``blank_card_effect``), or ``None``."""
    if line is None:
        return None
    try:
        effect = parse_spec(line)
    except ValueError as error:
        raise BadRecord(f"blank_card_effect: {error}") from None
    if effect.kind == "blank":
        raise BadRecord("blank_card_effect cannot be the blank card itself")
    return effect


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


def checked_options(options: dict[str, Any], edition: int | None) -> dict[str, Any]:
    """Every option of a new game, checked and with its default filled in (``edition=1`` /
    ``2`` is short for ``impossible_card``); the plain values records and copies hold."""
    options = plain_options(options)
    if edition is not None:
        if edition not in (1, 2) or isinstance(edition, bool):
            raise ValueError(f"edition must be 1 (lose the turn) or 2 (normal move), not {edition!r}")
        options["impossible_card"] = "lose_turn" if edition == 1 else "normal_move"
    given = SPEC.validate_options(options)
    if given["king_capture"] and not given["mandatory_card"]:
        raise ValueError("king_capture is allowed only with mandatory_card (Carta Obligatoria, §4.7)")
    if given["fen"] is None and any(given[name] is not None for name in POSITION_OPTIONS):
        raise ValueError("drawn, specials, temporary, pile, used and lost describe a teacher's position: "
                         "give a fen too")
    return given


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
