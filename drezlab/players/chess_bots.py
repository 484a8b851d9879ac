"""Material-counting bots for the chess games: EDAMI (with or without luck cards) and PokerDrez.

Both bots read ``game.board`` (a ``chess.Board``) and the game's legal actions, and
count material with the usual values (pawn 1, knight 3, bishop 3, rook 5, queen 9).
They are deliberately simple, so that a lesson can explain them in one paragraph, and
fast (no copy of the game for ordinary moves), so that thousands of games fit in a
few minutes (``bench/bench_edami.py``).

* :class:`GreedyChessPlayer` (``"greedy-chess"``): the action that leaves the most
  material after it, counted for the colour the bot plays. A checkmate counts as
  winning the king (worth :data:`WIN`), a stalemate as a draw (worth 0).
* :class:`SearchChessPlayer` (``"search-chess"``): a 2-ply search. Each action is
  worth the material after it *minus* the most the rival can win with its best reply:
  a capture (by the same count), a checkmate in one (a direct check that leaves no
  legal answer), or a card draw (the estimate below). So it does not leave pieces
  hanging, and it does not walk into a mate in one.

Ties: the bot shuffles the legal actions with its own seeded generator and keeps the
first one of the highest value, a uniform choice among equally good actions; so a seed
repeats a game exactly and different seeds give different games. The search bot skips
the exact value of a move that cannot give check when its upper bound (the material
after it: a reply never gives material back) cannot beat the best value found so far;
that changes no choice, except that a quiet move stalemating a rival who still has
pieces other than king and pawns may be overlooked.

**Cards (EDAMI).** Drawing is a chance action: the bots never look at the order of
the draw pile (only at the public multiset of its cards, or of the used pile when the
pile is empty and would be reshuffled). A draw is worth the *average* over those cards
of a one-line estimate of what the card wins at once:

==================================  =================================================
card                                estimated gain
==================================  =================================================
move / choose (movement cards)      best capture by a piece of a named type; if no
                                    such piece can move, the card is impossible
Quita (remove)                      value of the best rival piece of a named type
Bomba (bomb)                        value removed in the zone (by ``bomb_mode``)
Recupera (recover)                  value of the best lost own piece it may bring back
Cambia, Pierde el turno             0
special cards (kept, then a move)   the best capture of the normal move that follows
impossible card                     the best capture of the normal move (2nd edition)
                                    or 0 (1st edition: the turn is lost)
==================================  =================================================

The greedy bot draws when that average beats its best capture; the search bot also
subtracts the rival's best reply in the current position (drawing rarely rescues a
hanging piece). With ``draws=False`` a bot never draws unless drawing is its only
choice besides resigning (``mandatory_card``): EDAMI without draws is plain chess,
which is how ``bench/bench_edami.py`` compares "with cards" and "without cards".

Approximations (it is a bot, not a referee): a card-directed sub-move is valued as
if it ended the turn; objectives, prizes and kept special cards are worth nothing by
themselves; other EDAMI card actions (Cambia squares, veto, Comodín, prizes) are
valued by playing them on a copy and counting material; the rival's mate threats
are direct checks only (no discovered checks); under a temporary effect the rival's
replies use EDAMI's effect-aware move generator.

**PokerDrez.** Supported: a move action is valued like a chess move (the card it
spends is not valued), the rival's replies are all its legal chess moves (its cards
are not looked at, so the bot is cautious), and the chance actions (die roll,
exchanges with the pile or the rival's hand) are valued as "no change" without
looking at what they would bring.
"""

from __future__ import annotations

import abc
import math
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import chess

from drezlab.core.action import Action
from drezlab.core.errors import IllegalAction
from drezlab.core.game import Game

#: piece values; the king is worth a won game (it can only be taken in EDAMI's king-capture mode)
WIN = 1000.0
PIECE_VALUES: dict[int, float] = {chess.PAWN: 1.0, chess.KNIGHT: 3.0, chess.BISHOP: 3.0, chess.ROOK: 5.0,
                                  chess.QUEEN: 9.0, chess.KING: WIN}
