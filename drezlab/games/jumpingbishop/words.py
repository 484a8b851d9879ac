"""The words of jumping-bishop chess: its Spanish catalogue and how its moves are said.

A move is said as the grid-chess layer says any move of the grid engine
(:func:`drezlab.kits.gridchess.grid_move_words`): "White: jumping bishop to f4",
"Negras: alfil saltador captura en c7", "Blancas: caballo a f3, jaque". The game's own
words are the refusals of a teacher's position (``checked_position`` in
:mod:`drezlab.games.jumpingbishop.game`); the name of the jumping bishop
("alfil saltador") is the grid-chess layer's, shared with the refusals of moves.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations

#: a teacher's position that is not a FEN of the game
BAD_FEN = "the position {fen} is not a FEN of this game: {error}"
#: a pawn on the first or last rank
PAWN_ON_EDGE = "a pawn cannot stand on {square} (first or last rank)"
#: not one king per side
KING_COUNT = "each side needs exactly one king (White has {white}, Black {black})"
#: the side not to move in check
OTHER_SIDE_IN_CHECK = "the side not to move is in check: that position cannot arise"

add_translations({
    BAD_FEN: "la posición {fen} no es un FEN de este juego: {error}",
    PAWN_ON_EDGE: "un peón no puede estar en {square} (primera o última fila)",
    KING_COUNT: "cada bando necesita exactamente un rey (las blancas tienen {white}, las negras {black})",
    OTHER_SIDE_IN_CHECK: "el bando que no juega está en jaque: esa posición no puede darse",
})
