"""VikingDrez's (Brandubh's) words: the Spanish catalogue, the move log's sentences, the
explanations of illegal input and the click reasons (the rules are in
:mod:`drezlab.games.brandubh.game` and :mod:`drezlab.games.brandubh.board`; the words
read a game through :class:`Position`, so they never import the game).

A move is said as a pupil sees it on the board: "Black: attacker from d1 to d3, captures the
defender on c3" / "Negras: atacante de d1 a d3, captura al defensor de c3" -- never its
notation ``d1-d3`` (one click away in "Copy the moves").
"""

from __future__ import annotations

from typing import Protocol

from drezlab.core.cards import short_repr
from drezlab.core.i18n import OwnWords, add_translations, t
from drezlab.games.brandubh.board import (
    ACTION_INDEX,
    BETWEEN,
    BIT,
    BLACK,
    CORNERS,
    KING_CAPTURED,
    KING_ESCAPED,
    MOVE_TEXT,
    NO_LEGAL_MOVE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    THREEFOLD,
    THRONE_SQ,
    WHITE,
    squares_of,
)

#: the prefix of VikingDrez's own keys whose English alone could clash with another game's
KEY_PREFIX = "brandubh:"

add_translations({
    KING_ESCAPED: "el rey escapó",
    KING_CAPTURED: "rey capturado",
    NO_LEGAL_MOVE: "sin jugada legal",
    THREEFOLD: "triple repetición",
    "King": "Rey",
    "attackers": "atacantes",
    "defenders": "defensores",
    # illegal input
    "{text} is not a move: squares are written in small letters, as in {lower}":
        "{text} no es una jugada: las casillas se escriben en minúsculas, como {lower}",
    "{text} is not a move: write the piece's square and where it goes, e.g. 'd1-d3'":
        "{text} no es una jugada: escribe la casilla de la pieza y adónde va, por ejemplo 'd1-d3'",
    "{square} is not a square of the 7x7 board (files a to g, ranks 1 to 7)":
        "{square} no es una casilla del tablero de 7x7 (columnas de la a a la g, filas del 1 al 7)",
    "a piece must move to another square": "una pieza debe moverse a otra casilla",
    "{move} is not a straight line: every piece moves like a chess rook":
        "{move} no es una línea recta: todas las piezas mueven como la torre del ajedrez",
    "the way from {origin} to {target} is blocked by the piece on {square}":
        "el camino de {origin} a {target} está cortado por la pieza de {square}",
    "{square} is occupied: pieces never jump or land on another piece":
        "{square} está ocupada: las piezas nunca saltan ni caen sobre otra pieza",
    "only the king may stop on the throne d4": "solo el rey puede pararse en el trono d4",
    "only the king may stop on a corner ({square})": "solo el rey puede pararse en una esquina ({square})",
    "in this variant only the king may pass over the throne d4":
        "en esta variante solo el rey puede pasar por el trono d4",
    "in this variant the king may not return to the throne": "en esta variante el rey no puede volver al trono",
    "the piece on {square} is shut in: it has no square to go to":
        "la pieza de {square} está encerrada: no tiene casilla adonde ir",
})

#: VikingDrez's own sentences, whose English alone could clash with another game's
own_words = OwnWords(KEY_PREFIX)
own_words.add({
    # the move log, in words
    "attacker": "atacante",
    "defender": "defensor",
    "king": "rey",
    "{who}: {piece} from {frm} to {to}": "{who}: {piece} de {frm} a {to}",
    "{move}, captures the attacker on {squares}": "{move}, captura al atacante de {squares}",
    "{move}, captures the attackers on {squares}": "{move}, captura a los atacantes de {squares}",
    "{move}, captures the defender on {squares}": "{move}, captura al defensor de {squares}",
    "{move}, captures the defenders on {squares}": "{move}, captura a los defensores de {squares}",
    "{move}, captures the king on {square}": "{move}, captura al rey en {square}",
    "{move}, escapes through the corner": "{move}, escapa por la esquina",
    "{first} and {last}": "{first} y {last}",
    # illegal input
    "{text} is far too long to be a move": "{text} es demasiado largo para ser una jugada",
    "{text} is not a move: write it with plain letters, digits, spaces and a dash, e.g. 'd1-d3'":
        "{text} no es una jugada: escríbela con letras sin adornos, cifras, espacios y un guion, por ejemplo 'd1-d3'",
})


def _listed(squares: list[str]) -> str:
    if len(squares) == 1:
        return squares[0]
    return own_words("{first} and {last}").format(first=", ".join(squares[:-1]), last=squares[-1])


