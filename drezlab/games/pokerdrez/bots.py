"""Stockfish bots for PokerDrez (levels ``stockfish-low``, ``stockfish-mid``, ``stockfish-high``).

The engine (:mod:`drezlab.kits.enginebots`) plays the chess; the rules below turn
its move into PokerDrez actions. The bot reads only what its seat may know: the
board, the legal actions of its seat (its own hand, the common cards, its die) and
the public counts; never the other hand or the pile's order.

Decisions, by phase:

* **Card turn.** The engine searches only the moves some card (or the rolled die)
  permits (python-chess ``root_moves``); in plain chess, every legal move. The
  card then follows from the move: the die if it permits the move (it costs no
  card), else the card that permits the *fewest* of the seat's moves now, so that
  Jokers and cards for many pieces are kept for later; ties by the bot's seeded
  generator.
* **No permitted move** (D11, the last resort): roll the die if the seat holds it,
  else exchange a neutral card (for the pile top first, then for a common card,
  then for a card of the opponent), else ``stop``. The die and the exchanges are
  used only then: the engine cannot value what a roll or a new card will bring.
* **Returning a card** after using a common one: the hand card that permits the
  opponent (who moves next) the fewest legal moves, so the common row helps it least.
* **Pawn removal**: keep all pawns (a pawn is material; the engine values none of
  the removals above keeping them).
* **Betting** (§2.10): with the engine's score of the position for the bot's colour
  at least :data:`RAISE_ABOVE` centipawns the bot raises to the maximum (once per
  turn, as the rules allow); it accepts every raise unless the engine sees a
  forced mate against it, then it refuses (refusing costs the bet as it stood,
  playing on costs the raised one).
* **Draw claims** (``draw_claims="claim"``): claimed when the engine's score for the
  bot is not above zero.

A teacher's position that Stockfish cannot read (nine pawns, odd castling flags)
is played by the ``search-chess`` material bot for that decision.
"""

from __future__ import annotations

import chess

from drezlab.core.action import Action
from drezlab.core.cards import Card
from drezlab.core.game import Game
from drezlab.games.pokerdrez.actions import Raise
from drezlab.games.pokerdrez.game import (
    PHASE_ANSWER,
    PHASE_REMOVE,
    PokerDrez,
    color_of,
    seat_of,
)
from drezlab.kits.cardchess import (
    DIE,
    MOVE_CLASSES,
    PHASE_RETURN,
    ChessBoardMoves,
    count_permitted,
)
from drezlab.kits.cardchessactions import ChessMove, Exchange
from drezlab.kits.chessbots import SearchChessPlayer
from drezlab.kits.enginebots import MATE_SCORE, EngineBot, engine_ready
from drezlab.players import seat_to_choose

#: raise to the maximum when the engine's score for the bot is at least this (centipawns)
RAISE_ABOVE = 300
#: refuse a raise only when the engine sees a forced mate against the bot
REFUSE_BELOW = -MATE_SCORE // 2
#: claim a draw when the engine's score for the bot is at most this
CLAIM_AT_MOST = 0
#: the last-resort actions, in the order tried (exchange targets by their text's ending)
LAST_RESORT = ("roll", ">pile")


