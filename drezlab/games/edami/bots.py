"""The chess bots of :mod:`drezlab.kits.chessbots`, taught EDAMI's cards and effects.

The four levels EDAMI declares in its metadata (``greedy-chess``, ``search-chess``
and their ``-nocards`` twins) are the generic material bots plus what only EDAMI
has:

* **Temporary effects and king capture.** Look-ahead uses EDAMI's effect-aware
  move generator (:mod:`drezlab.games.edami.moves`) while a temporary effect
  changes how pieces move or kings may be taken; a super piece's knight jumps
  count as checks.
* **Harakiri.** The colour a seat plays is the one it controls now
  (``Edami.controller``).
* **Card actions that only add, remove or move a piece** (Cambia, Quita, Bomba,
  Recupera, a prize) are valued on a scratch board, without playing them.
* **Drawing a card** is a chance action. The bots never look at the draw pile:
  a draw is worth the *average*, over the cards it may bring with the odds the
  players can know (``Edami.next_card_odds``: every card that is neither kept nor
  face up is equally likely), of a one-line estimate of what the card wins at once:

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

  The greedy bot draws when that average beats its best capture; the search bot
  also subtracts the rival's best reply in the current position (drawing rarely
  rescues a hanging piece), and counts the rival's own draw among its replies.
  With ``draws=False`` a bot never draws unless drawing is its only choice
  besides resigning (``mandatory_card``): EDAMI without draws is plain chess,
  which is how ``bench/bench_edami.py`` compares "with cards" and "without cards".

Approximations (it is a bot, not a referee): a card-directed sub-move is valued as
if it ended the turn; objectives, prizes and kept special cards are worth nothing
by themselves; the other card actions (veto, Comodín, declining a prize) are valued
by the generic way, on a resampled copy.

The Stockfish levels (``stockfish-low``, ``stockfish-mid``, ``stockfish-high``) are
at the end of this module: :class:`EdamiEngineBot` says what the engine decides and
which rule decides the rest.
"""

from __future__ import annotations

import chess

from drezlab.core.action import Action
from drezlab.core.game import Game
from drezlab.games.edami.actions import ChessMove, Prize, Recover, Relocate, Remove
from drezlab.games.edami.cards import CardSpec
from drezlab.games.edami.effects import HALF_MASKS, ZONE_MASKS
from drezlab.games.edami.game import Edami
from drezlab.games.edami.moves import (
    MOVEMENT_EFFECTS,
    SUPER_TYPES,
    Effect,
    in_check,
    legal_moves,
)
from drezlab.kits import chessbots
from drezlab.kits.chessbots import (
    VALUE_LIST,
    ChessRules,
    Decision,
    best_gains,
    material,
)
from drezlab.kits.enginebots import PAWN_CP, EngineBot, engine_ready
from drezlab.players import seat_to_choose

#: the Stockfish bots also draw a card (a gamble) when their best allowed move scores at most this (centipawns)
DRAW_BELOW = -150
#: ... and use a kept veto when it scores at most this
VETO_BELOW = -200


class EffectRules(ChessRules):
    """Chess under an EDAMI temporary effect that changes how pieces move, or with king
    capture (D33, D36): EDAMI's own generator and attack test."""

    def __init__(self, effect: Effect | None, king_capture: bool) -> None:
        self.effect = effect
        self.king_capture = king_capture

    def moves(self, board: chess.Board, to_mask: chess.Bitboard = chess.BB_ALL) -> list[chess.Move]:
        return legal_moves(board, self.effect, self.king_capture, to_mask)

    def any_move(self, board: chess.Board) -> bool:
        king = board.king(board.turn)
        near = chess.BB_KING_ATTACKS[king] if king is not None else 0
        return bool(self.moves(board, near) or self.moves(board, chess.BB_ALL & ~near))

    def in_check(self, board: chess.Board, color: chess.Color) -> bool:
        return in_check(board, color, self.effect)

    def attack_squares(self, board: chess.Board, victim: chess.Color) -> list[int]:
        squares = super().attack_squares(board, victim)
        effect = self.effect
        king = board.king(victim)
        super_type = None if effect is None or effect.color == victim else SUPER_TYPES.get(effect.name)
        if super_type is not None and king is not None:
            squares = list(squares)
            squares[super_type] |= chess.BB_KNIGHT_ATTACKS[king]
        return squares