_VALUE_LIST = [0.0, 1.0, 3.0, 3.0, 5.0, 9.0, WIN]
_CHESS_KINDS = frozenset(("move", "sub", "knight2"))
#: resigning, and drawing for a bot that does not draw: below every real choice (moves are > -3 WIN)
_RESIGN = -10 * WIN
_NO_DRAW = -5 * WIN


def material(board: chess.Board, color: chess.Color) -> float:
    """Material of ``color`` minus that of its rival (kings not counted)."""
    total = 0.0
    own, rival = board.occupied_co[color], board.occupied_co[not color]
    for ptype, mask in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights), (chess.BISHOP, board.bishops),
                        (chess.ROOK, board.rooks), (chess.QUEEN, board.queens)):
        total += _VALUE_LIST[ptype] * (chess.popcount(mask & own) - chess.popcount(mask & rival))
    return total


def capture_gain(board: chess.Board, move: chess.Move) -> float:
    """Material the side to move wins with ``move``: the captured piece (en passant
    included) plus what a promotion adds."""
    to_bb = chess.BB_SQUARES[move.to_square]
    if board.occupied_co[not board.turn] & to_bb:
        gain = _VALUE_LIST[board.piece_type_at(move.to_square) or 0]
    elif move.to_square == board.ep_square and board.pawns & chess.BB_SQUARES[move.from_square] \
            and (move.from_square & 7) != (move.to_square & 7):
        gain = 1.0
    else:
        gain = 0.0
    if move.promotion:
        gain += _VALUE_LIST[move.promotion] - 1.0
    return gain


def chess_move_of(action: Action) -> chess.Move | None:
    """The chess move an action makes (EDAMI move/sub-move/second knight move, PokerDrez
    card + move or plain move), or ``None``."""
    data = action.data
    if isinstance(data, tuple) and len(data) >= 2 and data[0] in _CHESS_KINDS and isinstance(data[-1], chess.Move):
        return data[-1]
    return None


def is_chance(action: Action) -> bool:
    """An action whose result comes from the game's hidden random state: an EDAMI draw,
    a PokerDrez die roll or an exchange with the pile or the rival's hand."""
    data = action.data
    if not isinstance(data, tuple) or not data:
        return False
    return data[0] in ("draw", "roll") or (data[0] == "exchange" and len(data) > 2 and data[2] in ("pile", "hand"))


def seat_color(game: Game, seat: int) -> chess.Color:
    """The colour ``seat`` plays now (EDAMI's Harakiri can swap it; else seat 0 is White)."""
    controller = getattr(game, "controller", None)
    if callable(controller):
        return chess.WHITE if controller(chess.WHITE) == seat else chess.BLACK
    return chess.WHITE if seat == 0 else chess.BLACK


def outcome_value(game: Game, seat: int) -> float:
    """A finished game for ``seat``: ``WIN``, 0 (draw) or ``-WIN``."""
    outcome = game.outcome
    assert outcome is not None
    if not outcome.winners:
        return 0.0
    return WIN if seat in outcome.winners else -WIN


