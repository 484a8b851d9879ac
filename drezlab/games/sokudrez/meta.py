"""SokuDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options (``shared/rules/card-games.md`` §0.2, §4, D23): ``players`` (1 = the
solitaire, 2 = the scored variant), and two options the rules do not name, both
off by default (the module docstring of :mod:`drezlab.games.sokudrez.game` says
why): ``max_swaps`` (a swap budget: ``None`` = unlimited, as in the rules) and
``scramble`` (0 = a full shuffle, D20; k >= 1 = the solved grid of AC-SK-1 with k
random swaps, a practice deal). Each is type-checked strictly.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option, within

MAX_SWAPS_LIMIT = 10_000
MAX_SCRAMBLE = 60

SPEC = GameSpec(
    name="sokudrez",
    game_class="drezlab.games.sokudrez.game:SokuDrez",
    title="SokuDrez",
    title_es="SokuDrez",
    summary="Swap cards in a 6 x 9 grid until every row holds the nine colours and every column "
            "the six figures (solitaire, or 2 players scoring each swap)",
    summary_es="Intercambia cartas en una cuadrícula de 6 x 9 hasta que cada fila tenga los nueve "
               "colores y cada columna las seis figuras (solitario, o 2 jugadores que puntúan cada cambio)",
    aliases=("soku-drez", "soku"),
    seats=(1, 2),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("players", 1, (int,), "1 = the solitaire, 2 = the scored variant (D23)", choices=(1, 2)),
        Option("max_swaps", None, (int,), "a swap budget (None = unlimited, as in the rules)",
               check=within("max_swaps", 1, MAX_SWAPS_LIMIT), nullable=True),
        Option("scramble", 0, (int,), "0 = a full shuffle (D20); k = the solved grid with k random swaps",
               check=within("scramble", 0, MAX_SCRAMBLE)),
    ),
    picture="drezlab.games.sokudrez.picture:draw",
    #: greedy is a bot but not a rung: it solved every ladder deal in as many swaps as the planner
    #: (50.0 % over 30 deals, bench/ladder.py --game sokudrez --games 30)
    levels=('random', 'planner'),
    bots={"random": "drezlab.players:RandomPlayer",
          "greedy": "drezlab.games.sokudrez.bots:GreedyPlayer",
          "planner": "drezlab.games.sokudrez.bots:PlannerPlayer"},
    option_sets=(
        {"players": 2},
        {"players": 1, "scramble": 3},
        {"players": 2, "scramble": 2, "max_swaps": 9},
        {"players": 1, "max_swaps": 5},
    ),
    max_random_actions=120,
)