class DrawEstimate:
    """What drawing a card is worth at once, on average (the module docstring's table).

    The odds of the next card are read once per decision from ``next_card_odds``
    (what the players can know, never the pile's order); ``value`` then only reads
    the board."""

    def __init__(self, game: Edami) -> None:
        weights: dict[CardSpec, float] = {}
        blank = game.blank_effect
        for spec, odds in game.next_card_odds().items():
            effective = blank if spec.kind == "blank" and blank is not None else spec
            weights[effective] = weights.get(effective, 0.0) + float(odds)
        self.total = sum(weights.values())
        self.bomb_mode = game.bomb_mode
        self.lose_turn = game.impossible_card == "lose_turn"
        self.lost = game.lost
        self.movement: list[tuple[tuple[int, ...], float]] = []
        self.removal: list[tuple[tuple[int, ...], float]] = []
        self.recovery: list[tuple[tuple[int, ...], float]] = []
        self.bombs: list[tuple[dict[bool, int], float]] = []
        self.then_move = 0.0            # special cards: kept or used, then a normal move
        for spec, weight in weights.items():
            if spec.kind in ("move", "choose"):
                self.movement.append((spec.pieces, weight))
            elif spec.kind == "remove":
                self.removal.append((spec.pieces, weight))
            elif spec.kind == "recover":
                self.recovery.append((spec.pieces, weight))
            elif spec.kind == "bomb":
                zone = dict(HALF_MASKS) if spec.param == "your-half" else \
                    {chess.WHITE: ZONE_MASKS[spec.param], chess.BLACK: ZONE_MASKS[spec.param]}
                self.bombs.append((zone, weight))
            elif spec.kind not in ("relocate", "lose_turn"):
                self.then_move += weight

    def value(self, board: chess.Board, side: chess.Color, best_by_type: dict[int, float]) -> float:
        """Average immediate gain for ``side`` (to move on ``board``) of drawing now;
        ``best_by_type``: its best capture gain per piece type that can move (``best_gains``)."""
        if not self.total:
            return 0.0
        normal = max(best_by_type.values(), default=0.0)
        impossible = 0.0 if self.lose_turn else normal
        total = normal * self.then_move
        for pieces, weight in self.movement:
            total += weight * max((best_by_type[p] for p in pieces if p in best_by_type), default=impossible)
        for pieces, weight in self.removal:
            total += weight * max((VALUE_LIST[p] for p in pieces if board.pieces_mask(p, not side)),
                                  default=impossible)
        for pieces, weight in self.recovery:
            total += weight * max((VALUE_LIST[p] for p in pieces if self.lost[side][p] > 0), default=impossible)
        if self.bombs:
            rival = board.occupied_co[not side] & ~board.kings
            own = board.occupied_co[side] & ~board.kings
            for zone, weight in self.bombs:
                total += weight * self._bomb(board, rival & zone[side], own & zone[side], impossible)
        return total / self.total

    def _bomb(self, board: chess.Board, rival: int, own: int, impossible: float) -> float:
        def worth(mask: int) -> list[float]:
            return [VALUE_LIST[board.piece_type_at(s) or 0] for s in chess.scan_forward(mask)]

        if self.bomb_mode == "feroz":
            return sum(worth(rival)) if rival else impossible
        if self.bomb_mode == "loca":
            return sum(worth(rival)) - sum(worth(own)) if rival | own else impossible
        if rival:
            return max(worth(rival))
        if self.bomb_mode == "cruel" and own:
            return -min(worth(own))
        return impossible


class EdamiDecision(Decision):
    """A decision in EDAMI: the generic one plus the draw estimate and card edits."""

    def __init__(self, game: Edami, seat: int, color: chess.Color, rules: ChessRules, actions: list[Action],
                 cards: bool) -> None:
        super().__init__(game, seat, color, rules, actions)
        self.edami = game
        #: the bot considers draws (its own and the rival's), and there is a card to draw
        self.cards = cards and bool(game.zones["pile"] or game.zones["used"])
        self._estimate: DrawEstimate | None = None
        self._rival_draw: float | None = None

    @property
    def estimate(self) -> DrawEstimate:
        if self._estimate is None:
            self._estimate = DrawEstimate(self.edami)
        return self._estimate

    def can_draw(self, board: chess.Board) -> bool:
        """Could the side to move on ``board`` draw a card (cards left, not in check, Rule 7)?"""
        return self.cards and (self.rules.king_capture or not self.rules.in_check(board, board.turn))

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

    def own_gains(self) -> dict[int, float]:
        return best_gains(self.board, self.rules.moves(self.board))

    def edited(self, action: Action) -> chess.Board | None:
        """The board after a card action that only adds, removes or relocates a piece
        (Cambia, Quita, Bomba, Recupera, a prize), with the rival to move; else ``None``."""
        board = self.board.copy(stack=False)
        match action.data:
            case Relocate(source=source, target=target):
                board.set_piece_at(target, board.remove_piece_at(source))
            case Remove(square=square):
                board.remove_piece_at(square)
            case Recover(piece_type=piece_type, square=square) | Prize(piece_type=piece_type, square=square):
                board.set_piece_at(square, chess.Piece(piece_type, board.turn))
            case _:
                return None
        board.turn = not board.turn
        board.ep_square = None
        return board