class _Rules:
    """Chess legality for look-ahead on a scratch board: python-chess, or EDAMI's
    effect-aware generator while a temporary effect is active or kings may be taken."""

    def __init__(self, game: Game) -> None:
        self.effect = getattr(game, "effect", None)
        self.king_capture = bool(getattr(game, "king_capture", False))
        self._edami_moves: Callable[..., list[chess.Move]] | None = None
        self._edami_check: Callable[..., bool] | None = None
        #: plain chess legality: python-chess's own (faster, filtered) generators may be used
        self.plain = not self.king_capture
        if self.effect is not None or self.king_capture:
            from drezlab.games.edami.moves import (
                MOVEMENT_EFFECTS,
                in_check,
                legal_moves,
            )
            # superknights, lead king and harakiri change no single chess move (moves.py)
            self.plain = self.plain and (self.effect is None or self.effect.name not in MOVEMENT_EFFECTS)
            if not self.plain:
                self._edami_moves, self._edami_check = legal_moves, in_check

    def moves(self, board: chess.Board, to_mask: chess.Bitboard = chess.BB_ALL) -> list[chess.Move]:
        """The legal moves of the side to move (only those landing on ``to_mask``)."""
        if self._edami_moves is not None:
            return self._edami_moves(board, self.effect, self.king_capture, to_mask)
        return list(board.generate_legal_moves(to_mask=to_mask))

    def any_move(self, board: chess.Board) -> bool:
        """Has the side to move any legal move at all?"""
        if self._edami_moves is not None:
            king = board.king(board.turn)
            near = chess.BB_KING_ATTACKS[king] if king is not None else 0
            return bool(self._edami_moves(board, self.effect, self.king_capture, near)
                        or self._edami_moves(board, self.effect, self.king_capture, chess.BB_ALL & ~near))
        return any(True for _ in board.generate_legal_moves())

    def in_check(self, board: chess.Board, color: chess.Color) -> bool:
        if self._edami_check is not None:
            return self._edami_check(board, color, self.effect)
        king = board.king(color)
        return king is not None and bool(board.attackers_mask(not color, king))


def best_gains(board: chess.Board, moves: list[chess.Move]) -> dict[int, float]:
    """Piece type -> the best capture gain among ``moves`` of that type (0 for quiet moves)."""
    best: dict[int, float] = {}
    for move in moves:
        ptype = board.piece_type_at(move.from_square) or 0
        gain = capture_gain(board, move)
        if gain > best.get(ptype, -1.0):
            best[ptype] = gain
    return best


class _DrawEstimate:
    """What drawing an EDAMI card is worth at once, on average (the module docstring's table).

    The cards of the draw pile (or of the used pile, when the pile is empty and would be
    reshuffled) are grouped once per decision; ``value`` then only reads the board."""

    def __init__(self, game: Game) -> None:
        from drezlab.games.edami.game import HALF_MASKS, ZONE_MASKS
        cards: list[Any] = getattr(game, "cards")
        pile = list(getattr(game, "deck")) or list(getattr(game, "used"))
        blank = getattr(game, "blank_effect", None)
        counts: Counter[Any] = Counter()
        for card in pile:
            spec = cards[card]
            counts[blank if spec.kind == "blank" and blank is not None else spec] += 1
        self.total = sum(counts.values())
        self.bomb_mode: str = getattr(game, "bomb_mode", "standard")
        self.lose_turn = getattr(game, "impossible_card", "normal_move") == "lose_turn"
        self.lost: dict[bool, list[int]] = getattr(game, "lost")
        self.movement: list[tuple[tuple[int, ...], int]] = []
        self.removal: list[tuple[tuple[int, ...], int]] = []
        self.recovery: list[tuple[tuple[int, ...], int]] = []
        self.bombs: list[tuple[dict[bool, int], int]] = []
        self.then_move = 0            # special cards: kept or used, then a normal move
        for spec, count in counts.items():
            if spec.kind in ("move", "choose"):
                self.movement.append((spec.pieces, count))
            elif spec.kind == "remove":
                self.removal.append((spec.pieces, count))
            elif spec.kind == "recover":
                self.recovery.append((spec.pieces, count))
            elif spec.kind == "bomb":
                zone = dict(HALF_MASKS) if spec.param == "your-half" else \
                    {chess.WHITE: ZONE_MASKS[spec.param], chess.BLACK: ZONE_MASKS[spec.param]}
                self.bombs.append((zone, count))
            elif spec.kind not in ("relocate", "lose_turn"):
                self.then_move += count

    def value(self, board: chess.Board, side: chess.Color, best_by_type: dict[int, float]) -> float:
        """Average immediate gain for ``side`` (to move on ``board``) of drawing now;
        ``best_by_type``: its best capture gain per piece type that can move (``best_gains``)."""
        if not self.total:
            return 0.0
        normal = max(best_by_type.values(), default=0.0)
        impossible = 0.0 if self.lose_turn else normal
        total = normal * self.then_move
        for pieces, count in self.movement:
            total += count * max((best_by_type[p] for p in pieces if p in best_by_type), default=impossible)
        for pieces, count in self.removal:
            total += count * max((_VALUE_LIST[p] for p in pieces if board.pieces_mask(p, not side)),
                                 default=impossible)
        for pieces, count in self.recovery:
            total += count * max((_VALUE_LIST[p] for p in pieces if self.lost[side][p] > 0), default=impossible)
        if self.bombs:
            rival = board.occupied_co[not side] & ~board.kings
            own = board.occupied_co[side] & ~board.kings
            for zone, count in self.bombs:
                total += count * self._bomb(board, rival & zone[side], own & zone[side], impossible)
        return total / self.total

    def _bomb(self, board: chess.Board, rival: int, own: int, impossible: float) -> float:
        def worth(mask: int) -> list[float]:
            return [_VALUE_LIST[board.piece_type_at(s) or 0] for s in chess.scan_forward(mask)]

        if self.bomb_mode == "feroz":
            return sum(worth(rival)) if rival else impossible
        if self.bomb_mode == "loca":
            return sum(worth(rival)) - sum(worth(own)) if rival | own else impossible
        if rival:
            return max(worth(rival))
        if self.bomb_mode == "cruel" and own:
            return -min(worth(own))
        return impossible


