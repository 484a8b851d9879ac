"""Bots for PokerDrez for 4: a greedy one and a two-ply search, both team players.

They decide from what their seat may know: the board, the reserves and the common
cards are public, and the legal actions name only the seat's own cards. Neither bot
ever reads another seat's hand (the opponents' cards are unknown, so the search
assumes an opponent may answer with *any* legal move: the pessimistic reading).

Moves are judged by the change in team material (:func:`move_gain`: a capture of an
opponent's piece gains its value, of a partner's piece loses it, a re-entry brings
its piece back) and by mate: a move after which the next opponent is in check with
no legal move at all is a win whatever cards that seat holds (D19 with §2.8: no card
permits a move that does not exist).

* :class:`GreedyTeamPlayer` (``"greedy"``): the move with the best gain now.
* :class:`SearchTeamPlayer` (``"search"``): the move whose gain minus the next
  opponent's best answer (any legal move, its best gain) is largest; a mate found
  first wins.

Both back the chosen move with the narrowest card that permits it (a figure card
before a card acting as a Joker, a Joker last, a private card before a common one),
give back the least useful card after using a common card, exchange a neutral card
only when no move is permitted, and claim a draw only when their team is behind.

:func:`team_match` plays two bot levels against each other as teams and counts team
results with a 95 % Wilson interval (``bench/bench_pokerdrez4.py`` and lesson 16).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Sequence
from typing import Any, NamedTuple

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.errors import IllegalAction
from drezlab.games.pokerdrez4.cross import DROP, TEAMS, VALUES, CrossBoard, Move
from drezlab.games.pokerdrez4.game import PokerDrez4
from drezlab.kits.cardchess import ANY_MOVE, JOKER, KING_ONLY, PHASE_RETURN
from drezlab.sim import tournament
from drezlab.sim.results import wilson

MATE = 1000.0


def move_gain(board: CrossBoard, move: Move) -> float:
    """The change in the mover's team material that ``move`` makes."""
    team = TEAMS[board.turn]
    gain = float(VALUES[move.extra]) if move.flag == DROP else 0.0
    captured = board.piece_at(move.to)
    if captured is not None:
        value = VALUES[captured.kind]
        gain += value if TEAMS[captured.seat] != team else -value
    return gain


def mates(board: CrossBoard, move: Move) -> bool:
    """Does ``move`` leave the next seat (an opponent) in check without any legal move?"""
    board.push(move)
    try:
        return board.in_check(board.turn) and not board.legal_moves()
    finally:
        board.pop()


def best_answer(board: CrossBoard) -> float:
    """The best gain the seat to move can make with any legal move (0 if none)."""
    moves = board.legal_moves()
    return max((move_gain(board, move) for move in moves), default=0.0)