def move_words(who: str, piece: str, frm: str, to: str, captured: list[str], captured_kind: str,
               king_taken: str | None, escaped: bool) -> str:
    """'Black: attacker from d1 to d3, captures the defender on c3'. ``piece`` and
    ``captured_kind`` are "attacker", "defender" or "king"; ``king_taken`` the king's
    square when this move captures it; ``escaped`` when the king reaches a corner."""
    line = own_words("{who}: {piece} from {frm} to {to}").format(who=who, piece=own_words(piece), frm=frm, to=to)
    if captured:
        plural = "s" if len(captured) > 1 else ""
        line = own_words("{move}, captures the " + captured_kind + plural + " on {squares}").format(
            move=line, squares=_listed(captured))
    if king_taken is not None:
        line = own_words("{move}, captures the king on {square}").format(move=line, square=king_taken)
    if escaped:
        line = own_words("{move}, escapes through the corner").format(move=line)
    return line


def too_long(text: str) -> str:
    return own_words("{text} is far too long to be a move").format(text=short_repr(text))


def not_plain(text: str) -> str:
    return own_words("{text} is not a move: write it with plain letters, digits, spaces and a dash, e.g. 'd1-d3'"
                     ).format(text=short_repr(text))


class Position(Protocol):
    """What the words read of a game of VikingDrez (all public, see ``Brandubh``)."""

    @property
    def turn(self) -> int: ...

    @property
    def king(self) -> str: ...

    def piece_at(self, square: str) -> str | None: ...

    def seat_name(self, seat: int | None) -> str: ...


def square_reasons(position: Position, seat: int, usable: set[str]) -> dict[str, str]:
    """Why a square other than the ``usable`` ones (those some legal move of ``seat``, to
    move, touches) cannot be used (see :meth:`Brandubh.click_reasons`)."""
    reasons: dict[str, str] = {}
    for square in SQUARE_NAMES:
        if square in usable:
            continue
        piece = position.piece_at(square)
        if piece is None:
            reasons[square] = t("no move of yours ends on {square} now").format(square=square)
        elif (piece == "a") != (seat == BLACK):
            owner = position.seat_name(BLACK if piece == "a" else WHITE)
            reasons[square] = t("that piece belongs to {owner}").format(owner=owner)
        else:
            reasons[square] = t("the piece on {square} is shut in: it has no square to go to").format(square=square)
    return reasons


def explain_illegal(position: Position, text: str) -> str:
    """Why ``text`` (spaces made single) is not a legal move of the unfinished game
    ``position`` now, in the current language."""
    match = MOVE_TEXT.fullmatch(text)
    if not match:
        if MOVE_TEXT.fullmatch(text.lower()):
            return t("{text} is not a move: squares are written in small letters, as in {lower}").format(
                text=repr(text), lower=repr(text.lower()))
        return t("{text} is not a move: write the piece's square and where it goes, e.g. 'd1-d3'").format(
            text=repr(text))
    names = match.group(1), match.group(2)
    for name in names:
        if name not in SQUARE_INDEX:
            return t("{square} is not a square of the 7x7 board (files a to g, ranks 1 to 7)").format(square=name)
    frm, to = SQUARE_INDEX[names[0]], SQUARE_INDEX[names[1]]
    who = position.seat_name(position.turn)
    piece = position.piece_at(names[0])
    if piece is None:
        return t("there is no piece on {square}").format(square=names[0])
    if (piece == "a") != (position.turn == BLACK):
        owner = position.seat_name(BLACK if piece == "a" else WHITE)
        return t("the piece on {square} belongs to {owner} and {side} are to move").format(
            square=names[0], owner=owner, side=who)
    if frm == to:
        return t("a piece must move to another square")
    if (frm, to) not in ACTION_INDEX:
        return t("{move} is not a straight line: every piece moves like a chess rook").format(
            move=f"{names[0]}-{names[1]}")
    for square in squares_of(BETWEEN[ACTION_INDEX[frm, to]]):
        if position.piece_at(SQUARE_NAMES[square]) is not None:
            return t("the way from {origin} to {target} is blocked by the piece on {square}").format(
                origin=names[0], target=names[1], square=SQUARE_NAMES[square])
    if position.piece_at(names[1]) is not None:
        return t("{square} is occupied: pieces never jump or land on another piece").format(square=names[1])
    if names[0] != position.king:
        if to == THRONE_SQ:
            return t("only the king may stop on the throne d4")
        if BIT[to] & CORNERS:
            return t("only the king may stop on a corner ({square})").format(square=names[1])
        return t("in this variant only the king may pass over the throne d4")
    return t("in this variant the king may not return to the throne")
