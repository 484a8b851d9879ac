"""PokerDrez: chess where every move must be backed by a card.

Rules: ``shared/rules/chess-cards.md`` §0-2 (from the Spanish source "PokerDrez",
seed 000), every DECISION there binding. The card rules (permission, the turn, the
neutral exchanges, the die, the last resort, plain chess) are the card-chess layer's,
:mod:`drezlab.kits.cardchess`, played here on python-chess's board; this module adds
what is PokerDrez's own. In short:

* Setup (§2.1). Optional pawn removal, Black first, White not on Black's file
  (D4: before any card is dealt). Each side gets 2 private cards, 5 common cards
  lie face up, the rest is the draw pile. Black holds the die; White moves.
* Permission (§2.2), turn (§2.3), neutral cards (§2.5, D8), die (§2.6, D9), plain
  chess (§2.7, D10) and the last resort (D11): see :mod:`drezlab.kits.cardchess`.
* End (§2.8, D1, D11). A side with no permitted move and nothing left to try is
  checkmated when in check, otherwise stalemated (a draw). Insufficient material,
  fivefold repetition and the 75-move rule end the game at once; threefold
  repetition and the 50-move rule end it automatically (``draw_claims="auto"``) or
  offer a claim (``"claim"``).
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
  otherwise they form the shuffled pile. ``die`` (the seat holding the die) belongs
  to a teacher's position too.

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

Each action's ``data`` is a small immutable value: the card-chess layer's
(:mod:`drezlab.kits.cardchessactions`: ``ChessMove``, ``Return``, ``Roll``, ``Exchange``,
``Stop``, ``Claim``) or PokerDrez's own (:mod:`drezlab.games.pokerdrez.actions`:
``RemovePawn``, ``KeepPawns``, ``Raise``, ``Accept``, ``Refuse``).

Action text is printable ASCII; runs of spaces count as one and spaces at either
end are ignored; anything else (tabs, other scripts' digits) is refused.

Targets (for clicking in the widget): a move is (card id, from-square,
to-square) plus ``promote-q`` style choices; the die move starts with ``die``;
an exchange is (neutral id, ``pile`` | common card id | ``hand-N``).

Chance (``self.chance``): the shuffle of the deal, the die and the card taken by
``X1>hand``, called in the same order as drezlab 0.1 did, so a seed deals the same
game. ``chance_outcomes(action)`` lists the outcomes of a pending chance event
with exact odds (``chance_outcomes("roll")``: faces 1..6 at 1/6 each).

Views (``view(seat)``) are the card-chess layer's zones (the other hand and the
pile order unseen; the discard only counted unless ``show_discard_history``) plus
the board's FEN, the last move, the die and the bet. Views are not loadable.

Records: version 2 (options, deal seed or scripted chance, actions, final state;
replayed and compared on load). Version-1 records of drezlab 0.1 are read when the
game had a seed (its deal is then replayed and checked against the saved start and
final states, random-number state included); a version-1 record without a seed is
refused with a ``BadRecord`` that says why.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import chess
import chess.pgn

from drezlab.core.action import Action
from drezlab.core.cards import Card, CardLike, Deck
from drezlab.core.chance import Chance, Seeded
from drezlab.core.errors import BadRecord
from drezlab.core.game import (
    ACTION_CHARACTERS,
    MAX_ACTION_TEXT,
    field_of,
    record_seed,
    replay_record,
    rng_state_to_json,
    short_repr,
)
from drezlab.core.i18n import in_language, t, turn_text
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.words import pgn_in
from drezlab.games.pokerdrez import words
from drezlab.games.pokerdrez.actions import (
    ACCEPT,
    KEEP,
    PHASE_ANSWER,
    PHASE_REMOVE,
    REFUSE,
    Accept,
    KeepPawns,
    Raise,
    Refuse,
    RemovePawn,
)
from drezlab.games.pokerdrez.meta import BLACK, SPEC, WHITE
from drezlab.games.pokerdrez.position import board_from, check_teacher_options
from drezlab.kits.cardchess import (
    DIE,
    KING_STEP,
    PHASE_PLAY,
    PHASE_RETURN,
    CardChessGame,
    CardChessState,
    ChessBoardMoves,
    count_position,
    permits,
    place_teacher_cards,
    position_key,
)
from drezlab.kits.cardchessactions import CLAIM, ChessMove, Claim, Return
from drezlab.kits.chesstext import square_reasons

#: the usual material values, for judging unfinished games and for the search bots' heuristic
PIECE_VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
FULL_ARMY = 39
HAND_SIZE, COMMON_SIZE = 2, 5
#: the fields of a record, by version (anything else is refused)
RECORD_FIELDS = {1: frozenset(("game", "version", "kind", "seed", "options", "start", "actions", "state")),
                 2: frozenset(("game", "version", "kind", "seed", "options", "chance", "actions", "state"))}


def seat_of(color: chess.Color) -> int:
    """The seat playing ``color`` (White is seat 0)."""
    return WHITE if color == chess.WHITE else BLACK


def color_of(seat: int) -> chess.Color:
    """The colour ``seat`` plays."""
    return chess.WHITE if seat == WHITE else chess.BLACK


@dataclass(frozen=True)
class PokerDrezBets(AttributeSnapshot):
    """PokerDrez's own plain state that an action may change: the bet and the removal."""

    bet: int
    last_raiser: int | None
    _pending_raise: tuple[int, int] | None
    _raised_this_turn: bool
    black_removed_file: int | None