class _EdamiBot(chessbots.ChessBot):
    """The hooks that teach a generic chess bot EDAMI (see the module docstring)."""

    def _check_game(self, game: Game) -> None:
        if not isinstance(game, Edami):
            raise ValueError(f"{self.name} from drezlab.games.edami.bots plays EDAMI, not {type(game).__name__}; "
                             "drezlab.kits.chessbots has the bots for other games on a chess board")

    def _rules(self, game: Game) -> ChessRules:
        assert isinstance(game, Edami)
        effect = game.effect
        if game.king_capture or (effect is not None and effect.name in MOVEMENT_EFFECTS):
            return EffectRules(effect, game.king_capture)
        return ChessRules()         # superknights, lead king and harakiri change no single chess move

    def _color(self, game: Game, seat: int) -> chess.Color:
        assert isinstance(game, Edami)
        return chess.WHITE if game.controller(chess.WHITE) == seat else chess.BLACK

    def _decision(self, game: Game, seat: int, actions: list[Action]) -> EdamiDecision:
        assert isinstance(game, Edami)
        return EdamiDecision(game, seat, self._color(game, seat), self._rules(game), actions, self.draws)

    def _avoided(self, decision: Decision, action: Action) -> bool:
        return action.text == "draw"

    def _rival_chance(self, decision: Decision, board: chess.Board) -> float:
        assert isinstance(decision, EdamiDecision)
        return decision.rival_draw() if decision.can_draw(board) else 0.0

    def _action_value(self, decision: Decision, action: Action) -> float:
        assert isinstance(decision, EdamiDecision)
        if action.text == "draw":
            return self._draw_value(decision)
        edited = decision.edited(action)
        if edited is not None:
            return material(edited, decision.color) - self._reply(decision, edited)
        return super()._action_value(decision, action)

    def _draw_value(self, decision: EdamiDecision) -> float:
        """Drawing a card: the material now plus the estimate's average gain."""
        return decision.balance + decision.estimate.value(decision.board, decision.color, decision.own_gains())


class GreedyChessPlayer(_EdamiBot, chessbots.GreedyChessPlayer):
    """``greedy-chess`` for EDAMI: the action that leaves the most material after it;
    a draw is worth its estimate."""


class SearchChessPlayer(_EdamiBot, chessbots.SearchChessPlayer):
    """``search-chess`` for EDAMI: two plies, a draw worth its estimate minus the rival's
    best reply now, and the rival's own draw among its replies."""

    def _draw_value(self, decision: EdamiDecision) -> float:
        threat_board = decision.board.copy(stack=False)
        threat_board.turn = not threat_board.turn
        threat_board.ep_square = None
        return super()._draw_value(decision) - self._reply(decision, threat_board)


class PlainGreedyChessPlayer(GreedyChessPlayer, chessbots.PlainGreedyChessPlayer):
    """``greedy-chess-nocards``: never draws a card (EDAMI played as plain chess)."""


class PlainSearchChessPlayer(SearchChessPlayer, chessbots.PlainSearchChessPlayer):
    """``search-chess-nocards``: never draws a card (EDAMI played as plain chess)."""


