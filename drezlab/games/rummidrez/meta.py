"""RummiDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options (``shared/rules/card-games.md`` §0.2 and §5): ``players`` (2 to 4, or 1 for
the solitaire of D29) and ``target``, the match target (§5: 14 points for 2
players, 28 for 3, 42 for 4; ``None`` = that default). Each is type-checked
strictly, so a saved record with ``"players": "2"``, ``true`` for a number, or
``NaN`` is refused. ``turn_limit`` is §5's match "por tiempo": after that many
turns (a commit, a draw or a pass ends a turn) the most points win. The picture option ``hint`` (``spec.numbers``) draws the
solver's best play for the seat at the screen.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option, within

MIN_PLAYERS, MAX_PLAYERS = 1, 4
MAX_TARGET = 1000
MAX_TURNS = 10_000

SPEC = GameSpec(
    name="rummidrez",
    game_class="drezlab.games.rummidrez.game:RummiDrez",
    title="RummiDrez",
    title_es="RummiDrez",
    summary="Lay down runs of one figure or one colour from two packs, rearranging the table's melds; "
            "first to empty the hand scores the cards left (2-4 players, or the solitaire)",
    summary_es="Baja escaleras de una figura o de un color con dos paquetes, reordenando los grupos de la "
               "mesa; quien se queda sin cartas suma las que quedan (2-4 jugadores, o en solitario)",
    aliases=("rummi-drez", "rummi"),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=False,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 2, (int,), "number of seats: 2 to 4, or 1 for the solitaire (D29)",
               choices=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))),
        Option("target", None, (int,), "the match target (§5: 14 for 2 players, 28 for 3, 42 for 4); "
               "None = that default; the solitaire has none", nullable=True,
               check=within("target", 1, MAX_TARGET)),
        Option("turn_limit", None, (int,), "play by time (§5): the match ends after this many turns and the "
               "most points win (the solitaire scores its cards left); None = no limit", nullable=True,
               check=within("turn_limit", 1, MAX_TURNS)),
    ),
    picture="drezlab.games.rummidrez.picture:draw",
    numbers="hint",
    levels=('random', 'greedy', 'solver'),
    bots={"random": "drezlab.players:RandomPlayer",
          "greedy": "drezlab.games.rummidrez.bots:GreedyPlayer",
          "solver": "drezlab.games.rummidrez.bots:SolverPlayer"},
    option_sets=(
        {"players": 1},
        {"players": 3, "target": 2},
        {"players": 4, "target": 3},
        {"players": 2, "target": 1},
        {"players": 2, "turn_limit": 6},
        {"players": 1, "turn_limit": 4},
    ),
    max_random_actions=250,
)
