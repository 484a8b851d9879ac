"""Dejarik bots that read the exact attack odds (:mod:`drezlab.games.dejarik.odds`).

Both decide from ``game.view(seat)`` only (nothing is hidden in Dejarik, but the
rule holds for every drezlab bot) and search a light model of the position: a board
of 25 creature numbers and who owns each creature.

* :class:`GreedyPlayer` — one action at a time, the best *expected material*: an
  attack is worth ``P(mortal attack)·value(defender) − P(mortal defence)·value(attacker)``
  (values: Attack + Defence), a move or a pass 0; ties are broken at random, so it
  moves at random until an attack pays.
* :class:`ExpectimaxPlayer` — at the first action of a turn it searches both actions:
  max over the first action, the exact chance of each of the four results, max over
  its own push choices and min over the opponent's, then max over the second action,
  down to a leaf worth material minus the best two attacks the opponent has from
  where the creatures stand (and a little of its own). A side left without creatures
  is worth ±100, a duel ±100 scaled by its exact odds (:func:`~.odds.duel_odds`).

Pushes are chosen by the same leaf value (or, on the bot's own turn with an
action still to come, by the best value of that action); both bots place their
creatures at random (the setup offers no material to weigh).
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping
from functools import cache
from typing import Any

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.games.dejarik.actions import PASS, Attack, DejarikAction, Kind, Move, Push
from drezlab.games.dejarik.game import BY_KEY, BY_NUMBER, CREATURES, destinations
from drezlab.games.dejarik.odds import attack_odds, duel_odds
from drezlab.kits.ring import CELLS, NEIGHBOURS, SIDE_LETTERS
from drezlab.players import seat_to_choose

WIN = 100.0
Board = tuple[int, ...]
Owner = tuple[int, ...]


@cache
def _odds(attacker: int, defender: int) -> tuple[float, float, float, float]:
    """The four result probabilities of creature ``attacker`` attacking ``defender``, as floats."""
    a, d = BY_NUMBER[attacker], BY_NUMBER[defender]
    return tuple(float(p) for p in attack_odds(a.attack, d.defence))  # type: ignore[return-value]


@cache
def _duel(south: int, north: int) -> float:
    """The chance that South's creature ``south`` wins the duel against ``north``."""
    s, n = BY_NUMBER[south], BY_NUMBER[north]
    return float(duel_odds(max(s.attack, s.defence), max(n.attack, n.defence)))


VALUE = {c.number: float(c.value) for c in CREATURES}


def read_view(game: Game, seat: int) -> tuple[Board, Owner, Mapping[str, Any]]:
    """The board (cell -> creature number), the owners (creature -> seat) and the public
    part of ``seat``'s observation."""
    public = game.view(seat).public
    board = [0] * CELLS
    owner = [-1] * 9
    for cell, content in enumerate(public["cells"]):
        if content:
            side, key = content.split(":")
            board[cell] = BY_KEY[key].number
            owner[board[cell]] = SIDE_LETTERS.index(side)
    return tuple(board), tuple(owner), public


def attack_swing(attacker: int, defender: int) -> float:
    """Expected material the attacker's side gains by the attack (mortal results only)."""
    mortal_attack, _, _, mortal_defence = _odds(attacker, defender)
    return mortal_attack * VALUE[defender] - mortal_defence * VALUE[attacker]


def terminal(board: Board, owner: Owner, seat: int) -> float | None:
    """The value for ``seat`` of a finished position (a side without creatures, or a duel), else None."""
    mine = [n for n in board if n and owner[n] == seat]
    theirs = [n for n in board if n and owner[n] != seat]
    if not theirs:
        return WIN
    if not mine:
        return -WIN
    if len(mine) == 1 and len(theirs) == 1:
        south, north = (mine[0], theirs[0]) if seat == 0 else (theirs[0], mine[0])
        p_south = _duel(south, north)
        p = p_south if seat == 0 else 1 - p_south
        return (2 * p - 1) * WIN
    return None


def leaf(board: Board, owner: Owner, seat: int) -> float:
    """Material for ``seat`` minus the opponent's two best attacks from where the creatures
    stand (the opponent acts next), plus a fifth of ``seat``'s own best attack."""
    done = terminal(board, owner, seat)
    if done is not None:
        return done
    material = 0.0
    threats: list[float] = []
    chances = 0.0
    for cell in range(CELLS):
        number = board[cell]
        if not number:
            continue
        mine = owner[number] == seat
        material += VALUE[number] if mine else -VALUE[number]
        for other in NEIGHBOURS[cell]:
            target = board[other]
            if target and owner[target] != owner[number]:
                swing = attack_swing(number, target)
                if mine:
                    chances = max(chances, swing)
                elif swing > 0:
                    threats.append(swing)
    threats.sort(reverse=True)
    return material - sum(threats[:2]) + 0.2 * chances


