"""VikingDrez / Brandubh: what the registry, the widget and the conformance suite read.

Light on purpose (it imports only :mod:`drezlab.core.spec`): listing the games
imports no rules. The registry name is ``"brandubh"``, the name every saved game
has carried since drezlab 0.1; ``"vikingdrez"`` (the name of the Spanish source)
is an alias, so ``drezlab.new("vikingdrez")`` and ``drezlab.new("brandubh")`` make
the same game.

The options are the variants of the module :mod:`drezlab.games.brandubh.game`
and a teacher's position: ``position`` (the text form, or ``None`` for the start
position) and ``to_move`` (``"black"``/``"white"``, or the seat number 1/0). Here
only their types and allowed values are checked; the position's content (one king,
nobody but the king on the throne or a corner, ...) is checked by the game, which
raises a ``BadRecord`` that says what is wrong.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from drezlab.core.spec import GameSpec, Option

#: the sides in seat order: seat 0 is White (king and defenders), seat 1 Black (attackers)
SIDE_NAMES = ("white", "black")

#: a position used by the conformance suite: a teacher's puzzle with White to move
PUZZLE = "......./..a..../.a.K.../......./...a.../......./......."

#: every combination of the four rule variants (the conformance suite plays each one)
VARIANTS: tuple[dict[str, Any], ...] = tuple(
    {"king_returns": returns, "king_capture": capture, "armed_king": armed, "pass_empty_throne": passing}
    for returns, capture, armed, passing in product((True, False), ("standard", "two"), (True, False), (True, False)))


def side_name(value: Any) -> str:
    """``"black"`` or ``"white"`` for a side given by name (any case) or seat number."""
    if isinstance(value, str) and value.strip().lower() in SIDE_NAMES:
        return value.strip().lower()
    if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
        return SIDE_NAMES[value]
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise ValueError(f"the side to move must be 'black' or 'white', not {shown}")


SPEC = GameSpec(
    name="brandubh",
    game_class="drezlab.games.brandubh.game:Brandubh",
    title="VikingDrez (Brandubh)",
    title_es="VikingDrez (Brandubh)",
    summary="VikingDrez (Brandubh): the Irish tafl game; the king escapes to a corner or is captured",
    summary_es="VikingDrez (Brandubh): el tafl irlandés; el rey escapa a una esquina o es capturado",
    aliases=("vikingdrez",),
    seats=(2, 2),
    teams=False,
    chance="none",
    hidden_information=False,
    options=(
        Option("king_returns", True, (bool,),
               "False: once he has left it, the king may pass over the empty throne but not stop on it again"),
        Option("king_capture", "standard", (str,),
               "'two': the king is captured like any other piece, between two hostile squares",
               choices=("standard", "two")),
        Option("armed_king", True, (bool,),
               "False: the king takes no part in captures (neither by moving nor as the anvil)"),
        Option("pass_empty_throne", True, (bool,), "False: no piece but the king may cross the throne"),
        Option("position", None, (str,), "a teacher's position in the text form (None: the start position)",
               nullable=True),
        Option("to_move", "black", (str, int), "the side that moves first: 'black' (the rules) or 'white'",
               check=side_name),
    ),
    picture="drezlab.games.brandubh.picture:draw",
    levels=('random', 'greedy', 'search', 'search-3'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "search-3": "drezlab.players.search:SearchPlayer(depth=3)",
        "greedy": "drezlab.players.search:GreedyPlayer",
        "search": "drezlab.players.search:SearchPlayer",
    },
    option_sets=(*VARIANTS, {"position": PUZZLE, "to_move": "white", "king_returns": False}),
    max_random_actions=2000,
    record_versions=(1, 2),
)
