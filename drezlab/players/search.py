"""Greedy and alpha-beta bots for any game of the Game protocol.

Both bots look ahead by playing moves on a copy of the game and taking them
back with ``undo()``; the game handed to ``choose`` is never touched.

**The heuristic hook.** ``Game.evaluate(seat) -> float`` says how good the
current, unfinished position looks for ``seat``, between -1 (lost) and 1 (won);
the base class answers 0. Finished games are scored by their ``outcome`` instead
(a win is worth :data:`WIN`, far beyond any heuristic, a draw 0), so a game that
does not override ``evaluate`` still gets bots that take a win and avoid a loss
when they see one, and otherwise choose at random.

* :class:`GreedyPlayer` (``"greedy"``) tries every legal action, one ply
  deep, and keeps the best value; ties are broken by its seeded generator.
* :class:`SearchPlayer` (``"search"``) is a fixed-depth alpha-beta search
  (``depth`` plies, 2 by default). A seat maximises the value when it is to
  move and assumes every other seat minimises it (the "paranoid" reading,
  which is plain minimax for two players; a seat may also move twice in a row).
  Quicker wins and slower losses score better. Children of interior nodes are
  tried best-first by their heuristic value, which makes the pruning effective;
  the root's actions are shuffled first by the bot's seeded generator, so
  equally good moves vary from game to game but a seed repeats a game exactly.

**No peeking.** In a game whose metadata declares hidden information or explicit
chance (``spec.hidden_information``, ``spec.chance == "explicit"``) the bots do
not search the game itself but ``game.resample(seat, rng)`` (:func:`search_copy`):
a copy that the seat to move cannot tell from the real game, in which the cards
it may not see are dealt afresh among the places it may not see and chance is
reseeded from the bot's own generator. So the bot plays on one guess of the
opponents' hands and of future draws and dice, consistent with what it knows,
never on the real ones. (One guess per decision: a sound but noisy reading; the
bot's seed repeats it exactly.) Games with perfect information and no chance
are searched on a plain ``copy()``, so the bots' choices there do not use the
generator for anything but ties.
"""

from __future__ import annotations

import math
import random

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.players import seat_to_choose

WIN = 1000.0
"""The value of a won game: far above any heuristic (which stays within [-1, 1])."""


def static_value(game: Game, seat: int, ply: int = 0) -> float:
    """The value of ``game`` for ``seat`` without looking further ahead.

    A finished game: ``WIN`` scaled by the seat's score (1 win, 0.5 draw, 0 loss)
    to the range [-WIN, WIN], pulled ``ply`` points towards 0 so that a win found
    sooner (and a loss found later) is preferred. Otherwise ``game.evaluate(seat)``.
    """
    outcome = game.outcome
    if outcome is not None:
        score = (2.0 * outcome.scores[seat] - 1.0) * WIN
        return score - ply if score > 0 else score + ply if score < 0 else 0.0
    return float(game.evaluate(seat))


def must_sample(game: Game) -> bool:
    """Does searching ``game`` itself reveal what its seat to move may not know?

    True when the game's metadata declares hidden information or explicit chance
    (a game without metadata: when it says ``hidden_information``)."""
    spec = type(game).spec
    if spec is None:
        return bool(game.hidden_information)
    return spec.hidden_information or spec.chance == "explicit"


def search_copy(game: Game, seat: int, rng: random.Random) -> Game:
    """The game a bot for ``seat`` may search: ``game.resample(seat, rng)`` when
    :func:`must_sample` says so, else a plain ``copy()`` (see the module docstring)."""
    return game.resample(seat, rng) if must_sample(game) else game.copy()


def _decision(game: Game, rng: random.Random) -> tuple[Game, int, list[Action]]:
    """The copy to search, the seat to move and its legal actions (a bot has nothing
    to choose once the game is over). The actions are the real game's, so the chosen
    one is legal there; the copy plays them by their text."""
    seat = seat_to_choose(game)
    return search_copy(game, seat, rng), seat, game.legal_actions()


class GreedyPlayer:
    """One ply of look-ahead: the action whose resulting position is worth most."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        work, seat, actions = _decision(game, self.rng)
        best: list[Action] = []
        best_value = -math.inf
        for action in actions:
            work.play(action)
            value = static_value(work, seat, 1)
            work.undo()
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class SearchPlayer:
    """Fixed-depth alpha-beta over the Game protocol (see the module doc).

    ``nodes`` counts the positions visited by the last ``choose`` and ``value``
    is the value it found for the chosen action (``WIN - n`` means a forced win
    in ``n`` plies).
    """

    name = "search"

    def __init__(self, seed: int | None = None, depth: int = 2) -> None:
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 1:
            raise ValueError(f"depth must be a whole number of plies >= 1, not {depth!r}")
        self.rng = random.Random(seed)
        self.depth = depth
        self.nodes = 0
        self.value = 0.0

    def choose(self, game: Game) -> Action:
        work, seat, actions = _decision(game, self.rng)
        self.rng.shuffle(actions)
        self.nodes = 1
        if self.depth > 1:
            actions = self._ordered(work, actions, seat, True)
        best, alpha = actions[0], -math.inf
        for action in actions:
            work.play(action)
            value = self._search(work, self.depth - 1, alpha, math.inf, seat, 1)
            work.undo()
            if value > alpha:
                best, alpha = action, value
        self.value = alpha
        return best

    def _ordered(self, game: Game, actions: list[Action], seat: int, maximising: bool) -> list[Action]:
        """The actions best-first for the side to move, by the value one ply ahead."""
        scored = []
        for action in actions:
            game.play(action)
            scored.append(static_value(game, seat, 1))
            game.undo()
            self.nodes += 1
        order = sorted(range(len(actions)), key=scored.__getitem__, reverse=maximising)
        return [actions[i] for i in order]

    def _search(self, game: Game, depth: int, alpha: float, beta: float, seat: int, ply: int) -> float:
        self.nodes += 1
        if depth == 0 or game.is_over:
            return static_value(game, seat, ply)
        maximising = game.to_move == seat
        actions = game.legal_actions()
        if depth > 1:
            actions = self._ordered(game, actions, seat, maximising)
        if maximising:
            value = -math.inf
            for action in actions:
                game.play(action)
                value = max(value, self._search(game, depth - 1, alpha, beta, seat, ply + 1))
                game.undo()
                if value >= beta:
                    break
                alpha = max(alpha, value)
            return value
        value = math.inf
        for action in actions:
            game.play(action)
            value = min(value, self._search(game, depth - 1, alpha, beta, seat, ply + 1))
            game.undo()
            if value <= alpha:
                break
            beta = min(beta, value)
        return value

    def __repr__(self) -> str:
        return f"SearchPlayer(depth={self.depth})"

