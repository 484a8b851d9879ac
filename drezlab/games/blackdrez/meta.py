"""BlackDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options are checked here for their type and range; what depends on several
options at once (a dealer seat that exists) is checked by the game's constructor.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

MIN_PLAYERS, MAX_PLAYERS = 2, 8


SPEC = GameSpec(
    name="blackdrez",
    game_class="drezlab.games.blackdrez.game:BlackDrez",
    title="BlackDrez",
    title_es="BlackDrez",
    summary="Reach 11 points without going over; every card face up, the lowest score draws (2-8 players)",
    summary_es="Llega a 11 puntos sin pasarte; todas las cartas boca arriba, roba la puntuación menor "
               "(2-8 jugadores)",
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("players", 4, (int,), "number of seats (2 to 8)", choices=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))),
        Option("packs", None, (int,), "packs of 54 cards (D35: None = 1 pack for 2-4 players, 2 for 5-8)",
               choices=(1, 2), nullable=True),
        Option("dealer", None, (int,), "the first dealer's seat (None: the last seat, so seat 0 is dealt first)",
               choices=tuple(range(MAX_PLAYERS)), nullable=True),
        Option("hints", False, (bool,), "show the exact values of drawing and retiring in the picture from the start "
                                          "(the picture option and the widget's toggle of the same name)"),
    ),
    picture="drezlab.games.blackdrez.picture:draw",
    numbers="hints",
    #: mcts is a bot but not a rung: the exact-value bot scored only 52.5 % against it (30 games)
    levels=('random', 'threshold', 'exact'),
    bots={"random": "drezlab.players:RandomPlayer",
          "mcts": "drezlab.players.mcts:MCTSPlayer(iterations=400, time_limit=0.9)",
          "threshold": "drezlab.games.blackdrez.bots:ThresholdPlayer",
          "exact": "drezlab.games.blackdrez.bots:ExactPlayer"},
    option_sets=(
        {"players": 2},
        {"players": 3, "dealer": 0},
        {"players": 5},
        {"players": 8},
        {"players": 8, "packs": 1},
        {"players": 2, "packs": 2, "hints": True},
    ),
    max_random_actions=3000,
)
