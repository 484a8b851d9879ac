"""Monte Carlo tree search over the Game protocol, for every game (``"mcts"``).

One player, :class:`MCTSPlayer`, covers the three kinds of game drezlab has:

* **Perfect information, no chance** (Brandubh, the river chess games, the jumping
  bishop): plain UCT. Every iteration plays down the tree on one ``copy()`` of the
  game and takes the moves back with ``undo()``.
* **Chance** (dice, draws) without hidden cards: *open-loop* UCT. The tree is keyed by
  the players' actions only; each iteration searches ``game.resample(seat, rng)``, a copy
  whose chance source is reseeded from the bot's generator, so every pass down the tree
  meets other dice and draws, sampled by the game's own chance with its own
  probabilities, and a node's value averages over them.
* **Hidden information** (opponents' cards, the deck order): single-observer
  information-set MCTS (Cowling, Powley and Whitehouse, 2012). Each iteration is a fresh
  *determinisation* ``game.resample(seat, rng)``: the cards the seat to move may not
  see are dealt afresh among the places it may not see, consistently with its own
  observation. A node's children are the actions tried in any determinisation; the
  selection step considers only those legal in this one and counts how often each was
  available (the "availability" count replaces the parent's visits in UCB). So the bot
  never reads another seat's cards: its choice depends on its own view and its seed
  only (tests check it).

Whether a game needs sampling is :func:`drezlab.players.search.must_sample` (its
metadata declares hidden information or explicit chance).

**Values and seats.** Every node keeps the summed result of each seat; the seat to move
at a node picks the child best for itself (max^n), so games of any number of seats work,
a solitaire maximises its own result and team-mates (who share the team's score in the
game's ``Outcome.scores``) help each other. A finished game counts its ``Outcome.scores``;
a rollout cut short after ``rollout`` random plies counts ``(evaluate(seat) + 1) / 2``
for each seat, the game's own heuristic mapped to the scores' 0..1 scale (``rollout=0``
evaluates the new leaf at once: the right choice for chess-like games, whose random
play says little). Games without a heuristic are rolled out to the end
(``rollout=None``) or count 0.5 when cut short.

**Budget.** ``iterations`` passes down the tree per decision (deterministic for a seed),
stopped early when ``time_limit`` seconds have passed (a cap for slow positions, so the
strongest levels answer a pupil within about a second; a search stopped by the cap is
no longer exactly repeatable). The chosen action is the root's most visited child,
ties broken by the mean value, then by the seeded generator.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.players import RESIGN, seat_to_choose
from drezlab.players.search import must_sample

__all__ = ["MCTSPlayer", "Node"]


class Node:
    """One node of the search tree: the action that led here is its key in the
    parent's ``children``; ``mover`` is the seat that chose it; ``totals[s]`` sums
    seat ``s``'s results over the ``visits`` passes through this node; ``available``
    counts the passes through the parent in which this action was legal."""

    __slots__ = ("available", "children", "mover", "totals", "visits")

    def __init__(self, mover: int, seats: int) -> None:
        self.mover = mover
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * seats
        self.children: dict[str, Node] = {}

    def mean(self) -> float:
        """The mover's mean result through this node."""
        return self.totals[self.mover] / self.visits if self.visits else 0.0


def _check_number(name: str, value: Any, low: float, whole: bool, nullable: bool = False) -> None:
    if value is None and nullable:
        return
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not math.isfinite(value) or value < low:
        kind = "a whole number" if whole else "a number"
        extra = " or None" if nullable else ""
        raise ValueError(f"{name} must be {kind} >= {low}{extra}, not {value!r}")


