"""Swimming Guadalete Chess: what the registry, the widget and the suite read.

The rules are :mod:`drezlab.games.guadalete_swimming.game`; this module imports only
the core's metadata classes and the family's shared option and bots.
"""

from __future__ import annotations

from drezlab.games.guadalete.meta import river_spec

#: the start position: standard chess; both drifts 0
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0,0"

#: a teacher's near-end position: the figure-6 idea (Black's drift 1 carries the
#: bishop from the nominal e5 onto f5) with the kings on the back ranks
FIGURE6 = "3k4/2b5/8/5B2/8/8/8/4K3 b - - 0,1"

SPEC = river_spec(
    name="guadalete-swimming",
    game_class="drezlab.games.guadalete_swimming.game:GuadaleteSwimming",
    title="Swimming Guadalete Chess",
    title_es="Ajedrez del Guadalete nadador",
    summary="Chess with a river every piece but the king swims across; a piece that dives in from "
            "the bank drifts one square toward file h for every enemy piece already gone",
    summary_es="Ajedrez con un río que todas las piezas menos el rey cruzan a nado; la pieza que "
               "entra desde la orilla deriva una casilla hacia la columna h por cada pieza rival retirada",
    example=FIGURE6,
)
