"""Material-counting bots for any game played on a chess board.

A game is playable by these bots when it offers two public members:

* ``chess_board``: the current ``chess.Board`` (read only: the bots copy it);
* ``chess_move(action)``: the ``chess.Move`` an action makes, or ``None`` for an
  action that makes no chess move (a card draw, a die roll, an exchange, a card
  action).

EDAMI and PokerDrez both offer them. The bots know no game by name and look for
no other member: what a game adds (moves under a temporary effect, the worth of a
card draw) goes into subclasses in the game's own package, e.g.
``drezlab/games/edami/bots.py``. They count material with the usual values (pawn
1, knight 3, bishop 3, rook 5, queen 9), deliberately simply, so that a lesson can
explain them in one paragraph, and fast (no copy of the game for chess moves), so
that thousands of games fit in a few minutes (``bench/bench_edami.py``).

* :class:`GreedyChessPlayer` (``"greedy-chess"``): the action that leaves the most
  material after it, counted for the colour the bot plays. A checkmate counts as
  winning the king (worth :data:`WIN`), a stalemate as a draw (worth 0).
* :class:`SearchChessPlayer` (``"search-chess"``): a 2-ply search. Each action is
  worth the material after it *minus* the most the rival can win with its best
  reply: a capture (by the same count) or a checkmate in one (a direct check that
  leaves no legal answer). So it does not leave pieces hanging, and it does not
  walk into a mate in one.
* :class:`PlainGreedyChessPlayer`, :class:`PlainSearchChessPlayer`
  (``draws=False``): they take an action that is not a chess move only when no
  chess move is legal (resigning aside), i.e. they play on their chess moves alone.

Actions that are not chess moves are valued by playing them on
``game.resample(seat, rng)``: a copy the bot's seat cannot tell from the game,
whose hidden cards and future chance are dealt afresh from the bot's generator.
So a bot never learns what a draw or a die roll will bring, or what an opponent
holds: it sees one outcome the seat considers possible, and counts the material
after it (minus the rival's best reply, for the search bot, when the turn passed).

Ties: the bot shuffles the legal actions with its own seeded generator and keeps
the first one of the highest value, a uniform choice among equally good actions;
so a seed repeats a game exactly and different seeds give different games. The
search bot skips the exact value of a move that cannot give check when its upper
bound (the material after it: a reply never gives material back) cannot beat the
best value found so far; that changes no choice, except that a quiet move
stalemating a rival who still has pieces other than king and pawns may be
overlooked.

The colour a seat plays is seat 0 White, seat 1 Black (``ChessBot._color``; a game
where persons change colours says otherwise in its subclass). The rival's mate
threats are direct checks only (no discovered checks).
"""

from __future__ import annotations

import abc
import math
import random
from collections.abc import Callable
from typing import Any, ClassVar

import chess

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game
from drezlab.players import RESIGN, seat_to_choose

#: piece values; the king is worth a won game (it can only be taken in games that allow it)
WIN = 1000.0
PIECE_VALUES: dict[int, float] = {chess.PAWN: 1.0, chess.KNIGHT: 3.0, chess.BISHOP: 3.0, chess.ROOK: 5.0,
                                  chess.QUEEN: 9.0, chess.KING: WIN}
VALUE_LIST = [0.0, 1.0, 3.0, 3.0, 5.0, 9.0, WIN]
#: resigning, and an avoided action of a bot with ``draws=False``: below every real choice (moves are > -3 WIN)
RESIGN_VALUE = -10 * WIN
AVOIDED_VALUE = -5 * WIN


def material(board: chess.Board, color: chess.Color) -> float:
    """Material of ``color`` minus that of its rival (kings not counted)."""
    total = 0.0
    own, rival = board.occupied_co[color], board.occupied_co[not color]
    for ptype, mask in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights), (chess.BISHOP, board.bishops),
                        (chess.ROOK, board.rooks), (chess.QUEEN, board.queens)):
        total += VALUE_LIST[ptype] * (chess.popcount(mask & own) - chess.popcount(mask & rival))
    return total


def capture_gain(board: chess.Board, move: chess.Move) -> float:
    """Material the side to move wins with ``move``: the captured piece (en passant
    included) plus what a promotion adds."""
    to_bb = chess.BB_SQUARES[move.to_square]
    if board.occupied_co[not board.turn] & to_bb:
        gain = VALUE_LIST[board.piece_type_at(move.to_square) or 0]
    elif move.to_square == board.ep_square and board.pawns & chess.BB_SQUARES[move.from_square] \
            and (move.from_square & 7) != (move.to_square & 7):
        gain = 1.0
    else:
        gain = 0.0
    if move.promotion:
        gain += VALUE_LIST[move.promotion] - 1.0
    return gain