class _Decision:
    """Everything one ``choose`` call needs about the position, computed once."""

    def __init__(self, game: Game, seat: int, draws_considered: bool) -> None:
        self.game = game
        self.seat = seat
        self.color = seat_color(game, seat)
        self.board: chess.Board = getattr(game, "board").copy(stack=False)
        self.balance = material(self.board, self.color)
        self.rules = _Rules(game)
        self.edami = hasattr(game, "cards") and hasattr(game, "deck") and hasattr(game, "lost")
        self.cards = draws_considered and self.edami
        self._estimate: _DrawEstimate | None = None
        self._rival_draw: float | None = None
        self._checks: tuple[list[int], int] | None = None
        self._work: Game | None = None

    @property
    def estimate(self) -> _DrawEstimate:
        if self._estimate is None:
            self._estimate = _DrawEstimate(self.game)
        return self._estimate

    def can_draw(self, board: chess.Board) -> bool:
        """Could the side to move on ``board`` draw a card (cards left, not in check, Rule 7)?"""
        game = self.game
        if not self.cards or not (getattr(game, "deck") or getattr(game, "used")):
            return False
        return self.rules.king_capture or not self.rules.in_check(board, board.turn)

    def could_check(self, move: chess.Move) -> bool:
        """Could the bot's ``move`` give check? True for every direct or discovered check
        (a superset: castling and en passant always count), so a move for which this is
        False can neither mate nor, by checking, end the rival's options."""
        if self._checks is None:
            self._checks = _check_info(self.board, self.rules.effect)
        squares, blockers = self._checks
        board = self.board
        if blockers & chess.BB_SQUARES[move.from_square] or move.to_square == board.ep_square:
            return True
        ptype = move.promotion or board.piece_type_at(move.from_square) or 0
        if ptype == chess.KING:
            return abs((move.from_square & 7) - (move.to_square & 7)) == 2       # castling: the rook
        return bool(squares[ptype] & chess.BB_SQUARES[move.to_square])

    def rival_draw(self) -> float:
        """The rival's draw estimate, worked out once per decision in the current position
        (the rival to move): a card's worth hardly depends on which move the bot makes."""
        if self._rival_draw is None:
            board = self.board.copy(stack=False)
            board.turn = not board.turn
            board.ep_square = None
            by_type = best_gains(board, self.rules.moves(board))
            self._rival_draw = self.estimate.value(board, board.turn, by_type)
        return self._rival_draw

    def played(self, action: Action) -> tuple[Game, Callable[[], Any]]:
        """``action`` played on a private copy of the game, and how to take it back."""
        if self._work is None:
            self._work = self.game.copy()
        work = self._work
        # the copy is in the very position ``action`` was listed for, so it is vouched for
        # (the base class then skips re-listing every action: Cambia offers hundreds)
        work._vouched = action
        work.play(action)
        return work, work.undo

    def edited(self, action: Action) -> chess.Board | None:
        """The board after an EDAMI card action that only adds, removes or relocates a
        piece (Cambia, Quita, Bomba, Recupera, a prize), with the rival to move; else ``None``."""
        data = action.data
        if not self.edami or not isinstance(data, tuple) or data[0] not in ("relocate", "remove", "recover", "prize"):
            return None
        board = self.board.copy(stack=False)
        if data[0] == "relocate":
            piece = board.remove_piece_at(data[1])
            board.set_piece_at(data[2], piece)
        elif data[0] == "remove":
            board.remove_piece_at(data[1])
        else:
            board.set_piece_at(data[2], chess.Piece(data[1], board.turn))
        board.turn = not board.turn
        board.ep_square = None
        return board


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


