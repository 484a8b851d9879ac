"""Bots for PokerDrez for 4: a greedy one, a two-ply search and a team alpha-beta search.

They decide from what their seat may know: the board, the reserves and the common
cards are public, and the legal actions name only the seat's own cards. No bot ever
reads another seat's hand (the other seats' cards are unknown, so the searches assume
any legal move possible for them).

Moves are judged by the change in team material (:func:`move_gain`: a capture of an
opponent's piece gains its value, of a partner's piece loses it, a re-entry brings
its piece back) and by mate: a move after which the next opponent is in check with
no legal move at all is a win whatever cards that seat holds (D19 with §2.8: no card
permits a move that does not exist).

* :class:`GreedyTeamPlayer` (``"greedy"``): the move with the best gain now.
* :class:`SearchTeamPlayer` (``"search"``): the move whose gain minus the next
  opponent's best answer (any legal move, its best gain) is largest; a mate found
  first wins. It never looks past that answer: the partner's recapture and the
  second opponent's threats (Blue moves after Green and Red) are invisible to it,
  which is why, measured, it is no stronger than greedy (``bench/ladder.py``).
* :class:`AlphaBetaTeamPlayer` (``"alphabeta"``, the strongest level): the teams
  alternate ply by ply (Yellow, Green, Red, Blue), so the game is searched as a
  two-sided one: negamax alpha-beta over every seat's moves, deepened one ply at a
  time within a node budget, then a capture search, judging material on the board
  (the ``max_plies`` adjudication's criterion) and mate.

All back the chosen move with the narrowest card that permits it (a figure card
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

from drezlab.boards import CASTLE as ENGINE_CASTLE
from drezlab.boards import kind_of, seat_of
from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.games.pokerdrez4.cross import (
    DROP,
    GRID,
    ROOK,
    TEAMS,
    VALUES,
    CrossBoard,
    Move,
    team_material,
)
from drezlab.games.pokerdrez4.game import PokerDrez4
from drezlab.kits.cardchess import ANY_MOVE, JOKER, KING_ONLY, PHASE_RETURN
from drezlab.kits.cardchessactions import ChessMove, Claim, Exchange
from drezlab.players import seat_to_choose
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
        seat = seat_to_choose(game)
        actions = game.legal_actions()
        if game.phase == PHASE_RETURN:
            return min(actions, key=lambda action: (self._usefulness(game, action.data.card, seat), self.rng.random()))
        by_move: dict[tuple[int, ...], list[Action]] = {}
        others = []
        for action in actions:
            match action.data:
                case ChessMove(key=key):
                    by_move.setdefault(key, []).append(action)
                case _:
                    others.append(action)
        claim = [action for action in others if isinstance(action.data, Claim)]
        if claim and game.material(seat) < 0:
            return claim[0]
        if not by_move:
            exchanges = [action for action in others if isinstance(action.data, Exchange)]
            pool = exchanges or others
            return pool[self.rng.randrange(len(pool))]
        keys = list(by_move)
        self.rng.shuffle(keys)
        chosen = self._pick(game, game.board.copy(), keys)
        return self._backing(game, by_move[chosen], seat)

    @abc.abstractmethod
    def _pick(self, game: PokerDrez4, board: CrossBoard, keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """The permitted move (as its key) to play on ``board`` (a copy of ``game``'s);
        ``keys`` come in a random order, so that a bot taking the first of equals
        breaks ties at random."""

    def _backing(self, game: PokerDrez4, actions: Sequence[Action], seat: int) -> Action:
        """The narrowest card for the move: a figure card, then one acting as a Joker,
        then a Joker; private before common; the neutral card (king only) first of all."""
        hand = game.hands[seat]

        def rank(action: Action) -> tuple[int, int]:
            card = action.data.source
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


class ScoringTeamBot(TeamBot):
    """A bot that scores each permitted move on its own (``_score``) and plays the
    first of the best."""

    def _pick(self, game: PokerDrez4, board: CrossBoard, keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        scores = {key: self._score(board, Move(*key)) for key in keys}
        best = max(scores.values())
        return next(key for key in keys if scores[key] == best)

    @abc.abstractmethod
    def _score(self, board: CrossBoard, move: Move) -> float:
        """How good ``move`` is for the seat to move (the bot's own judgement)."""


class GreedyTeamPlayer(ScoringTeamBot):
    """One ply: mate first, then the best material gain now."""

    name = "greedy"

    def _score(self, board: CrossBoard, move: Move) -> float:
        if mates(board, move):
            return MATE
        return move_gain(board, move)

    def __repr__(self) -> str:
        return "GreedyTeamPlayer()"


class SearchTeamPlayer(ScoringTeamBot):
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


class _OutOfNodes(Exception):
    """The search spent its node budget: the deepening stops (see ``_pick``)."""


class AlphaBetaTeamPlayer(TeamBot):
    """Alpha-beta over the turn order, a team game of two sides that alternate.

    Seats move Yellow, Green, Red, Blue, so the two teams alternate ply by ply: a
    two-sided game, searched as one (negamax with alpha-beta) whatever seat moves, so
    the partner's answers and both opponents' threats are all in view. The root tries
    only the moves this seat's cards permit; deeper, every legal move is assumed
    possible (the other seats' cards are unknown; a partner is trusted to find the
    team's best move, an opponent the team's worst). Leaves are settled by a capture
    search (each seat may capture an opponent's piece or stand pat) and judged by the
    team material on the board (what ``adjudicate`` counts), less ``boxed`` pawns for
    each of the team's kings walled in by its own pieces (more for the opponents').

    The cards enter as chances: a seat whose king cannot step and whose legal moves
    no public common card permits may find no permitted move in its two unseen cards
    (:func:`stuck_chance`), and is then mated if in check, else stalemated; the
    search values such a position by that expectation, which is how it finds the
    checks that mate a walled-in king through the cards, and keeps its own kings free.
    A draw (a stalemate, a repeated position) is worth ``contempt`` pawns below even
    to the searching team: a game that ends early in a draw is a game the stronger
    team does not win.

    ``depth`` full plies (iterative deepening from 1) within ``nodes`` positions
    visited, so the choice never depends on the clock (seeded games repeat exactly);
    when the budget runs out mid-depth, a move that depth has already found better
    than the last depth's best is taken."""

    name = "alphabeta"

    def __init__(self, seed: int | None = None, depth: int = 4, nodes: int = 6000, boxed: float = 0.5,
                 contempt: float = 2.0) -> None:
        super().__init__(seed)
        if depth < 1 or nodes < 1:
            raise ValueError(f"depth and nodes must be at least 1, not {depth} and {nodes}")
        self.depth = depth
        self.nodes = nodes
        self.boxed = boxed
        self.contempt = contempt
        self._visited = 0
        self._table: dict[int, tuple[int, float, int, tuple[int, ...] | None]] = {}
        self._moves: dict[tuple[Any, ...], list[Move]] = {}
        self._captures: dict[tuple[Any, ...], list[tuple[float, Move]]] = {}
        self._common: list[int] = []
        self._card_luck = True
        self._team = 0

    def _pick(self, game: PokerDrez4, board: CrossBoard, keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Deepen one ply at a time, each depth trying first the moves the last one
        found best; when the budget runs out mid-depth, a move that this depth has
        already found better than the last depth's best is taken."""
        self._visited = 0
        self._table = {}
        self._moves = {}
        self._captures = {}
        self._common = [card.figure_number for card in game.common if not card.is_neutral]
        self._card_luck = not game.plain_chess
        self._team = TEAMS[board.turn]
        order = list(keys)
        material = _material(board)
        best = order[0]
        for depth in range(1, self.depth + 1):
            scored: list[tuple[tuple[int, ...], float]] = []
            try:
                self._root(board, order, depth, material, scored)
            except _OutOfNodes:
                if scored:
                    top = max(value for _, value in scored)
                    best = next(key for key, value in scored if value == top)
                break
            top = max(value for _, value in scored)
            best = next(key for key, value in scored if value == top)
            if top >= MATE - 100:
                break
            order = [key for key, _ in sorted(scored, key=lambda item: -item[1])]
        return best

    def _root(self, board: CrossBoard, order: Sequence[tuple[int, ...]], depth: int, material: float,
              scored: list[tuple[tuple[int, ...], float]]) -> None:
        """Each root move's value at ``depth``, appended to ``scored`` as it is found
        (alpha-beta bounds: the best is exact, the others at most their value)."""
        alpha = -MATE - 1
        for key in order:
            move = Move(*key)
            gain = move_gain(board, move)
            board.push(move)
            try:
                value = -self._search(board, depth - 1, -MATE - 1, -alpha, -(material + gain), 1)
            finally:
                board.pop()
            scored.append((key, value))
            alpha = max(alpha, value)

    def _search(self, board: CrossBoard, depth: int, alpha: float, beta: float, material: float,
                ply: int) -> float:
        """Negamax value for the seat to move (its team's view), ``material`` being its
        team's material balance now. Where the seat's cards may leave it without a
        permitted move (:func:`stuck_chance`), the value is the expectation over that
        luck: mated (in check) or a draw (not in check), else the searched value. A
        position met before since the last capture or pawn move counts as the draw
        that repeating it leads to (threefold repetition)."""
        if board.clock >= 4 and board.pos.repetitions() >= 2:
            return self._draw(board)
        if depth <= 0:
            if not (self._card_luck and board.in_check(board.turn)):
                shelter = self.boxed * _boxed_kings(board) if self._card_luck else 0.0
                return self._quiesce(board, alpha - shelter, beta - shelter, material, 0) + shelter
            self._count()
            moves = self._legal(board)
            if not moves:
                return -(MATE - ply)
            chance = stuck_chance(board, moves, self._common)
            rest = self._quiesce(board, -MATE - 1, MATE + 1, material, 0) if chance < 1 else 0.0
            return chance * -CARD_MATE + (1 - chance) * rest
        self._count()
        moves = self._legal(board)
        if not moves:
            return -(MATE - ply) if board.in_check(board.turn) else self._draw(board)
        chance = stuck_chance(board, moves, self._common) if self._card_luck else 0.0
        if not chance:
            return self._expand(board, moves, depth, alpha, beta, material, ply)
        stuck = -CARD_MATE if board.in_check(board.turn) else self._draw(board)
        rest = self._expand(board, moves, depth, -MATE - 1, MATE + 1, material, ply) if chance < 1 else 0.0
        return chance * stuck + (1 - chance) * rest

    def _draw(self, board: CrossBoard) -> float:
        """A draw's value for the seat to move: ``contempt`` pawns below even for the
        searching team, above even for the other (a stalemate ends the game for all
        four, so the team that expects to outplay the other avoids one)."""
        return -self.contempt if TEAMS[board.turn] == self._team else self.contempt

    def _expand(self, board: CrossBoard, moves: Sequence[Move], depth: int, alpha: float, beta: float,
                material: float, ply: int) -> float:
        """The alpha-beta step over ``moves`` (the legal moves), through the table of
        positions already searched in this decision."""
        key = board.key()
        entry = self._table.get(key)
        hint = None
        if entry is not None:
            stored_depth, value, bound, hint = entry
            if stored_depth >= depth and (bound == 0 or (bound > 0 and value >= beta)
                                          or (bound < 0 and value <= alpha)):
                return value
        start = alpha
        best_value = -MATE - 1
        best_move: tuple[int, ...] | None = None
        for move in _ordered(board, moves, hint):
            gain = move_gain(board, move)
            board.push(move)
            try:
                value = -self._search(board, depth - 1, -beta, -alpha, -(material + gain), ply + 1)
            finally:
                board.pop()
            if value > best_value:
                best_value, best_move = value, tuple(move)
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        bound = 1 if best_value >= beta else -1 if best_value <= start else 0
        self._table[key] = (depth, best_value, bound, best_move)
        return best_value

    def _quiesce(self, board: CrossBoard, alpha: float, beta: float, material: float, ply: int) -> float:
        """The capture search: stand pat on the position's value, or capture an
        opponent's piece (most valuable victim first), up to ``QUIESCENCE`` plies."""
        self._count()
        stand = material
        if stand >= beta or ply >= QUIESCENCE:
            return stand
        alpha = max(alpha, stand)
        for gain, move in self._takes(board):
            if stand + gain + 1 <= alpha:
                break
            board.push(move)
            try:
                value = -self._quiesce(board, -beta, -alpha, -(material + gain), ply + 1)
            finally:
                board.pop()
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return alpha

    def _legal(self, board: CrossBoard) -> list[Move]:
        """The legal moves of the seat to move, remembered for this decision (the
        deepening meets the same positions again at every depth)."""
        key = _position_key(board)
        moves = self._moves.get(key)
        if moves is None:
            moves = self._moves[key] = board.legal_moves()
        return moves

    def _takes(self, board: CrossBoard) -> list[tuple[float, Move]]:
        """The seat to move's captures of opponents' pieces (:func:`_captures`), remembered."""
        key = _position_key(board)
        found = self._captures.get(key)
        if found is None:
            found = self._captures[key] = _captures(board)
        return found

    def _count(self) -> None:
        self._visited += 1
        if self._visited > self.nodes:
            raise _OutOfNodes

    def __repr__(self) -> str:
        return (f"AlphaBetaTeamPlayer(depth={self.depth}, nodes={self.nodes}, boxed={self.boxed}, "
                f"contempt={self.contempt})")


#: the capture search's longest sequence of captures after the full-width plies
QUIESCENCE = 6


#: a seat left in check without a permitted move is mated (D19): what the search counts
#: for that card luck, in pawns (a mate on the board itself is worth MATE)
CARD_MATE = 100.0
#: the share of the pack that is one given figure (9 of 56 cards: 18 of 112 with two packs)
FIGURE_SHARE = 9 / 56


def stuck_chance(board: CrossBoard, moves: Sequence[Move], common: Sequence[int]) -> float:
    """The chance that the seat to move has no card for any of its legal ``moves``
    (then it is mated if in check, else stalemated: D19).

    A king step needs any card, so a king that can step is never stuck. Otherwise a
    card permits a move when it is a Joker, its figure is the moving piece's, or the
    seat has no piece of its figure on the board (§2.2). ``common`` (the figures of
    the public common cards, taken at the root) known to permit: never stuck; else
    the seat's two unseen private cards must both fail, each with the pack's share of
    non-permitting figures. (Neutral exchanges, D11, are left out.)"""
    if not moves:
        return 1.0
    seat = board.turn
    king = board.pos.kings[seat]
    kinds = set()
    for move in moves:
        if move.frm == king and move.flag != ENGINE_CASTLE:
            return 0.0
        kinds.add(ROOK if move.flag == ENGINE_CASTLE else move.extra if move.flag == DROP
                  else kind_of(board.pos.board[move.frm]))
    permitting = {JOKER} | kinds | {figure for figure in range(1, JOKER) if not board.has_kind(figure, seat)}
    if any(figure in permitting for figure in common):
        return 0.0
    return (1.0 - FIGURE_SHARE * len(permitting)) ** 2


#: each cell's neighbours on the cross board (a king's steps)
_NEIGHBOURS = tuple(tuple(near for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df or dr)
                          and (near := GRID.offset(cell, df, dr)) >= 0) for cell in range(len(GRID)))


def _boxed_kings(board: CrossBoard) -> float:
    """Opponents' kings with no square to step to (every neighbour held by the king's
    own seat: a partner's piece may be taken) minus the seat to move's team's: such a
    king can neither escape a check nor save its seat from a stalemate with a king
    step, so its cards alone decide."""
    cells = board.pos.board
    mover = TEAMS[board.turn]
    balance = 0.0
    for seat, king in enumerate(board.pos.kings):
        team = TEAMS[seat]
        if all(cells[near] and seat_of(cells[near]) == seat for near in _NEIGHBOURS[king]):
            balance += -1.0 if team == mover else 1.0
    return balance


def _material(board: CrossBoard) -> float:
    """The team material balance for the seat to move."""
    return float(team_material(board, TEAMS[board.turn]))


def _ordered(board: CrossBoard, moves: Sequence[Move], hint: tuple[int, ...] | None) -> list[Move]:
    """Moves to try first: the stored best, then captures (most valuable victim by the
    least valuable attacker), re-entries, the rest."""
    pieces = board.pos.board
    team = TEAMS[board.turn]

    def rank(move: Move) -> float:
        if hint is not None and tuple(move) == hint:
            return -1000.0
        victim = pieces[move.to]
        if victim and TEAMS[seat_of(victim)] != team:
            attacker = move.extra if move.flag == DROP else kind_of(pieces[move.frm])
            return -10.0 * VALUES[kind_of(victim)] + VALUES[attacker] - 100
        if move.flag == DROP:
            return -float(VALUES[move.extra])
        return 0.0

    return sorted(moves, key=rank)


def _position_key(board: CrossBoard) -> tuple[Any, ...]:
    """What the legal moves depend on: the placement, seat to move and castling (the
    engine's key) and the reserves (which pieces may re-enter where)."""
    return (board.key(), *map(tuple, board.reserves))


#: per seat, the engine codes of the pieces it may capture (its opponents' but their kings)
_TARGETS: dict[int, frozenset[int]] = {}


def _captures(board: CrossBoard, prune: bool = True) -> list[tuple[float, Move]]:
    """The seat to move's legal captures of opponents' pieces, with their gains, most
    valuable victim (then least valuable attacker) first.

    The capture search calls this at almost every position it visits, so it walks
    only the capturing parts of the engine's move tables (``gen[code][cell]``: the
    leaps and rays that may take) instead of listing every move: four times faster
    than filtering ``legal_moves``, which a test checks it agrees with. Partner
    pieces and kings are never targets (a king is never captured, D17). With
    ``prune``, a capture of a lesser piece on a square the victim's team guards is
    left out (it loses material at once: the capture search's usual cut)."""
    pos = board.pos
    cells = pos.board
    seat = pos.turn
    tables = pos.tables
    gen, royal, opponents = tables.gen, tables.royal, tables.opponents[seat]
    enemy = _TARGETS.get(seat)
    if enemy is None:
        enemy = _TARGETS[seat] = frozenset(code for code in range(1, len(royal))
                                           if seat_of(code) in opponents and not royal[code])
    found = []
    for frm in sorted(pos.pieces[seat]):
        code = cells[frm]
        _, both_leaps, _, take_leaps, both_rays, _, take_rays = gen[code][frm]
        targets = [to for leaps in (both_leaps, take_leaps) for to in leaps if cells[to] in enemy]
        for rays in (both_rays, take_rays):
            for ray in rays:
                for to in ray:
                    if cells[to]:
                        if cells[to] in enemy:
                            targets.append(to)
                        break
        attacker = VALUES[kind_of(code)]
        for to in sorted(set(targets)):
            victim = VALUES[kind_of(cells[to])]
            if prune and victim < attacker and pos.attacked(to, opponents):
                continue
            move = Move(frm, to)
            pos.push(move)
            safe = not pos.attacked(pos.kings[seat], opponents)
            pos.pop()
            if safe:
                found.append((float(victim), -attacker, move))
    found.sort(key=lambda item: (-item[0], -item[1]))
    return [(gain, move) for gain, _, move in found]


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
