"""The swimming variant's own words (the river family's shared ones are
:mod:`drezlab.games.guadalete.words`): how the current is said, in the words of the
Spanish source (seed 004: "la corriente arrastra la pieza", "se ahoga").

* :func:`current_words` -- "knight to d4; the current carries it to g4" / "caballo a
  d4; la corriente arrastra la pieza hasta g4", with "where it takes" when a piece
  stands there, or "off the board and it drowns".

The button labels (``e6d4 (current: g4)``, ``e6f4 (drowns)``) keep their short words,
"current" and "drowns", also registered here, as are the refusals of a teacher's
position.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations, t

#: a teacher's position refused (``BadRecord``)
PAWN_PLACE = "a pawn cannot stand on {square}"
DRIFTS_WRITTEN = "the drifts are written '<White's>,<Black's>' such as '0,1', not {text}"
DRIFT_RANGE = "a drift counts removed pieces: 0 to 15"

add_translations({
    # button labels
    "current": "corriente",
    "drowns": "se ahoga",
    # the move log
    "{move}; the current carries it to {square}": "{move}; la corriente arrastra la pieza hasta {square}",
    "{move}; the current carries it to {square}, where it takes":
        "{move}; la corriente arrastra la pieza hasta {square}, donde captura",
    "{move}; the current carries it off the board and it drowns":
        "{move}; la corriente arrastra la pieza fuera del tablero y se ahoga",
    PAWN_PLACE: "un peón no puede estar en {square}",
    DRIFTS_WRITTEN: "la fuerza de la corriente se escribe '<blancas>,<negras>', por ejemplo '0,1', no {text}",
    DRIFT_RANGE: "la fuerza de la corriente cuenta las piezas retiradas: de 0 a 15",
})


def current_words(move_words: str, landing: str | None, takes: bool) -> str:
    """A move from the bank into the river (``move_words`` says its nominal square) and
    where the current carries the piece: ``landing`` (``None``: off the board, it drowns),
    ``takes`` when an enemy piece stands there."""
    if landing is None:
        return t("{move}; the current carries it off the board and it drowns").format(move=move_words)
    key = "{move}; the current carries it to {square}, where it takes" if takes else \
        "{move}; the current carries it to {square}"
    return t(key).format(move=move_words, square=landing)
