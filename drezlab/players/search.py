"""Greedy and alpha-beta bots for any game of the Game protocol.

Both bots look ahead by playing moves on a ``copy()`` of the game and taking
them back with ``undo()``; the game handed to ``choose`` is never touched.

**The heuristic hook.** A game may define

    ``evaluate(seat: int) -> float``

saying how good the current, unfinished position looks for ``seat``, between
-1 (lost) and 1 (won). Finished games are scored by their ``outcome`` instead
(a win is worth :data:`WIN`, far beyond any heuristic, a draw 0), so a game
without ``evaluate`` still gets bots that take a win and avoid a loss when
they see one, and otherwise choose at random.

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

Chance and hidden cards: the bots search the game object itself, so in a game
that draws from its own seeded generator inside ``play`` (PokerDrez's die)
they see the outcome that generator would give, and in a game with hidden
information they see every card. They are meant for perfect-information games
such as Brandubh; in the others they are strong but not fair.
"""

from __future__ import annotations

import math
import random

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game

WIN = 1000.0
"""The value of a won game: far above any heuristic (which stays within [-1, 1])."""


def static_value(game: Game, seat: int, ply: int = 0) -> float:
    """The value of ``game`` for ``seat`` without looking further ahead.

    A finished game: ``WIN`` scaled by the seat's score (1 win, 0.5 draw, 0 loss)
    to the range [-WIN, WIN], pulled ``ply`` points towards 0 so that a win found
    sooner (and a loss found later) is preferred. Otherwise ``game.evaluate(seat)``
    when the game has that hook, else 0.
    """
    outcome = game.outcome
    if outcome is not None:
        score = (2.0 * outcome.scores[seat] - 1.0) * WIN
        return score - ply if score > 0 else score + ply if score < 0 else 0.0
    evaluate = getattr(game, "evaluate", None)
    return float(evaluate(seat)) if evaluate is not None else 0.0


def _decision(game: Game) -> tuple[int, list[Action]]:
    """The seat to move and its legal actions (a bot has nothing to choose once the game is over)."""
    seat = game.to_move
    if seat is None or game.is_over:
        raise IllegalAction("the game is over: there is no action to choose")
    return seat, game.legal_actions()


class GreedyPlayer:
    """One ply of look-ahead: the action whose resulting position is worth most."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        work = game.copy()
        seat, actions = _decision(work)
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
        work = game.copy()
        seat, actions = _decision(work)
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