def best_gains(board: chess.Board, moves: list[chess.Move]) -> dict[int, float]:
    """Piece type -> the best capture gain among ``moves`` of that type (0 for quiet moves)."""
    best: dict[int, float] = {}
    for move in moves:
        ptype = board.piece_type_at(move.from_square) or 0
        gain = capture_gain(board, move)
        if gain > best.get(ptype, -1.0):
            best[ptype] = gain
    return best


def check_squares(board: chess.Board, victim: chess.Color) -> list[int]:
    """Index 1–6: the squares from which a piece of that type (of ``victim``'s rival) would
    attack ``victim``'s king on ``board`` (direct checks only); index 0: all of them."""
    king = board.king(victim)
    if king is None:
        return [0] * 7
    occupied = board.occupied
    diagonal = chess.BB_DIAG_ATTACKS[king][chess.BB_DIAG_MASKS[king] & occupied]
    straight = (chess.BB_RANK_ATTACKS[king][chess.BB_RANK_MASKS[king] & occupied]
                | chess.BB_FILE_ATTACKS[king][chess.BB_FILE_MASKS[king] & occupied])
    pawn, knight = chess.BB_PAWN_ATTACKS[victim][king], chess.BB_KNIGHT_ATTACKS[king]
    return [pawn | knight | diagonal | straight, pawn, knight, diagonal, straight, diagonal | straight, 0]


def outcome_value(game: Game, seat: int) -> float:
    """A finished game for ``seat``: ``WIN``, 0 (draw) or ``-WIN``."""
    outcome = game.outcome
    assert outcome is not None
    if not outcome.winners:
        return 0.0
    return WIN if seat in outcome.winners else -WIN


class ChessRules:
    """Chess legality for look-ahead on a scratch board: python-chess's. A game whose
    pieces move otherwise (EDAMI's temporary effects) gives its bots a subclass."""

    #: kings may be left attacked and captured (then mate and stalemate are not judged)
    king_capture = False

    def moves(self, board: chess.Board, to_mask: chess.Bitboard = chess.BB_ALL) -> list[chess.Move]:
        """The legal moves of the side to move (only those landing on ``to_mask``)."""
        return list(board.generate_legal_moves(to_mask=to_mask))

    def any_move(self, board: chess.Board) -> bool:
        """Has the side to move any legal move at all?"""
        return any(True for _ in board.generate_legal_moves())

    def in_check(self, board: chess.Board, color: chess.Color) -> bool:
        king = board.king(color)
        return king is not None and bool(board.attackers_mask(not color, king))

    def attack_squares(self, board: chess.Board, victim: chess.Color) -> list[int]:
        """Like :func:`check_squares`, for the pieces as they move under these rules."""
        return check_squares(board, victim)


def check_info(board: chess.Board, rules: ChessRules) -> tuple[list[int], int]:
    """For the side to move: per piece type the squares from which it would attack the
    rival king, and its pieces that stand alone between one of its sliders and that
    king (moving them may discover a check)."""
    mover = board.turn
    king = board.king(not mover)
    if king is None:
        return [chess.BB_ALL] * 7, chess.BB_ALL
    squares = rules.attack_squares(board, not mover)
    snipers = ((chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]) & (board.rooks | board.queens)
               | chess.BB_DIAG_ATTACKS[king][0] & (board.bishops | board.queens)) & board.occupied_co[mover]
    blockers = 0
    for sniper in chess.scan_forward(snipers):
        between = chess.between(king, sniper) & board.occupied
        if between and between & (between - 1) == 0:
            blockers |= between
    return squares, blockers & board.occupied_co[mover]


class Decision:
    """Everything one ``choose`` call needs about the position, computed once."""

    def __init__(self, game: Game, seat: int, color: chess.Color, rules: ChessRules,
                 actions: list[Action]) -> None:
        self.game = game
        self.seat = seat
        self.color = color
        self.board: chess.Board = game.chess_board.copy(stack=False)  # type: ignore[attr-defined]
        self.balance = material(self.board, color)
        self.rules = rules
        self.actions = actions
        self._checks: tuple[list[int], int] | None = None
        self._work: Game | None = None
        self._has_moves: bool | None = None

    @property
    def has_chess_moves(self) -> bool:
        """Is any of the legal actions a chess move?"""
        if self._has_moves is None:
            chess_move = self.game.chess_move  # type: ignore[attr-defined]
            self._has_moves = any(chess_move(action) is not None for action in self.actions)
        return self._has_moves

    def could_check(self, move: chess.Move) -> bool:
        """Could the bot's ``move`` give check? True for every direct or discovered check
        (a superset: castling and en passant always count), so a move for which this is
        False can neither mate nor, by checking, end the rival's options."""
        if self._checks is None:
            self._checks = check_info(self.board, self.rules)
        squares, blockers = self._checks
        board = self.board
        if blockers & chess.BB_SQUARES[move.from_square] or move.to_square == board.ep_square:
            return True
        ptype = move.promotion or board.piece_type_at(move.from_square) or 0
        if ptype == chess.KING:
            return abs((move.from_square & 7) - (move.to_square & 7)) == 2       # castling: the rook
        return bool(squares[ptype] & chess.BB_SQUARES[move.to_square])

    def played(self, action: Action, rng: random.Random) -> tuple[Game, Callable[[], Any]]:
        """``action`` played on a copy the bot's seat cannot tell from the game (hidden
        cards and chance dealt afresh from ``rng``), and how to take it back."""
        if self._work is None:
            self._work = self.game.resample(self.seat, rng)
        work = self._work
        work.play(action.text)
        return work, work.undo


