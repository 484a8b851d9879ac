"""Courtier's words: the Spanish catalogue, the move log's sentences and the explanation of
illegal input (the rules are in :mod:`drezlab.games.courtier.game`).

Cells are said as a pupil finds them on the picture (:func:`drezlab.kits.ring.cell_words`):
"South: guard from outer ring 5 to inner ring 5, captures the king on inner ring 4" /
"Sur: guardia del 5 del anillo exterior al 5 del anillo interior, captura al rey del 4 del
anillo interior" -- never the notation ``o5-i5xi4`` (one click away in "Copy the moves").
"""

from __future__ import annotations

from typing import Any

from drezlab.core.i18n import add_translations, t
from drezlab.kits.ring import add_labels, cell_words, label, say

KING_CAPTURED = "king captured"
BOTH_KINGS = "both kings captured"
OWN_KING = "own king lost in a double capture"
NO_MOVE = "no legal move"
QUIET_DRAW = "50 turns without a capture"

add_translations({KING_CAPTURED: "rey capturado", BOTH_KINGS: "ambos reyes capturados",
                  OWN_KING: "rey propio perdido en una doble captura", NO_MOVE: "sin jugada legal",
                  QUIET_DRAW: "50 turnos sin capturas"})
add_translations({
    "{text} is not a legal move now: move one piece one step to an empty neighbour, written like 'o5-i5' "
    "(add the captured cell, 'o5-i5xi4', when the move captures)":
        "{text} no es una jugada legal ahora: mueve una pieza un paso a una casilla vecina vacía, escrito como "
        "'o5-i5' (añade la casilla capturada, 'o5-i5xi4', cuando la jugada captura)",
})
add_labels({
    "guard": "guardia",
    "king": "rey",
    "{who}: {piece} from {frm} to {to}": "{who}: {piece} de {frm} a {to}",
    "{move}, captures the {piece} on {cell}": "{move}, captura al {piece} de {cell}",
    "{move}, double capture: the {piece} on {cell}, the {other} on {other_cell} and both of its own pieces "
    "leave the board": "{move}, doble captura: salen del tablero el {piece} de {cell}, el {other} de "
                       "{other_cell} y sus dos piezas",
})


def move_words(who: str, board: list[Any], frm: int, to: int, removed: tuple[int, ...], piece_names: dict[int, str]
               ) -> str:
    """A Courtier move (before it is played) as a log line: the moving piece, the two cells
    and what it captures. ``board`` holds ``(seat, piece)`` or None per cell."""
    seat, piece = board[frm]
    line = say("{who}: {piece} from {frm} to {to}", who=who, piece=label(piece_names[piece]),
               frm=cell_words(frm), to=cell_words(to))
    enemies = [cell for cell in removed if cell != to and board[cell] is not None and board[cell][0] != seat]
    if len(removed) == 1:
        cell = removed[0]
        return say("{move}, captures the {piece} on {cell}", move=line, piece=label(piece_names[board[cell][1]]),
                   cell=cell_words(cell))
    if removed:
        first, other = enemies[0], enemies[-1]
        return say("{move}, double capture: the {piece} on {cell}, the {other} on {other_cell} and both of its "
                   "own pieces leave the board", move=line, piece=label(piece_names[board[first][1]]),
                   cell=cell_words(first), other=label(piece_names[board[other][1]]), other_cell=cell_words(other))
    return line


def explain_illegal(game: Any, text: str) -> str:
    """Why ``text`` is not a legal move of ``game`` now, in the current language."""
    if game.is_over:
        return game._over_text(text)
    return t("{text} is not a legal move now: move one piece one step to an empty neighbour, written like "
             "'o5-i5' (add the captured cell, 'o5-i5xi4', when the move captures)").format(text=repr(text))
