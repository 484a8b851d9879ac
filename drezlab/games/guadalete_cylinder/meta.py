"""Cylindrical Guadalete Chess 14 x 8: what the registry, the widget and the suite read.

The rules are :mod:`drezlab.games.guadalete_cylinder.game`; this module imports only
the core's metadata classes and the family's shared option and bots.
"""

from __future__ import annotations

from drezlab.games.guadalete.meta import river_spec

#: the start position (D26), rank 14 first; no planks
START = ("8/tttttttt/rnbqkbnr/pppppppp/8/8/8/8/8/8/PPPPPPPP/RNBQKBNR/TTTTTTTT/8 w KQkq - -")

#: a teacher's near-end position: a White front pawn one step from its amazon,
#: the Black king alone (the browser test and the lesson start here)
AMAZON_RUN = "8/4P3/8/8/8/1k6/8/8/8/8/8/8/4K3/8 w - - -"

SPEC = river_spec(
    name="guadalete-cylinder",
    game_class="drezlab.games.guadalete_cylinder.game:GuadaleteCylinder",
    title="Guadalete Cylinder Chess 14 x 8",
    title_es="Ajedrez del Guadalete cilíndrico 14 x 8",
    summary="Guadalete river chess on a 14 x 8 cylinder: the river joins the top and the bottom of "
            "the board; rear pawns make planks, front pawns become amazons",
    summary_es="Ajedrez del Guadalete en un cilindro de 14 x 8: el río une la parte de arriba y la de "
               "abajo; los peones traseros hacen tablas, los delanteros se convierten en amazonas",
    example=AMAZON_RUN,
)
