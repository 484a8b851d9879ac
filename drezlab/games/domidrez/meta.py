"""DomiDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options (``shared/rules/card-games.md`` §0.2 and §8): ``players`` (2 to 8),
``packs`` (1 or 2 Pokerdrez packs, neutral cards kept) and ``target``, the
match target (D44: 50 points). Each is type-checked strictly, so a saved
record with ``"players": "4"``, ``true`` for a number, or ``NaN`` is refused.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_TARGET = 10_000


def _check_target(value: int) -> None:
    if not 1 <= value <= MAX_TARGET:
        raise ValueError(f"the option 'target' (the match target) must be 1 to {MAX_TARGET} points, not {value}")


SPEC = GameSpec(
    name="domidrez",
    game_class="drezlab.games.domidrez.game:DomiDrez",
    title="DomiDrez",
    title_es="DomiDrez",
    summary="Follow the colour or the figure of the last card; neutral cards name the next ones; "
            "first to empty the hand scores the cards left (2-8 players)",
    summary_es="Sigue el color o la figura de la última carta; las neutrales nombran los siguientes; "
               "quien se queda sin cartas suma las que quedan (2-8 jugadores)",
    aliases=("domi-drez",),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=False,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 4, (int,), "number of seats (2 to 8)",
               choices=tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))),
        Option("packs", 1, (int,), "Pokerdrez packs shuffled together, neutral cards kept (1 or 2)",
               choices=(1, 2)),
        Option("target", 50, (int,), "the match target: the first to reach it wins the match (D44: 50)",
               check=_check_target),
    ),
    picture="drezlab.games.domidrez.picture:draw",
    #: measured with bench/ladder.py (2 players, matches to the rules' 50 points): greedy scored
    #: 66.7 % against random and tracking (determinised search that reads who drew on what)
    #: 98.3 % against greedy (60 games each). mcts is a bot but not a rung: against tracking it
    #: scored 65 % (20 matches), 73.3 % (30, play_pair seed 1) and 46.7 % [30.2, 63.9] (30, the
    #: ladder's seeds: --levels tracking,mcts), 61 % over the 80, no clear step above tracking
    #: at eight times its decision time; sampling stays a named bot too
    levels=('random', 'greedy', 'tracking'),
    bots={"random": "drezlab.players:RandomPlayer",
          "mcts": "drezlab.players.mcts:MCTSPlayer(iterations=400, time_limit=0.9)",
          "greedy": "drezlab.games.domidrez.bots:GreedyPlayer",
          "sampling": "drezlab.games.domidrez.bots:SamplingPlayer",
          "tracking": "drezlab.games.domidrez.bots:TrackingPlayer"},
    option_sets=(
        {"players": 2, "target": 20},
        {"players": 3, "target": 10},
        {"players": 5, "target": 12},
        {"players": 8, "packs": 2, "target": 15},
        {"players": 2, "packs": 2, "target": 1},
        {"players": 6, "packs": 2, "target": 8},
        {"players": 7, "target": 6},
    ),
    max_random_actions=3000,
)