class PokerDrezUndo(NamedTuple):
    """What undoing one PokerDrez action needs besides the zones, the chance log and
    the board's own move stack: the card-chess layer's state and the game's own."""

    turn: CardChessState
    bets: PokerDrezBets


class PokerDrez(CardChessGame):
    """A game of PokerDrez for two players (seat 0 = White, seat 1 = Black).

    ``PokerDrez(seed=7)`` deals a new game. Teachers build any position with
    ``PokerDrez(fen=..., hands={0: [...], 1: [...]}, common=[...], pile=[...],
    die=seat)``; the pawn-removal phase is skipped when a ``fen`` is given and every
    argument is checked (``BadRecord`` says what is wrong). ``chance=Scripted([...])``
    fixes the shuffle, the die rolls and the cards taken (tests and lessons).
    """

    spec = SPEC
    seat_names = ("White", "Black")
    record_version = 2
    _copy_with_method = ("board",)

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
        chance: Chance | None = None,
    ) -> None:
        super().__init__()
        options = SPEC.validate_options({
            "decks": decks, "pawn_removal": pawn_removal, "blocked_figures_are_jokers": blocked_figures_are_jokers,
            "betting": betting, "draw_claims": draw_claims, "show_discard_history": show_discard_history})
        check_teacher_options(fen, hands, common, pile, die)
        self._keep_options(seed, options, chance)
        self.betting: tuple[int, int] | None = options["betting"]
        self.bet = self.betting[0] if self.betting else 0
        self.last_raiser: int | None = None
        self._pending_raise: tuple[int, int] | None = None   # (raiser, bet before the raise)
        self._raised_this_turn = False
        self.black_removed_file: int | None = None
        if fen is not None:
            self.options.update({"fen": fen, "die": die, "hands": hands, "common": common, "pile": pile})
        if not self._begin_teacher_position("fen"):
            self.board = chess.Board()
            self._repetitions = {position_key(self.board): 1}
            cards = Deck.all_cards(self.decks)
            self.chance.shuffle(cards, "deal")
            self._lay_out(hands=([], []), common=[], pile=cards, discard=[], die=die)
            if options["pawn_removal"]:
                self._phase, self._seat = PHASE_REMOVE, BLACK
            else:
                self._deal(HAND_SIZE, COMMON_SIZE)
                self._begin_turn(WHITE)
        self._seal_setup()

    def _lay_out(self, *, hands: Sequence[list[Card]], common: list[Card], pile: list[Card],
                 discard: list[Card], die: int | None) -> None:
        self._lay_out_cards(seats=2, teams=(WHITE, BLACK), turn_order=(WHITE, BLACK), hands=hands, common=common,
                            pile=pile, discard=discard, show_discard_history=self.show_discard_history)
        self.die_holder = die

    def _bind(self) -> None:
        super()._bind()
        self._source = ChessBoardMoves(self.board)

    # ------------------------------------------------------------------ set-up
    def _set_up_teacher_position(self, position: str) -> None:
        """A teacher's position (base hook): ``position`` is the option ``fen``, read by
        :func:`~drezlab.games.pokerdrez.position.board_from`; the cards ``hands``, ``common``
        and ``pile`` of ``self.options`` are placed by the card-chess kit, unnamed cards
        shuffled, and ``die`` goes to its seat. ``BadRecord`` says what is wrong; the FEN and
        the die are recorded as given, the cards as card ids."""
        given = self.options
        self.board = board_from(position)
        self._repetitions = {position_key(self.board): 1}
        cards = place_teacher_cards(decks=self.decks, seats=2, hands=given["hands"], common=given["common"],
                                    pile=given["pile"], hand_size=HAND_SIZE, common_size=COMMON_SIZE,
                                    shuffle=lambda rest: self.chance.shuffle(rest, "deal"), seat_name=self.seat_name)
        self._lay_out(hands=cards.hands, common=cards.common, pile=cards.pile, discard=cards.discard,
                      die=given["die"])
        given.update(cards.options)
        self._begin_turn(seat_of(self.board.turn))

    def conserved_items(self) -> list[Card]:
        """Every card of the game's packs: the zones hold each exactly once."""
        return Deck.all_cards(self.decks)

    # ------------------------------------------------------------ for chess bots
    @property
    def chess_board(self) -> chess.Board:
        """The current chess position (the game's own board: treat it as read-only;
        ``chess_board.copy()`` gives one to explore)."""
        return self.board

    def chess_move(self, action: Action | str) -> chess.Move | None:
        """The chess move ``action`` makes (a new ``chess.Move``), or ``None`` for an
        action that moves no piece (a roll, an exchange, a return, a raise...).
        Text is parsed first, so it must be legal now."""
        if not isinstance(action, Action):
            action = self.parse(action)
        data = action.data
        if isinstance(data, ChessMove):
            return self._source.move_of(data.key)
        return None

    # -------------------------------------------------- simulations and bots
    @property
    def plies(self) -> int:
        """Chess moves played (half-moves): card draws, returns, rolls, exchanges and
        raises are not moves, so a simulation's ``max_plies`` counts the board's plies."""
        return len(self.board.move_stack)

    def material(self, seat: int) -> int:
        """``seat``'s material minus its opponent's (pawn 1, knight and bishop 3, rook 5,
        queen 9; kings not counted)."""
        board, color = self.board, color_of(seat)
        return sum(value * (chess.popcount(board.pieces_mask(kind, color))
                            - chess.popcount(board.pieces_mask(kind, not color)))
                   for kind, value in PIECE_VALUES.items())

    def adjudicate(self) -> tuple[float, ...] | None:
        """An unfinished game stopped by a simulation: the side with more material wins;
        equal material is a draw (``None``)."""
        balance = self.material(WHITE)
        if not balance:
            return None
        return (1.0, 0.0) if balance > 0 else (0.0, 1.0)

    def evaluate(self, seat: int) -> float:
        """The search bots' heuristic: ``seat``'s material balance as a share of a full
        army (-1 to 1)."""
        return max(-1.0, min(1.0, self.material(seat) / FULL_ARMY))

    # ---------------------------------------------------------------- actions
    def _other_phase_actions(self) -> list[Action]:
        if self._phase == PHASE_REMOVE:
            return self._removal_actions()
        return self._answer_actions()

    def _removal_actions(self) -> list[Action]:
        rank = 6 if self._seat == BLACK else 1
        pawn = chess.Piece(chess.PAWN, color_of(self._seat))
        actions = []
        for file in range(8):
            square = chess.square(file, rank)
            if file == self.black_removed_file and self._seat == WHITE:
                continue
            if self.board.piece_at(square) == pawn:
                name = chess.SQUARE_NAMES[square]
                actions.append(Action(f"remove {name}", (name,), f"{t('Remove pawn')} {name}",
                                      RemovePawn("remove", square)))
        actions.append(Action("keep", (), t("Keep all pawns"), KEEP))
        return actions

    def _answer_actions(self) -> list[Action]:
        return [Action("accept", (), t("Accept"), ACCEPT),
                Action("refuse", (), t("Refuse (lose the game)"), REFUSE)] + self._raise_actions()

    def _raise_actions(self) -> list[Action]:
        if self.betting is None:
            return []
        return [Action(f"raise {amount}", (), f"{t('Raise to')} {amount}", Raise("raise", amount))
                for amount in range(self.bet + 1, self.betting[1] + 1)]

    def _claim_actions(self) -> list[Action]:
        if self.draw_claims == "claim" and self._claimable_draw() is not None:
            return [Action("claim", (), t("Claim a draw"), CLAIM)]
        return []

    def _side_actions(self) -> list[Action]:
        if self.plain_chess:
            return self._claim_actions()
        raises = self._raise_actions() if self.betting is not None and not self._raised_this_turn else []
        return raises + self._claim_actions()

    # ------------------------------------------------------------ parsing help
    def parse(self, text: Action | str) -> Action:
        """The legal action written ``text`` (see the module docstring); a move may also be
        written in SAN after its card (``J3:e4``), or alone in plain chess (``Nf3``)."""
        if isinstance(text, Action):
            text = text.text
        if isinstance(text, str) and len(text) <= MAX_ACTION_TEXT and ACTION_CHARACTERS.issuperset(text):
            text = self._canonical_text(text)
        return super().parse(text)

    def _canonical_text(self, text: str) -> str:
        """Accept SAN after a card (``J3:e4``) and plain SAN in plain chess, as teachers write them."""
        cleaned = " ".join(text.split())
        if self._outcome is not None or self._phase != PHASE_PLAY:
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
        if self._outcome is not None:
            return self._over_text(text)
        return words.explain_illegal(self, self.board, text)

    # ---------------------------------------------------------------- playing
    def _apply_other(self, action: Action) -> None:
        match action.data:
            case RemovePawn(square=square):
                self.board.remove_piece_at(square)
                self._repetitions = {position_key(self.board): 1}
                self._after_removal(chess.square_file(square))
            case KeepPawns():
                self._after_removal(None)
            case Raise(amount=amount):
                self._raise(amount)
            case Accept():
                self._pending_raise = None
                self._phase, self._seat = PHASE_PLAY, seat_of(self.board.turn)
            case Refuse():
                assert self._pending_raise is not None
                raiser, before = self._pending_raise
                self._conclude((raiser,), "bet refused", stake=before)
            case Claim():
                self._conclude((), f"draw claimed ({self._claimable_draw()})")
            case _:
                super()._apply_other(action)

    def _revert(self, action: Action, undo_info: Any) -> None:
        match action.data:
            case RemovePawn(square=square):
                self.board.set_piece_at(square, chess.Piece(chess.PAWN, color_of(undo_info.turn.seat)))
                self._repetitions = {position_key(self.board): 1}
        super()._revert(action, undo_info)

    def _push_move(self, move: chess.Move) -> None:
        self.board.push(move)
        self._count_position(+1)

    def _pop_move(self) -> None:
        self._count_position(-1)
        self.board.pop()

    def _after_removal(self, file: int | None) -> None:
        if self._seat == BLACK:
            self.black_removed_file = file
            self._seat = WHITE
        else:
            self._deal(HAND_SIZE, COMMON_SIZE)
            self._begin_turn(WHITE)

    def _raise(self, amount: int) -> None:
        """§2.10/D13: a raise (or re-raise) that the other side must answer at once."""
        raiser = self._seat
        if self._phase == PHASE_PLAY:
            self._raised_this_turn = True
        self._pending_raise = (raiser, self.bet)
        self.bet = amount
        self.last_raiser = raiser
        self._phase, self._seat = PHASE_ANSWER, 1 - raiser

    def _end_turn(self) -> None:
        self._begin_turn(seat_of(self.board.turn))

    def _begin_turn(self, seat: int) -> None:
        """Start ``seat``'s turn: plain-chess switch, then every end-of-game check (§2.7, §2.8, D1)."""
        self._raised_this_turn = False
        self._start_turn(seat)
        board = self.board
        if board.is_insufficient_material():
            self._conclude((), "insufficient material")
            return
        self._draw_checks()

    def _halfmove_clock(self) -> int:
        return self.board.halfmove_clock

    def _repetition_count(self) -> int:
        """How often the current position has occurred (D1 key: placement, side to
        move, castling rights, en-passant square), kept incrementally because
        python-chess's ``is_repetition`` replays the game on every call."""
        return self._repetitions.get(position_key(self.board), 0)

    def _count_position(self, step: int) -> None:
        count_position(self._repetitions, position_key(self.board), step)

    def _finish_stuck(self) -> None:
        if self.board.is_check():
            self._conclude((1 - self._seat,), "checkmate")
        else:
            self._conclude((), "stalemate")

    def _conclude(self, winners: tuple[int, ...], reason: str, stake: int | None = None) -> None:
        """End the game; with betting, the winner takes the stake (D13: a draw costs the
        last raiser the bet; refusing a raise pays the bet as it stood before it)."""
        payoffs = None
        if self.betting is not None:
            amount = self.bet if stake is None else stake
            if winners:
                payoffs = tuple(amount if seat in winners else -amount for seat in (WHITE, BLACK))
            elif self.last_raiser is not None:
                payoffs = tuple(-self.bet if seat == self.last_raiser else self.bet for seat in (WHITE, BLACK))
            else:
                payoffs = (0, 0)
        self._finish(winners, reason, payoffs)
        self._invalidate()

    # ------------------------------------------------------- undo and records
    def _save(self) -> PokerDrezUndo:
        return PokerDrezUndo(self._turn_state(), PokerDrezBets.of(self))

    def _restore(self, record: PokerDrezUndo) -> None:
        self._restore_turn(record.turn)
        record.bets.restore(self)

    def _state(self) -> dict[str, Any]:
        """The zones, the layer's state, the board's FEN and the bet (checked on load)."""
        state = self._card_state()
        state.update({"fen": self.board.fen(), "bet": self.bet, "last_raiser": self.last_raiser,
                      "pending_raise": None if self._pending_raise is None else list(self._pending_raise),
                      "raised_this_turn": self._raised_this_turn, "black_removed_file": self.black_removed_file})
        return state

    def _public(self, seat: int | None) -> dict[str, Any]:
        """What every seat sees besides the zones: die, board, last move, bet, removed pawn."""
        public = self._card_public(seat)
        board = self.board
        public.update({"fen": board.fen(), "last_move": board.peek().uci() if board.move_stack else None,
                       "betting": None if self.betting is None else list(self.betting),
                       "bet": self.bet, "last_raiser": self.last_raiser,
                       "black_removed_file": self.black_removed_file})
        return public

    @classmethod
    def _oldest_record_version(cls) -> int:
        """Version-1 records (drezlab 0.1) are still read (see ``_from_version_1``)."""
        return 1

    @classmethod
    def _from_record(cls, data: dict[str, Any]) -> PokerDrez:
        """A saved game: its kind and fields checked, then read by its version's reader."""
        kind = data.get("kind")
        if kind != "game":
            raise BadRecord(f"unknown record kind {short_repr(kind)} (a saved game has kind 'game')")
        version = data["version"]
        unknown = sorted(set(data) - RECORD_FIELDS[version], key=str)
        if unknown:
            raise BadRecord(f"a version-{version} PokerDrez record has no field {short_repr(unknown[0])}")
        if version == 1:
            return cls._from_version_1(data)
        return super()._from_record(data)

    @classmethod
    def _from_version_1(cls, data: dict[str, Any]) -> PokerDrez:
        """A drezlab 0.1 record: the deal replayed from its seed and checked against the
        saved start and final states (random-number state included)."""
        seed = record_seed(data)
        if seed is None:
            raise BadRecord("this version-1 record (drezlab 0.1) is of a game made without a seed, so its deal "
                            "cannot be replayed; only version-1 records of seeded games can be read")
        options = field_of(data, "options", dict)
        try:
            game = cls(seed=seed, **options)
        except BadRecord:
            raise
        except (TypeError, ValueError) as error:
            raise BadRecord(f"the saved options are not valid: {short_repr(str(error), 200)}") from None
        if game._version_1_state() != field_of(data, "start", dict):
            raise BadRecord("the saved start is not the deal of its seed and options (the file was altered)")
        replay_record(game, data, game._version_1_state)
        return game

    def _version_1_state(self) -> dict[str, Any]:
        """The position as drezlab 0.1 saved it (to check version-1 records)."""
        board = self.board
        return {
            "fen": board.fen(), "root_fen": board.root().fen(), "moves": [move.uci() for move in board.move_stack],
            "hands": [[card.id for card in hand] for hand in self._hands],
            "common": [card.id for card in self._common], "pile": [card.id for card in self.pile],
            "discard": [card.id for card in self._discard], "die_holder": self.die_holder,
            "die_value": self.die_value, "plain_chess": self.plain_chess, "bet": self.bet,
            "last_raiser": self.last_raiser,
            "pending_raise": None if self._pending_raise is None else list(self._pending_raise),
            "raised_this_turn": self._raised_this_turn, "black_removed_file": self.black_removed_file,
            "phase": self._phase, "seat": self._seat,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
            "rng": rng_state_to_json(self.chance.rng) if isinstance(self.chance, Seeded) else None,
        }

    # -------------------------------------------------------------- describing
    def describe(self, action: Action | str) -> str:
        """The move log's line, in words in the current language, computed before the action
        is played: 'White: knight to f3 with the Blue Knight card' (notation: ``pgn``)."""
        return words.describe(self, self.board, self.parse(action))

    def pgn(self, language: str | None = None) -> str:
        """The game so far as PGN, each move commented with the card (or die) that backed it.

        The default is standard PGN for chess software: English piece letters, cards by
        their ids (``{ card N5b }``). With a ``language`` ("en", "es") it is the same game
        written for pupils of that language (the widget's "Copy the moves"): piece
        letters as they write them (Spanish R D T A C: "Cf3"), each card by the name the
        deck prints on it (``{ Caballo Azul }``), and the other actions (the die, the
        cards put back, the bets) by their move-log lines."""
        lines = None
        if language is not None:
            with in_language(language):
                lines = self.history_in_words()
        game = chess.pgn.Game.from_board(self.board)
        game.headers["Event"] = "PokerDrez"
        game.headers["White"], game.headers["Black"] = "White", "Black"
        if self.seed is not None:
            game.headers["Seed"] = str(self.seed)
        if self._outcome is not None:
            game.headers["Termination"] = self._outcome.reason
        if language is not None:
            with in_language(language):
                game.headers["White"], game.headers["Black"] = t("White"), t("Black")
                if self._outcome is not None:
                    game.headers["Termination"] = t(self._outcome.reason)
        notes: list[str] = []
        comments: list[str] = []
        pending: list[str] = []
        for index, action in enumerate(self.history):
            said = action.text if lines is None else lines[index]
            match action.data:
                case ChessMove(source=source):
                    if source is None:
                        backing = ""
                    elif language is None:
                        backing = "die" if isinstance(source, str) else f"card {source.id}"
                    else:
                        with in_language(language):
                            backing = t("the die") if isinstance(source, str) else source.name(language)
                    comments.append("; ".join(pending + ([backing] if backing else [])))
                    pending = []
                case RemovePawn() | KeepPawns():
                    notes.append(said)
                case Return():
                    if comments:
                        comments[-1] = "; ".join(filter(None, [comments[-1], said]))
                case _:
                    pending.append(said)
        node: chess.pgn.GameNode = game
        for comment in comments:
            node = node.variations[0]
            node.comment = comment
        if notes:
            if lines is None:
                game.comment = "pawn removal: " + ", ".join(notes)
            else:
                game.comment = "; ".join(notes)
        exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
        text = game.accept(exporter)
        return text if language is None else pgn_in(text, language)

    def click_reasons(self, seat: int) -> dict[str, str]:
        """Why a square or card cannot be used by ``seat`` now, in a card turn: the other
        side's piece, a piece no card of the seat's (hand, common row, die) moves, a
        piece without a legal move, a card that permits no legal move. From the seat's
        own knowledge: its cards, the common cards, the board."""
        if self._outcome is not None or self._phase != PHASE_PLAY or seat != self._seat:
            return {}
        usable = {target for action in self._legal() for target in action.targets}
        sources = self._sources()

        def unbacked(piece_type: int) -> bool:
            move_class = KING_STEP if piece_type == chess.KING else piece_type
            return not any(permits(card_class, move_class) for _, card_class, _ in sources)

        reasons = square_reasons(self.board, self.board.turn, usable, unbacked)
        for source, _, count in sources:
            key = DIE if isinstance(source, str) else source.id      # the die (its only text source) or a card
            if count == 0 and key not in usable:
                reasons[key] = words.idle_source_reason(source)
        return reasons

    def status_text(self) -> str:
        """One line for the picture and the widget: whose turn, or how the game ended."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self._seat)
        if self._phase == PHASE_REMOVE:
            return t("{who}: remove pawns?").format(who=who)
        if self._phase == PHASE_RETURN:
            return f"{who}: {t('choose which card to return to the common cards')}"
        if self._phase == PHASE_ANSWER:
            return t("{who}: accept the bet of {bet}?").format(who=who, bet=self.bet)
        return turn_text(who)

    def __repr__(self) -> str:
        return f"<PokerDrez {self.status_text()}; {t('pile')} {self.pile_count}>"

