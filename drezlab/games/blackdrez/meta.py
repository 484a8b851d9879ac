"""BlackDrez's metadata: what the registry, the widget, the simulations and the
conformance suite read about the game without importing its rules.

Options are checked here for their type and range; what depends on several
options at once (a dealer seat that exists) is checked by the game's constructor.
"""

from __future__ import annotations

from collections.abc import Callable

from drezlab.core.spec import GameSpec, Option

MIN_PLAYERS, MAX_PLAYERS = 2, 8


def _within(name: str, low: int, high: int) -> Callable[[int], None]:
    """A check that ``low <= value <= high``."""
    def check(value: int) -> None:
        if not low <= value <= high:
            raise ValueError(f"the option {name!r} must be {low} to {high}, not {value}")
    return check


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
        Option("players", 4, (int,), "number of seats (2 to 8)", check=_within("players", MIN_PLAYERS, MAX_PLAYERS)),
        Option("packs", None, (int,), "packs of 54 cards (D35: None = 1 pack for 2-4 players, 2 for 5-8)",
               choices=(1, 2), nullable=True),
        Option("dealer", None, (int,), "the first dealer's seat (None: the last seat, so seat 0 is dealt first)",
               check=_within("dealer", 0, MAX_PLAYERS - 1)),
        Option("hints", False, (bool,), "show the exact values of drawing and retiring in the picture"),
    ),
    picture="drezlab.games.blackdrez.picture:draw",
    bots={"random": "drezlab.players:RandomPlayer",
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
