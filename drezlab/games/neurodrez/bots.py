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
* :class:`SamplingPlayer` (``"sampling"``) knows what decides a game: from 18 tiles on
  a player who holds every tile of a surface on the terrain calls sudden death and
  wins at once, unless the next player then holds one too (§9.9, D39); in sudden
  death a removal that leaves a surface all one side's wins. So it reads every
  surface's share of the tiles *on the terrain* (not of six), from the first turn on.
  At the tile, removal, piece and call steps it ranks its steps by that reading,
  those that leave the other side a win it sees at once last (:func:`~drezlab.games.
  neurodrez.reading.exposes`: a tile it may remove, or a surface it holds alone when
  it may call), keeps the best few (one per tile at the tile step, so that it weighs
  different tiles rather than one tile on several cells) and plays each in several
  sampled worlds: the rest of its turn, then the other hands' turns as the greedy
  player would play them, until its own next roll (its conquests marked), where it
  reads the shares again; a game won or lost on the way counts 1 or -1. Inside a
  world it calls sudden death only when the call wins at once. Its steps inside a
  world are valued without playing them (:mod:`drezlab.games.neurodrez.reading`):
  about ten times cheaper than playing and undoing each, so eight worlds of five
  steps take about 0.1 s of CPU per decision.
"""

from __future__ import annotations

import random
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.games.neurodrez.actions import MovePiece, Phase, PlaceTile
from drezlab.games.neurodrez.meta import tiles_zone
from drezlab.games.neurodrez.reading import (
    conquest_wins,
    exposes,
    step_value,
    value_for,
)
from drezlab.games.neurodrez.tiles import adjacent_empty_cells
from drezlab.players import seat_to_choose
from drezlab.players.search import static_value

__all__ = ["SAMPLED_PHASES", "GreedyPlayer", "SamplingPlayer"]

#: the steps at which the sampling player looks ahead (elsewhere it plays greedily)
SAMPLED_PHASES = (Phase.TILE, Phase.REMOVE, Phase.PIECE, Phase.CALL)


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
        seat = seat_to_choose(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return seat, [(0.0, actions[0])]
        return seat, _ranked(game.resample(seat, self.rng), seat, actions, self.rng)

    def __repr__(self) -> str:
        return "GreedyPlayer()"


class SamplingPlayer(GreedyPlayer):
    """Determinised look-ahead to the own next turn, reading shares of the terrain (see
    the module docstring). ``worlds`` sampled deals per decision, ``candidates`` steps
    tried in each."""

    name = "sampling"

    def __init__(self, seed: int | None = None, worlds: int = 8, candidates: int = 5) -> None:
        super().__init__(seed)
        self.worlds = worlds
        self.candidates = candidates

    def choose(self, game: Game) -> Action:
        seat = seat_to_choose(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        world: Any = game.resample(seat, self.rng)
        phase = world.phase
        if phase not in SAMPLED_PHASES:
            return _ranked(world, seat, actions, self.rng)[0][1]
        side, hand = world.side, world.hand
        if phase == Phase.CALL:
            for action in actions:
                world.play(action.text)
                won = world.is_over and world.outcome.scores[seat] == 1.0
                world.undo()
                if won:
                    return action
            shortlist = list(actions)
        else:
            scored = sorted(((step_value(world, side, action, True), self.rng.random(), action)
                             for action in _distinct(actions)), key=lambda entry: (-entry[0], entry[1]))
            if scored[0][0] >= 1.0 or len(scored) == 1:
                return scored[0][2]
            ranked = [action for _, _, action in scored]
            if world.mode == "competitive":
                threats = [action for action in ranked if conquest_wins(world, side, action)]
                ranked = threats + [action for action in ranked if action not in threats]
            if world.mode == "competitive" and world.sides == 2:
                safe = [action for action in ranked if not exposes(world, side, action)]
                ranked = safe + [action for action in ranked if action not in safe]
            shortlist = _shortlist(ranked, self.candidates)
        totals = [0.0] * len(shortlist)
        for index in range(self.worlds):
            if index:
                world = game.resample(seat, self.rng)
            for place, action in enumerate(shortlist):
                trial = world.copy()
                trial.play(action.text)
                totals[place] += self._rollout(trial, seat, side, hand)
        return shortlist[max(range(len(shortlist)), key=totals.__getitem__)]

    def _rollout(self, game: Any, seat: int, side: int, hand: int) -> float:
        """Play on (the rest of this turn, then the other hands' turns) until ``hand`` is
        about to roll again; then the shares of the terrain for ``side``, or 1 / -1 for
        a game won or lost. ``game`` is a sampled world (a NeuroDrez), so its attributes
        may be read."""
        for _ in range(200):
            if game.is_over or (game.hand == hand and game.phase == Phase.ROLL):
                break
            game.play(self._step(game, game.side == side))
        if game.is_over:
            return 2 * game.outcome.scores[seat] - 1
        return value_for(game, side, game.board, game.markers, game.pieces, True)

    def _step(self, game: Any, mine: bool) -> str:
        """One step inside a world: for the own side by the shares of the terrain, for the
        others by the greedy player's reading (shares of six before sudden death); a tile
        step weighs each tile in the hand once, on a random free cell."""
        phase = game.phase
        if phase == Phase.ROLL:
            return "roll"
        side = game.side
        if phase == Phase.CALL:
            return self._call(game, side, mine)
        by_present = mine or game.sudden
        if phase == Phase.TILE:
            cells = adjacent_empty_cells(game.board)
            tiles = dict.fromkeys(tile.id for tile in game.zones[tiles_zone(game.hand)])
            steps = [PlaceTile("tile", tile, cells[self.rng.randrange(len(cells))]) for tile in tiles]
            values = [step_value(game, side, placement, by_present) for placement in steps]
            best = steps[values.index(max(values))]
            return f"{best.tile} {best.cell}"
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0].text
        if phase == Phase.LEFTOVER:
            return _ranked(game, game.to_move, actions, self.rng)[0][1].text
        options = _distinct(actions)
        values = [step_value(game, side, action, by_present) for action in options]
        return options[values.index(max(values))].text

    @staticmethod
    def _call(game: Any, side: int, mine: bool) -> str:
        """The call step inside a world: the own side calls only when the call wins; the
        others as the greedy player does (the better of the two positions by its reading)."""
        seat = next(seat for hand, seat in enumerate(game.layout.hand_seats) if game.layout.hand_sides[hand] == side)
        values = {}
        for text in ("sudden", "end"):
            game.play(text)
            if game.is_over:
                values[text] = 2 * game.outcome.scores[seat] - 1
            elif mine:
                values[text] = -0.5 if text == "sudden" else 0.0
            else:
                values[text] = value_for(game, side, game.board, game.markers, game.pieces, game.sudden)
            game.undo()
        return "sudden" if values["sudden"] > values["end"] else "end"

    def __repr__(self) -> str:
        return f"SamplingPlayer(worlds={self.worlds}, candidates={self.candidates})"


def _distinct(actions: list[Action]) -> list[Action]:
    """One action per resulting position: of the piece steps that move the same piece to
    the same cell, the first listed (by the die, when the die selects it, before a card)."""
    seen: set[tuple[str, str]] = set()
    result = []
    for action in actions:
        data = action.data
        if isinstance(data, MovePiece):
            if (data.piece, data.cell) in seen:
                continue
            seen.add((data.piece, data.cell))
        result.append(action)
    return result


def _shortlist(ranked: list[Action], count: int) -> list[Action]:
    """The first ``count`` of ``ranked``; at the tile step each tile once (its best cell),
    so that the look-ahead weighs different tiles rather than one tile on several cells."""
    if not ranked or not isinstance(ranked[0].data, PlaceTile):
        return ranked[:count]
    by_tile: dict[str, Action] = {}
    for action in ranked:
        by_tile.setdefault(action.data.tile, action)
    return list(by_tile.values())[:count]