def actions(board: Board, owner: Owner, seat: int) -> list[DejarikAction]:
    """The model's actions for ``seat``: moves, attacks, and ``pass`` (the game's action data)."""
    found: list[DejarikAction] = []
    for cell in range(CELLS):
        number = board[cell]
        if not number or owner[number] != seat:
            continue
        for to in destinations(board, cell, BY_NUMBER[number].move):
            found.append(Move(Kind.MOVE, cell, to))
        for to in NEIGHBOURS[cell]:
            if board[to] and owner[board[to]] != seat:
                found.append(Attack(Kind.ATTACK, cell, to))
    found.append(PASS)
    return found


def _moved(board: Board, frm: int, to: int) -> Board:
    changed = list(board)
    changed[to], changed[frm] = changed[frm], 0
    return tuple(changed)


def _without(board: Board, cell: int) -> Board:
    changed = list(board)
    changed[cell] = 0
    return tuple(changed)


class _Search:
    """Expectimax over the actions left in a turn, with a table of positions already valued."""

    def __init__(self, owner: Owner, seat: int) -> None:
        self.owner = owner
        self.seat = seat
        self.table: dict[tuple[Board, int], float] = {}

    def turn_value(self, board: Board, left: int) -> float:
        """The best expected value ``seat`` can reach with ``left`` actions still to play."""
        key = (board, left)
        if key in self.table:
            return self.table[key]
        done = terminal(board, self.owner, self.seat)
        if done is not None:
            value = done
        elif left == 0:
            value = leaf(board, self.owner, self.seat)
        else:
            value = max(self.action_value(board, action, left) for action in actions(board, self.owner, self.seat))
        self.table[key] = value
        return value

    def action_value(self, board: Board, action: DejarikAction, left: int) -> float:
        """The expected value of ``action`` (a move, an attack or a pass) then the best play
        of the actions after it."""
        match action:
            case Move(frm=frm, to=to):
                return self.turn_value(_moved(board, frm, to), left - 1)
            case Attack(frm=frm, to=to):
                return self.attack_value(board, frm, to, left)
        return self.turn_value(board, left - 1)

    def attack_value(self, board: Board, frm: int, to: int, left: int) -> float:
        """The expected value of the attack from ``frm`` on ``to``: each of the four results
        with its exact odds, then the best play of the actions after it."""
        mortal_attack, attacker_push, defender_push, mortal_defence = _odds(board[frm], board[to])
        value = mortal_attack * self.turn_value(_without(board, to), left - 1)
        value += mortal_defence * self.turn_value(_without(board, frm), left - 1)
        value += attacker_push * self.push_value(board, to, left - 1, mine=True)
        value += defender_push * self.push_value(board, frm, left - 1, mine=False)
        return value

    def push_value(self, board: Board, pushed: int, left: int, mine: bool) -> float:
        """A push of the creature on ``pushed``: ``seat`` picks the best target when it won
        the roll, the opponent the worst for ``seat`` otherwise; no target: nothing moves."""
        targets = [cell for cell in NEIGHBOURS[pushed] if not board[cell]]
        if not targets:
            return self.turn_value(board, left)
        values = [self.turn_value(_moved(board, pushed, cell), left) for cell in targets]
        return max(values) if mine else min(values)


class _DejarikBot(abc.ABC):
    """What both bots share: reading the view, placing, pushing."""

    name = "dejarik-bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        seat = seat_to_choose(game)
        board, owner, public = read_view(game, seat)
        legal = game.legal_actions()
        if public["phase"] == "place":
            return self.place(legal)
        if public["phase"] == "push":
            return self.push(legal, board, owner, seat, public)
        return self.act(legal, board, owner, seat, public["actions_left"])

    def place(self, legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]

    def push(self, legal: list[Action], board: Board, owner: Owner, seat: int, public: Any) -> Action:
        """The push target with the best leaf value for ``seat`` (or, on its own turn with
        an action still to come, the best value of that action)."""
        own_turn = public["seat"] == seat and public["actions_left"] > 1
        search = _Search(owner, seat)
        scored = []
        for action in legal:
            data: Push = action.data
            after = _moved(board, data.pushed, data.to)
            value = search.turn_value(after, 1) if own_turn else leaf(after, owner, seat)
            scored.append((value, action))
        return self._best(scored)

    @abc.abstractmethod
    def act(self, legal: list[Action], board: Board, owner: Owner, seat: int, left: int) -> Action:
        """The action to take with ``left`` actions left in the turn."""

    def _best(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(value for value, _ in scored)
        best = [action for value, action in scored if value >= top - 1e-9]
        return best[self.rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class GreedyPlayer(_DejarikBot):
    """The action with the best expected material (see the module docstring)."""

    name = "greedy"

    def act(self, legal: list[Action], board: Board, owner: Owner, seat: int, left: int) -> Action:
        scored = []
        for action in legal:
            match action.data:
                case Attack(frm=frm, to=to):
                    scored.append((attack_swing(board[frm], board[to]), action))
                case _:
                    scored.append((0.0, action))
        return self._best(scored)


class ExpectimaxPlayer(_DejarikBot):
    """Expectimax over the actions left in the turn with the exact odds (module docstring)."""

    name = "expectimax"

    def act(self, legal: list[Action], board: Board, owner: Owner, seat: int, left: int) -> Action:
        search = _Search(owner, seat)
        scored = [(search.action_value(board, action.data, left), action) for action in legal]
        return self._best(scored)
