"""Ajedrez del Guadalete: what the registry, the widget and the conformance suite read.

Light on purpose (it imports only :mod:`drezlab.core.spec`): listing the games
imports no rules. The river family has three registered games, one package each
because the registry reads one ``SPEC`` per package: ``guadalete`` (here),
``guadalete-cylinder`` (:mod:`drezlab.games.guadalete_cylinder`) and
``guadalete-swimming`` (:mod:`drezlab.games.guadalete_swimming`), each with its rules;
the river machinery they share lives in this package (:mod:`drezlab.games.guadalete.river`).

The one option is a teacher's position (``position``: the text form documented in
:mod:`drezlab.games.guadalete.river`, or ``None`` for the start position); its
content is checked by the game, which raises a ``BadRecord`` saying what is wrong.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

#: the start position: standard chess, no planks yet
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -"

#: a teacher's near-end position: White to move, a bridge of planks on the e-file
#: (Ra1-e1 ... Re8 is the mate the lesson and the browser test use)
BRIDGE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - e4,e5"

#: the bots every river variant offers: random, the protocol-level greedy bot, and the
#: alpha-beta search on the grid engine itself (drezlab.kits.gridbots), which plays the
#: river's rules through the variant positions' hooks
BOTS = {
    "random": "drezlab.players:RandomPlayer",
    "greedy": "drezlab.players.search:GreedyPlayer",
    "search": "drezlab.kits.gridbots:GridSearchPlayer",
}
#: the river variants' strength ladder, weakest first
LEVELS = ("random", "greedy", "search")


def position_option(example: str) -> Option:
    """The ``position`` option of a river variant."""
    return Option("position", None, (str,),
                  f"a teacher's position such as {example!r} (None: the start position)", nullable=True)


def river_spec(*, name: str, game_class: str, title: str, title_es: str, summary: str, summary_es: str,
               example: str) -> GameSpec:
    """The metadata of a river variant: two seats, no chance, nothing hidden, one
    ``position`` option (``example`` is a teacher's position the conformance suite also
    plays), the family's picture and bots."""
    return GameSpec(
        name=name, game_class=game_class, title=title, title_es=title_es, summary=summary, summary_es=summary_es,
        seats=(2, 2), chance="none", hidden_information=False,
        options=(position_option(example),),
        picture="drezlab.games.guadalete.picture:draw",
        bots=BOTS,
        levels=LEVELS,
        option_sets=({"position": example},),
        max_random_actions=500,
    )


SPEC = river_spec(
    name="guadalete",
    game_class="drezlab.games.guadalete.game:Guadalete",
    title="Guadalete River Chess",
    title_es="Ajedrez del Guadalete",
    summary="Chess across the river Guadalete: pawns turn into planks that make bridges; "
            "kings never cross; whoever falls behind on planks must make one",
    summary_es="Ajedrez a través del río Guadalete: los peones se convierten en tablas que forman "
               "puentes; el rey nunca cruza; quien se queda atrás en tablas debe poner una",
    example=BRIDGE,
)