class TeamBot(abc.ABC):
    """What both bots share: card choice, returns, exchanges, claims; subclasses
    judge the moves (``_score``)."""

    name = "team"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: PokerDrez4) -> Action:
        seat = game.to_move
        if seat is None:
            raise IllegalAction("the game is over: there is no action to choose")
        actions = game.legal_actions()
        if game.phase == PHASE_RETURN:
            return min(actions, key=lambda action: (self._usefulness(game, action.data[1], seat), self.rng.random()))
        by_move: dict[tuple[int, ...], list[Action]] = {}
        others = []
        for action in actions:
            if action.data[0] == "move":
                by_move.setdefault(action.data[2], []).append(action)
            else:
                others.append(action)
        claim = [action for action in others if action.data[0] == "claim"]
        if claim and game.material(seat) < 0:
            return claim[0]
        if not by_move:
            exchanges = [action for action in others if action.data[0] == "exchange"]
            pool = exchanges or others
            return pool[self.rng.randrange(len(pool))]
        keys = list(by_move)
        self.rng.shuffle(keys)
        board = game.board.copy()
        scores = {key: self._score(board, Move(*key)) for key in keys}
        best = max(scores.values())
        chosen = next(key for key in keys if scores[key] == best)
        return self._backing(game, by_move[chosen], seat)

    @abc.abstractmethod
    def _score(self, board: CrossBoard, move: Move) -> float:
        """How good ``move`` is for the seat to move (the bot's own judgement)."""

    def _backing(self, game: PokerDrez4, actions: Sequence[Action], seat: int) -> Action:
        """The narrowest card for the move: a figure card, then one acting as a Joker,
        then a Joker; private before common; the neutral card (king only) first of all."""
        hand = game.hands[seat]

        def rank(action: Action) -> tuple[int, int]:
            card = action.data[1]
            if not isinstance(card, Card):
                return (0, 0)
            card_class = game.card_class(card, seat)
            if card_class == KING_ONLY:
                width = 0
            elif card.figure_number == JOKER:
                width = 3
            else:
                width = 2 if card_class == ANY_MOVE else 1
            return (width, 0 if card in hand else 1)

        return min(actions, key=rank)

    def _usefulness(self, game: PokerDrez4, card: Card, seat: int) -> float:
        """How much ``seat`` wants to keep ``card``: Jokers most, neutral cards least,
        figure cards by how many of its pieces of that figure are on the board."""
        if card.is_neutral:
            return 0.0
        figure = card.figure_number
        if figure == JOKER:
            return 100.0
        count = game.board.count(figure, seat)
        return 50.0 if count == 0 else float(count)


class GreedyTeamPlayer(TeamBot):
    """One ply: mate first, then the best material gain now."""

    name = "greedy"

    def _score(self, board: CrossBoard, move: Move) -> float:
        if mates(board, move):
            return MATE
        return move_gain(board, move)

    def __repr__(self) -> str:
        return "GreedyTeamPlayer()"


class SearchTeamPlayer(TeamBot):
    """Two plies: the gain of the move minus the next opponent's best answer to it,
    any legal answer being assumed possible (its cards are unknown)."""

    name = "search"

    def _score(self, board: CrossBoard, move: Move) -> float:
        if mates(board, move):
            return MATE
        gain = move_gain(board, move)
        board.push(move)
        try:
            answer = best_answer(board)
        finally:
            board.pop()
        return gain - answer

    def __repr__(self) -> str:
        return "SearchTeamPlayer()"


class TeamMatch(NamedTuple):
    """A match of two bot levels as teams: games won, drawn and lost by the first
    level's team, its score rate (draws half) with the 95 % Wilson interval, and how
    many games the ``max_plies`` cap ended by adjudication (the team with more
    material on the board wins)."""

    first: str
    second: str
    games: int
    wins: int
    draws: int
    losses: int
    adjudicated: int
    low: float
    high: float

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games

    def __str__(self) -> str:
        return (f"{self.first} team vs {self.second} team over {self.games} games: {self.wins} won, {self.draws} drawn, "
                f"{self.losses} lost (score {100 * self.score:.1f} %, 95 % CI {100 * self.low:.1f}-{100 * self.high:.1f} %;"
                f" {self.adjudicated} adjudicated)")


def team_match(first: str, second: str, games: int, *, seed: int = 0, max_plies: int = 400,
               workers: int | None = None, options: dict[str, Any] | None = None) -> TeamMatch:
    """``games`` seeded games of ``first``'s team (two ``first`` bots as partners)
    against ``second``'s, through :func:`drezlab.sim.tournament` (game ``i`` has seed
    ``seed + i``; the seats rotate, so each team plays every colour pair)."""
    results = tournament(("pokerdrez4", options or {}), [first, second, first, second], games=games, seed=seed,
                         max_plies=max_plies, workers=workers)
    wins = draws = losses = adjudicated = 0
    for game in results.games:
        mine = sum(score for score, label in zip(game.scores, game.seats) if label.startswith(first))
        adjudicated += game.adjudicated
        if mine > 0.5 + 1e-9:
            wins += 1
        elif mine < 0.5 - 1e-9:
            losses += 1
        else:
            draws += 1
    low, high = wilson(wins + 0.5 * draws, games)
    return TeamMatch(first, second, games, wins, draws, losses, adjudicated, low, high)
