"""PokerDrez: chess where every move must be backed by a card.

Rules: ``shared/rules/chess-cards.md`` §0–2 (from the Spanish source "PokerDrez",
seed 000), every DECISION there binding. In short:

* Setup (§2.1). Optional pawn removal, Black first, White not on Black's file
  (D4: before any card is dealt). Each side gets 2 private cards, 5 common cards
  lie face up, the rest is the draw pile. Black holds the die; White moves.
* Permission (§2.2). A card permits a move of its figure; a Joker permits any
  move; a figure card acts as a Joker for a side with no piece of that figure on
  the board; the king moves with any card, the neutral card included (D6);
  castling is a rook move only (D5). Option ``blocked_figures_are_jokers`` (D7).
* Turn (§2.3). Discard one permitting card (private or common), move, draw; after
  using a common card choose which of the 3 cards in hand goes back to the common
  cards. Before that, any number of neutral exchanges (D8) and at most one die roll.
* Die (§2.6, D9). The holder may roll once per turn; the result is a virtual card
  that follows §2.2; using it is optional and costs no card; the die then passes.
* Plain chess (§2.7, D10) once the pile is empty at the start of a turn.
* End (§2.8, D1, D11). At the start of a turn the permitted moves P are computed
  from the 2 private + 5 common cards. If P is empty the player may still roll the
  die or exchange a neutral card, one at a time; if no permitted move appears the
  player is checkmated when in check, otherwise stalemated (a draw). Insufficient
  material, fivefold repetition and the 75-move rule end the game at once;
  threefold repetition and the 50-move rule end it automatically
  (``draw_claims="auto"``) or offer a claim (``"claim"``).
* Betting (§2.10, D13), option ``betting=(minimum, maximum)``.

Choices this module makes where the rules file is silent:

* A side may raise the bet at most once in each of its own turns (re-raises while
  answering are separate); the source only says "before moving".
* When the pile runs out in the middle of a turn, a player who used a common card
  draws nothing and so has nothing to return: the common cards stay at 4 until
  plain chess starts next turn (D10: owed draws are skipped).
* A teacher's position (``fen=...``) places every card it names; ``pile`` lists
  the draw pile in drawing order (the first card is drawn first). Cards not named
  anywhere start in the discard pile when an explicit ``pile`` is given,
  otherwise they form the shuffled pile.

Action notation (``str(action)``, accepted by ``play``/``parse``):

==================  =========================================================
``remove e7``       pawn-removal phase: remove the pawn on e7
``keep``            pawn-removal phase: keep all pawns
``J3:e2e4``         discard card J3 and play e2e4 (UCI; SAN such as ``J3:e4``
                    is accepted as input); promotions end in the piece letter
``die:g1f3``        play the move backed by the die rolled this turn
``e2e4``            plain chess (the pile is empty): no card needed
``return Q5``       after using a common card: put Q5 back among the common cards
``roll``            roll the die
``X1>pile``         exchange neutral card X1 for the top card of the pile
``X1>Q5``           exchange private neutral X1 for the common card Q5
``X1>hand``         exchange neutral X1 for a random card of the opponent's hand
``stop``            no permitted move and no wish to roll/exchange: end the game
``raise 8``         raise the bet to 8; ``accept`` / ``refuse`` answer a raise
``claim``           claim a draw (``draw_claims="claim"``)
==================  =========================================================

Targets (for clicking in the widget): a move is (card id, from-square,
to-square) plus ``promote-q`` style choices; the die move starts with ``die``;
an exchange is (neutral id, ``pile`` | common card id | ``hand-N``).
"""

from __future__ import annotations

import collections
import itertools
import json
import random
from typing import Any, Iterable, Mapping, Sequence

import chess
import chess.pgn

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import UNKNOWN, Card, CardLike, Deck, Figure, check_card_ids
from drezlab.core.errors import BadRecord
from drezlab.core.game import (Game, field_of, load_record, record_seed, replay_record, rng_state_from_json,
                                 rng_state_to_json, short_repr)
from drezlab.core.i18n import t

WHITE, BLACK = 0, 1
SQUARE_NAMES = chess.SQUARE_NAMES
PIECE_NAMES = {chess.PAWN: "pawn", chess.KNIGHT: "knight", chess.BISHOP: "bishop",
               chess.ROOK: "rook", chess.QUEEN: "queen", chess.KING: "king"}

# Permission classes of a card for one side (§2.2).
ANY_MOVE = 0          # Joker, or a figure card acting as a Joker
KING_ONLY = -1        # neutral card: only the "king moves with any card" rule applies
# a positive class is the chess piece type of the card's figure (1 pawn .. 5 queen)

JOKER = int(Figure.JOKER)

# Move classes: the piece type, or these two for the king.
KING_STEP = 6
CASTLE = 7

PHASE_REMOVE, PHASE_PLAY, PHASE_RETURN, PHASE_ANSWER, PHASE_OVER = (
    "remove", "play", "return", "answer", "over")
DRAW_CLAIMS = ("auto", "claim")
MAX_BET = 1000   # every amount up to the maximum is a button: keep the row readable
OUTCOME_REASONS = ("checkmate", "stalemate", "insufficient material", "fivefold repetition",
                   "seventy-five-move rule", "threefold repetition", "fifty-move rule", "bet refused",
                   "draw claimed (threefold repetition)", "draw claimed (fifty-move rule)")


def seat_of(color: chess.Color) -> int:
    return WHITE if color == chess.WHITE else BLACK


def color_of(seat: int) -> chess.Color:
    return chess.WHITE if seat == WHITE else chess.BLACK


