"""Abyss's metadata: what the registry, the widget, the simulations and the
conformance suite read without importing the rules.

Options (``shared/rules/board-games.md`` §4):

* ``placer``: the seat that places the twelve pieces, 0 or 1; ``None`` (the
  default) draws it at random through the game's chance (D19: "chosen at random,
  or by agreement").
* ``position``: a teacher's position after the placement, in the text form of
  :func:`drezlab.games.abyss.game.parse_position` (five ranks, rank 5 first,
  ``w`` White, ``b`` Black, ``.`` empty, ranks separated by ``/`` or line
  breaks); ``None`` (the default) starts with the placement phase. With a
  position seat 0 plays White and seat 1 Black, and the placement and the choice
  are skipped.
* ``to_move``: with a position, the colour that moves first (``"white"`` or
  ``"black"``).

Only types and allowed values are checked here; the position's content (at most
six pieces of each colour, 25 squares) is checked by the game, which raises a
``BadRecord`` saying what is wrong.
"""

from __future__ import annotations

from drezlab.core.spec import GameSpec, Option

#: the colours in the order of the position text and of the seats of a teacher's position
COLOUR_NAMES = ("white", "black")

#: a late position used by the conformance suite (and the lesson): White to move
PUZZLE = "..b../.w.b./b.w../...w./..b.."


SPEC = GameSpec(
    name="abyss",
    game_class="drezlab.games.abyss.game:Abyss",
    title="Abyss",
    title_es="Abyss (Abismo)",
    summary="Abyss: one player places twelve pieces, the other chooses to move first or to pick "
            "the colour; every move pushes an opponent's piece off the 5x5 board",
    summary_es="Abyss: un jugador coloca doce fichas y el otro elige mover primero o escoger el "
               "color; cada jugada empuja fuera del tablero 5x5 alguna ficha contraria",
    aliases=("abismo",),
    seats=(2, 2),
    teams=False,
    chance="explicit",
    hidden_information=False,
    options=(
        Option("placer", None, (int,), "the seat that places the pieces (0 or 1); None: drawn at random (D19)",
               choices=(0, 1), nullable=True),
        Option("position", None, (str,), "a teacher's position after the placement (None: start with the "
               "placement phase)", nullable=True),
        Option("to_move", "white", (str,), "with a position: the colour that moves first, 'white' or 'black'",
               choices=COLOUR_NAMES),
    ),
    picture="drezlab.games.abyss.picture:draw",
    numbers="perfect",
    levels=('random', 'greedy', 'mcts', 'perfect'),
    bots={
        "random": "drezlab.players:RandomPlayer",
        "mcts": "drezlab.players.mcts:MCTSPlayer(iterations=400, time_limit=0.9)",
        "greedy": "drezlab.games.abyss.bots:GreedyPlayer",
        "perfect": "drezlab.games.abyss.bots:PerfectPlayer",
    },
    option_sets=({"placer": 0}, {"placer": 1}, {"position": PUZZLE, "to_move": "white"},
                 {"position": PUZZLE, "to_move": "black"}),
    max_random_actions=40,
)
