"""Abyss bots: a greedy player and a perfect player.

Nothing is hidden in Abyss and nothing is left to chance after the placer is
drawn, so a bot may read the whole position; each reads only ``game`` and its
own seeded generator, and never changes ``game``.

:class:`GreedyPlayer` (``"greedy"``) looks one push ahead:

* in the play it takes the push that makes the most opponent's pieces fall,
  counting its own fallen pieces against it (ties at random);
* as the chooser it moves first; picking a colour, it takes the one whose best
  immediate push (for the side that moves first) suits it best;
* as the placer it puts the pieces at random (a uniformly random legal placement).

:class:`PerfectPlayer` (``"perfect"``) plays by the exact solver
(:mod:`drezlab.games.abyss.solver`):

* in the play, the choice and the colour pick it takes an action of the best
  exact value (ties at random): from the moment the pieces are placed its play
  cannot be improved on;
* as the placer it knows (solver module doc) that the chooser gets ``|m| >= 0``,
  so a placement with ``m = 0`` is a perfect one. It completes the pieces already
  placed at random up to ``tries`` times, solving each completion, and keeps the
  first with ``m = 0`` (else the one with the smallest ``|m|``); if the board is
  still empty it falls back, after the tries, on the arrangement where no piece
  faces an opponent's piece (White on a1–c2, Black on d3–e5: a draw at once). It
  then places the planned pieces one by one.
"""

from __future__ import annotations

import random

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, t
from drezlab.games.abyss.game import (
    BLACK,
    CHOOSE,
    COLOUR,
    FIRST,
    FULL,
    MOVES,
    PIECES_PER_COLOUR,
    PLACE,
    PLACEMENTS,
    SQUARE_INDEX,
    WHITE,
    Abyss,
    pushes,
    squares_of,
)
from drezlab.games.abyss.meta import SPEC
from drezlab.games.abyss.solver import Solver, first_mover_values, move_values
from drezlab.players import seat_to_choose

__all__ = ["DEAD_DRAW", "GreedyPlayer", "PerfectPlayer"]

add_translations({"the planned placement is already complete": "la colocación planeada ya está completa"})

#: a placement where no piece has an opponent's piece on its rank or file: a draw at once
DEAD_DRAW = (sum(1 << SQUARE_INDEX[name] for name in ("a1", "b1", "c1", "a2", "b2", "c2")),
             sum(1 << SQUARE_INDEX[name] for name in ("d3", "e3", "d4", "e4", "d5", "e5")))


def _game(game: Game) -> Abyss:
    if getattr(type(game), "spec", None) is not SPEC or not isinstance(game, Abyss):
        raise ValueError(f"this bot plays Abyss, not {type(game).__name__}")
    seat_to_choose(game)
    return game


def _best(values: dict[str, int], rng: random.Random) -> str:
    top = max(values.values())
    best = [text for text, value in values.items() if value == top]
    return best[rng.randrange(len(best))]


def best_gain(own: int, opponent: int) -> int:
    """The most (opponent's fallen − own fallen) one push of ``own`` can make (−99 if none)."""
    return max((push.opponent_fallen - push.own_fallen for push in pushes(own, opponent)), default=-99)


class GreedyPlayer:
    """One push of look-ahead (see the module doc)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        abyss = _game(game)
        actions = abyss.legal_actions()
        if abyss.phase == PLACE:
            return actions[self.rng.randrange(len(actions))]
        if abyss.phase == CHOOSE:
            return abyss.parse(FIRST)
        if abyss.phase == COLOUR:
            white_gain, black_gain = best_gain(abyss.white, abyss.black), best_gain(abyss.black, abyss.white)
            if abyss.first_mover == abyss.to_move:
                values = {"white": white_gain, "black": black_gain}
            else:
                values = {"white": -black_gain, "black": -white_gain}
            return abyss.parse(_best(values, self.rng))
        own, opponent = abyss.mover_masks()
        gains = {MOVES[push.frm, push.to].text: push.opponent_fallen - push.own_fallen for push in pushes(own, opponent)}
        return abyss.parse(_best(gains, self.rng))

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class PerfectPlayer:
    """Plays by the exact solver; as the placer, plans a placement the chooser cannot win
    (see the module doc). ``tries``: random completions tried per plan."""

    name = "perfect"

    def __init__(self, seed: int | None = None, tries: int = 60) -> None:
        if not isinstance(tries, int) or isinstance(tries, bool) or tries < 1:
            raise ValueError(f"tries must be a whole number >= 1, not {tries!r}")
        self.rng = random.Random(seed)
        self.tries = tries
        self.solver = Solver()
        self._plan: tuple[int, int] | None = None

    def choose(self, game: Game) -> Action:
        abyss = _game(game)
        if abyss.phase == PLACE:
            return self._place(abyss)
        return abyss.parse(_best(move_values(abyss, self.solver), self.rng))

    # ------------------------------------------------------------ the placement
    def _place(self, game: Abyss) -> Action:
        placed = (game.white, game.black)
        plan = self._plan
        if plan is None or plan[0] & placed[0] != placed[0] or plan[1] & placed[1] != placed[1]:
            plan = self._plan = self.plan(*placed)
        for colour, target, have in ((WHITE, plan[0], placed[0]), (BLACK, plan[1], placed[1])):
            missing = target & ~have
            if missing:
                return PLACEMENTS[colour][squares_of(missing)[0]]
        raise IllegalAction(t("the planned placement is already complete"))

    def plan(self, white: int, black: int) -> tuple[int, int]:
        """A full placement (White mask, Black mask) containing the pieces already placed:
        the first random completion whose chooser's value ``|m|`` is 0, else the smallest."""
        best: tuple[int, int] | None = None
        best_value = 99
        for _ in range(self.tries):
            free = list(squares_of(~(white | black) & FULL))
            self.rng.shuffle(free)
            need_white = PIECES_PER_COLOUR - white.bit_count()
            need_black = PIECES_PER_COLOUR - black.bit_count()
            full_white = white | sum(1 << square for square in free[:need_white])
            full_black = black | sum(1 << square for square in free[need_white:need_white + need_black])
            chooser_gets = abs(min(first_mover_values(full_white, full_black, self.solver)))
            if chooser_gets < best_value:
                best, best_value = (full_white, full_black), chooser_gets
            if chooser_gets == 0:
                break
        if best_value and not white and not black:
            return DEAD_DRAW
        assert best is not None
        return best

    def __repr__(self) -> str:
        return "PerfectPlayer()"

