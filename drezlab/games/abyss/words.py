"""Abyss's words: the Spanish catalogue, the move log's sentences and the explanations of
illegal input (the rules are in :mod:`drezlab.games.abyss.game`).

A push is said as what a pupil sees on the board: "Player 2 (Black) pushed the row from a3
to a5 and pushed off a white piece" / "Jugador 2 (Negras) empujó la fila de a3 a a5 y sacó
del tablero una ficha blanca" -- never its notation ``a3-a5`` (one click away in "Copy the
moves").
"""

from __future__ import annotations

import re
from typing import Protocol

from drezlab.core.i18n import OwnWords, add_translations, t
from drezlab.games.abyss.actions import (
    LETTERS,
    LETTERS_WORDS,
    SQUARE_INDEX,
    Phase,
    in_line,
)
from drezlab.games.abyss.meta import COLOUR_NAMES

#: the prefix of Abyss's own keys whose English text alone could clash with another game's
KEY_PREFIX = "abyss:"
NO_PUSH = "no push left"

class AbyssPosition(Protocol):
    """What the explanations read of a game of Abyss (its public accessors: ``Abyss`` has them)."""

    @property
    def phase(self) -> Phase: ...

    @property
    def to_move(self) -> int | None: ...

    def piece_at(self, square: str) -> str | None: ...

    def mover_masks(self) -> tuple[int, int]: ...

    def seat_name(self, seat: int | None) -> str: ...


#: the accessible names of the two reserves of the placement (white, black)
RESERVE_TITLES = ("White pieces to place: {count} left", "Black pieces to place: {count} left")

add_translations({
    RESERVE_TITLES[0]: "Fichas blancas por colocar: quedan {count}",
    RESERVE_TITLES[1]: "Fichas negras por colocar: quedan {count}",
    "Player 1": "Jugador 1",
    "Player 2": "Jugador 2",
    NO_PUSH: "no queda ningún empuje",
    "{who} places the pieces (left: {white} whites, {black} blacks)":
        "{who} coloca las fichas (quedan: {white} blancas, {black} negras)",
    "{who} chooses: move first or pick the colour": "{who} elige: mover primero o escoger el color",
    "{who} picks a colour": "{who} escoge un color",
    "{who} wins White {white}–{black} Black: {reason}": "{who} gana Blancas {white}–{black} Negras: {reason}",
    "Draw White {white}–{black} Black: {reason}": "Tablas Blancas {white}–{black} Negras: {reason}",
    "I move first (you pick the colours)": "Muevo primero (tú escoges los colores)",
    "I pick my colour (you move first)": "Escojo mi color (tú mueves primero)",
    "I play White": "Juego con blancas",
    "I play Black": "Juego con negras",
    "White piece on {square}": "Ficha blanca en {square}",
    "Black piece on {square}": "Ficha negra en {square}",
    # the move log, in words
    # illegal input
    "{text} is not a placement: write the colour and the square, e.g. 'w@c3' or 'b@a5'":
        "{text} no es una colocación: escribe el color y la casilla, p. ej. 'w@c3' o 'b@a5'",
    "all six white pieces are already on the board": "las seis fichas blancas ya están en el tablero",
    "all six black pieces are already on the board": "las seis fichas negras ya están en el tablero",
    "{text} is not an option now: the chooser answers 'first' or 'colour'":
        "{text} no es una opción ahora: quien elige responde 'first' o 'colour'",
    "{text} is not an option now: answer 'white' or 'black'":
        "{text} no es una opción ahora: responde 'white' o 'black'",
    "{text} is not a push: write the piece's square and where it stops, e.g. 'a1-d1'":
        "{text} no es un empuje: escribe la casilla de la ficha y dónde se detiene, p. ej. 'a1-d1'",
    "{square} is not a square of the 5x5 board (files a to e, ranks 1 to 5)":
        "{square} no es una casilla del tablero de 5x5 (columnas a a e, filas 1 a 5)",
    "there is no piece of {who} on {square}": "no hay ninguna ficha de {who} en {square}",
    "{move} is not a straight line along a rank or a file": "{move} no es una línea recta por una fila o una columna",
    "{move} is not a legal push: a push may stop only right after an opponent's piece has fallen off the "
    "board (D20)": "{move} no es un empuje legal: un empuje solo puede detenerse justo después de que una ficha "
                   "del rival haya caído del tablero (D20)",
    "{move} is not a legal push here": "{move} no es un empuje legal aquí",
})