def _check_info(board: chess.Board, effect: Any) -> tuple[list[int], int]:
    """For the side to move: per piece type the squares from which it would attack the
    rival king (under its own super effect too), and its pieces that stand alone between
    one of its sliders and that king (moving them may discover a check)."""
    mover = board.turn
    king = board.king(not mover)
    if king is None:
        return [chess.BB_ALL] * 7, chess.BB_ALL
    squares = check_squares(board, not mover)
    if effect is not None and effect.color == mover:
        from drezlab.games.edami.moves import SUPER_TYPES
        super_type = SUPER_TYPES.get(effect.name)
        if super_type is not None:
            squares = list(squares)
            squares[super_type] |= chess.BB_KNIGHT_ATTACKS[king]
    snipers = ((chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]) & (board.rooks | board.queens)
               | chess.BB_DIAG_ATTACKS[king][0] & (board.bishops | board.queens)) & board.occupied_co[mover]
    blockers = 0
    for sniper in chess.scan_forward(snipers):
        between = chess.between(king, sniper) & board.occupied
        if between and between & (between - 1) == 0:
            blockers |= between
    return squares, blockers & board.occupied_co[mover]


class _ChessBot(abc.ABC):
    """Shared machinery: value every legal action, keep the best, break ties by the seed."""

    name = "chess-bot"

    def __init__(self, seed: int | None = None, draws: bool = True) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.draws = bool(draws)

    def choose(self, game: Game) -> Action:
        """The legal action with the highest value (see the module docstring); never changes ``game``."""
        seat = game.to_move
        if seat is None:
            raise IllegalAction("the game is over: there is no action to choose")
        if not isinstance(getattr(game, "board", None), chess.Board):
            raise ValueError(f"{self.name} plays games on a chess board (EDAMI, PokerDrez), "
                             f"not {type(game).__name__}")
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        decision = _Decision(game, seat, self.draws)
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
        return self._value(_Decision(game, seat, self.draws), action)

    def _value(self, decision: _Decision, action: Action) -> float:
        move = chess_move_of(action)
        if move is not None and decision.board.turn == decision.color:
            return self._move_value(decision, move)
        if action.text == "resign":
            return _RESIGN
        if action.text == "draw":
            return self._draw_value(decision) if self.draws else _NO_DRAW
        if is_chance(action):
            return decision.balance
        edited = decision.edited(action)
        if edited is not None:
            return material(edited, decision.color) - self._reply(decision, edited)
        return self._generic_value(decision, action)

    def _bound(self, decision: _Decision, action: Action) -> float:
        """An upper bound of ``_value`` (``math.inf``: no bound known, evaluate it)."""
        return math.inf

    @abc.abstractmethod
    def _move_value(self, decision: _Decision, move: chess.Move) -> float:
        """The value of the chess move ``move`` for the side to move (the bot)."""

    @abc.abstractmethod
    def _draw_value(self, decision: _Decision) -> float:
        """The value of drawing a card, by the estimate of the module docstring."""

    def _reply(self, decision: _Decision, board: chess.Board, after_move: bool = False) -> float:
        """What the rival (to move on ``board``) wins back with its reply: nothing for the
        greedy bot, which does not look at replies."""
        return 0.0

    def _generic_value(self, decision: _Decision, action: Action) -> float:
        """Play the action on a copy and count material (or score the finished game)."""
        work, undo = decision.played(action)
        try:
            if work.outcome is not None:
                return outcome_value(work, decision.seat)
            board: chess.Board = getattr(work, "board")
            value = material(board, decision.color)
            if work.to_move != decision.seat and board.turn != decision.color:
                value -= self._reply(decision, board)
            return value
        finally:
            undo()

    def _own_gains(self, decision: _Decision) -> dict[int, float]:
        return best_gains(decision.board, decision.rules.moves(decision.board))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, draws={self.draws})"