class ChessBot(abc.ABC):
    """Shared machinery: value every legal action, keep the best, break ties by the seed."""

    name = "chess-bot"
    #: ``draws`` when the constructor is not given it
    draws_by_default: ClassVar[bool] = True

    def __init__(self, seed: int | None = None, draws: bool | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.draws = self.draws_by_default if draws is None else bool(draws)

    def choose(self, game: Game) -> Action:
        """The legal action with the highest value (see the module docstring); never changes ``game``."""
        seat = seat_to_choose(game)
        self._check_game(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        decision = self._decision(game, seat, actions)
        # In a seeded random order, the first action of the highest value: a uniform choice
        # among equally good actions. An action whose upper bound cannot beat the best so
        # far needs no exact value (it could at most tie, and an earlier one wins ties).
        order = list(range(len(actions)))
        self.rng.shuffle(order)
        best_action, best_value = actions[order[0]], -math.inf
        for index in order:
            action = actions[index]
            if self._bound(decision, action) <= best_value:
                continue
            value = self._value(decision, action)
            if value > best_value:
                best_action, best_value = action, value
        return best_action

    def value(self, game: Game, action: Action) -> float:
        """The bot's value of ``action`` (legal in ``game``, for the side to move): material
        it expects to have after it, ``WIN`` for a win; for lessons and tests."""
        seat = game.to_move
        if seat is None:
            raise IllegalAction("the game is over: there is no action to value")
        self._check_game(game)
        return self._value(self._decision(game, seat, game.legal_actions()), action)

    def _check_game(self, game: Game) -> None:
        try:
            board = game.chess_board  # type: ignore[attr-defined]
        except AttributeError:
            board = None
        if not isinstance(board, chess.Board):
            raise ValueError(f"{self.name} plays games on a chess board (games that offer chess_board and "
                             f"chess_move), not {type(game).__name__}")

    # ------------------------------------------------------------ hooks for games
    def _rules(self, game: Game) -> ChessRules:
        """How pieces move in ``game`` now (python-chess's rules unless a subclass says otherwise)."""
        return ChessRules()

    def _color(self, game: Game, seat: int) -> chess.Color:
        """The colour ``seat`` plays: seat 0 White, seat 1 Black."""
        return chess.WHITE if seat == 0 else chess.BLACK

    def _decision(self, game: Game, seat: int, actions: list[Action]) -> Decision:
        return Decision(game, seat, self._color(game, seat), self._rules(game), actions)

    def _avoided(self, decision: Decision, action: Action) -> bool:
        """With ``draws=False``: is ``action`` (not a chess move, not resigning) one to
        take only when nothing else is left? Here: whenever a chess move is legal."""
        return decision.has_chess_moves

    def _rival_chance(self, decision: Decision, board: chess.Board) -> float:
        """What the rival (to move on ``board``) may win by an action that is not a chess
        move (a card draw): nothing here; games with such actions say otherwise."""
        return 0.0

    # ------------------------------------------------------------------ values
    def _value(self, decision: Decision, action: Action) -> float:
        move = decision.game.chess_move(action)  # type: ignore[attr-defined]
        if move is not None and decision.board.turn == decision.color:
            return self._move_value(decision, move)
        if action.text == RESIGN:
            return RESIGN_VALUE
        if not self.draws and move is None and self._avoided(decision, action):
            return AVOIDED_VALUE
        return self._action_value(decision, action)

    def _bound(self, decision: Decision, action: Action) -> float:
        """An upper bound of ``_value`` (``math.inf``: no bound known, evaluate it)."""
        return math.inf

    @abc.abstractmethod
    def _move_value(self, decision: Decision, move: chess.Move) -> float:
        """The value of the chess move ``move`` for the side to move (the bot)."""

    def _reply(self, decision: Decision, board: chess.Board, after_move: bool = False) -> float:
        """What the rival (to move on ``board``) wins back with its reply: nothing for the
        greedy bot, which does not look at replies."""
        return 0.0

    def _action_value(self, decision: Decision, action: Action) -> float:
        """An action that is not a chess move: played on a resampled copy (see the module
        docstring), material counted (or the finished game scored)."""
        work, undo = decision.played(action, self.rng)
        try:
            if work.outcome is not None:
                return outcome_value(work, decision.seat)
            board: chess.Board = work.chess_board  # type: ignore[attr-defined]
            value = material(board, decision.color)
            if work.to_move != decision.seat and board.turn != decision.color:
                value -= self._reply(decision, board)
            return value
        finally:
            undo()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, draws={self.draws})"


class GreedyChessPlayer(ChessBot):
    """The action that leaves the most material after it (mate = the king won, stalemate = 0)."""

    name = "greedy-chess"

    def _move_value(self, decision: Decision, move: chess.Move) -> float:
        board, rules = decision.board, decision.rules
        gain = capture_gain(board, move)
        if gain >= WIN:
            return WIN
        rival = not board.turn
        lone = not board.occupied_co[rival] & ~board.kings & ~board.pawns
        if not rules.king_capture and (lone or decision.could_check(move)):
            board.push(move)
            try:
                if not rules.moves(board):
                    return WIN if rules.in_check(board, rival) else 0.0
            finally:
                board.pop()
        return decision.balance + gain


class SearchChessPlayer(ChessBot):
    """Two plies: the material after the action minus the rival's best reply (a capture,
    a mate in one, or what the game's chance actions are worth to it)."""

    name = "search-chess"

    def _move_value(self, decision: Decision, move: chess.Move) -> float:
        board = decision.board
        gain = capture_gain(board, move)
        if gain >= WIN:
            return WIN
        board.push(move)
        try:
            return decision.balance + gain - self._reply(decision, board, after_move=True)
        finally:
            board.pop()

    def _bound(self, decision: Decision, action: Action) -> float:
        """For a chess move that cannot give check: the material after it (a reply never
        gives material back). When the rival has only its king and pawns it might be
        stalemated (worth 0), so the bound is at least 0; a rival with other pieces is
        taken not to be stalemated by a quiet move (the exact evaluation still sees it)."""
        move = decision.game.chess_move(action)  # type: ignore[attr-defined]
        board = decision.board
        if move is None or board.turn != decision.color or decision.rules.king_capture \
                or decision.could_check(move):
            return math.inf
        gain = capture_gain(board, move)
        if gain >= WIN:
            return math.inf
        lone = not board.occupied_co[not board.turn] & ~board.kings & ~board.pawns
        return max(decision.balance + gain, 0.0) if lone else decision.balance + gain

    def _reply(self, decision: Decision, board: chess.Board, after_move: bool = False) -> float:
        """The most the rival (to move on ``board``) wins at once: a capture, ``WIN`` for a
        mate in one, or a chance action (``_rival_chance``). ``after_move``: the bot has
        just moved, so a rival without moves is mated (the bot's value becomes ``WIN``) or
        stalemated (0)."""
        rules = decision.rules
        mover = board.turn
        checks = check_squares(board, not mover)
        targets = board.occupied_co[not mover]
        if board.ep_square is not None:
            targets |= chess.BB_SQUARES[board.ep_square]
        captures = rules.moves(board, targets)
        check_moves = rules.moves(board, checks[0] & ~targets)
        if not captures and not check_moves and not rules.any_move(board):
            return self._no_reply(decision, board, after_move)
        best = 0.0
        for reply in captures:
            best = max(best, capture_gain(board, reply))
        if best >= WIN or rules.king_capture:
            return best
        for reply in captures + check_moves:
            if checks[reply.promotion or board.piece_type_at(reply.from_square) or 0] & chess.BB_SQUARES[reply.to_square]:
                board.push(reply)
                try:
                    if not rules.any_move(board) and rules.in_check(board, board.turn):
                        return WIN
                finally:
                    board.pop()
        return max(best, self._rival_chance(decision, board))

    @staticmethod
    def _no_reply(decision: Decision, board: chess.Board, after_move: bool) -> float:
        rules = decision.rules
        if rules.king_capture or not after_move:
            return 0.0
        if rules.in_check(board, board.turn):          # mated: the value becomes exactly WIN
            return material(board, not board.turn) - WIN
        return material(board, not board.turn)          # stalemated: the value becomes 0 (a draw)


class PlainGreedyChessPlayer(GreedyChessPlayer):
    """``greedy-chess`` that plays its chess moves alone (``draws=False``)."""

    name = "greedy-chess-nocards"
    draws_by_default = False


class PlainSearchChessPlayer(SearchChessPlayer):
    """``search-chess`` that plays its chess moves alone (``draws=False``)."""

    name = "search-chess-nocards"
    draws_by_default = False