#: Abyss's own sentences, short enough that another game may word them otherwise
own_words = OwnWords(KEY_PREFIX)
own_words.add({
    "{who} wins": "{who} gana",
    "{count} white": "{count} blancas",
    "{count} black": "{count} negras",
    "{count} white (one)": "{count} blanca",
    "{count} black (one)": "{count} negra",
    "{who} placed a white piece on {square}": "{who} colocó una ficha blanca en {square}",
    "{who} placed a black piece on {square}": "{who} colocó una ficha negra en {square}",
    "{who} chose to move first and let the other player pick the colours":
        "{who} eligió mover primero y dejó escoger los colores al otro jugador",
    "{who} chose to pick the colour and let the other player move first":
        "{who} eligió escoger el color y dejó mover primero al otro jugador",
    "{who} took White": "{who} se quedó con las blancas",
    "{who} took Black": "{who} se quedó con las negras",
    "{who} pushed the row from {frm} to {to} and pushed off {fallen}":
        "{who} empujó la fila de {frm} a {to} y sacó del tablero {fallen}",
    "{who} pushed the column from {frm} to {to} and pushed off {fallen}":
        "{who} empujó la columna de {frm} a {to} y sacó del tablero {fallen}",
    "a white piece": "una ficha blanca",
    "a black piece": "una ficha negra",
    "{count} white pieces": "{count} fichas blancas",
    "{count} black pieces": "{count} fichas negras",
    "{first} and {second}": "{first} y {second}",
    "{square} is already occupied": "{square} ya está ocupada",
})


def fallen_text(count: int, colour: int) -> str:
    """'2 black' / '2 negras', '1 white' / '1 blanca': the pieces of one colour that fell
    (Spanish agrees in number and gender, English keeps the bare colour word)."""
    english = "{count} " + COLOUR_NAMES[colour]
    asked = english + (" (one)" if count == 1 else "")
    shown = own_words(asked)
    return (english if shown == asked else shown).format(count=count)


def pieces_words(count: int, colour: int) -> str:
    """'a white piece' / 'una ficha blanca', '2 black pieces' / '2 fichas negras'."""
    name = COLOUR_NAMES[colour]
    if count == 1:
        return own_words(f"a {name} piece")
    return own_words("{count} " + name + " pieces").format(count=count)


def place_words(who: str, colour: int, square: str) -> str:
    """'Player 1 placed a white piece on c3'."""
    return own_words("{who} placed a " + COLOUR_NAMES[colour] + " piece on {square}").format(who=who, square=square)


def choice_words(who: str, first: bool) -> str:
    """'Player 2 chose to move first and let the other player pick the colours' (or the colour)."""
    if first:
        return own_words("{who} chose to move first and let the other player pick the colours").format(who=who)
    return own_words("{who} chose to pick the colour and let the other player move first").format(who=who)


def colour_words(who: str, colour: int) -> str:
    """'Player 1 took White'."""
    return own_words("{who} took " + ("White" if colour == 0 else "Black")).format(who=who)


def push_words(who: str, frm: str, to: str, own_colour: int, opponent_fallen: int, own_fallen: int) -> str:
    """'Player 2 (Black) pushed the row from a3 to a5 and pushed off a white piece'
    (and 'and a black piece' when own pieces fell too)."""
    fallen = pieces_words(opponent_fallen, 1 - own_colour)
    if own_fallen:
        fallen = own_words("{first} and {second}").format(first=fallen, second=pieces_words(own_fallen, own_colour))
    line = "row" if frm[1:] == to[1:] else "column"
    return own_words("{who} pushed the " + line + " from {frm} to {to} and pushed off {fallen}").format(
        who=who, frm=frm, to=to, fallen=fallen)


def explain_illegal(game: AbyssPosition, text: str) -> str:
    """Why ``text`` is not a legal action of ``game`` (a game still going on) now, in the
    current language."""
    if game.phase == Phase.PLACE:
        match = re.fullmatch(r"([wb])@([a-e][1-5])", text)
        if not match:
            return t("{text} is not a placement: write the colour and the square, e.g. 'w@c3' or 'b@a5'").format(
                text=repr(text))
        if game.piece_at(match.group(2)) is not None:
            return own_words("{square} is already occupied").format(square=match.group(2))
        return t(f"all six {LETTERS_WORDS[LETTERS.index(match.group(1))]} pieces are already on the board")
    if game.phase == Phase.CHOOSE:
        return t("{text} is not an option now: the chooser answers 'first' or 'colour'").format(text=repr(text))
    if game.phase == Phase.COLOUR:
        return t("{text} is not an option now: answer 'white' or 'black'").format(text=repr(text))
    match = re.fullmatch(r"([a-z][0-9]+)-([a-z][0-9]+)", text)
    if not match:
        return t("{text} is not a push: write the piece's square and where it stops, e.g. 'a1-d1'").format(
            text=repr(text))
    frm_name, to_name = match.groups()
    for name in (frm_name, to_name):
        if name not in SQUARE_INDEX:
            return t("{square} is not a square of the 5x5 board (files a to e, ranks 1 to 5)").format(square=name)
    frm, to = SQUARE_INDEX[frm_name], SQUARE_INDEX[to_name]
    own, _ = game.mover_masks()
    if not own >> frm & 1:
        return t("there is no piece of {who} on {square}").format(who=game.seat_name(game.to_move), square=frm_name)
    move = f"{frm_name}-{to_name}"
    if not in_line(frm, to):
        return t("{move} is not a straight line along a rank or a file").format(move=move)
    return t("{move} is not a legal push: a push may stop only right after an opponent's piece has fallen off "
             "the board (D20)").format(move=move)