# ----------------------------------------------------------------- Stockfish
class EdamiEngineBot(EngineBot):
    """Stockfish for EDAMI (levels ``stockfish-low``, ``-mid``, ``-high``; see
    :mod:`drezlab.kits.enginebots` for the engine, the levels and the seeded choice).

    Chess moves. At a move-or-draw decision, after a movement card (its sub-moves)
    and for the second knight move of *Supercaballos*, the engine searches only the
    moves EDAMI allows now that are also chess moves on the board (``root_moves``);
    the action follows from the move. Approximations, said plainly: the engine knows
    no temporary effect (a move only an effect allows, such as a *Superdama* knight
    jump, is left to the fallback below when no ordinary move is allowed), and after
    a sub-move it expects the rival to reply although the card may ask for another
    sub-move. EDAMI's board keeps no move history (cards edit it), so the engine
    is given the position alone and does not see repetitions coming.

    Decisions that are not one chess move:

    * **Draw a card** (``draws=True``, the default) when drawing looks worth more than
      the engine's best allowed move: a draw is valued as passing the turn (the
      engine's score with the rival to move) plus what a card wins at once on
      average, the material bots' estimate above (``DrawEstimate``, from the odds
      the players can know), at 100 centipawns a pawn. It also draws, as a gamble,
      whenever its best move scores at most :data:`DRAW_BELOW` centipawns. With
      ``draws=False`` the bot never draws unless drawing is its only choice besides
      resigning (``mandatory_card``): EDAMI without draws is plain chess, how the
      luck-levelling study compares "with" and "without cards".
    * **Veto** (*No me gusta tu jugada*) when that score is at most :data:`VETO_BELOW`
      (the rival's last move hurt); a **draw claim** when it is not above zero.
    * **Supercaballos**: the second knight move if the engine scores it at least as
      well as stopping (the rival to move), else ``stop``.
    * **Card actions that are not chess moves** (*Cambia*, *Quita*, *Bomba*,
      *Recupera*, a prize, *Comodín*), positions Stockfish cannot read (king capture
      leaves kings attacked) and decisions with no ordinary chess move allowed: the
      ``search-chess`` material bot of this module decides (two plies of material,
      see above), seeded from this bot.
    """

    def __init__(self, seed: int | None = None, *, draws: bool = True, repeatable: bool = True,
                 nodes: int | None = None) -> None:
        super().__init__(seed, repeatable=repeatable, nodes=nodes)
        self.draws = bool(draws)
        self._fallback: SearchChessPlayer | None = None

    def fallback(self) -> SearchChessPlayer:
        """The material bot for what the engine does not decide (seeded from this bot)."""
        if self._fallback is None:
            self._fallback = SearchChessPlayer(seed=self.rng.randrange(2**32), draws=self.draws)
        return self._fallback

    def choose(self, game: Game) -> Action:
        """The bot's action in ``game`` (never changes it)."""
        if not isinstance(game, Edami):
            raise ValueError(f"{self.name} from drezlab.games.edami.bots plays EDAMI, not {type(game).__name__}")
        seat_to_choose(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        texts = {action.text: action for action in actions}
        board = game.chess_board.copy(stack=False)
        moves: dict[chess.Move, Action] = {}
        if engine_ready(board):
            legal = set(board.legal_moves)
            for action in actions:
                if isinstance(action.data, ChessMove):
                    move = action.data.move()
                    if move in legal:
                        moves[move] = action
        if not moves:
            return self._without_moves(game, actions, texts)
        move, score = self.search(board, list(moves))
        if "draw" in texts and self.draws and self._draw_pays(game, actions, board, score):
            return texts["draw"]
        if "veto" in texts and score <= VETO_BELOW:
            return texts["veto"]
        if "claim" in texts and score <= 0:
            return texts["claim"]
        if "stop" in texts and not self._better_than_stopping(board, score):
            return texts["stop"]
        return moves[move]

    def _without_moves(self, game: Edami, actions: list[Action], texts: dict[str, Action]) -> Action:
        """No ordinary chess move to search: draw when drawing is allowed (a forced draw
        under ``mandatory_card``, or the bot's draws), else the fallback bot."""
        if "draw" in texts and (self.draws or not any(isinstance(a.data, ChessMove) for a in actions)):
            return texts["draw"]
        return self.fallback().choose(game)

    def _draw_pays(self, game: Edami, actions: list[Action], board: chess.Board, score: int) -> bool:
        """Is drawing worth more than the best move (``score``)? Passing plus the average
        immediate gain of a card, or a gamble when behind (see the class docstring)."""
        if score <= DRAW_BELOW:
            return True
        passed = board.copy(stack=False)
        passed.turn = not passed.turn
        passed.ep_square = None
        if not engine_ready(passed):
            return False
        seat = game.to_move
        assert seat is not None
        decision = self.fallback()._decision(game, seat, actions)
        gain = decision.estimate.value(decision.board, decision.color, decision.own_gains())
        return -self.evaluate(passed) + PAWN_CP * gain > score

    def _better_than_stopping(self, board: chess.Board, score: int) -> bool:
        """Supercaballos: is the best second knight move (``score``) worth at least stopping?"""
        stopped = board.copy(stack=False)
        stopped.turn = not stopped.turn
        stopped.ep_square = None
        if not engine_ready(stopped):
            return True
        return score >= -self.evaluate(stopped)


class StockfishLow(EdamiEngineBot):
    """``stockfish-low``: Skill Level 0 (see :data:`drezlab.kits.enginebots.LEVELS`)."""

    name = "stockfish-low"


class StockfishMid(EdamiEngineBot):
    """``stockfish-mid``: Skill Level 6."""

    name = "stockfish-mid"


class StockfishHigh(EdamiEngineBot):
    """``stockfish-high``: full strength within its node limit."""

    name = "stockfish-high"
