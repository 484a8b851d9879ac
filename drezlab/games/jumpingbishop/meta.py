"""Jumping-bishop chess: what the registry, the widget and the conformance suite read.

Light on purpose (it imports only :mod:`drezlab.core.spec` and :mod:`drezlab.core.i18n`).
The one option is a teacher's position, ``position``: a FEN (``None`` = the initial
position). Its content (one king each, the side not to move not in check, no pawn on the first
or last rank) is checked by the game, which raises a ``BadRecord`` saying what is
wrong.
"""

from __future__ import annotations

from drezlab.core.i18n import add_translations, t
from drezlab.core.spec import GameSpec, Option

#: a teacher's position the conformance suite plays: bishops and rooks, few pawns
PUZZLE = "4k3/1b3p2/8/3r4/8/2B5/4P3/R3K2R w KQ - 0 1"
#: a near-finished ending (rook and jumping bishop against a lone king)
ENDING = "7k/8/8/8/8/3B4/8/R3K3 w Q - 0 1"

add_translations({"a position is a FEN of at most 120 characters": "una posición es un FEN de 120 caracteres como mucho"})


def _fen_text(value: object) -> object:
    """A FEN must be text of sensible length (its content is checked by the game)."""
    if isinstance(value, str) and not 0 < len(value) <= 120:
        raise ValueError(t("a position is a FEN of at most 120 characters"))
    return value


SPEC = GameSpec(
    name="jumping-bishop",
    game_class="drezlab.games.jumpingbishop.game:JumpingBishop",
    title="Jumping-bishop chess",
    title_es="Ajedrez del alfil saltador",
    summary="Chess whose bishops jump exactly three squares (two diagonal, one straight on or turned)",
    summary_es="Ajedrez cuyos alfiles saltan exactamente tres casillas (dos en diagonal y una recta o girando)",
    aliases=("jumpingbishop", "alfil-saltador"),
    seats=(2, 2),
    teams=False,
    chance="none",
    hidden_information=False,
    options=(
        Option(
            "position",
            None,
            (str,),
            "a teacher's position as a FEN (None: the initial position)",
            nullable=True,
            check=_fen_text,
        ),
    ),
    picture="drezlab.games.jumpingbishop.picture:draw",
    levels=('random', 'greedy', 'search'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "greedy": "drezlab.players.search:GreedyPlayer",
        "search": "drezlab.games.jumpingbishop.bots:JumpingBishopSearch",
    },
    option_sets=({"position": PUZZLE}, {"position": ENDING}),
    max_random_actions=1500,
)