class PokerDrezEngineBot(EngineBot):
    """Stockfish for PokerDrez (see the module docstring); subclasses fix the level."""

    def __init__(self, seed: int | None = None, *, repeatable: bool = True, nodes: int | None = None) -> None:
        super().__init__(seed, repeatable=repeatable, nodes=nodes)
        self._fallback: SearchChessPlayer | None = None

    def choose(self, game: Game) -> Action:
        """The bot's action in ``game`` (never changes it)."""
        if not isinstance(game, PokerDrez):
            raise ValueError(f"{self.name} from drezlab.games.pokerdrez.bots plays PokerDrez, not "
                             f"{type(game).__name__}")
        seat = seat_to_choose(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        phase = game.phase
        if phase == PHASE_REMOVE:
            return next(action for action in actions if action.text == "keep")
        if not engine_ready(game.chess_board):
            return self.fallback().choose(game)
        if phase == PHASE_RETURN:
            return self._return(game, actions)
        if phase == PHASE_ANSWER:
            return self._answer(game, actions, seat)
        return self._turn(game, actions)

    def fallback(self) -> SearchChessPlayer:
        """The material bot for positions the engine cannot read (seeded from this bot)."""
        if self._fallback is None:
            self._fallback = SearchChessPlayer(seed=self.rng.randrange(2**32))
        return self._fallback

    # ------------------------------------------------------------------ phases
    def _turn(self, game: PokerDrez, actions: list[Action]) -> Action:
        by_move: dict[chess.Move, list[Action]] = {}
        for action in actions:
            move = game.chess_move(action)
            if move is not None:
                by_move.setdefault(move, []).append(action)
        if not by_move:
            return self._last_resort(actions)
        board = game.chess_board.copy()
        move, score = self.search(board, list(by_move))
        texts = {action.text: action for action in actions}
        if "claim" in texts and score <= CLAIM_AT_MOST:
            return texts["claim"]
        highest = _highest_raise(actions)
        if highest is not None and score >= RAISE_ABOVE:
            return highest
        return self._backing(by_move[move], actions)

    def _backing(self, choices: list[Action], actions: list[Action]) -> Action:
        """The action that makes the chosen move: the die, else the card permitting fewest moves."""
        permitted: dict[str, int] = {}
        for action in actions:
            if isinstance(action.data, ChessMove) and action.data.source is not None:
                key = self._source_key(action)
                permitted[key] = permitted.get(key, 0) + 1
        order = list(choices)
        self.rng.shuffle(order)
        return min(order, key=lambda action: (self._source_key(action) != DIE,
                                              permitted.get(self._source_key(action), 0)))

    @staticmethod
    def _source_key(action: Action) -> str:
        """What backs a move action: ``"die"``, a card's id, or ``""`` (plain chess)."""
        match action.data:
            case ChessMove(source=Card() as card):
                return card.id
            case ChessMove(source=str()):
                return DIE
        return ""

    def _last_resort(self, actions: list[Action]) -> Action:
        for ending in LAST_RESORT:
            for action in actions:
                if action.text.endswith(ending):
                    return action
        exchanges = [action for action in actions if isinstance(action.data, Exchange)]
        common = [action for action in exchanges if action.data.victim is None and action.data.target != "hand"]
        for group in (common, exchanges):
            if group:
                return group[self.rng.randrange(len(group))]
        for action in actions:
            if action.text == "stop":
                return action
        return actions[self.rng.randrange(len(actions))]

    def _return(self, game: PokerDrez, actions: list[Action]) -> Action:
        """Give back the hand card that permits the opponent (to move next) the fewest moves."""
        board = game.chess_board
        rival = seat_of(board.turn)
        moves = list(board.legal_moves)
        counts = [0] * MOVE_CLASSES
        for move_class in ChessBoardMoves(board).move_classes(moves):
            counts[move_class] += 1
        order = list(actions)
        self.rng.shuffle(order)
        return min(order, key=lambda action: count_permitted(game.card_class(action.data.card, rival), counts,
                                                             len(moves)))

    def _answer(self, game: PokerDrez, actions: list[Action], seat: int) -> Action:
        """Accept a raise (or re-raise when winning); refuse only a forced mate against the bot."""
        board = game.chess_board.copy()
        score = self.evaluate(board)            # for the side to move on the board (the raiser's, mostly)
        mine = score if board.turn == color_of(seat) else -score
        texts = {action.text: action for action in actions}
        highest = _highest_raise(actions)
        if highest is not None and mine >= RAISE_ABOVE:
            return highest
        if mine <= REFUSE_BELOW and "refuse" in texts:
            return texts["refuse"]
        return texts["accept"]


def _highest_raise(actions: list[Action]) -> Action | None:
    """The raise to the largest amount among ``actions`` (the first such), or ``None``."""
    highest: Action | None = None
    top = 0
    for action in actions:
        match action.data:
            case Raise(amount=amount) if highest is None or amount > top:
                highest, top = action, amount
    return highest


class StockfishLow(PokerDrezEngineBot):
    """``stockfish-low``: Skill Level 0 (see :data:`drezlab.kits.enginebots.LEVELS`)."""

    name = "stockfish-low"


class StockfishMid(PokerDrezEngineBot):
    """``stockfish-mid``: Skill Level 6."""

    name = "stockfish-mid"


class StockfishHigh(PokerDrezEngineBot):
    """``stockfish-high``: full strength within its node limit."""

    name = "stockfish-high"


__all__ = ["PokerDrezEngineBot", "StockfishHigh", "StockfishLow", "StockfishMid"]
