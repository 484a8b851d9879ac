"""Courtier's metadata (registry name ``dejarik-courtier``): what the registry, the
widget and the conformance suite read without importing the rules.

Options: ``position`` (a teacher's position, tokens ``side:piece@cell`` with pieces
``king`` and ``guard``, see :mod:`drezlab.kits.ring`) and ``to_move`` (the side that
moves first in it: ``"south"`` or ``"north"``). Without a position the game starts
from the rules' set-up and a d8 decides who moves first (D8, as D1).
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option
from drezlab.games.dejarik.meta import side_name

#: a teacher's position the conformance suite plays (North to move)
PUZZLE = "s:king@o5 s:guard@i3 s:guard@c n:king@o11 n:guard@i4 n:guard@i7 n:guard@o6"

SPEC = GameSpec(
    name="dejarik-courtier",
    game_class="drezlab.games.courtier.game:Courtier",
    title="Dejarik: Courtier",
    title_es="Dejarik: Cortesana",
    summary="Courtier: the Dejarik ring board without dice; enclose a piece between two of yours, take the king",
    summary_es="Cortesana: el tablero de Dejarik sin dados; encierra una pieza entre dos tuyas, captura al rey",
    aliases=("courtier", "cortesana"),
    seats=(2, 2),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("position", None, (str,), "a teacher's position, tokens side:piece@cell (None: the set-up)",
               nullable=True),
        Option("to_move", "south", (str, int), "with a position: the side that moves first ('south' or 'north')",
               check=side_name),
    ),
    picture="drezlab.games.courtier.picture:draw",
    levels=('random', 'greedy', 'search', 'search-3'),
    bots={"random": "drezlab.players:RandomPlayer",
          "search-3": "drezlab.players.search:SearchPlayer(depth=3)",
          "greedy": "drezlab.players.search:GreedyPlayer",
          "search": "drezlab.players.search:SearchPlayer"},
    option_sets=({"position": PUZZLE, "to_move": "north"},),
    max_random_actions=400,
)
