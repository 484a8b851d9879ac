"""Dejarik's metadata: what the registry, the widget, the simulations and the
conformance suite read without importing the rules.

The options (checked here for type and allowed values; a position's content is
checked by the game, which raises a ``BadRecord`` that says what is wrong):

* ``random_split`` (D1): shuffle the eight creatures and deal 4/4 instead of the
  fixed armies A (#1-4) and B (#5-8).
* ``placement``: ``"choose"`` (§1.3, D2: each owner places its four creatures on
  its four cells, the first player first) or ``"fixed"`` (the creatures stand in
  table order on the cells, no placing actions: quick games for lessons and bots).
* ``odds``: the picture shows the exact odds of every attack open to the player to
  move (the spec's ``numbers``: the widget's "Show the numbers" toggle).
* ``position`` / ``to_move``: a teacher's position (tokens ``side:piece@cell``, see
  :mod:`drezlab.kits.ring`) and the side that acts first in it (``"south"`` or
  ``"north"``); no lottery, no placing.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations
from drezlab.core.spec import GameSpec, Option, seat_by_name

add_translations({"the side to move": "el bando que mueve"})

SIDE_NAMES = ("south", "north")


#: ``"south"`` or ``"north"`` for a side given by name (any case) or seat number
side_name = seat_by_name("the side to move", SIDE_NAMES)


#: a teacher's position the conformance suite plays (three creatures a side, North to act)
PUZZLE = "s:molatar@i5 s:houjix@o6 s:strider@c n:ngok@i6 n:savrip@o0 n:klor@i1"

SPEC = GameSpec(
    name="dejarik",
    game_class="drezlab.games.dejarik.game:Dejarik",
    title="Dejarik (holochess)",
    title_es="Dejarik (holoajedrez)",
    summary="Dejarik: eight creatures on a round board, two actions a turn, attacks decided by dice pools",
    summary_es="Dejarik: ocho criaturas en un tablero redondo, dos acciones por turno, ataques con dados",
    aliases=("holochess",),
    seats=(2, 2),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("random_split", False, (bool,), "D1: shuffle the eight creatures and deal 4/4 instead of fixed armies"),
        Option("placement", "choose", (str,), "'choose': each owner places its creatures (D2); 'fixed': table order",
               choices=("choose", "fixed")),
        Option("odds", True, (bool,), "the picture shows the exact odds of every attack open to the player to move"),
        Option("position", None, (str,), "a teacher's position, tokens side:piece@cell (None: the lottery)",
               nullable=True),
        Option("to_move", "south", (str, int), "with a position: the side that acts first ('south' or 'north')",
               check=side_name),
    ),
    picture="drezlab.games.dejarik.picture:draw",
    numbers="odds",
    levels=('random', 'greedy', 'expectimax'),
    bots={"random": "drezlab.players:RandomPlayer",
          "greedy": "drezlab.games.dejarik.bots:GreedyPlayer",
          "expectimax": "drezlab.games.dejarik.bots:ExpectimaxPlayer"},
    option_sets=({"random_split": True},
                 {"placement": "fixed", "odds": False},
                 {"position": PUZZLE, "to_move": "north"}),
    max_random_actions=600,
)
