"""EDAMI luck-card chess ("Cartas de la Suerte"): the game.

Rules: ``shared/rules/chess-cards.md`` §0 and §4 (seed 001), every DECISION
there binding (D1, D21–D41). A turn of side S (§4.3):

1. Turn-change checks: insufficient material, mate or stalemate judged on chess
   moves under the active temporary effect (D22), the lead-king loss (D39),
   then repetition and the 50/75-move rules (D1).
2. The person controlling S may use a kept veto (D34).
3. In check: a normal move only, no card (Rule 7) — unless ``king_capture``.
4. Otherwise a normal move or a draw (``mandatory_card``: always draw, D33).
5. Action card: obey it as far as possible (Rule 3, D27), else a normal move
   (2nd edition) or a lost turn (1st edition). Special card: keep it (or use
   it), then a normal move (Rule 4).
6. Check ends the turn at once (Rule 6); a mating move ends the game at once,
   before any prize (D35); otherwise objectives claim their prize right after
   the fulfilling move.

Persons and colours. Seat 0 starts with White. Harakiri (D41) swaps which
person controls which colour while it is the active temporary card; ``to_move``
is always the person controlling the side to move, and results are credited to
persons. Kept special cards belong to persons; the temporary effect helps the
original colour of the person holding it (D36, D41).

Cards and what each seat sees (D26). The cards are :class:`LuckCard` values in
zones: ``pile`` (face down: only its size is seen), ``used`` (face up but not
consultable: only its size and its last card are seen), ``kept-0`` /
``kept-1`` (the special cards each person keeps, face up: everybody sees them),
``temporary`` (the active temporary card, face up) and ``prizes`` (objectives
whose prize is being claimed, face up). ``view(seat)`` is built from those zones
and the public position (board, lost pieces, the card just drawn, the phase of
the turn); the draw pile's order and the used cards below the last are in no
view, picture or log line. Chance: the deal and every reshuffle of the used pile
go through ``self.chance`` (in the same order as drezlab 0.1, so a seed deals
the same pile); ``next_card_odds()`` gives the next card's exact odds as the
players can know them.

Actions: their notation (``str(action)``: ``e2e4``, ``draw``, ``relocate b1e4``,
``N@e4`` ...) and their data (small immutable types: ``ChessMove``, ``Draw``,
``Relocate`` ...) are in :mod:`drezlab.games.edami.actions`; ``_apply`` is a ``match``
over them, and ``chess_move(action)`` makes the ``chess.Move`` of an action (``None``
for card actions). The pure rules the turn calls are apart: the sub-moves a card
orders (D27) in :mod:`~drezlab.games.edami.submoves`, what the cards do to the board
in :mod:`~drezlab.games.edami.effects`, moves under an effect and the repetition key
in :mod:`~drezlab.games.edami.moves`.

Records (version 2) hold the options (the teacher's position included), the deal
seed and the actions, and are replayed and compared on load;
version-1 records of drezlab 0.1 are refused with a ``BadRecord`` that names the
version needed, because the rule corrections (D27, D33, D35) can change which
actions of an old game are legal.

Choices this module makes where the rules are silent (each also in the tests):

* Forced results need no click: Pierde el turno, an impossible card, feroz and
  loca bombs and an empty Comodín are resolved when the card is drawn.
* If a side has no legal normal move after keeping a special card (a new
  temporary effect took its last move away) its turn passes; if it is also in
  check (a replaced effect uncovered an attack), it is checkmated.
* A second veto drawn while holding one goes to the rival; if the rival holds
  one too it goes to the used pile (nobody may hold two).
* A lead-king holder in check with only king moves who holds a usable veto is
  offered only the veto (moving the king would lose at once) and resignation.
* A veto correction that was a normal move must be a chess move (no draw); a
  correction of a card sub-move must move a piece of the same type (the same
  card entry); a correction of a second knight move must be a knight move.
* Recover and prizes never need a king-safety test: adding an own piece can
  never attack the own king.
* The objectives fulfilled by a mating move go to the used pile unclaimed.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import chess

from drezlab.core.action import Action
from drezlab.core.chance import Chance, weighted
from drezlab.core.game import ActionLike, Game
from drezlab.core.i18n import t
from drezlab.core.zones import Visibility
from drezlab.games.edami import effects, submoves, words
from drezlab.games.edami.actions import (
    EMPTY_CONTEXT,
    KEPT,
    MOVE_PHASES,
    PILE,
    PRIZES,
    TEMPORARY,
    USED,
    CardContext,
    ChessMove,
    Claim,
    Decline,
    Draw,
    MoveKind,
    Phase,
    Prize,
    Recover,
    Relocate,
    Remove,
    Resign,
    Steal,
    Stop,
    Then,
    TurnEnd,
    Veto,
)
from drezlab.games.edami.cards import (
    OBJECTIVES,
    PIECE_LETTERS,
    CardSpec,
    LuckCard,
)
from drezlab.games.edami.meta import SPEC
from drezlab.games.edami.moves import (
    Effect,
    in_check,
    is_castling,
    legal_moves,
    position_key,
)
from drezlab.games.edami.options import blank_effect, checked_options, make_deck
from drezlab.games.edami.position import NO_LOSSES, Lost, lost_text, read_position
from drezlab.games.edami.state import EdamiState, EdamiUndo, VetoRecord, context_fields
from drezlab.kits.chessbots import material
from drezlab.kits.chesstext import san_to_uci, square_reasons

WHITE, BLACK = 0, 1
SQUARE_NAMES = chess.SQUARE_NAMES


def seat_color(seat: int) -> chess.Color:
    """The colour a seat plays when nobody has swapped (seat 0 is White)."""
    return chess.WHITE if seat == WHITE else chess.BLACK


class Edami(Game):
    """A game of EDAMI luck-card chess for two persons (seat 0 starts with White).

    Options: see :mod:`drezlab.games.edami.meta` (``impossible_card``,
    ``mandatory_card``, ``king_capture``, ``bomb_mode``, ``deck`` (an
    :class:`EdamiDeck`, deck text or list of card lines), ``special_cards``,
    ``blank_card_effect``, ``draw_claims``); ``edition=1`` / ``2`` is short for
    ``impossible_card``. ``chance=Scripted([...])`` scripts the deal (tests).

    Teachers' positions: ``fen`` plus ``drawn`` (a card the side to move has just
    drawn, resolved at once), ``specials`` ({seat: [cards kept]}), ``temporary``
    ((card, seat holding it)), ``pile`` (drawing order, first drawn first),
    ``used`` (the used pile) and ``lost`` (lost pieces as letters, upper case
    White: ``"QNp"``; default: what is missing from the starting material).
    """

    spec = SPEC
    seat_names = ("White", "Black")
    record_version = 2
    _copy_with_method = ("board",)

    def __init__(self, seed: int | None = None, *, chance: Chance | None = None, edition: int | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.options = checked_options(options, edition)
        given = self.options
        self.seed = seed
        self._start_chance(seed, chance)
        self.impossible_card: str = given["impossible_card"]
        self.mandatory_card: bool = given["mandatory_card"]
        self.king_capture: bool = given["king_capture"]
        self.bomb_mode: str = given["bomb_mode"]
        self.draw_claims: str = given["draw_claims"]
        self.deck_spec = make_deck(given["deck"], given["special_cards"])
        self.blank_effect = blank_effect(given["blank_card_effect"])
        self.board = chess.Board()
        self.holder: int | None = None          # the seat holding the temporary card
        self.lost: Lost = (NO_LOSSES, NO_LOSSES)
        self.last_card: tuple[LuckCard, int] | None = None     # (card, seat that drew it)
        self.last_move: str | None = None       # the last chess move (or relocation), UCI
        self.phase = Phase.START
        self.turn_color: chess.Color = chess.WHITE
        self.ctx = EMPTY_CONTEXT
        self.veto_record: VetoRecord | None = None
        self._veto_pending: VetoRecord | None = None
        self._veto_return: Phase | None = None
        self._turn_last = TurnEnd.MOVE
        self._repetitions: dict[Any, int] = {}
        self._rep_log: list[tuple[Any, int]] = []
        #: the position and effect ``_moves`` and ``_checked`` were worked out for
        self._moves_key: Any = None
        self._moves: tuple[chess.Move, ...] = ()
        self._checked = False
        if not self._begin_teacher_position("fen"):
            cards = self.deck_spec.luck_cards()
            pile = list(cards)
            self.chance.shuffle(pile, "deal")
            self._lay_out(cards, pile, [], ([], []), [])
        self._repetitions = {position_key(self.board): 1}
        self._begin_turn()
        if given["drawn"] is not None and self._outcome is None:
            self._draw()
        self._rep_log = []
        self._seal_setup()

    def _set_up_teacher_position(self, position: str) -> None:
        """A teacher's position (base hook): ``position`` is the option ``fen``, the rest the
        options of :data:`~drezlab.games.edami.position.POSITION_OPTIONS`, read by
        :func:`~drezlab.games.edami.position.read_position`; recorded as given. A ``drawn``
        card lies on top of the pile, drawn once the turn has begun (in the constructor)."""
        cards = self.deck_spec.luck_cards()
        self.board, layout, self.lost = read_position(position, self.options, cards,
                                                      lambda rest: self.chance.shuffle(rest, "deal"))
        self.holder = layout.holder
        self._lay_out(cards, layout.pile, layout.used, layout.kept, layout.temporary)

    def _lay_out(self, cards: Sequence[LuckCard], pile: list[LuckCard], used: list[LuckCard],
                 kept: tuple[list[LuckCard], list[LuckCard]], temporary: list[LuckCard]) -> None:
        """Declare the zones (see the module docstring) with their first contents."""
        self.cards: tuple[LuckCard, ...] = tuple(cards)
        self._by_id = {card.id: card for card in self.cards}
        zones = self.zones
        zones.add(PILE, Visibility.COUNT, items=pile)
        zones.add(USED, Visibility.TOP, items=used)
        for seat in (WHITE, BLACK):
            zones.add(KEPT[seat], Visibility.PUBLIC, seat, kept[seat])
        zones.add(TEMPORARY, Visibility.PUBLIC, items=temporary)
        zones.add(PRIZES, Visibility.PUBLIC)

    def _lose(self, color: chess.Color, piece_type: int, count: int = 1) -> None:
        """``count`` more lost pieces of ``piece_type`` for ``color`` (negative: one placed back)."""
        row = list(self.lost[color])
        row[piece_type] += count
        self.lost = (tuple(row), self.lost[1]) if color == chess.BLACK else (self.lost[0], tuple(row))

    # ------------------------------------------------------------ basic access
    @property
    def deck(self) -> tuple[LuckCard, ...]:
        """The draw pile, bottom first (the last card is drawn next)."""
        return tuple(self.zones[PILE])

    @property
    def used(self) -> tuple[LuckCard, ...]:
        """The used pile, oldest first."""
        return tuple(self.zones[USED])

    @property
    def specials(self) -> tuple[tuple[LuckCard, ...], tuple[LuckCard, ...]]:
        """The special cards each seat keeps face up (vetoes and objectives)."""
        return tuple(self.zones[KEPT[WHITE]]), tuple(self.zones[KEPT[BLACK]])

    @property
    def temporary(self) -> tuple[LuckCard, int] | None:
        """The active temporary card and the seat holding it, or ``None``."""
        items = self.zones[TEMPORARY]
        return None if not items or self.holder is None else (items[0], self.holder)

    @property
    def swapped(self) -> bool:
        """Harakiri is the active temporary card: persons play the other colour (D41)."""
        items = self.zones[TEMPORARY]
        return bool(items) and items[0].spec.param == "harakiri"

    def controller(self, color: chess.Color) -> int:
        """The seat (person) playing ``color`` now."""
        seat = WHITE if color == chess.WHITE else BLACK
        return 1 - seat if self.swapped else seat

    @property
    def to_move(self) -> int | None:
        """The person controlling the side to move (Harakiri swaps them), ``None`` when over."""
        return None if self._outcome is not None else self.controller(self.board.turn)

    #: (temporary card and holder, effect) of the last ``effect`` lookup: read many times a ply
    _effect_memo: tuple[Any, Effect | None] = (None, None)

    @property
    def effect(self) -> Effect | None:
        """The active temporary effect and the colour it helps (the holder's original colour)."""
        items = self.zones[TEMPORARY]
        key = (items[0], self.holder) if items else None
        memo = self._effect_memo
        if memo[0] == key:
            return memo[1]
        effect = None if key is None or self.holder is None else Effect(items[0].spec.param, seat_color(self.holder))
        self._effect_memo = (key, effect)
        return effect

    @property
    def chess_board(self) -> chess.Board:
        """The chess position (read it, do not change it: copy it first), for chess bots."""
        return self.board

    def chess_move(self, action: ActionLike) -> chess.Move | None:
        """The chess move ``action`` makes (a new ``chess.Move``), or ``None`` for a card action."""
        data = action.data if isinstance(action, Action) and action.data is not None else self.parse(action).data
        return data.move() if isinstance(data, ChessMove) else None

    def moves(self) -> list[chess.Move]:
        """The chess moves of the side to move under the active effect (new ``chess.Move``
        objects: changing them changes nothing in the game)."""
        return [chess.Move(move.from_square, move.to_square, move.promotion) for move in self._legal_moves()]

    def _legal_moves(self) -> tuple[chess.Move, ...]:
        """``moves()``, cached per position and effect (never handed out)."""
        self._refresh()
        return self._moves

    def _refresh(self) -> None:
        """Work out the moves of the side to move, and whether it is in check, unless they
        are known for this position and effect already (the key holds everything on the
        board that a move depends on: pieces, side to move, castling rights, en passant)."""
        board, effect = self.board, self.effect
        key = (board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.pawns, board.knights,
               board.bishops, board.rooks, board.queens, board.kings, board.promoted, board.turn,
               board.castling_rights, board.ep_square, effect)
        if key != self._moves_key:
            self._moves = tuple(legal_moves(board, effect, self.king_capture))
            self._checked = in_check(board, board.turn, effect)
            self._moves_key = key

    def in_check(self, color: chess.Color | None = None) -> bool:
        """Is ``color`` (default: the side to move) in check under the active effect?"""
        if color is None or color == self.board.turn:
            self._refresh()
            return self._checked
        return in_check(self.board, color, self.effect)

    # ------------------------------------------------- hooks for bots and simulations
    @property
    def plies(self) -> int:
        """Board plies (a turn that draws a card and obeys it is one ply, like a chess move)."""
        return self.board.ply()

    def _balance(self, seat: int) -> float:
        """Material of the colour ``seat`` plays now minus its rival's."""
        return material(self.board, chess.WHITE if self.controller(chess.WHITE) == seat else chess.BLACK)

    def adjudicate(self) -> tuple[float, ...] | None:
        """A game stopped unfinished: the person with more material wins, equal material is a draw."""
        balance = self._balance(WHITE)
        if balance == 0:
            return None
        return (1.0, 0.0) if balance > 0 else (0.0, 1.0)

    def evaluate(self, seat: int) -> float:
        """Material for ``seat`` (pawn 1 ... queen 9), as ``tanh(balance / 10)``: from -1 to 1."""
        return math.tanh(self._balance(seat) / 10)

    def conserved_items(self) -> list[LuckCard]:
        """Every card of the game: each is in exactly one zone at every moment."""
        return list(self.cards)

    def next_card_odds(self) -> dict[CardSpec, Fraction]:
        """What the next card drawn may be, with exact odds, as the players can know it.

        A seat sees only the draw pile's size and the used pile's last card (D26), so
        every other card that is neither kept nor face up is equally likely to lie on
        top of the pile; when the pile is empty, the used pile is shuffled into a new
        pile first (D23), so every used card is equally likely. (A pupil who remembers
        every card played knows more: remembering is part of the game.)"""
        pile, used = self.zones[PILE], self.zones[USED]
        pool = pile + used[:-1] if pile else used
        return weighted(Counter(card.spec for card in pool))

    def chance_outcomes(self, action: ActionLike) -> dict[CardSpec, Fraction]:
        """The outcomes of the chance event ``action`` starts, with exact odds: for ``draw``,
        :meth:`next_card_odds`; every other action leaves nothing to chance (``{}``)."""
        if self.parse(action).text != "draw":
            return {}
        return self.next_card_odds()

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        return self._phase_actions() + self._turn_extras()

    def _turn_extras(self) -> list[Action]:
        """Draw claim and resignation, offered after the phase's actions at a move or draw decision."""
        if self.phase not in (Phase.START, Phase.FREE):
            return []
        extras = []
        if self.draw_claims == "claim" and self.phase == Phase.START and self._claimable_draw():
            extras.append(Action("claim", (), t("Claim a draw"), Claim()))
        extras.append(Action("resign", (), t("Resign"), Resign()))
        return extras

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn without building an action per chess move.

        At a move-or-draw decision the legal actions are the normal moves (in ``moves()``
        order) followed by a few others, so the index ``rng.randrange(len(legal_actions()))``
        is drawn the same way and only the chosen action is built: the same action for the
        same generator state as the base class (tests/test_edami_speed.py). The action is
        vouched for, so ``play`` skips looking it up."""
        if self._actions_cache is not None or self._outcome is not None \
                or self.phase not in (Phase.START, Phase.FREE) or (self.phase == Phase.START and self.ctx.lead_lock):
            return super().random_action(rng)
        moves, others = self._move_phase()
        others += self._turn_extras()
        index = rng.randrange(len(moves) + len(others))
        action = self._move_action(moves[index], MoveKind.MOVE) if index < len(moves) else others[index - len(moves)]
        self._vouched = action
        return action

    def _move_phase(self) -> tuple[Sequence[chess.Move], list[Action]]:
        """The start (without a lead-king lock) and free phases: the normal moves offered and
        the other actions that follow them in ``_phase_actions`` (draw, veto)."""
        ctx = self.ctx
        others = []
        moves: Sequence[chess.Move]
        if self.phase == Phase.START:
            can_draw = bool(self.zones[PILE] or self.zones[USED]) and (self.king_capture or not self.in_check())
            moves = () if self.mandatory_card and can_draw else self._legal_moves()
            if can_draw:
                others.append(Action("draw", ("pile",), t("Draw a card"), Draw()))
            if self._veto_usable():
                others.append(self._veto_action())
        else:
            moves = self._legal_moves()
            if ctx.excluded is not None:
                moves = [m for m in moves if m.uci() != ctx.excluded]
            if ctx.can_veto_now and self._veto_usable():
                others.append(self._veto_action())
        return moves, others

    def _phase_actions(self) -> list[Action]:
        """The actions of the current phase without resignation and draw claims."""
        phase, ctx = self.phase, self.ctx
        if phase in (Phase.START, Phase.FREE):
            if phase == Phase.START and ctx.lead_lock:
                return [self._veto_action()]
            moves, others = self._move_phase()
            return [self._move_action(m, MoveKind.MOVE) for m in moves] + others
        if phase == Phase.CARD:
            return [self._move_action(m, MoveKind.SUB) for m in self._card_moves()]
        if phase == Phase.KNIGHT2:
            actions = [self._move_action(m, MoveKind.KNIGHT2) for m in self._knight_moves()
                       if m.uci() != ctx.excluded]
            if ctx.excluded is None:
                actions.append(Action("stop", (), t("No second knight move"), Stop()))
            return actions
        if phase == Phase.RELOCATE:
            return [Action(f"relocate {SQUARE_NAMES[a]}{SQUARE_NAMES[b]}", (SQUARE_NAMES[a], SQUARE_NAMES[b]),
                           f"{t('Relocate')} {SQUARE_NAMES[a]} → {SQUARE_NAMES[b]}", Relocate(a, b))
                    for a, b in self._relocations()]
        if phase == Phase.REMOVE:
            return [Action(f"remove {SQUARE_NAMES[s]}", (SQUARE_NAMES[s],), f"{t('Remove')} {SQUARE_NAMES[s]}",
                           Remove(s)) for s in self._removal_squares(self._effective(ctx.card))[0]]
        if phase == Phase.RECOVER:
            spec = self._effective(ctx.card)
            return [self._place_action(Recover(p, s)) for p, s in self._placements(spec.pieces)]
        if phase == Phase.PRIZE:
            prize = OBJECTIVES[self.zones[PRIZES][0].spec.param][1]
            return [self._place_action(Prize(p, s)) for p, s in self._placements((prize,))] + [
                Action("decline", (), t("Do not claim the prize"), Decline())]
        assert phase == Phase.STEAL, phase
        return [Action(f"steal {card.id}", (card.id,), f"{t('Steal')} {card.spec.title()}", Steal(card.id))
                for card in self.steal_options()]

    @staticmethod
    def _move_action(move: chess.Move, kind: MoveKind) -> Action:
        uci = move.uci()
        targets: tuple[str, ...] = (SQUARE_NAMES[move.from_square], SQUARE_NAMES[move.to_square])
        if move.promotion:
            targets += (f"promote-{chess.piece_symbol(move.promotion)}",)
        return Action(uci, targets, uci, ChessMove(kind, move.from_square, move.to_square, move.promotion))

    @staticmethod
    def _veto_action() -> Action:
        return Action("veto", (), t("I don't like your move"), Veto())

    def _place_action(self, place: Recover | Prize) -> Action:
        symbol = chess.Piece(place.piece_type, self.board.turn).symbol()
        text = f"{PIECE_LETTERS[place.piece_type]}@{SQUARE_NAMES[place.square]}"
        return Action(text, (f"lost-{symbol}", SQUARE_NAMES[place.square]), text, place)

    def _effective(self, card: LuckCard | None) -> CardSpec:
        """What a card does: the blank card acts as ``blank_card_effect``."""
        assert card is not None
        spec = card.spec
        return self.blank_effect if spec.kind == "blank" and self.blank_effect is not None else spec

    # ------------------------------------------- what a card allows (submoves, effects)
    def _card_moves(self) -> list[chess.Move]:
        """The sub-moves of the card being obeyed that D27 (revised) allows now."""
        ctx = self.ctx
        return submoves.allowed(self.board, ctx.remaining, ctx.need, ctx.target, frozenset(ctx.moved), self.effect,
                                self.king_capture, ctx.excluded, ctx.excluded_type)

    def _knight_moves(self) -> list[chess.Move]:
        knights = self.board.knights
        return [m for m in self._legal_moves() if knights & chess.BB_SQUARES[m.from_square]]

    #: (position key, effect, relocations): a drawn Cambia is checked, then listed, in one position
    _relocation_memo: tuple[Any, Effect | None, list[tuple[int, int]]] = (None, None, [])

    def _relocations(self) -> list[tuple[int, int]]:
        """Cambia: :func:`effects.relocations` of this position, remembered for the next call."""
        key, effect = position_key(self.board), self.effect
        memo = self._relocation_memo
        if memo[0] != key or memo[1] != effect:
            memo = (key, effect, effects.relocations(self.board, effect, self.king_capture))
            self._relocation_memo = memo
        return list(memo[2])

    def _removal_squares(self, spec: CardSpec) -> tuple[list[int], bool]:
        return effects.removal_squares(self.board, spec, self.bomb_mode, self.effect, self.king_capture)

    def _placements(self, types: Sequence[int]) -> list[tuple[int, int]]:
        return effects.placements(self.board, self.lost[self.board.turn], types)

    def steal_options(self) -> list[LuckCard]:
        """Comodín: the rival's kept cards (not a veto while the thief holds one) and the
        temporary card the rival holds."""
        thief = self.to_move
        assert thief is not None
        rival = 1 - thief
        holds_veto = self._held_veto(thief) is not None
        options = [card for card in self.zones[KEPT[rival]] if not (holds_veto and card.spec.kind == "veto")]
        temporary = self.temporary
        if temporary is not None and temporary[1] == rival:
            options.append(temporary[0])
        return options

    # ---------------------------------------------------------------- veto
    def _held_veto(self, seat: int) -> LuckCard | None:
        for card in self.zones[KEPT[seat]]:
            if card.spec.kind == "veto":
                return card
        return None

    def _veto_usable(self) -> bool:
        """D34: a veto in hand, a last rival turn that ended with a chess move, and another move to make."""
        seat = self.to_move
        if seat is None or self.veto_record is None or self._held_veto(seat) is None:
            return False
        probe = self.copy()
        probe._do_veto()
        probe._invalidate()
        return bool(probe._phase_actions())

    def _do_veto(self) -> None:
        seat = self.to_move
        record = self.veto_record
        assert seat is not None and record is not None
        veto = self._held_veto(seat)
        assert veto is not None
        upon_drawing = self.phase == Phase.FREE and self.ctx.can_veto_now
        self.zones.move(veto, KEPT[seat], USED)
        self._count(record.position_key, -1)
        self.board = record.board.copy(stack=False)
        self.turn_color = self.board.turn
        self.lost = record.lost
        self.last_move = record.last_move
        for card in record.completed:
            where = self.zones.where(card)
            assert where is not None
            self.zones.move(card, where, KEPT[record.mover])
        self.phase = Phase.FREE if record.phase == Phase.START else record.phase
        self.ctx = record.ctx._replace(excluded=record.uci, excluded_type=record.piece_type, can_veto_now=False,
                                       lead_lock=False)
        self._veto_return = Phase.FREE if upon_drawing else Phase.START
        self.veto_record = None
        self._veto_pending = None
        self._turn_last = TurnEnd.MOVE

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> EdamiUndo:
        undo = EdamiUndo(EdamiState.of(self), [])
        self.board = self.board.copy(stack=False)     # the record keeps the board before, unchanged
        self._rep_log = undo.positions
        match action.data:
            case ChessMove(kind=kind) as chess_move:
                self._chess_move(chess_move.move(), kind, undo.state.board)
            case Draw():
                self._draw()
            case Veto():
                self._do_veto()
            case Stop():
                self._end_turn()
            case Relocate(source=source, target=target):
                effects.apply_relocation(self.board, source, target)
                self.last_move = SQUARE_NAMES[source] + SQUARE_NAMES[target]
                self._end_turn(TurnEnd.CARD)
            case Remove(square=square):
                self._remove([square])
            case Recover(piece_type=piece_type, square=square):
                self._place(piece_type, square)
                self._end_turn(TurnEnd.CARD)
            case Prize(piece_type=piece_type, square=square):
                self._place(piece_type, square)
                self._prize_done(gave_check=self.in_check(not self.board.turn))
            case Decline():
                self._prize_done(gave_check=False)
            case Steal(card=card_id):
                self._steal(self._by_id[card_id])
            case Resign():
                self._finish((1 - self.controller(self.board.turn),), "resignation")
            case Claim():
                self._finish((), f"draw claimed ({self._claimable_draw()})")
        return undo

    def _revert(self, action: Action, undo: EdamiUndo) -> None:
        for key, step in reversed(undo.positions):
            self._change_count(key, -step)
        undo.state.restore(self)

    def _chess_move(self, move: chess.Move, kind: MoveKind, board_before: chess.Board) -> None:
        """Play one chess move; ``board_before`` is the board before it (the undo record's,
        shared with the veto record: neither is ever changed in place)."""
        board = self.board
        mover = board.turn
        person = self.controller(mover)
        effect = self.effect
        ctx = self.ctx
        piece_type = board.piece_type_at(move.from_square)
        assert piece_type is not None
        lost_before, phase_before, last_before = self.lost, self.phase, self.last_move
        captured = chess.PAWN if board.is_en_passant(move) else board.piece_type_at(move.to_square)
        castled = is_castling(board, move)
        moved = submoves.moved_after(board, move, frozenset(ctx.moved)) if kind == MoveKind.SUB else frozenset()
        fullmove = board.fullmove_number
        board.push(move)
        board.clear_stack()
        self.last_move = move.uci()
        self._turn_last = TurnEnd.MOVE
        if captured:
            self._lose(not mover, captured)
        if captured == chess.KING:
            self._finish((person,), "king captured")
            return
        gave_check = in_check(board, not mover, effect)
        completed = self._objectives(person, mover, move, piece_type, captured, castled, gave_check)
        if completed and gave_check and not self.king_capture and not legal_moves(board, effect):
            for card in completed:        # D35: the mate ends the game before any prize
                self.zones.move(card, PRIZES, USED)
            self._finish((person,), "checkmate")
            return
        self._veto_pending = VetoRecord(board_before, lost_before, phase_before, ctx, last_before, move.uci(),
                                        piece_type, completed, person)
        if gave_check:
            then = Then.END
        elif kind == MoveKind.SUB:
            ctx = ctx._replace(remaining=submoves.fill(ctx.remaining, piece_type), need=ctx.need - 1,
                               target=ctx.target - 1, moved=tuple(sorted(moved)))
            then = Then.CARD if ctx.target > 0 else Then.END
        elif kind == MoveKind.MOVE and piece_type == chess.KNIGHT and effect is not None \
                and effect.name == "superknights" and effect.color == mover and ctx.excluded is None:
            then = Then.KNIGHT2      # D37: one more knight move is allowed, not required
        else:
            then = Then.END
        if ctx.excluded is not None or ctx.can_veto_now:
            ctx = ctx._replace(excluded=None, excluded_type=0, can_veto_now=False)
        self.ctx = ctx
        prizes = bool(self.zones[PRIZES])
        if then != Then.END or prizes:
            board.turn = mover            # the turn goes on (D29: no en passant after the first sub-move)
            board.ep_square = None
            board.fullmove_number = fullmove
        if prizes:
            self.ctx = self.ctx._replace(then=then)
            self._enter_prize()
        else:
            self._continue(then)

    def _objectives(self, person: int, mover: chess.Color, move: chess.Move, piece_type: int,
                    captured: int | None, castled: bool, gave_check: bool) -> tuple[LuckCard, ...]:
        """D35: the objectives the move fulfils go to the prizes zone (claimed next)."""
        if self.swapped:
            return ()
        done = effects.objectives_met(self.zones[KEPT[person]], mover, move, piece_type, captured, castled,
                                      gave_check)
        for card in done:
            self.zones.move(card, KEPT[person], PRIZES)
        return tuple(done)

    def _enter_prize(self) -> None:
        """Offer the first queued prize; a prize with no lost piece just discards its card."""
        prizes = self.zones[PRIZES]
        while prizes:
            prize = OBJECTIVES[prizes[0].spec.param][1]
            if self._placements((prize,)):
                self.phase = Phase.PRIZE
                return
            self.zones.move_at(PRIZES, 0, USED)
        self._continue(self.ctx.then)

    def _prize_done(self, gave_check: bool) -> None:
        self.zones.move_at(PRIZES, 0, USED)
        if gave_check:
            self.ctx = self.ctx._replace(then=Then.END)
        self._enter_prize()

    def _continue(self, then: Then) -> None:
        if then == Then.CARD:
            self.phase = Phase.CARD
        elif then == Then.KNIGHT2 and self._knight_moves():
            self.phase = Phase.KNIGHT2
        else:
            self._end_turn()

    def _remove(self, squares: Sequence[int]) -> None:
        for piece in effects.apply_removal(self.board, squares):
            self._lose(piece.color, piece.piece_type)
        self._end_turn(TurnEnd.CARD)

    def _place(self, piece_type: int, square: int) -> None:
        self._lose(self.board.turn, piece_type, -1)
        effects.apply_placement(self.board, piece_type, square)

    def _steal(self, card: LuckCard) -> None:
        thief = self.to_move
        assert thief is not None
        temporary = self.temporary
        if temporary is not None and temporary[0] is card:
            self.holder = thief                     # D36: the effect goes with the card
        else:
            self.zones.move(card, KEPT[1 - thief], KEPT[thief])
        self._enter_free()

    # ------------------------------------------------------------ drawing cards
    def _draw(self) -> None:
        """Take the top card (D23: reshuffle the used pile when the deck is empty) and resolve it."""
        zones = self.zones
        if not zones[PILE]:
            zones.replace(PILE, zones[USED])
            zones.replace(USED, [])
            zones.shuffle(PILE, self._reshuffle)
        card = zones[PILE][-1]
        seat = self.to_move
        assert seat is not None
        self.last_card = (card, seat)
        self._resolve(card, seat)

    def _reshuffle(self, cards: list[LuckCard]) -> None:
        self.chance.shuffle(cards, "reshuffle")

    def _resolve(self, card: LuckCard, seat: int) -> None:
        """Carry out the card just drawn (still on top of the pile): it goes to the used
        pile, a hand or the temporary place, and the turn goes on as it says."""
        spec = self._effective(card)
        kind = spec.kind
        zones = self.zones
        if kind == "veto":
            if self._held_veto(seat) is None:
                zones.draw(PILE, KEPT[seat])
                self._enter_free(can_veto_now=True)
                return
            # not stackable: a gift to the rival, or the used pile if the rival holds one too
            zones.draw(PILE, KEPT[1 - seat] if self._held_veto(1 - seat) is None else USED)
            self._enter_free()
        elif kind == "objective":
            zones.draw(PILE, KEPT[seat])
            self._enter_free()
        elif kind == "temporary":
            if zones[TEMPORARY]:
                zones.move_at(TEMPORARY, 0, USED)
            zones.draw(PILE, TEMPORARY)
            self.holder = seat
            self._enter_free()
        else:
            zones.draw(PILE, USED)
            self._action_card(card, spec)

    def _action_card(self, card: LuckCard, spec: CardSpec) -> None:
        """An action card (or the Comodín, or a blank card without effect), now in the used pile."""
        kind = spec.kind
        if kind in ("move", "choose"):
            need = spec.required
            best = submoves.best(self.board, spec.pieces, need, frozenset(), need, self.effect, self.king_capture)
            if not best:
                self._impossible()
                return
            self.phase = Phase.CARD
            self.ctx = CardContext(card=card, remaining=spec.pieces, need=need, target=best)
        elif kind == "lose_turn":
            self._pass()
        elif kind in ("relocate", "remove", "bomb", "recover"):
            self.ctx = CardContext(card=card)
            if kind == "relocate":
                possible = bool(self._relocations())
            elif kind == "recover":
                possible = bool(self._placements(spec.pieces))
            else:
                squares, at_once = self._removal_squares(spec)
                possible = bool(squares)
                if possible and at_once:
                    self._remove(squares)
                    return
            if not possible:
                self._impossible()
                return
            self.phase = {"relocate": Phase.RELOCATE, "recover": Phase.RECOVER}.get(kind, Phase.REMOVE)
        elif kind == "wildcard" and self.steal_options():
            self.phase = Phase.STEAL
            self.ctx = EMPTY_CONTEXT
        else:       # an empty Comodín, or the blank card without an effect
            self._enter_free()

    def _impossible(self) -> None:
        """Rule 3 / edition note: the card cannot be obeyed at all."""
        if self.impossible_card == "lose_turn":
            self._pass()
        else:
            self._enter_free()

    def _enter_free(self, can_veto_now: bool = False) -> None:
        self.phase = Phase.FREE
        self.ctx = CardContext(can_veto_now=can_veto_now)
        if not self._legal_moves():
            if self.in_check() and not self.king_capture:
                self._finish((self.controller(not self.board.turn),), "checkmate")
            elif not (can_veto_now and self._veto_usable()):
                self._pass()

    def _pass(self) -> None:
        """Pierde el turno (D30): the side flips, en passant is cleared, the halfmove clock goes up."""
        self.board.ep_square = None
        self.board.halfmove_clock += 1
        self._end_turn(TurnEnd.CARD)

    # ------------------------------------------------------------ turn changes
    def _end_turn(self, how: TurnEnd | None = None) -> None:
        """The turn of ``turn_color`` ends: flip the side, keep the veto record, count the position."""
        board = self.board
        mover = self.turn_color
        if how is not None:
            self._turn_last = how
        if board.turn == mover:
            board.turn = not mover
            if mover == chess.BLACK:
                board.fullmove_number += 1
        key = position_key(board)
        if self._turn_last == TurnEnd.MOVE and self._veto_pending is not None:
            self.veto_record = self._veto_pending._replace(position_key=key)
        else:
            self.veto_record = None
        self._veto_pending = None
        self._count(key, +1)
        self._begin_turn(key)

    def _begin_turn(self, key: Any = None) -> None:
        """§4.3 step 1 for the side to move, then the phase it starts in (``key``: the
        position's :func:`position_key` when the caller has just computed it).

        The 75-move rule is the halfmove clock alone (not python-chess's
        ``is_seventyfive_moves``, which also asks for a legal chess move: EDAMI judges
        mate and stalemate first, under the active effect)."""
        board = self.board
        if key is None:
            key = position_key(board)
        color = board.turn
        veto_return, self._veto_return = self._veto_return, None
        self.phase = Phase.START
        self.turn_color = color
        self.ctx = EMPTY_CONTEXT
        self._turn_last = TurnEnd.MOVE
        if board.is_insufficient_material():
            self._finish((), "insufficient material")
            return
        moves = self._legal_moves()
        checked = self._checked
        if not self.king_capture:
            if not moves:
                if checked:
                    self._finish((self.controller(not color),), "checkmate")
                else:
                    self._finish((), "stalemate")
                return
            effect = self.effect
            if effect is not None and effect.name == "lead-king" and effect.color == color and checked and \
                    all(board.kings & chess.BB_SQUARES[m.from_square] for m in moves):
                if self._veto_usable():
                    self.ctx = CardContext(lead_lock=True)
                else:
                    assert self.holder is not None
                    self._finish((1 - self.holder,), "lead king")
                    return
        if self._repetitions.get(key, 0) >= 5:
            self._finish((), "fivefold repetition")
        elif board.halfmove_clock >= 150:
            self._finish((), "seventy-five-move rule")
        elif self.draw_claims == "auto" and (claim := self._claimable_draw(key)) is not None:
            self._finish((), claim)
        elif veto_return == Phase.FREE:
            self._enter_free()
        elif not moves and not (self.zones[PILE] or self.zones[USED]) and not self.ctx.lead_lock:
            self._pass()        # D33: king-capture mode, nothing to draw and nothing to move

    def _claimable_draw(self, key: Any = None) -> str | None:
        if self.board.halfmove_clock >= 100:
            return "fifty-move rule"
        if self.repetitions(key) >= 3:
            return "threefold repetition"
        return None

    def repetitions(self, key: Any = None) -> int:
        """How many times a turn has begun in the position now (or in the position ``key``:
        a :func:`~drezlab.games.edami.moves.position_key`)."""
        return self._repetitions.get(position_key(self.board) if key is None else key, 0)

    def _count(self, key: Any, step: int) -> None:
        """Count a position once more (or less), remembering it for undo."""
        self._change_count(key, step)
        self._rep_log.append((key, step))

    def _change_count(self, key: Any, step: int) -> None:
        count = self._repetitions.get(key, 0) + step
        if count > 0:
            self._repetitions[key] = count
        else:
            self._repetitions.pop(key, None)

    # ------------------------------------------------------------ what seats see
    def _public(self, seat: int | None) -> dict[str, Any]:
        """The position every seat sees (D26): board, lost pieces, the card just drawn (by
        its face), the phase of the turn, the vetoable move, and the faces of the cards
        face up; never a card id of the pile or of the used pile below its last card."""
        board, ctx = self.board, self.ctx
        faces = {card.id: card.spec.text() for name in (*KEPT, TEMPORARY, PRIZES) for card in self.zones[name]}
        used = self.zones[USED]
        if used:
            faces[used[-1].id] = used[-1].spec.text()
        king = board.king(board.turn) if self.in_check() else None
        return {
            "fen": board.fen(), "check": None if king is None else SQUARE_NAMES[king],
            "white": self.controller(chess.WHITE), "holder": self.holder, "lost": lost_text(self.lost),
            "last_card": None if self.last_card is None else {"face": self.last_card[0].spec.text(),
                                                               "seat": self.last_card[1]},
            "last_move": self.last_move, "phase": self.phase.value,
            "card": None if ctx.card is None else ctx.card.spec.text(), **context_fields(ctx),
            "veto": None if self.veto_record is None else self.veto_record.uci,
            "faces": faces,
        }

    def _state(self) -> dict[str, Any]:
        """The whole position for records: zones in order, board, context, veto record."""
        ctx = self.ctx
        record = self.veto_record
        return {
            "zones": self.zones.to_dict(), "fen": self.board.fen(), "holder": self.holder,
            "lost": lost_text(self.lost),
            "last_card": None if self.last_card is None else [self.last_card[0].id, self.last_card[1]],
            "last_move": self.last_move, "phase": self.phase.value, "turn": self.turn_color,
            "ctx": {"card": None if ctx.card is None else ctx.card.id, "then": ctx.then.value,
                    **context_fields(ctx)},
            "veto": None if record is None else [record.uci, record.mover, [card.id for card in record.completed]],
            "repetitions": self.repetitions(),
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    # -------------------------------------------------------------- describing
    def describe(self, action: ActionLike) -> str:
        """The move log's line, in words in the current language, computed before playing:
        'White: knight to f3', 'Black: drew a card' (:mod:`drezlab.games.edami.words`)."""
        return words.describe(self, self.parse(action))

    def status_text(self) -> str:
        """Whose turn and what they must do, or how the game ended (current language)."""
        return super().status_text() if self._outcome is not None else words.status_text(self)

    def parse(self, text: ActionLike) -> Action:
        """The legal action written ``text`` (see the module docstring); a chess move may
        also be written in SAN (``Nf3``, ``O-O``, ``exd5``), as teachers write them."""
        if not isinstance(text, str) or self._outcome is not None:
            return super().parse(text)
        cleaned = " ".join(text.split())
        if cleaned not in self._legal_by_text() and self.phase in MOVE_PHASES:
            uci = san_to_uci(self.board, cleaned, self._legal_moves())
            if uci is not None:
                return super().parse(uci)
        return super().parse(text)

    def click_reasons(self, seat: int) -> dict[str, str]:
        """Why a square cannot be used by ``seat`` now while it makes a chess move: the
        other side's piece, an own piece without a move under the active effect, an empty
        square no move reaches (the board is public: nothing hidden is used)."""
        if self._outcome is not None or seat != self.to_move or self.phase not in MOVE_PHASES:
            return {}
        usable = {target for action in self._legal() for target in action.targets}
        return square_reasons(self.board, self.board.turn, usable)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return self._over_text(text)
        return words.explain_illegal(self, text)

    def __repr__(self) -> str:
        return (f"<Edami {self.status_text()}; {t('pile')} {len(self.zones[PILE])}, "
                f"{t('used')} {len(self.zones[USED])}>")
