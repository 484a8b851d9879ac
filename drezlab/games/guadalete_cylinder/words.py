"""The cylinder's own words (the river family's shared ones are
:mod:`drezlab.games.guadalete.words`): the rear pawn's name, as the move log and the
grid-chess refusals say it, and what a teacher's position may not hold.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations

#: a teacher's position refused (``BadRecord``)
REAR_PAWN_PLACE = "a rear pawn stands on its start rank until it becomes a plank, not on {square}"
FRONT_PAWN_PLACE = "a front pawn cannot stand on {square}"

add_translations({
    # the rear pawn, by name and with its article (the grid-chess refusals)
    "rear pawn": "peón trasero",
    "the rear pawn": "el peón trasero",
    REAR_PAWN_PLACE: "un peón trasero está en su fila inicial hasta que se convierte en tabla, no en {square}",
    FRONT_PAWN_PLACE: "un peón delantero no puede estar en {square}",
})
