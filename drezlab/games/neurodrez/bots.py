"""NeuroDrez's bots: a greedy player (conquer and protect) and a sampling player.

Both decide for the seat to move only from what that seat may know: they never
search the game itself but ``game.resample(seat, rng)``, a copy in which the tiles
and cards the seat cannot see are dealt afresh among the places it cannot see
(other hands, the pile) and the dice are reseeded from the bot's own generator.

* :class:`GreedyPlayer` (``"greedy"``) tries every legal action on one such copy
  and keeps the one whose resulting position :meth:`NeuroDrez.evaluate` likes best:
  held and conquering tiles of its best surface against the strongest other side,
  conquering pieces worth less where an enemy can capture them (so it conquers,
  captures conquerors and keeps its own out of reach). A won game beats everything.
* :class:`SamplingPlayer` (``"sampling"``) at the tile, removal, piece and
  sudden-death steps keeps the greedy player's best few candidates, and for each
  plays it in several sampled worlds, finishes its turn and lets the other hands
  answer greedily until its own hand's next roll, when its conquests are marked,
  and averages the evaluation there (reading the shares of the tiles on the terrain
  once sudden death may be called, since a call makes them what counts): it sees
  whether a conquest survives the round,
  whether a call of sudden death or a removed tile hands the next player a win, and
  whether the dice and unseen tiles and cards of the others are likely to punish it.
"""

from __future__ import annotations

import math
import random
from typing import Any

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.players.search import static_value

__all__ = ["GreedyPlayer", "SAMPLED_PHASES", "SamplingPlayer", "TILE_SAMPLE"]

#: the steps at which the sampling player looks ahead (elsewhere it plays greedily)
SAMPLED_PHASES = ("tile", "remove", "piece", "call")
#: how many random tile placements a look-ahead weighs for each placement it plays
TILE_SAMPLE = 16


def _ranked(work: Game, seat: int, actions: list[Action], rng: random.Random) -> list[tuple[float, Action]]:
    """Every action with its one-ply value on ``work`` (a resampled copy), best first;
    equal values in an order drawn from ``rng``."""
    scored = []
    for action in actions:
        work.play(action.text)
        scored.append((static_value(work, seat, 1), rng.random(), action))
        work.undo()
    scored.sort(key=lambda entry: (-entry[0], entry[1]))
    return [(value, action) for value, _, action in scored]


class GreedyPlayer:
    """One ply of look-ahead with the game's conquer-and-protect evaluation."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        return self._rank(game)[1][0][1]

    def _rank(self, game: Game) -> tuple[int, list[tuple[float, Action]]]:
        """The seat to move and its legal actions ranked by their one-ply value on a
        resampled copy, best first (a lone action is not valued: it is the choice)."""
        seat = game.to_move
        if seat is None:
            raise IllegalAction("the game is over: there is no action to choose")
        actions = game.legal_actions()
        if len(actions) == 1:
            return seat, [(0.0, actions[0])]
        return seat, _ranked(game.resample(seat, self.rng), seat, actions, self.rng)

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class SamplingPlayer(GreedyPlayer):
    """Determinised look-ahead to the own next turn (see the module docstring).

    ``worlds`` sampled deals per decision, ``candidates`` actions tried in each."""

    name = "sampling"

    def __init__(self, seed: int | None = None, worlds: int = 4, candidates: int = 4) -> None:
        super().__init__(seed)
        self.worlds = worlds
        self.candidates = candidates

    def choose(self, game: Game) -> Action:
        seat, ranked = self._rank(game)
        public = game.view(seat).public
        phase, hand = public["phase"], public["hand"]
        if len(ranked) == 1 or phase not in SAMPLED_PHASES or ranked[0][0] >= 1:
            return ranked[0][1]
        shortlist = [action for _, action in ranked[:self.candidates]]
        totals = dict.fromkeys((action.text for action in shortlist), 0.0)
        for _ in range(self.worlds):
            world = game.resample(seat, self.rng)
            for action in shortlist:
                trial = world.copy()
                trial.play(action.text)
                totals[action.text] += self._round(trial, seat, hand)
        best = max(totals.values())
        return next(action for action in shortlist if math.isclose(totals[action.text], best))

    def _round(self, game: Any, seat: int, hand: int) -> float:
        """Play on greedily (the rest of this turn, then the other hands' turns) until
        ``hand`` is about to roll again, then the position's value for ``seat``. Tile
        placements are chosen among :data:`TILE_SAMPLE` random ones, to keep it quick.
        ``game`` is a sampled world (a NeuroDrez), so its attributes may be read."""
        for _ in range(200):
            if game.is_over or (game.hand == hand and game.phase == "roll"):
                break
            actions = game.legal_actions()
            if len(actions) > 1:
                if game.phase in ("tile", "leftover") and len(actions) > TILE_SAMPLE:
                    actions = self.rng.sample(actions, TILE_SAMPLE)
                mover = game.to_move
                assert mover is not None
                action = _ranked(game, mover, actions, self.rng)[0][1]
            else:
                action = actions[0]
            game.play(action.text)
        if game.is_over:
            return static_value(game, seat, 0)
        return float(game.evaluate(seat, callable_counts=True))

    def __repr__(self) -> str:
        return f"SamplingPlayer(worlds={self.worlds}, candidates={self.candidates})"
