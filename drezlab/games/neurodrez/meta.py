"""NeuroDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options are checked here for their type and range; what depends on several
options at once (the solo mode needs one player, two teams of three need six,
a teacher's position must name real tiles, cells and pieces) is checked by the
game's constructor.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.spec import GameSpec, Option, within

MIN_PLAYERS, MAX_PLAYERS = 1, 6
MAX_TURN_CAP = 100_000
POSITION_KEYS = frozenset({"board", "markers", "pieces", "dice", "hand", "phase", "sudden", "turn", "king_last",
                           "mover", "cards", "tiles"})


def _check_position(value: dict[Any, Any]) -> dict[Any, Any]:
    unknown = sorted(str(key) for key in value if key not in POSITION_KEYS)
    if unknown:
        raise ValueError(f"the option 'position' has no field {unknown[0]!r}; its fields are "
                         f"{', '.join(sorted(POSITION_KEYS))}")
    return dict(value)


#: the zones every hand shares: the card pile and discards, the terrain's tiles, the 4-player
#: left-over tiles, the tiles out of the game and the bag of tiles before the deal
PILE, DISCARD, TERRAIN, LEFTOVER, OUT, BAG = "pile", "discard", "terrain", "leftover", "out", "bag"


def cards_zone(hand: int) -> str:
    """The zone of hand ``hand``'s two cards (seen by its seat only)."""
    return f"cards{hand}"


def tiles_zone(hand: int) -> str:
    """The zone of hand ``hand``'s tiles (seen by its seat only)."""
    return f"tiles{hand}"


SPEC = GameSpec(
    name="neurodrez",
    game_class="drezlab.games.neurodrez.game:NeuroDrez",
    title="NeuroDrez",
    title_es="NeuroDrez",
    summary="Chess pieces conquer a terrain of tiles built during play, steered by three dice and "
            "PokerDrez cards (1-6 players, teams, cooperative and solo)",
    summary_es="Piezas de ajedrez conquistan un terreno de losetas que se construye al jugar, guiadas por "
               "tres dados y cartas PokerDrez (1-6 jugadores, equipos, cooperativo y solitario)",
    aliases=("neuro-drez",),
    seats=(MIN_PLAYERS, MAX_PLAYERS),
    teams=True,
    chance="explicit",
    hidden_information=True,
    options=(
        Option("players", 2, (int,), "number of players: 2-6, or 1 for the solo game (§9.2)",
               check=within("players", MIN_PLAYERS, MAX_PLAYERS, " (§9.2)")),
        Option("mode", None, (str,), "'competitive', 'cooperative' or 'solo' (§9.10; None: solo for one "
               "player, else competitive)", choices=("competitive", "cooperative", "solo"), nullable=True),
        Option("teams6", "three", (str,), "six players: 'three' teams of two (D31) or 'two' teams of three",
               choices=("three", "two")),
        Option("turn_cap", 400, (int,), "the game stops after this many turns: a draw, or the group's loss "
               "in the cooperative and solo games (D39, D42)", check=within("turn_cap", 1, MAX_TURN_CAP)),
        Option("early_sudden_death", True, (bool,), "may a player call sudden death from 18 tiles on (§9.9)"),
        Option("position", None, (dict,), "a teacher's position laid out after the deal (board, markers, "
               "pieces, dice, hand, phase, ...; see the game's docstring)", check=_check_position),
    ),
    picture="drezlab.games.neurodrez.picture:draw",
    levels=("random", "greedy", "sampling"),
    bots={"random": "drezlab.players:RandomPlayer", "greedy": "drezlab.games.neurodrez.bots:GreedyPlayer",
          "sampling": "drezlab.games.neurodrez.bots:SamplingPlayer"},
    option_sets=(
        {"players": 3, "turn_cap": 90},
        {"players": 4, "turn_cap": 90},
        {"players": 5, "turn_cap": 90},
        {"players": 6, "turn_cap": 90},
        {"players": 6, "teams6": "two", "turn_cap": 90},
        {"players": 2, "mode": "cooperative", "turn_cap": 60},
        {"players": 4, "mode": "cooperative", "turn_cap": 60},
        {"players": 1, "turn_cap": 60},
        {"players": 2, "early_sudden_death": False, "turn_cap": 120},
        {"players": 2, "position": {"board": {"c3": "wea", "d3": "kwa", "e3": "rai", "c4": "gfi", "d4": "bfl",
                                              "e4": "yfa", "d5": "rwa", "c5": "bwa"},
                                    "pieces": {"wq": "d5", "bn": "c5"}, "phase": "roll"}},
    ),
    max_random_actions=2500,
)