class GreedyChessPlayer(_ChessBot):
    """The action that leaves the most material after it (mate = the king won, stalemate = 0)."""

    name = "greedy-chess"

    def _move_value(self, decision: _Decision, move: chess.Move) -> float:
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

    def _draw_value(self, decision: _Decision) -> float:
        return decision.balance + decision.estimate.value(decision.board, decision.color, self._own_gains(decision))


class SearchChessPlayer(_ChessBot):
    """Two plies: the material after the action minus the rival's best reply (capture,
    mate in one or a card draw)."""

    name = "search-chess"

    def _move_value(self, decision: _Decision, move: chess.Move) -> float:
        board = decision.board
        gain = capture_gain(board, move)
        if gain >= WIN:
            return WIN
        board.push(move)
        try:
            return decision.balance + gain - self._reply(decision, board, after_move=True)
        finally:
            board.pop()

    def _bound(self, decision: _Decision, action: Action) -> float:
        """For a chess move that cannot give check: the material after it (a reply never
        gives material back). When the rival has only its king and pawns it might be
        stalemated (worth 0), so the bound is at least 0; a rival with other pieces is
        taken not to be stalemated by a quiet move (the exact evaluation still sees it)."""
        move = chess_move_of(action)
        board = decision.board
        if move is None or board.turn != decision.color or decision.rules.king_capture \
                or decision.could_check(move):
            return math.inf
        gain = capture_gain(board, move)
        if gain >= WIN:
            return math.inf
        lone = not board.occupied_co[not board.turn] & ~board.kings & ~board.pawns
        return max(decision.balance + gain, 0.0) if lone else decision.balance + gain

    def _draw_value(self, decision: _Decision) -> float:
        threat_board = decision.board.copy(stack=False)
        threat_board.turn = not threat_board.turn
        threat_board.ep_square = None
        threat = self._reply(decision, threat_board)
        return decision.balance + decision.estimate.value(decision.board, decision.color,
                                                          self._own_gains(decision)) - threat

    def _reply(self, decision: _Decision, board: chess.Board, after_move: bool = False) -> float:
        """The most the rival (to move on ``board``) wins at once: a capture, ``WIN`` for a
        mate in one, or a card draw. ``after_move``: the bot has just moved, so a rival
        without moves is mated (the bot's value becomes ``WIN``) or stalemated (0)."""
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
            gain = capture_gain(board, reply)
            best = max(best, gain)
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
        if decision.can_draw(board):
            best = max(best, decision.rival_draw())
        return best

    @staticmethod
    def _no_reply(decision: _Decision, board: chess.Board, after_move: bool) -> float:
        rules = decision.rules
        if rules.king_capture or not after_move:
            return 0.0
        if rules.in_check(board, board.turn):          # mated: the value becomes exactly WIN
            return material(board, not board.turn) - WIN
        return material(board, not board.turn)          # stalemated: the value becomes 0 (a draw)


class PlainGreedyChessPlayer(GreedyChessPlayer):
    """``greedy-chess`` that never draws a card (EDAMI played as plain chess)."""

    name = "greedy-chess-nocards"

    def __init__(self, seed: int | None = None, draws: bool = False) -> None:
        super().__init__(seed=seed, draws=draws)


class PlainSearchChessPlayer(SearchChessPlayer):
    """``search-chess`` that never draws a card (EDAMI played as plain chess)."""

    name = "search-chess-nocards"

    def __init__(self, seed: int | None = None, draws: bool = False) -> None:
        super().__init__(seed=seed, draws=draws)
