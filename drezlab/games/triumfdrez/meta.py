"""TriumfDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options are checked here for their type and range; what depends on several
options at once (a first dealer's seat that exists) is checked by the game.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option, within

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_TARGET = 1000
MAX_DEALS = 1000


SPEC = GameSpec(
    name="triumfdrez",
    game_class="drezlab.games.triumfdrez.game:TriumfDrez",
    title="TriumfDrez",
    title_es="TriumfDrez",
    summary="Trick-taking with Pokerdrez cards: bid tricks with a trump figure and a supertrump colour "
            "(2, 3 or 4 players in pairs)",
    summary_es="Bazas con cartas Pokerdrez: se apuestan bazas con una figura de triunfo y un color de "
               "supertriunfo (2, 3 o 4 jugadores en parejas)",
    aliases=("triumf-drez", "triumf"),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=True,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 4, (int,), "number of seats: 2, 3, or 4 in pairs (partners sit opposite)",
               check=within("players", MIN_PLAYERS, MAX_PLAYERS, " (§6: 2, 3 or 4)")),
        Option("target", 50, (int,), "the match target in points (D34: 50)",
               check=within("target", 1, MAX_TARGET)),
        Option("max_deals", None, (int,), "stop after this many deals (None: play to the target)",
               check=within("max_deals", 1, MAX_DEALS)),
        Option("dealer", None, (int,), "the first dealer's seat (None: the last seat)",
               check=within("dealer", 0, MAX_PLAYERS - 1)),
    ),
    picture="drezlab.games.triumfdrez.picture:draw",
    levels=('random', 'rules', 'sampling'),
    bots={"random": "drezlab.players:RandomPlayer",
          "rules": "drezlab.games.triumfdrez.bots:RulePlayer",
          "sampling": "drezlab.games.triumfdrez.bots:SamplingPlayer"},
    option_sets=(
        {"players": 2, "target": 20},
        {"players": 3, "target": 15},
        {"players": 4, "max_deals": 1},
        {"players": 2, "max_deals": 2, "dealer": 0},
        {"players": 3, "target": 30, "dealer": 1},
    ),
    max_random_actions=3000,
)