class MCTSPlayer:
    """Monte Carlo tree search (UCT / information-set MCTS; see the module docstring).

    ``iterations``: passes down the tree per decision; ``time_limit``: a cap in seconds
    (``None``: none); ``exploration``: the UCB constant c in
    ``mean + c * sqrt(ln(available) / visits)``; ``rollout``: random plies played after
    the new leaf before the game's ``evaluate`` judges the position (``None``: to the
    end; 0: judge the leaf itself). ``iterations_done`` says how many passes the last
    decision made (fewer than ``iterations`` when the time cap stopped it)."""

    name = "mcts"

    def __init__(self, seed: int | None = None, iterations: int = 400, time_limit: float | None = 1.0,
                 exploration: float = 0.7, rollout: int | None = 8) -> None:
        _check_number("iterations", iterations, 1, whole=True)
        _check_number("time_limit", time_limit, 0, whole=False, nullable=True)
        _check_number("exploration", exploration, 0, whole=False)
        _check_number("rollout", rollout, 0, whole=True, nullable=True)
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = float(exploration)
        self.rollout = rollout
        self.iterations_done = 0

    # ------------------------------------------------------------------ deciding
    def choose(self, game: Game) -> Action:
        seat = seat_to_choose(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            self.iterations_done = 0
            return actions[0]
        root = Node(seat, game.players)
        sample = must_sample(game)
        shared = None if sample else game.copy()
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while done < self.iterations:
            work = game.resample(seat, self.rng) if sample else shared
            assert work is not None
            played = self._iterate(work, root)
            if not sample:
                for _ in range(played):
                    work.undo()
            done += 1
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.iterations_done = done
        return self._best(root, actions)

    def _best(self, root: Node, actions: list[Action]) -> Action:
        """The most visited of the real game's actions (ties: higher mean, then the generator)."""
        scored = []
        for action in actions:
            child = root.children.get(action.text)
            scored.append((child.visits, child.mean()) if child is not None else (0, 0.0))
        top = max(scored)
        best = [action for action, score in zip(actions, scored) if score == top]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def _iterate(self, work: Game, root: Node) -> int:
        """One pass: select and expand down the tree, roll out, back up. Returns the
        number of actions played on ``work`` (the caller undoes them on a shared copy)."""
        path = [root]
        node = root
        played = 0
        rng = self.rng
        while not work.is_over:
            mover = work.to_move
            assert mover is not None
            actions = work.legal_actions()
            untried = [action for action in actions if action.text not in node.children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                for other in actions:
                    child = node.children.get(other.text)
                    if child is not None:
                        child.available += 1
                child = Node(mover, len(root.totals))
                child.available = 1
                node.children[action.text] = child
                work.play(action)
                played += 1
                path.append(child)
                break
            action, node = self._select(node, actions)
            work.play(action)
            played += 1
            path.append(node)
        values, extra = self._rollout(work)
        played += extra
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for index, value in enumerate(values):
                totals[index] += value
        return played

    def _select(self, node: Node, actions: list[Action]) -> tuple[Action, Node]:
        """UCB1 among the children legal now (each counted as available once more)."""
        best_action = actions[0]
        best_child = node.children[best_action.text]
        best_value = -math.inf
        c = self.exploration
        for action in actions:
            child = node.children[action.text]
            child.available += 1
            value = child.mean() + c * math.sqrt(math.log(child.available) / child.visits) \
                if child.visits else math.inf
            if value > best_value:
                best_action, best_child, best_value = action, child, value
        return best_action, best_child

    def _rollout(self, work: Game) -> tuple[list[float], int]:
        """Random plies from the leaf (at most ``rollout``), then each seat's result."""
        played = 0
        rng = self.rng
        limit = self.rollout
        while not work.is_over and (limit is None or played < limit):
            action = work.random_action(rng)
            if action.text == RESIGN:      # as the random bot: never give up while anything else is legal
                others = [other for other in work.legal_actions() if other.text != RESIGN]
                action = others[rng.randrange(len(others))] if others else action
            work.play(action)
            played += 1
        outcome = work.outcome
        if outcome is not None:
            return [float(score) for score in outcome.scores], played
        return [(float(work.evaluate(seat)) + 1.0) / 2.0 for seat in range(work.players)], played

    def __repr__(self) -> str:
        return (f"MCTSPlayer(iterations={self.iterations}, time_limit={self.time_limit}, "
                f"exploration={self.exploration}, rollout={self.rollout})")