class PokerDrez(Game):
    """A game of PokerDrez for two players (seat 0 = White, seat 1 = Black).

    ``PokerDrez(seed=7)`` deals a new game. Teachers build any position with
    ``PokerDrez(fen=..., hands={0: [...], 1: [...]}, common=[...], pile=[...],
    die=seat)``; the pawn-removal phase is skipped when a ``fen`` is given and every
    argument is checked (``BadRecord`` says what is wrong).
    """

    seat_names = ("White", "Black")
    name = "pokerdrez"
    title = "PokerDrez"
    hidden_information = True

    def __init__(
        self,
        seed: int | None = None,
        *,
        decks: int = 2,
        pawn_removal: bool = True,
        blocked_figures_are_jokers: bool = False,
        betting: Sequence[int] | None = None,
        draw_claims: str = "auto",
        show_discard_history: bool = False,
        fen: str | None = None,
        hands: Mapping[int, Sequence[CardLike]] | None = None,
        common: Sequence[CardLike] | None = None,
        pile: Sequence[CardLike] | None = None,
        die: int | None = BLACK,
    ) -> None:
        super().__init__()
        if decks not in (1, 2):
            raise ValueError(f"decks must be 1 or 2 (packs of 56 cards), not {decks!r}")
        if draw_claims not in DRAW_CLAIMS:
            raise ValueError(f"draw_claims must be 'auto' or 'claim', not {draw_claims!r}")
        if betting is not None:
            betting = self._check_betting(betting)
        if die not in (WHITE, BLACK, None):
            raise ValueError(f"die must be the seat that holds it (0 = White, 1 = Black) or None, not {die!r}")
        if fen is None and (hands is not None or common is not None or pile is not None):
            raise ValueError("hands, common and pile describe a teacher's position: give a fen too")
        self.seed = seed
        self.options = {"decks": decks, "pawn_removal": pawn_removal,
                        "blocked_figures_are_jokers": bool(blocked_figures_are_jokers),
                        "betting": betting, "draw_claims": draw_claims,
                        "show_discard_history": bool(show_discard_history)}
        self.decks = decks
        self.blocked_figures_are_jokers = bool(blocked_figures_are_jokers)
        self.betting: tuple[int, int] | None = betting
        self.draw_claims = draw_claims
        self.show_discard_history = bool(show_discard_history)
        self.rng = random.Random(seed)
        self._viewer: int | None = None
        self._redacted = False

        self.hands: list[list[Card]] = [[], []]
        self.common: list[Card] = []
        self.discard: list[Card] = []
        self._pile: list[Card] = []
        self._pile_size = 0
        self.die_holder: int | None = die
        self.die_value: int | None = None
        self.plain_chess = False
        self.bet = betting[0] if betting else 0
        self.last_raiser: int | None = None
        self._pending_raise: tuple[int, int] | None = None   # (raiser, bet before the raise)
        self._raised_this_turn = False
        self.black_removed_file: int | None = None
        self._outcome: Outcome | None = None
        self._table: tuple[list[chess.Move], list[tuple[Card | str, int, int]]] | None = None
        self._movable_types: set[int] | None = None
        self._phase = PHASE_PLAY
        self._seat = WHITE

        if fen is None:
            self.board = chess.Board()
            self._repetitions = {self.board._transposition_key(): 1}
            self._pile = Deck.all_cards(decks)
            self.rng.shuffle(self._pile)
            self._pile_size = len(self._pile)
            if pawn_removal:
                self._phase, self._seat = PHASE_REMOVE, BLACK
            else:
                self._deal()
                self._begin_turn(WHITE)
        else:
            self._set_up_position(fen, hands, common, pile)
        if fen is not None:
            self.options.update({
                "fen": fen, "die": die,
                "hands": None if hands is None else {seat: [Card.parse(c).id for c in cards]
                                                     for seat, cards in hands.items()},
                "common": None if common is None else [Card.parse(c).id for c in common],
                "pile": None if pile is None else [Card.parse(c).id for c in pile]})
        self._start_state = self._state_dict(include_secrets=True)

    # ------------------------------------------------------------------ set-up
    @staticmethod
    def _check_betting(betting: Sequence[int]) -> tuple[int, int]:
        try:
            low, high = (int(value) for value in betting)
        except (TypeError, ValueError, OverflowError):
            raise ValueError("betting must be a pair (minimum, maximum), e.g. (5, 20)") from None
        if not 0 < low <= high <= MAX_BET:
            raise ValueError(f"betting needs 0 < minimum <= maximum <= {MAX_BET}, not {tuple(betting)!r}")
        return low, high

    def _deal(self) -> None:
        """2 private cards each, alternating from White, then 5 common cards (§2.1.3)."""
        for _ in range(2):
            for seat in (WHITE, BLACK):
                self.hands[seat].append(self._draw())
        for _ in range(5):
            self.common.append(self._draw())

    def _set_up_position(self, fen: str, hands: Mapping[int, Sequence[CardLike]] | None,
                         common: Sequence[CardLike] | None, pile: Sequence[CardLike] | None) -> None:
        if not isinstance(fen, str):
            raise BadRecord(f"the FEN must be text such as {chess.STARTING_FEN!r}, not {type(fen).__name__}")
        try:
            board = chess.Board(fen)
        except (ValueError, TypeError) as error:
            raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a chess position: {error}") from None
        status = board.status()
        if status not in (chess.STATUS_VALID,) and not self._only_harmless_flags(status):
            raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a legal chess position ({status!r})")
        self.board = board
        self._repetitions = {board._transposition_key(): 1}
        if hands is not None:
            if not isinstance(hands, Mapping) or {str(seat) for seat in hands} - {"0", "1"}:
                raise BadRecord("hands must map seats 0 (White) and 1 (Black) to lists of cards")
            hands = {int(seat): cards for seat, cards in hands.items()}
        placed: dict[str, str] = {}

        def take(cards: Sequence[CardLike], where: str, limit: int | None) -> list[Card]:
            parsed = check_card_ids(cards, self.decks, where)
            if limit is not None and len(parsed) > limit:
                raise BadRecord(f"{where} may hold at most {limit} cards, not {len(parsed)}")
            for card in parsed:
                if card.id in placed:
                    raise BadRecord(f"card {card.id} is placed twice ({placed[card.id]} and {where})")
                placed[card.id] = where
            return parsed

        given_hands = {seat: take(cards, f"hand of {self.seat_name(seat)}", 3)
                       for seat, cards in (hands or {}).items()}
        given_common = take(common, "common cards", 5) if common is not None else None
        given_pile = take(pile, "pile", None) if pile is not None else None
        rest = [card for card in Deck.all_cards(self.decks) if card.id not in placed]
        self.rng.shuffle(rest)
        if given_pile is not None:
            self._pile = list(reversed(given_pile))
        else:
            self._pile = rest
            rest = []
        self._pile_size = len(self._pile)
        for seat in (WHITE, BLACK):
            self.hands[seat] = given_hands.get(seat) if seat in given_hands else self._deal_from(rest, 2)
        self.common = given_common if given_common is not None else self._deal_from(rest, 5)
        self.discard = rest
        self._begin_turn(seat_of(board.turn))

    @staticmethod
    def _only_harmless_flags(status: chess.Status) -> bool:
        """Teachers' puzzles may have 9 pawns or odd castling flags; kings and pawns on rank 1/8 may not."""
        harmful = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
                   | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY
                   | chess.STATUS_RACE_CHECK | chess.STATUS_RACE_OVER | chess.STATUS_RACE_MATERIAL
                   | chess.STATUS_TOO_MANY_CHECKERS | chess.STATUS_IMPOSSIBLE_CHECK)
        return not status & harmful

    def _deal_from(self, cards: list[Card], count: int) -> list[Card]:
        """Deal ``count`` cards, from the pile unless a teacher fixed the pile (then from the unplaced rest)."""
        source_is_pile = not cards
        dealt = []
        for _ in range(count):
            if source_is_pile:
                if not self._pile_size:
                    raise BadRecord("there are not enough cards left to deal")
                dealt.append(self._draw())
            else:
                dealt.append(cards.pop())
                source_is_pile = not cards
        return dealt

    # ------------------------------------------------------------ basic access
    @property
    def players(self) -> int:
        return 2

    @property
    def to_move(self) -> int | None:
        return None if self._outcome is not None else self._seat

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def phase(self) -> str:
        """'remove' (pawn removal), 'play', 'return' (give back a card), 'answer' (a raise), 'over'."""
        return PHASE_OVER if self._outcome is not None else self._phase

    @property
    def pile(self) -> list[Card]:
        """The draw pile in drawing order: the first card is the next one drawn."""
        return self._pile[self._pile_size - 1::-1] if self._pile_size else []

    @property
    def pile_count(self) -> int:
        return self._pile_size

    def available_cards(self, seat: int | None = None) -> list[Card]:
        """The cards ``seat`` may use now: its private cards, then the common cards (§2.8)."""
        seat = self._seat if seat is None else seat
        return self.hands[seat] + self.common

    def _draw(self) -> Card:
        self._pile_size -= 1
        return self._pile[self._pile_size]

    # --------------------------------------------------------------- permission
    def card_class(self, card: Card | int, seat: int) -> int:
        """How ``card`` (or a die value 1–6) permits moves for ``seat`` (§2.2, D7, D9).

        Returns ``ANY_MOVE``, ``KING_ONLY`` (neutral card) or the chess piece type
        whose moves it permits (king steps are always permitted too).
        """
        if isinstance(card, Card):
            if card.is_neutral:
                return KING_ONLY
            if card.figure is None:
                raise ValueError("a hidden card cannot be used")
            figure = int(card.figure)
        else:
            figure = int(card)
        if figure == Figure.JOKER:
            return ANY_MOVE
        if not self.board.pieces_mask(figure, color_of(seat)):
            return ANY_MOVE
        if self.blocked_figures_are_jokers and figure not in self._types_with_moves():
            return ANY_MOVE
        return figure

    def _types_with_moves(self) -> set[int]:
        """The piece types of the side to move that have a legal move (for D7), once per position."""
        if self._movable_types is None:
            self._movable_types = {self.board.piece_type_at(move.from_square) or 0
                                   for move in self.board.legal_moves}
        return self._movable_types

    def _move_class(self, move: chess.Move) -> int:
        piece_type = self.board.piece_type_at(move.from_square)
        if piece_type == chess.KING:
            return CASTLE if self._is_castling_king_move(move) else KING_STEP
        return piece_type or 0

    @staticmethod
    def _is_castling_king_move(move: chess.Move) -> bool:
        """A king move of two files is castling (standard chess, not Chess960)."""
        return abs((move.from_square & 7) - (move.to_square & 7)) > 1

    def _move_classes(self, moves: list[chess.Move]) -> list[int]:
        """``_move_class`` for a whole move list, inlined because it runs every turn."""
        piece_type_at = self.board.piece_type_at
        classes = [piece_type_at(move.from_square) or 0 for move in moves]
        for index, piece_type in enumerate(classes):
            if piece_type == chess.KING:
                classes[index] = CASTLE if self._is_castling_king_move(moves[index]) else KING_STEP
        return classes

    @staticmethod
    def _permits(card_class: int, move_class: int) -> bool:
        if card_class == ANY_MOVE:
            return True
        if move_class == KING_STEP:
            return True
        if card_class == KING_ONLY:
            return False
        if move_class == CASTLE:
            return card_class == chess.ROOK
        return card_class == move_class

    def permitted_moves(self, cards: Iterable[CardLike] | None = None) -> list[chess.Move]:
        """The legal chess moves that at least one of ``cards`` permits (default: the
        side to move's 7 available cards, plus the die rolled this turn).

        In plain-chess mode every legal move is permitted. This is the set P of §2.8.
        """
        board = self.board
        if cards is None:
            if self.plain_chess:
                return list(board.legal_moves)
            figures = {card.figure_number for card in self.hands[seat_of(board.turn)]}
            figures.update([card.figure_number for card in self.common])
            if self.die_value is not None:
                figures.add(self.die_value)
        else:
            figures = {card if isinstance(card, int) else Card.parse(card).figure_number for card in cards}
        if self.blocked_figures_are_jokers:
            return self._permitted_by_classes(figures)
        if JOKER in figures:
            return list(board.legal_moves)
        figures.discard(0)
        color = board.turn
        own = board.occupied_co[color]
        from_mask = board.kings & own
        for figure in figures:
            mask = board.pieces_mask(figure, color)
            if not mask:
                return list(board.legal_moves)
            from_mask |= mask
        moves = list(board.generate_legal_moves(from_mask=from_mask))
        if chess.ROOK not in figures and board.castling_rights & own:
            moves = [move for move in moves if not board.is_castling(move)]
        return moves

    def _permitted_by_classes(self, figures: set[int]) -> list[chess.Move]:
        """The general form of ``permitted_moves``: each card's permission class against each move
        (figure numbers; 0 stands for a neutral card)."""
        seat = seat_of(self.board.turn)
        classes = {KING_ONLY if not figure else self.card_class(figure, seat) for figure in figures}
        return [move for move in self.board.legal_moves
                if any(self._permits(card_class, self._move_class(move)) for card_class in classes)]

    def cards_for(self, move: chess.Move | str) -> list[Card]:
        """Which of the side to move's available cards permit ``move``."""
        if isinstance(move, str):
            move = chess.Move.from_uci(move)
        seat = seat_of(self.board.turn)
        move_class = self._move_class(move)
        return [card for card in self.available_cards(seat)
                if self._permits(self.card_class(card, seat), move_class)]

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        if self._redacted:
            return []
        if self._phase == PHASE_REMOVE:
            return self._removal_actions()
        if self._phase == PHASE_RETURN:
            return [Action(f"return {card.id}", (card.id,), f"{t('Return')} {card.id}", ("return", card))
                    for card in self.hands[self._seat]]
        if self._phase == PHASE_ANSWER:
            return self._answer_actions()
        if self.plain_chess:
            return [self._move_action(None, move) for move in self._move_table()[0]] + self._claim_actions()
        return self._card_turn_actions()

    def _removal_actions(self) -> list[Action]:
        rank = 6 if self._seat == BLACK else 1
        color = color_of(self._seat)
        actions = []
        for file in range(8):
            square = chess.square(file, rank)
            if file == self.black_removed_file and self._seat == WHITE:
                continue
            if self.board.piece_at(square) == chess.Piece(chess.PAWN, color):
                name = SQUARE_NAMES[square]
                actions.append(Action(f"remove {name}", (name,), f"{t('Remove pawn')} {name}", ("remove", square)))
        actions.append(Action("keep", (), t("Keep all pawns"), ("keep",)))
        return actions

    def _answer_actions(self) -> list[Action]:
        assert self.betting is not None
        actions = [Action("accept", (), t("Accept"), ("accept",)),
                   Action("refuse", (), t("Refuse (lose the game)"), ("refuse",))]
        return actions + self._raise_actions()

    def _raise_actions(self) -> list[Action]:
        if self.betting is None:
            return []
        return [Action(f"raise {amount}", (), f"{t('Raise to')} {amount}", ("raise", amount))
                for amount in range(self.bet + 1, self.betting[1] + 1)]

    def _claim_actions(self) -> list[Action]:
        if self.draw_claims == "claim" and self._claimable_draw() is not None:
            return [Action("claim", (), t("Claim a draw"), ("claim",))]
        return []

    def _move_action(self, source: Card | str | None, move: chess.Move) -> Action:
        """A chess move backed by a card, by the die (``"die"``) or by nothing (plain chess)."""
        from_name, to_name = SQUARE_NAMES[move.from_square], SQUARE_NAMES[move.to_square]
        uci = from_name + to_name
        targets: tuple[str, ...] = (from_name, to_name)
        if move.promotion:
            symbol = chess.piece_symbol(move.promotion)
            uci += symbol
            targets += (f"promote-{symbol}",)
        if source is None:
            return Action(uci, targets, uci, ("move", None, move))
        source_id = source if isinstance(source, str) else source.id
        return Action(f"{source_id}:{uci}", (source_id,) + targets, f"{source_id}:{uci}", ("move", source, move))

    def _move_table(self) -> tuple[list[chess.Move], list[tuple[Card | str, int, int]]]:
        """The legal moves and, for each usable source (card or die), its permission
        class and how many of the moves it permits.

        Moves are counted per class, grouped by from-square, instead of testing
        every card against every move: this keeps random play and the turn-start
        checks fast.
        """
        if self._table is not None:
            return self._table
        seat = self._seat
        board = self.board
        legal = list(board.legal_moves)
        sources: list[tuple[Card | str, int, int]] = []
        if not self.plain_chess:
            per_class = [0] * 8
            piece_type_at = board.piece_type_at
            for square, count in collections.Counter(move.from_square for move in legal).items():
                piece_type = piece_type_at(square) or 0
                if piece_type == chess.KING:
                    castles = sum(1 for move in legal if move.from_square == square
                                  and self._is_castling_king_move(move)) if board.castling_rights else 0
                    per_class[KING_STEP] += count - castles
                    per_class[CASTLE] += castles
                else:
                    per_class[piece_type] += count
            for card in self.available_cards(seat):
                card_class = self.card_class(card, seat)
                sources.append((card, card_class, self._count_permitted(card_class, per_class, len(legal))))
            if self.die_value is not None:
                die_class = self.card_class(self.die_value, seat)
                sources.append(("die", die_class, self._count_permitted(die_class, per_class, len(legal))))
        self._table = (legal, sources)
        return self._table

    @staticmethod
    def _count_permitted(card_class: int, per_class: list[int], total: int) -> int:
        if card_class == ANY_MOVE:
            return total
        if card_class == KING_ONLY:
            return per_class[KING_STEP]
        count = per_class[KING_STEP] + per_class[card_class]
        if card_class == chess.ROOK:
            count += per_class[CASTLE]
        return count

    def _card_turn_actions(self) -> list[Action]:
        legal, sources = self._move_table()
        classes = self._move_classes(legal)
        actions: list[Action] = []
        for source, card_class, count in sources:
            if count:
                actions += [self._move_action(source, move) for move, move_class in zip(legal, classes)
                            if self._permits(card_class, move_class)]
        actions += self._extra_turn_actions()
        return actions

    def _extra_turn_actions(self) -> list[Action]:
        """The play-phase actions that are not moves: die, exchanges, raises, claims, stop."""
        if self.plain_chess:
            return self._claim_actions()
        actions = self._resource_actions()
        if self.betting is not None and not self._raised_this_turn:
            actions += self._raise_actions()
        actions += self._claim_actions()
        if not self._any_permitted_now():
            actions.append(Action("stop", (), t("No permitted move: end the game"), ("stop",)))
        return actions

    def _invalidate(self) -> None:
        super()._invalidate()
        self._table = None
        self._movable_types: set[int] | None = None

    def _any_permitted_now(self) -> bool:
        legal, sources = self._move_table()
        if self.plain_chess:
            return bool(legal)
        return any(count for _, _, count in sources)

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn without listing every (card, move) pair.

        Exactly the distribution of ``rng.choice(legal_actions())`` over the same set:
        each source permits ``count`` moves, so an index into the concatenated list
        is found by counting. The action returned is vouched for, so ``play`` does not
        have to look it up again.
        """
        if self._redacted or self._outcome is not None or self._phase != PHASE_PLAY:
            return super().random_action(rng)
        legal, sources = self._move_table()
        extras = self._extra_turn_actions()
        if self.plain_chess:
            index = rng.randrange(len(legal) + len(extras))
            if index >= len(legal):
                return extras[index - len(legal)]
            action = self._move_action(None, legal[index])
        else:
            index = rng.randrange(sum(count for _, _, count in sources) + len(extras))
            for source, card_class, count in sources:
                if index < count:
                    permitted = legal if card_class == ANY_MOVE else (
                        move for move in legal if self._permits(card_class, self._move_class(move)))
                    action = self._move_action(source, next(itertools.islice(permitted, index, None)))
                    break
                index -= count
            else:
                return extras[index]
        self._vouched = action
        return action

    def _resource_actions(self) -> list[Action]:
        """Die roll and neutral exchanges: the free actions before the move (§2.5, §2.6)."""
        seat = self._seat
        actions = []
        if self.die_holder == seat and self.die_value is None:
            actions.append(Action("roll", (), t("Roll the die"), ("roll",)))
        opponent_hand = f"hand-{1 - seat}"
        for neutral in self._usable_neutrals():
            private = neutral in self.hands[seat]
            nid = neutral.id
            if self._pile_size:
                actions.append(Action(f"{nid}>pile", (nid, "pile"), f"{t('Exchange')} {nid} {t('for the pile top')}",
                                      ("exchange", neutral, "pile")))
            if private:
                for common_card in self.common:
                    actions.append(Action(f"{nid}>{common_card.id}", (nid, common_card.id),
                                          f"{t('Exchange')} {nid} {t('for')} {common_card.id}",
                                          ("exchange", neutral, common_card)))
            if self.hands[1 - seat]:
                actions.append(Action(f"{nid}>hand", (nid, opponent_hand),
                                      f"{t('Exchange')} {nid} {t('for a card of the opponent')}",
                                      ("exchange", neutral, "hand")))
        return actions

    def _usable_neutrals(self) -> list[Card]:
        return [card for card in self.available_cards(self._seat) if card.is_neutral]

    def _has_resources(self) -> bool:
        """D11: can the side to move still roll the die or make a neutral exchange?"""
        if self.die_holder == self._seat and self.die_value is None:
            return True
        has_source = self._pile_size > 0 or bool(self.hands[1 - self._seat])
        for neutral in self._usable_neutrals():
            if has_source or (neutral in self.hands[self._seat] and self.common):
                return True
        return False

    # ------------------------------------------------------------ parsing help
    def parse(self, text: str) -> Action:
        if isinstance(text, Action):
            text = text.text
        if isinstance(text, str):
            text = self._canonical_text(text)
        return super().parse(text)

    def _canonical_text(self, text: str) -> str:
        """Accept SAN after a card (``J3:e4``) and plain SAN in plain chess, as teachers write them."""
        cleaned = " ".join(text.split())
        if self._redacted or self._outcome is not None or self._phase != PHASE_PLAY:
            return cleaned
        source, sep, move_text = cleaned.rpartition(":")
        candidate = move_text if sep else cleaned
        if not candidate or candidate in ("roll", "stop", "claim", "keep") or ">" in candidate:
            return cleaned
        try:
            chess.Move.from_uci(candidate)
            return cleaned
        except ValueError:
            pass
        try:
            move = self.board.parse_san(candidate)
        except ValueError:
            return cleaned
        return f"{source}{sep}{move.uci()}" if sep else move.uci()

    def _explain_illegal(self, text: str) -> str:
        if self._redacted:
            return "this is a view for one seat, with hidden cards; play on the game itself"
        if self._outcome is not None:
            return f"the game is over ({self._outcome.reason}), so {text!r} cannot be played"
        who = self.seat_name(self._seat)
        if self._phase == PHASE_REMOVE:
            return (f"{text!r} is not allowed now: {who} may remove one own pawn still on its first square "
                    "(write 'remove e7') or keep all pawns ('keep')"
                    + ("; White may not remove the pawn on Black's file" if self._seat == WHITE else ""))
        if self._phase == PHASE_RETURN:
            ids = ", ".join(card.id for card in self.hands[self._seat])
            return f"{text!r} is not allowed now: {who} must return one of {ids} to the common cards (e.g. 'return {self.hands[self._seat][0].id}')"
        if self._phase == PHASE_ANSWER:
            return f"{text!r} is not allowed now: {who} must answer the raise with 'accept', 'refuse' or a higher 'raise N'"
        source, sep, move_text = text.partition(":")
        if not sep:
            if self.plain_chess:
                return f"{text!r} is not a legal chess move here (plain chess: write a move such as 'e2e4')"
            return (f"{text!r} is not an action: write a card and a move such as 'J3:e2e4', "
                    "or 'roll', 'X1>pile', 'return Q5'")
        try:
            move = chess.Move.from_uci(move_text)
        except ValueError:
            return f"{move_text!r} is not a chess move: write it like e2e4 (or e7e8q to promote)"
        if self.plain_chess:
            return f"the pile is empty, so this is plain chess: write just the move, e.g. {move_text!r}"
        if move not in self.board.legal_moves:
            return f"{move_text} is not a legal chess move in this position"
        if source == "die":
            if self.die_value is None:
                return "the die has not been rolled this turn"
            return f"the die shows {self.die_value} ({Figure(self.die_value).english}), which does not permit {move_text}"
        try:
            card = Card.parse(source)
        except ValueError as error:
            return str(error)
        if card not in self.available_cards(self._seat):
            return f"card {card.id} is not in {who}'s hand or among the common cards"
        piece = self.board.piece_at(move.from_square)
        moved = PIECE_NAMES[piece.piece_type] if piece else "piece"
        if self._move_class(move) == CASTLE:
            moved = "rook (castling is a rook move)"
        return f"card {card.id} ({card.name()}) does not permit moving the {moved}"

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Any:
        snapshot = self._snapshot()
        kind = action.data[0]
        board_change: Any = None
        if kind == "move":
            _, source, move = action.data
            self.board.push(move)
            self._count_position(+1)
            board_change = "pop"
            self._after_move(source)
        elif kind == "remove":
            square = action.data[1]
            board_change = ("restore", square, self.board.remove_piece_at(square), self._repetitions)
            self._repetitions = {self.board._transposition_key(): 1}
            self._after_removal(chess.square_file(square))
        elif kind == "keep":
            self._after_removal(None)
        elif kind == "return":
            card = action.data[1]
            self.hands[self._seat].remove(card)
            self.common.append(card)
            self._end_turn()
        elif kind == "roll":
            snapshot = self._snapshot(with_rng=True)
            self.die_value = self.rng.randint(1, 6)
            self.die_holder = 1 - self._seat
            self._settle()
        elif kind == "exchange":
            if action.data[2] == "hand":
                snapshot = self._snapshot(with_rng=True)
            self._exchange(action.data[1], action.data[2])
            self._settle()
        elif kind == "raise":
            self._raise(action.data[1])
        elif kind == "accept":
            self._pending_raise = None
            self._phase, self._seat = PHASE_PLAY, seat_of(self.board.turn)
        elif kind == "refuse":
            raiser, before = self._pending_raise  # type: ignore[misc]
            self._finish((raiser,), "bet refused", stake=before)
        elif kind == "claim":
            self._finish((), f"draw claimed ({self._claimable_draw()})")
        elif kind == "stop":
            self._finish_stuck()
        return snapshot, board_change

    def _revert(self, action: Action, undo_info: Any) -> None:
        snapshot, board_change = undo_info
        if board_change == "pop":
            self._count_position(-1)
            self.board.pop()
        elif board_change is not None:
            _, square, piece, self._repetitions = board_change
            self.board.set_piece_at(square, piece)
        self._restore(snapshot)

    def _after_removal(self, file: int | None) -> None:
        if self._seat == BLACK:
            self.black_removed_file = file
            self._seat = WHITE
        else:
            self._deal()
            self._begin_turn(WHITE)

    def _after_move(self, source: Card | str | None) -> None:
        """Discard the card, draw, and either end the turn or ask which card to return (§2.3)."""
        seat = self._seat
        if isinstance(source, Card):
            self.discard.append(source)
            from_common = source in self.common
            (self.common if from_common else self.hands[seat]).remove(source)
            if self._pile_size:
                self.hands[seat].append(self._draw())
                if from_common:
                    self._phase = PHASE_RETURN
                    return
        self._end_turn()

    def _exchange(self, neutral: Card, source: Card | str) -> None:
        """D8: discard the neutral card and fill its slot from the chosen source."""
        seat = self._seat
        private = neutral in self.hands[seat]
        slot = self.hands[seat] if private else self.common
        position = slot.index(neutral)
        self.discard.append(neutral)
        if source == "pile":
            replacement = self._draw()
        elif source == "hand":
            opponent_hand = self.hands[1 - seat]
            replacement = opponent_hand.pop(self.rng.randrange(len(opponent_hand)))
            if self._pile_size:
                opponent_hand.append(self._draw())
        else:
            assert isinstance(source, Card)
            common_position = self.common.index(source)
            replacement = source
            if self._pile_size:
                self.common[common_position] = self._draw()
            else:
                del self.common[common_position]
        slot[position] = replacement

    def _raise(self, amount: int) -> None:
        """§2.10/D13: a raise (or re-raise) that the other side must answer at once."""
        previous = self.bet
        raiser = self._seat
        if self._phase == PHASE_PLAY:
            self._raised_this_turn = True
        self.bet = amount
        self.last_raiser = raiser
        self._pending_raise = (raiser, previous)
        self._phase, self._seat = PHASE_ANSWER, 1 - raiser

    def _end_turn(self) -> None:
        self._begin_turn(seat_of(self.board.turn))

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: plain-chess switch, then every end-of-game check (§2.7, §2.8, D1)."""
        self._phase, self._seat = PHASE_PLAY, seat
        self.die_value = None
        self._raised_this_turn = False
        if not self._pile_size:
            self.plain_chess = True
        self._invalidate()
        board = self.board
        if board.is_insufficient_material():
            self._finish((), "insufficient material")
        elif self._repetition_count() >= 5:
            self._finish((), "fivefold repetition")
        elif board.halfmove_clock >= 150:
            self._finish((), "seventy-five-move rule")
        elif self.draw_claims == "auto" and (claim := self._claimable_draw()) is not None:
            self._finish((), claim)
        else:
            self._settle()

    def _claimable_draw(self) -> str | None:
        if self.board.halfmove_clock >= 100:
            return "fifty-move rule"
        if self._repetition_count() >= 3:
            return "threefold repetition"
        return None

    def _repetition_count(self) -> int:
        """How often the current position has occurred (D1 key: placement, side to
        move, castling rights, en-passant square), kept incrementally because
        python-chess's ``is_repetition`` replays the game on every call."""
        return self._repetitions.get(self.board._transposition_key(), 0)

    def _count_position(self, step: int) -> None:
        key = self.board._transposition_key()
        count = self._repetitions.get(key, 0) + step
        if count:
            self._repetitions[key] = count
        else:
            del self._repetitions[key]

    def _settle(self) -> None:
        """D11: with no permitted move and nothing left to try, the game ends."""
        self._invalidate()
        if self._any_permitted_now():
            return
        if self.plain_chess or not self._has_resources():
            self._finish_stuck()

    def _finish_stuck(self) -> None:
        if self.board.is_check():
            self._finish((1 - self._seat,), "checkmate")
        else:
            self._finish((), "stalemate")

    def _finish(self, winners: tuple[int, ...], reason: str, stake: int | None = None) -> None:
        scores = (0.5, 0.5) if not winners else tuple(1.0 if seat in winners else 0.0 for seat in (0, 1))
        payoffs = None
        if self.betting is not None:
            amount = self.bet if stake is None else stake
            if winners:
                payoffs = tuple(amount if seat in winners else -amount for seat in (0, 1))
            elif self.last_raiser is not None:
                payoffs = tuple(-self.bet if seat == self.last_raiser else self.bet for seat in (0, 1))
            else:
                payoffs = (0, 0)
        self._outcome = Outcome(winners, reason, scores, payoffs)  # type: ignore[arg-type]
        self._invalidate()

    # -------------------------------------------------------- snapshot & undo
    def _snapshot(self, with_rng: bool = False) -> tuple[Any, ...]:
        return ((tuple(self.hands[0]), tuple(self.hands[1])), tuple(self.common), self._pile_size,
                len(self.discard), self.die_holder, self.die_value, self.plain_chess, self.bet,
                self.last_raiser, self._pending_raise, self._raised_this_turn, self.black_removed_file,
                self._outcome, self._phase, self._seat, self.rng.getstate() if with_rng else None)

    def _restore(self, snapshot: tuple[Any, ...]) -> None:
        (hands, common, self._pile_size, discard_count, self.die_holder, self.die_value,
         self.plain_chess, self.bet, self.last_raiser, self._pending_raise, self._raised_this_turn,
         self.black_removed_file, self._outcome, self._phase, self._seat, rng_state) = snapshot
        self.hands = [list(hands[0]), list(hands[1])]
        self.common = list(common)
        del self.discard[discard_count:]
        if rng_state is not None:
            self.rng.setstate(rng_state)

    def copy(self) -> "PokerDrez":
        clone = object.__new__(PokerDrez)
        clone.__dict__.update(self.__dict__)
        clone.board = self.board.copy()
        clone._repetitions = dict(self._repetitions)
        clone.hands = [list(self.hands[0]), list(self.hands[1])]
        clone.common = list(self.common)
        clone.discard = list(self.discard)
        clone.rng = random.Random()
        clone.rng.setstate(self.rng.getstate())
        clone._history = list(self._history)
        clone._invalidate()
        return clone

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> "PokerDrez":
        """What ``seat`` may see (D12): the other hand, the pile order and the discard
        contents (unless ``show_discard_history``) become unknown cards; no history,
        no seed and no random state are kept."""
        if seat not in (WHITE, BLACK, None):
            raise ValueError(f"seat must be 0 (White), 1 (Black) or None (spectator), not {seat!r}")
        if self._redacted and self._viewer != seat:
            raise ValueError("a view cannot be turned into a view for another seat")
        clone = self.copy()
        clone._redacted = True
        clone._viewer = seat
        clone.seed = None
        clone.rng = random.Random(0)
        clone._history = []
        clone._start_state = {}
        clone.options = {key: value for key, value in self.options.items()
                         if key not in ("hands", "pile", "common", "fen", "die")}
        for other in (WHITE, BLACK):
            if other != seat:
                clone.hands[other] = [UNKNOWN] * len(self.hands[other])
        clone._pile = [UNKNOWN] * self._pile_size
        if not self.show_discard_history:
            clone.discard = [UNKNOWN] * len(self.discard)
        return clone

    def _is_redacted_view(self) -> bool:
        return self._redacted

    @property
    def viewer(self) -> int | None:
        """For a view: the seat it was made for (``None`` = spectator or the full game)."""
        return self._viewer

    # ------------------------------------------------------------------- JSON
    def _state_dict(self, include_secrets: bool) -> dict[str, Any]:
        board = self.board
        state: dict[str, Any] = {
            "fen": board.fen(),
            "root_fen": board.root().fen() if include_secrets else None,
            "moves": [move.uci() for move in board.move_stack] if include_secrets else None,
            "hands": [[card.id for card in hand] for hand in self.hands],
            "common": [card.id for card in self.common],
            "pile": [card.id for card in self.pile],
            "discard": [card.id for card in self.discard],
            "die_holder": self.die_holder,
            "die_value": self.die_value,
            "plain_chess": self.plain_chess,
            "bet": self.bet,
            "last_raiser": self.last_raiser,
            "pending_raise": list(self._pending_raise) if self._pending_raise else None,
            "raised_this_turn": self._raised_this_turn,
            "black_removed_file": self.black_removed_file,
            "phase": self._phase,
            "seat": self._seat,
            "outcome": self._outcome.to_dict() if self._outcome else None,
        }
        if include_secrets:
            state["rng"] = rng_state_to_json(self.rng)
        else:
            del state["root_fen"], state["moves"]
        return state

    def to_json(self) -> str:
        """A versioned JSON record. A game records its options, its starting state and
        every action, so ``from_json`` replays it exactly (undo included); a view records
        only what its seat may see."""
        if self._redacted:
            record = {"game": self.name, "version": self.record_version, "kind": "view",
                      "viewer": self._viewer, "options": self.options,
                      "state": self._state_dict(include_secrets=False)}
        else:
            record = {"game": self.name, "version": self.record_version, "kind": "game",
                      "seed": self.seed, "options": self.options, "start": self._start_state,
                      "actions": [action.text for action, _ in self._history],
                      "state": self._state_dict(include_secrets=True)}
        return json.dumps(record, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes) -> "PokerDrez":
        """Rebuild a game (or a view) from ``to_json``; ``BadRecord`` for anything damaged.

        Every field is checked; whatever slips past the checks and breaks while the
        record is rebuilt still ends as a ``BadRecord``, never as another error.
        """
        data = load_record(text, [cls.name], cls.record_version)
        try:
            return cls._from_record(data)
        except BadRecord:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, IndexError, OverflowError,
                AssertionError, RecursionError, MemoryError) as error:
            raise BadRecord(f"the saved game is damaged and cannot be rebuilt ({type(error).__name__})") from None

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> "PokerDrez":
        kind = data.get("kind")
        options = field_of(data, "options", dict)
        construction = {key: value for key, value in options.items()
                        if key in ("decks", "pawn_removal", "blocked_figures_are_jokers", "betting",
                                   "draw_claims", "show_discard_history")}
        try:
            game = cls(seed=None, **construction)
        except (TypeError, ValueError) as error:
            raise BadRecord(f"the saved options are not valid: {error}") from None
        if "fen" in options:
            game.options.update({key: options[key] for key in ("fen", "hands", "common", "pile", "die")
                                 if key in options})
        if kind == "view":
            viewer = data.get("viewer")
            if isinstance(viewer, bool) or viewer not in (0, 1, None):
                raise BadRecord("the view's seat must be 0, 1 or null")
            game._load_state(field_of(data, "state", dict), secrets=False)
            game._redacted, game._viewer = True, viewer
            return game
        if kind != "game":
            raise BadRecord(f"unknown record kind {short_repr(kind)} (expected 'game' or 'view')")
        seed = record_seed(data)
        game.seed = seed
        game._load_state(field_of(data, "start", dict), secrets=True)
        game._start_state = game._state_dict(include_secrets=True)
        replay_record(game, data, lambda: game._state_dict(include_secrets=True))
        return game

    def _load_state(self, state: dict[str, Any], secrets: bool) -> None:
        """Set every field from a state dict, checking types and card conservation."""
        try:
            if secrets:
                board = chess.Board(field_of(state, "root_fen", str, "state"))
                for uci in field_of(state, "moves", list, "state"):
                    move = chess.Move.from_uci(uci)
                    if move not in board.legal_moves:
                        raise BadRecord(f"the saved move {uci} is illegal")
                    board.push(move)
                if board.fen() != field_of(state, "fen", str, "state"):
                    raise BadRecord("the saved board does not match its moves")
                replay = chess.Board(board.root().fen())
                self._repetitions = {replay._transposition_key(): 1}
                for move in board.move_stack:
                    replay.push(move)
                    key = replay._transposition_key()
                    self._repetitions[key] = self._repetitions.get(key, 0) + 1
            else:
                board = chess.Board(field_of(state, "fen", str, "state"))
                self._repetitions = {board._transposition_key(): 1}
        except (ValueError, TypeError, AssertionError) as error:
            if isinstance(error, BadRecord):
                raise
            raise BadRecord(f"the saved chess position is damaged: {error}") from None
        self.board = board
        cards: dict[str, list[Card]] = {}
        for key in ("common", "pile", "discard"):
            cards[key] = self._card_list(field_of(state, key, list, "state"), key, secrets)
        hands = field_of(state, "hands", list, "state")
        if len(hands) != 2 or not all(isinstance(hand, list) for hand in hands):
            raise BadRecord("the saved hands must be two lists")
        self.hands = [self._card_list(hand, f"hand {seat}", secrets) for seat, hand in enumerate(hands)]
        self.common, self.discard = cards["common"], cards["discard"]
        self._pile = cards["pile"][::-1]
        self._pile_size = len(self._pile)
        if secrets:
            every = sorted(c.id for c in self.hands[0] + self.hands[1] + self.common + self._pile + self.discard)
            if every != sorted(c.id for c in Deck.all_cards(self.decks)):
                raise BadRecord("the saved cards are not exactly the cards of the deck")
        self.die_holder = self._seat_or_none(state.get("die_holder"), "die_holder")
        die_value = state.get("die_value")
        if die_value is not None and (not isinstance(die_value, int) or not 1 <= die_value <= 6):
            raise BadRecord("the saved die value must be 1 to 6 or null")
        self.die_value = die_value
        self.plain_chess = bool(field_of(state, "plain_chess", bool, "state"))
        self.bet = field_of(state, "bet", int, "state")
        self.last_raiser = self._seat_or_none(state.get("last_raiser"), "last_raiser")
        pending = state.get("pending_raise")
        if pending is not None and (not isinstance(pending, list) or len(pending) != 2
                                    or not all(isinstance(v, int) for v in pending)):
            raise BadRecord("the saved pending raise is damaged")
        self._pending_raise = tuple(pending) if pending else None  # type: ignore[assignment]
        self._raised_this_turn = bool(field_of(state, "raised_this_turn", bool, "state"))
        removed = state.get("black_removed_file")
        if removed is not None and (not isinstance(removed, int) or not 0 <= removed < 8):
            raise BadRecord("the saved removed-pawn file is damaged")
        self.black_removed_file = removed
        phase = field_of(state, "phase", str, "state")
        if phase not in (PHASE_REMOVE, PHASE_PLAY, PHASE_RETURN, PHASE_ANSWER):
            raise BadRecord(f"unknown phase {short_repr(phase)}")
        self._phase = phase
        seat = self._seat_or_none(field_of(state, "seat", int, "state"), "seat")
        self._seat = seat if seat is not None else WHITE
        self._outcome = self._outcome_from(state.get("outcome"))
        if secrets:
            self.rng.setstate(rng_state_from_json(state.get("rng")))
        self._check_consistency()
        self._invalidate()

    @staticmethod
    def _outcome_from(value: Any) -> Outcome | None:
        """A saved outcome, checked field by field."""
        if value is None:
            return None
        if not isinstance(value, dict):
            raise BadRecord("the saved outcome must be an object or null")
        winners, reason, scores, payoffs = (value.get(key) for key in ("winners", "reason", "scores", "payoffs"))
        if (not isinstance(winners, list) or len(winners) > 1
                or any(not isinstance(w, int) or isinstance(w, bool) or w not in (0, 1) for w in winners)):
            raise BadRecord("the saved outcome's winners must be [], [0] or [1]")
        if reason not in OUTCOME_REASONS:
            raise BadRecord(f"the saved outcome has an unknown reason {short_repr(reason)}")
        expected = (0.5, 0.5) if not winners else tuple(1.0 if seat in winners else 0.0 for seat in (0, 1))
        if not isinstance(scores, list) or tuple(scores) != expected:
            raise BadRecord("the saved outcome's scores do not match its winners")
        if payoffs is not None and (not isinstance(payoffs, list) or len(payoffs) != 2 or any(
                not isinstance(p, int) or isinstance(p, bool) or abs(p) > MAX_BET for p in payoffs)):
            raise BadRecord("the saved outcome's payoffs must be two whole amounts")
        return Outcome(tuple(winners), reason, expected, None if payoffs is None else tuple(payoffs))

    def _check_consistency(self) -> None:
        """Refuse saved states that the rules can never reach (checked on load)."""
        if not self._only_harmless_flags(self.board.status()):
            raise BadRecord(f"the saved chess position is impossible: {self.board.status()!r}")
        if any(len(hand) > 3 for hand in self.hands) or len(self.common) > 5:
            raise BadRecord("a saved hand holds more than 3 cards or there are more than 5 common cards")
        if self.die_value is not None and (isinstance(self.die_value, bool) or self.die_value not in range(1, 7)):
            raise BadRecord("the saved die value must be 1 to 6 or null")
        if self.betting is None:
            if self.bet != 0 or self.last_raiser is not None or self._pending_raise is not None:
                raise BadRecord("the saved game has a bet but betting is off")
        elif not self.betting[0] <= self.bet <= self.betting[1]:
            raise BadRecord(f"the saved bet {self.bet} is outside the betting range {self.betting}")
        if (self._phase == PHASE_ANSWER) != (self._pending_raise is not None):
            raise BadRecord("a raise waits for an answer exactly when the game is in its answer phase")
        if self._pending_raise is not None:
            raiser, before = self._pending_raise
            if raiser not in (0, 1) or self._seat != 1 - raiser or not 0 < before < self.bet:
                raise BadRecord("the saved pending raise is damaged")
        mover = seat_of(self.board.turn)
        if self._phase == PHASE_PLAY and self._seat != mover:
            raise BadRecord("the saved seat to move does not match the board")
        if self._phase == PHASE_RETURN and (self._seat != 1 - mover or len(self.hands[self._seat]) != 3):
            raise BadRecord("a card return is due only from the player who just moved, holding 3 cards")
        if self._phase == PHASE_REMOVE and (self.board.move_stack or any(self.hands) or self.common):
            raise BadRecord("pawn removal happens before any move and before the deal")

    def _card_list(self, ids: list[Any], where: str, secrets: bool) -> list[Card]:
        if not secrets:
            try:
                return [Card.parse(card_id) for card_id in ids]
            except ValueError as error:
                raise BadRecord(f"{where}: {error}") from None
        return check_card_ids(ids, self.decks, where)

    @staticmethod
    def _seat_or_none(value: Any, name: str) -> int | None:
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and value in (0, 1)):
            return value
        raise BadRecord(f"the saved {name} must be 0, 1 or null")

    # -------------------------------------------------------------- describing
    def describe(self, action: Action | str) -> str:
        """A log line such as 'White: J3 e4' (SAN), computed before the action is played."""
        chosen = self.parse(action if isinstance(action, str) else action.text)
        who = self.seat_name(self._seat)
        kind = chosen.data[0]
        if kind == "move":
            _, source, move = chosen.data
            san = self.board.san(move)
            if source is None:
                return f"{who}: {san}"
            source_name = t("Die") if source == "die" else source.id
            return f"{who}: {source_name} {san}"
        if kind == "roll":
            return f"{who}: {t('Roll the die')}"
        return f"{who}: {chosen.label}"

    def pgn(self) -> str:
        """The game so far as PGN, each move commented with the card (or die) that backed it."""
        game = chess.pgn.Game.from_board(self.board)
        game.headers["Event"] = "PokerDrez"
        game.headers["White"], game.headers["Black"] = "White", "Black"
        if self.seed is not None:
            game.headers["Seed"] = str(self.seed)
        if self._outcome is not None:
            game.headers["Termination"] = self._outcome.reason
        notes: list[str] = []
        comments: list[str] = []
        pending: list[str] = []
        for action, _ in self._history:
            kind = action.data[0]
            if kind == "move":
                source = action.data[1]
                backing = "" if source is None else ("die" if source == "die" else f"card {source.id}")
                comments.append("; ".join(pending + ([backing] if backing else [])))
                pending = []
            elif kind in ("remove", "keep"):
                notes.append(action.text)
            elif kind == "return":
                if comments:
                    comments[-1] = "; ".join(filter(None, [comments[-1], action.text]))
            else:
                pending.append(action.text)
        node: chess.pgn.GameNode = game
        for comment in comments:
            node = node.variations[0]
            node.comment = comment
        if notes:
            game.comment = "pawn removal: " + ", ".join(notes)
        exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
        return game.accept(exporter)

    # ---------------------------------------------------------------- picture
    def svg(self, viewer: int | None = None, **options: Any) -> str:
        """The table: board, both hands (face down unless ``viewer`` may see them),
        common cards, pile and discard counts, die holder, whose turn and the last move."""
        from drezlab.render.chesscards import draw_card_chess

        if self._redacted and viewer != self._viewer:
            raise ValueError("a view can only be drawn for the seat it was made for")
        shown = self if self._redacted else self.view(viewer)
        return draw_card_chess(
            shown.board,
            hands=shown.hands,
            common=shown.common,
            pile_count=shown._pile_size,
            discard_count=len(shown.discard),
            die_holder=shown.die_holder,
            die_value=shown.die_value,
            to_move=shown.to_move,
            last_move=shown.board.peek() if shown.board.move_stack else None,
            flipped=bool(options.get("flipped", viewer == BLACK)),
            status=self.status_text(),
            seat_names=(self.seat_name(WHITE), self.seat_name(BLACK)),
            plain_chess=shown.plain_chess,
            extra_lines=self._extra_lines(),
        )

    def status_text(self) -> str:
        """One line for the picture and the widget: whose turn, or how the game ended."""
        if self._outcome is not None:
            if self._outcome.is_draw:
                return f"{t('Draw')}: {t(self._outcome.reason)}"
            return f"{self.winner_text(self._outcome.winners[0])}: {t(self._outcome.reason)}"
        who = self.seat_name(self._seat)
        if self._phase == PHASE_REMOVE:
            return f"{who}: {t('Remove pawns')}?"
        if self._phase == PHASE_RETURN:
            return f"{who}: {t('choose which card to return to the common cards')}"
        if self._phase == PHASE_ANSWER:
            return f"{who}: {t('Bet')} {self.bet}?"
        return f"{who} {t('to move')}"

    def _extra_lines(self) -> list[str]:
        lines = []
        if self.betting is not None:
            lines.append(f"{t('Bet')}: {self.bet}")
        if self.die_value is not None:
            lines.append(f"{t('Die')}: {self.die_value}")
        return lines

    def __repr__(self) -> str:
        return f"<PokerDrez {self.status_text()}; pile {self._pile_size}>"
