"""The words the river family shares (Ajedrez del Guadalete, the cylinder, the swimming
variant): the Spanish catalogue and how a move is said with what the river does to it.
Each variant's own words live in its package (``guadalete_cylinder.words``,
``guadalete_swimming.words``).

A move is said as the grid-chess layer says any grid-engine move
(:func:`drezlab.kits.gridchess.grid_move_words`: "knight to f3", "bishop takes on c6",
"castles kingside", ", check"), plus the river's own events, in the words of the
Spanish source (seed 004: "se convierte en una tabla", "la corriente arrastra la
pieza", "se ahoga"):

* :func:`plank_words` -- "pawn to d4, becomes a plank" / "peón a d4 y se convierte en
  una tabla" (Guadalete; the cylinder's rear pawns: "peón trasero a b1 y ...").

The button label ``e2e4 (plank)`` keeps its short word, "plank", also registered here.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations, t

add_translations({
    # button labels
    "plank": "tabla",
    # the move log
    "{move}, becomes a plank": "{move} y se convierte en una tabla",
})


def plank_words(move_words: str) -> str:
    """A pawn's move into the river, which turns it into a plank."""
    return t("{move}, becomes a plank").format(move=move_words)


# ------------------------------------------------------------ a teacher's position refused
#: the explanations of a position text that cannot be read or cannot arise (``BadRecord``)
POSITION_NOT_TEXT = "a position is text such as {example}, not {kind}"
POSITION_TOO_LONG = "this position text is far too long"
POSITION_FIELDS = "a position is '<placement> <w|b> [castling] [en passant] [extra]', not {text}"
SIDE_TO_MOVE = "the side to move is 'w' or 'b', not {text}"
CASTLING_LETTERS = "castling rights are letters of KQkq or '-', not {text}"
NO_EN_PASSANT = "this game has no en passant: write '-' for the en passant square"
CANNOT_SET_UP = "this position cannot be set up: {error}"
CANNOT_STAND = "a {piece} cannot stand on {square}"
OTHER_SIDE_IN_CHECK = "the side that is not to move is in check: this position cannot arise"
RANK_COUNT = "the placement needs {ranks} ranks separated by '/', not {count}"
NOT_A_PIECE = "{symbol} on rank {rank} is not a piece of this game (use {letters} for White, small letters for Black)"
RANK_LENGTH = "rank {rank} of the placement has {count} squares instead of {files}"
KING_COUNT = "a position has exactly one {side} king, not {count}"
CASTLING_PIECES = "castling right {letter} needs the king and rook on their home squares"
PLANK_OFF_RIVER = "planks lie only on the river, not on {square}"
WHITE_PAWN_PLACE = "a White pawn cannot stand on {square}: pawns never reach the river or the last rank"
BLACK_PAWN_PLACE = "a Black pawn cannot stand on {square}: pawns never reach the river or the last rank"

add_translations({
    POSITION_NOT_TEXT: "una posición es un texto como {example}, no {kind}",
    POSITION_TOO_LONG: "este texto de posición es demasiado largo",
    POSITION_FIELDS: "una posición se escribe '<placement> <w|b> [castling] [en passant] [extra]' "
                     "(colocación, turno, enroques, al paso y el campo de la variante), no {text}",
    SIDE_TO_MOVE: "el bando que juega es 'w' (blancas) o 'b' (negras), no {text}",
    CASTLING_LETTERS: "los enroques se escriben con letras de 'KQkq' o '-', no {text}",
    NO_EN_PASSANT: "este juego no tiene captura al paso: escribe '-' en la casilla al paso",
    CANNOT_SET_UP: "esta posición no se puede colocar: {error}",
    CANNOT_STAND: "una pieza {piece} no puede estar en {square}",
    OTHER_SIDE_IN_CHECK: "el bando que no juega está en jaque: esta posición no puede darse",
    RANK_COUNT: "la colocación necesita {ranks} filas separadas por '/', no {count}",
    NOT_A_PIECE: "{symbol} en la fila {rank} no es una pieza de este juego (usa {letters} para las blancas, "
                 "minúsculas para las negras)",
    RANK_LENGTH: "la fila {rank} de la colocación tiene {count} casillas en lugar de {files}",
    KING_COUNT: "una posición tiene exactamente un rey de las {side}, no {count}",
    CASTLING_PIECES: "el enroque {letter} necesita el rey y la torre en sus casillas iniciales",
    PLANK_OFF_RIVER: "las tablas solo están en el río, no en {square}",
    WHITE_PAWN_PLACE: "un peón blanco no puede estar en {square}: los peones nunca llegan al río ni a la última fila",
    BLACK_PAWN_PLACE: "un peón negro no puede estar en {square}: los peones nunca llegan al río ni a la última fila",
})
