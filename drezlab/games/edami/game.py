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

Action notation (``str(action)``):

=======================  ==============================================================
``e2e4`` / ``e7e8q``      a chess move: normal move, card sub-move or second knight move
``draw``                  take the top card (target: the ``pile``)
``relocate b1e4``         Cambia: put the piece on b1 on the empty square e4
``remove e4``             Quita / Bomba: remove the piece on e4
``N@e4``                  Recupera or a prize: put a lost knight on e4 (targets ``lost-N``, ``e4``)
``decline``               do not claim an objective's prize (the card is discarded)
``steal card12``          Comodín: take the rival's special card card12
``veto``                  use "No me gusta tu jugada"
``stop``                  supercaballos: no second knight move
``resign`` / ``claim``    resign; claim a draw (``draw_claims="claim"``)
=======================  ==============================================================

``Action.data`` is a tuple of plain values: its kind first, then e.g. the
from-square, to-square and promotion piece (or ``None``) of a chess move;
``chess_move(action)`` makes the ``chess.Move`` of an action (``None`` for card
actions). Records (version 2) hold the options (the teacher's position
included), the deal seed and the actions, and are replayed and compared on load;
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
from fractions import Fraction
from typing import Any, NamedTuple, Sequence

import chess

from drezlab.core.action import Action, Outcome
from drezlab.core.chance import Chance, weighted
from drezlab.core.errors import BadRecord
from drezlab.core.game import ActionLike, Game, short_repr
from drezlab.core.i18n import t
from drezlab.core.zones import Visibility
from drezlab.games.edami import words
from drezlab.games.edami.cards import (
    NON_KING_TYPES,
    OBJECTIVES,
    PIECE_LETTERS,
    CardSpec,
    EdamiDeck,
    LuckCard,
    check_specs,
    parse_spec,
)
from drezlab.games.edami.meta import SPEC
from drezlab.games.edami.moves import (
    SUPER_TYPES,
    Effect,
    attackers,
    in_check,
    is_castling,
    legal_moves,
)
from drezlab.games.edami.words import MOVE_PHASES, PHASE_TASKS
from drezlab.kits.chessbots import material
from drezlab.kits.chesstext import san_to_uci, square_reasons

WHITE, BLACK = 0, 1
SQUARE_NAMES = chess.SQUARE_NAMES
#: the kinds of action that make a chess move (``Action.data[0]``)
CHESS_KINDS = frozenset(("move", "sub", "knight2"))
PILE, USED, TEMPORARY, PRIZES = "pile", "used", "temporary", "prizes"
KEPT = ("kept-0", "kept-1")
ZONE_MASKS = {
    "center": chess.BB_D4 | chess.BB_E4 | chess.BB_D5 | chess.BB_E5,
    "wide-center": sum(chess.BB_SQUARES[chess.square(f, r)] for f in range(2, 6) for r in range(2, 6)),
    "queenside": chess.BB_FILE_A | chess.BB_FILE_B | chess.BB_FILE_C,
    "kingside": chess.BB_FILE_F | chess.BB_FILE_G | chess.BB_FILE_H,
}
HALF_MASKS = {chess.WHITE: chess.BB_RANK_1 | chess.BB_RANK_2 | chess.BB_RANK_3 | chess.BB_RANK_4,
              chess.BLACK: chess.BB_RANK_5 | chess.BB_RANK_6 | chess.BB_RANK_7 | chess.BB_RANK_8}
PAWN_RANKS = sum(chess.BB_RANKS[r] for r in range(1, 7))
START_COUNTS = {chess.QUEEN: 1, chess.ROOK: 2, chess.BISHOP: 2, chess.KNIGHT: 2, chess.PAWN: 8}
#: lost pieces of one colour, indexed by python-chess piece type (index 0 and 6 unused)
NO_LOSSES: tuple[int, ...] = (0,) * 7
#: the options that describe a teacher's position (they need ``fen``)
POSITION_OPTIONS = ("drawn", "specials", "temporary", "pile", "used", "lost")

Lost = tuple[tuple[int, ...], tuple[int, ...]]


def seat_color(seat: int) -> chess.Color:
    """The colour a seat plays when nobody has swapped (seat 0 is White)."""
    return chess.WHITE if seat == WHITE else chess.BLACK


class CardContext(NamedTuple):
    """Where the side to move is within its turn: the card being obeyed and what is left
    of it (D27: ``remaining`` entries, ``need`` sub-moves still asked for, ``target`` =
    the most entries still reachable, squares already ``moved``), what follows a prize
    (``then``), what a veto correction excludes, and the flags of the start phase."""

    card: LuckCard | None = None
    remaining: tuple[int, ...] = ()
    need: int = 0
    target: int = 0
    moved: tuple[int, ...] = ()
    then: str = "end"
    excluded: str | None = None
    excluded_type: int = 0
    can_veto_now: bool = False
    lead_lock: bool = False


EMPTY_CONTEXT = CardContext()


class VetoRecord(NamedTuple):
    """What a veto (D34) needs to take back the rival's last chess move."""

    board: chess.Board               # the position before the move (never changed in place)
    lost: Lost
    phase: str
    ctx: CardContext
    last_move: str | None
    uci: str
    piece_type: int
    completed: tuple[LuckCard, ...]  # objectives the move fulfilled (they go back to the mover)
    mover: int
    position_key: Any = None         # the position the turn ended in (set when it ends)


class EdamiUndo(NamedTuple):
    """Everything an action may change outside the zones and the chance log (which the
    base class rewinds); ``positions`` are the repetition counts it changed."""

    board: chess.Board
    holder: int | None
    lost: Lost
    last_card: tuple[LuckCard, int] | None
    last_move: str | None
    phase: str
    turn_color: chess.Color
    ctx: CardContext
    outcome: Outcome | None
    veto_record: VetoRecord | None
    veto_pending: VetoRecord | None
    veto_return: str | None
    turn_last: str
    positions: list[tuple[Any, int]]


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
        options = _plain_options(options)
        if edition is not None:
            if edition not in (1, 2) or isinstance(edition, bool):
                raise ValueError(f"edition must be 1 (lose the turn) or 2 (normal move), not {edition!r}")
            options["impossible_card"] = "lose_turn" if edition == 1 else "normal_move"
        self.options = SPEC.validate_options(options)
        given = self.options
        if given["king_capture"] and not given["mandatory_card"]:
            raise ValueError("king_capture is allowed only with mandatory_card (Carta Obligatoria, §4.7)")
        if given["fen"] is None and any(given[name] is not None for name in POSITION_OPTIONS):
            raise ValueError("drawn, specials, temporary, pile, used and lost describe a teacher's position: "
                             "give a fen too")
        self.seed = seed
        self._start_chance(seed, chance)
        self.impossible_card: str = given["impossible_card"]
        self.mandatory_card: bool = given["mandatory_card"]
        self.king_capture: bool = given["king_capture"]
        self.bomb_mode: str = given["bomb_mode"]
        self.draw_claims: str = given["draw_claims"]
        self.deck_spec = _make_deck(given["deck"], given["special_cards"])
        self.blank_effect = _blank_effect(given["blank_card_effect"])
        cards = [LuckCard(f"card{index + 1}", spec) for index, spec in enumerate(self.deck_spec.cards())]
        self.board = chess.Board()
        self.holder: int | None = None          # the seat holding the temporary card
        self.lost: Lost = (NO_LOSSES, NO_LOSSES)
        self.last_card: tuple[LuckCard, int] | None = None     # (card, seat that drew it)
        self.last_move: str | None = None       # the last chess move (or relocation), UCI
        self.phase = "start"
        self.turn_color: chess.Color = chess.WHITE
        self.ctx = EMPTY_CONTEXT
        self.veto_record: VetoRecord | None = None
        self._veto_pending: VetoRecord | None = None
        self._veto_return: str | None = None
        self._turn_last = "move"
        self._repetitions: dict[Any, int] = {}
        self._rep_log: list[tuple[Any, int]] = []
        #: the position and effect ``_moves`` and ``_checked`` were worked out for
        self._moves_key: Any = None
        self._moves: tuple[chess.Move, ...] = ()
        self._checked = False
        if given["fen"] is None:
            pile = list(cards)
            self.chance.shuffle(pile, "deal")
            self._lay_out(cards, pile, [], ([], []), [])
        else:
            self._set_up(cards)
        self._repetitions = {self.board._transposition_key(): 1}
        self._begin_turn()
        if given["drawn"] is not None and self._outcome is None:
            self._draw()
        self._rep_log = []
        self._seal_setup()

    # ------------------------------------------------------------------ set-up
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

    def _set_up(self, cards: list[LuckCard]) -> None:
        """A teacher's position: the board, then the named cards taken out of the deck
        (a card the deck lacks is added as an extra card), the rest shuffled into the pile
        (or, when the pile is named, put in the used pile in deck order)."""
        given = self.options
        self.board = _board_from(given["fen"])
        rest = list(cards)

        def take(lines: Sequence[str], where: str) -> list[LuckCard]:
            taken = []
            for spec in check_specs(list(lines), where):
                for position in range(len(rest) - 1, -1, -1):
                    if rest[position].spec == spec:
                        taken.append(rest.pop(position))
                        break
                else:
                    extra = LuckCard(f"card{len(cards) + 1}", spec)
                    cards.append(extra)
                    taken.append(extra)
            return taken

        kept: tuple[list[LuckCard], list[LuckCard]] = ([], [])
        for seat, lines in (given["specials"] or {}).items():
            hand = take(lines, f"special cards of seat {seat}")
            for card in hand:
                if card.spec.kind not in ("veto", "objective"):
                    raise BadRecord(f"only vetoes and objectives are kept in hand, not {card.spec.text()!r}"
                                    " (a temporary card goes in temporary=)")
            if sum(card.spec.kind == "veto" for card in hand) > 1:
                raise BadRecord("nobody may hold two vetoes (§4.8.1)")
            kept[int(seat)].extend(hand)
        temporary: list[LuckCard] = []
        if given["temporary"] is not None:
            line, seat = given["temporary"]
            temporary = take([line], "temporary")
            if temporary[0].spec.kind != "temporary":
                raise BadRecord(f"{temporary[0].spec.text()!r} is not a temporary card")
            self.holder = seat
        named_pile = take(given["pile"], "pile") if given["pile"] is not None else None
        named_used = take(given["used"], "used pile") if given["used"] is not None else []
        drawn = take([given["drawn"]], "drawn")[0] if given["drawn"] is not None else None
        if named_pile is not None:
            used = named_used + rest
            pile = list(reversed(named_pile))
        else:
            self.chance.shuffle(rest, "deal")
            pile, used = rest, named_used
        if drawn is not None:
            pile.append(drawn)            # on top: drawn after the turn-start checks
        self._lay_out(cards, pile, used, kept, temporary)
        self.lost = self._lost_from(given["lost"])

    def _lost_from(self, letters: str | None) -> Lost:
        """Lost pieces from letters, or (``None``) what the board misses of the starting material."""
        counts = {chess.WHITE: [0] * 7, chess.BLACK: [0] * 7}
        if letters is None:
            for color in (chess.WHITE, chess.BLACK):
                for ptype, count in START_COUNTS.items():
                    counts[color][ptype] = max(0, count - len(self.board.pieces(ptype, color)))
        else:
            for letter in letters:
                piece = chess.Piece.from_symbol(letter)
                counts[piece.color][piece.piece_type] += 1
        return (tuple(counts[chess.BLACK]), tuple(counts[chess.WHITE]))

    def _lose(self, color: chess.Color, ptype: int, count: int = 1) -> None:
        """``count`` more lost pieces of ``ptype`` for ``color`` (negative: one placed back)."""
        row = list(self.lost[color])
        row[ptype] += count
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
        if data[0] in CHESS_KINDS:
            return chess.Move(data[1], data[2], data[3])
        return None

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
        if self.phase not in ("start", "free"):
            return []
        extras = []
        if self.draw_claims == "claim" and self.phase == "start" and self._claimable_draw():
            extras.append(Action("claim", (), t("Claim a draw"), ("claim",)))
        extras.append(Action("resign", (), t("Resign"), ("resign",)))
        return extras

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn without building an action per chess move.

        At a move-or-draw decision the legal actions are the normal moves (in ``moves()``
        order) followed by a few others, so the index ``rng.randrange(len(legal_actions()))``
        is drawn the same way and only the chosen action is built: the same action for the
        same generator state as the base class (tests/test_edami_speed.py). The action is
        vouched for, so ``play`` skips looking it up."""
        if self._actions_cache is not None or self._outcome is not None \
                or self.phase not in ("start", "free") or (self.phase == "start" and self.ctx.lead_lock):
            return super().random_action(rng)
        moves, others = self._move_phase()
        others += self._turn_extras()
        index = rng.randrange(len(moves) + len(others))
        action = self._move_action(moves[index], "move") if index < len(moves) else others[index - len(moves)]
        self._vouched = action
        return action

    def _move_phase(self) -> tuple[Sequence[chess.Move], list[Action]]:
        """The start (without a lead-king lock) and free phases: the normal moves offered and
        the other actions that follow them in ``_phase_actions`` (draw, veto)."""
        ctx = self.ctx
        others = []
        moves: Sequence[chess.Move]
        if self.phase == "start":
            can_draw = bool(self.zones[PILE] or self.zones[USED]) and (self.king_capture or not self.in_check())
            moves = () if self.mandatory_card and can_draw else self._legal_moves()
            if can_draw:
                others.append(Action("draw", ("pile",), t("Draw a card"), ("draw",)))
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
        if phase in ("start", "free"):
            if phase == "start" and ctx.lead_lock:
                return [self._veto_action()]
            moves, others = self._move_phase()
            return [self._move_action(m, "move") for m in moves] + others
        if phase == "card":
            return [self._move_action(m, "sub") for m in self._card_moves()]
        if phase == "knight2":
            actions = [self._move_action(m, "knight2") for m in self._knight_moves() if m.uci() != ctx.excluded]
            if ctx.excluded is None:
                actions.append(Action("stop", (), t("No second knight move"), ("stop",)))
            return actions
        if phase == "relocate":
            return [Action(f"relocate {SQUARE_NAMES[a]}{SQUARE_NAMES[b]}", (SQUARE_NAMES[a], SQUARE_NAMES[b]),
                           f"{t('Relocate')} {SQUARE_NAMES[a]} → {SQUARE_NAMES[b]}", ("relocate", a, b))
                    for a, b in self._relocations()]
        assert ctx.card is not None or phase in ("prize", "steal"), phase
        if phase == "remove":
            return [Action(f"remove {SQUARE_NAMES[s]}", (SQUARE_NAMES[s],), f"{t('Remove')} {SQUARE_NAMES[s]}",
                           ("remove", s)) for s in self._removal_squares(self._effective(ctx.card))[0]]
        if phase == "recover":
            spec = self._effective(ctx.card)
            return [self._place_action(p, s, "recover") for p, s in self._placements(spec.pieces)]
        if phase == "prize":
            prize = OBJECTIVES[self.zones[PRIZES][0].spec.param][1]
            return [self._place_action(p, s, "prize") for p, s in self._placements((prize,))] + [
                Action("decline", (), t("Do not claim the prize"), ("decline",))]
        if phase == "steal":
            return [Action(f"steal {card.id}", (card.id,), f"{t('Steal')} {card.spec.title()}", ("steal", card.id))
                    for card in self._steal_options()]
        raise AssertionError(f"unknown phase {phase}")

    @staticmethod
    def _move_action(move: chess.Move, kind: str) -> Action:
        uci = move.uci()
        targets: tuple[str, ...] = (SQUARE_NAMES[move.from_square], SQUARE_NAMES[move.to_square])
        if move.promotion:
            targets += (f"promote-{chess.piece_symbol(move.promotion)}",)
        return Action(uci, targets, uci, (kind, move.from_square, move.to_square, move.promotion))

    @staticmethod
    def _veto_action() -> Action:
        return Action("veto", (), t("I don't like your move"), ("veto",))

    def _place_action(self, ptype: int, square: int, kind: str) -> Action:
        symbol = chess.Piece(ptype, self.board.turn).symbol()
        letter = PIECE_LETTERS[ptype]
        return Action(f"{letter}@{SQUARE_NAMES[square]}", (f"lost-{symbol}", SQUARE_NAMES[square]),
                      f"{letter}@{SQUARE_NAMES[square]}", (kind, ptype, square))

    def _effective(self, card: LuckCard | None) -> CardSpec:
        """What a card does: the blank card acts as ``blank_card_effect``."""
        assert card is not None
        spec = card.spec
        return self.blank_effect if spec.kind == "blank" and self.blank_effect is not None else spec

    # ------------------------------------------------ card-directed sub-moves (D27)
    def _card_candidates(self, board: chess.Board, remaining: tuple[int, ...],
                         moved: frozenset[int]) -> list[chess.Move]:
        """Legal moves of unmoved pieces whose type fills a remaining entry."""
        return [m for m in legal_moves(board, self.effect, self.king_capture)
                if m.from_square not in moved and board.piece_type_at(m.from_square) in remaining]

    def _after_sub(self, board: chess.Board, move: chess.Move) -> tuple[chess.Board, bool]:
        """The board after a sub-move with the same side to move again, and whether it gave
        check (or took the king): both end the turn (Rule 6)."""
        mover = board.turn
        after = board.copy(stack=False)
        took_king = bool(after.kings & chess.BB_SQUARES[move.to_square])
        after.push(move)
        ended = took_king or in_check(after, not mover, self.effect)
        after.turn = mover
        after.ep_square = None
        after.clear_stack()
        return after, ended

    @staticmethod
    def _fill(remaining: tuple[int, ...], ptype: int) -> tuple[int, ...]:
        index = remaining.index(ptype)
        return remaining[:index] + remaining[index + 1:]

    @staticmethod
    def _moved_after(board: chess.Board, move: chess.Move, moved: frozenset[int]) -> frozenset[int]:
        squares = {move.to_square}
        if is_castling(board, move):        # D28: the castled rook counts as moved too
            rank = chess.square_rank(move.from_square)
            squares.add(chess.square(5 if move.to_square > move.from_square else 3, rank))
        return moved | squares

    def _best(self, board: chess.Board, remaining: tuple[int, ...], need: int, moved: frozenset[int],
              goal: int) -> int:
        """m* of D27: the most entries (at most ``need``) any sequence of sub-moves from
        here fills, a checking sub-move ending its sequence and counting only its own
        entry; the search stops once ``goal`` is reached."""
        best = 0
        if need <= 0:
            return 0
        for move in self._card_candidates(board, remaining, moved):
            value = self._value(board, move, remaining, need, moved, goal)
            if value > best:
                best = value
                if best >= goal:
                    break
        return best

    def _value(self, board: chess.Board, move: chess.Move, remaining: tuple[int, ...], need: int,
               moved: frozenset[int], goal: int) -> int:
        """Entries filled by the best sequence starting with ``move`` (D27)."""
        after, ended = self._after_sub(board, move)
        if ended or need == 1:
            return 1
        return 1 + self._rest(board, move, after, remaining, need, moved, goal)

    def _rest(self, board: chess.Board, move: chess.Move, after: chess.Board, remaining: tuple[int, ...],
              need: int, moved: frozenset[int], goal: int) -> int:
        """The most entries the sub-moves after ``move`` (played: ``after``) still fill."""
        ptype = board.piece_type_at(move.from_square)
        assert ptype is not None
        return self._best(after, self._fill(remaining, ptype), need - 1, self._moved_after(board, move, moved),
                          goal - 1)

    def _card_moves(self) -> list[chess.Move]:
        """D27 (revised): a sub-move that fills an entry and gives check is always allowed
        (the turn then ends); any other sub-move only if m* can still be reached after it.
        A check is never compulsory."""
        ctx = self.ctx
        board = self.board
        moved = frozenset(ctx.moved)
        candidates = self._card_candidates(board, ctx.remaining, moved)
        if ctx.excluded is not None:
            candidates = [m for m in candidates if m.uci() != ctx.excluded
                          and board.piece_type_at(m.from_square) == ctx.excluded_type]
        allowed = []
        for move in candidates:
            after, ended = self._after_sub(board, move)
            if ended or ctx.target <= 1 or \
                    1 + self._rest(board, move, after, ctx.remaining, ctx.need, moved, ctx.target) >= ctx.target:
                allowed.append(move)
        return allowed

    def _knight_moves(self) -> list[chess.Move]:
        knights = self.board.knights
        return [m for m in self._legal_moves() if knights & chess.BB_SQUARES[m.from_square]]

    # ------------------------------------------------------- card actions
    #: (position key, effect, relocations): a drawn Cambia is checked, then listed, in one position
    _relocation_memo: tuple[Any, Effect | None, list[tuple[int, int]]] = (None, None, [])

    def _relocations(self) -> list[tuple[int, int]]:
        """Cambia: (from, to) pairs that leave the own king safe (unless king capture).

        Exactly "put the piece there and test check", with most tests decided on
        bitboards: an own piece is only a blocker; a rival piece can only add an attack
        from a square it would attack the king from (``_reach``), when its removal
        exposed nothing."""
        board, mover = self.board, self.board.turn
        effect = self.effect
        key = board._transposition_key()
        memo = self._relocation_memo
        if memo[0] == key and memo[1] == effect:
            return list(memo[2])
        rival = not mover
        movable = board.occupied_co[mover] | (board.occupied_co[rival] & ~board.kings)
        empty = ~board.occupied & chess.BB_ALL
        king = board.king(mover)
        result = []
        for source in chess.scan_forward(movable):
            piece = board.remove_piece_at(source)
            assert piece is not None
            targets = empty
            if piece.piece_type == chess.PAWN:
                targets &= PAWN_RANKS
            if self.king_capture or king is None:
                result += [(source, target) for target in chess.scan_forward(targets)]
            elif piece.color == mover and piece.piece_type == chess.KING:
                result += [(source, target) for target in chess.scan_forward(targets)
                           if not attackers(board, rival, target, effect, board.occupied | chess.BB_SQUARES[target])]
            elif piece.color == mover:
                if not attackers(board, rival, king, effect):
                    result += [(source, target) for target in chess.scan_forward(targets)]
                else:
                    result += [(source, target) for target in chess.scan_forward(targets)
                               if not attackers(board, rival, king, effect,
                                                board.occupied | chess.BB_SQUARES[target])]
            else:
                exposed = bool(attackers(board, rival, king, effect))
                reach = chess.BB_ALL if exposed else self._reach(piece, king, effect)
                for target in chess.scan_forward(targets):
                    if reach & chess.BB_SQUARES[target]:
                        board.set_piece_at(target, piece)
                        safe = not in_check(board, mover, effect)
                        board.remove_piece_at(target)
                        if not safe:
                            continue
                    result.append((source, target))
            board.set_piece_at(source, piece)
        self._relocation_memo = (key, effect, result)
        return list(result)

    @staticmethod
    def _reach(piece: chess.Piece, king: int, effect: Effect | None) -> int:
        """Squares from which ``piece`` could attack ``king`` on an empty board (under the
        effect): elsewhere, placing it cannot give the king a new attacker."""
        ptype = piece.piece_type
        reach = 0
        if ptype == chess.PAWN:
            reach = chess.BB_PAWN_ATTACKS[not piece.color][king]
        elif ptype == chess.KNIGHT:
            reach = chess.BB_KNIGHT_ATTACKS[king]
        elif ptype == chess.KING:
            reach = chess.BB_KING_ATTACKS[king]
        if ptype in (chess.ROOK, chess.QUEEN):
            reach |= chess.BB_RANK_ATTACKS[king][0] | chess.BB_FILE_ATTACKS[king][0]
        if ptype in (chess.BISHOP, chess.QUEEN):
            reach |= chess.BB_DIAG_ATTACKS[king][0]
        if effect is not None and effect.color == piece.color and SUPER_TYPES.get(effect.name) == ptype:
            reach |= chess.BB_KNIGHT_ATTACKS[king]
        return reach

    def _zone(self, spec: CardSpec) -> int:
        if spec.param == "your-half":
            return HALF_MASKS[self.board.turn]
        return ZONE_MASKS[spec.param]

    def _removal_squares(self, spec: CardSpec) -> tuple[list[int], bool]:
        """Quita / Bomba: the squares one may empty, and whether the bomb removes them all at once."""
        board, mover = self.board, self.board.turn
        rival = board.occupied_co[not mover] & ~board.kings
        if spec.kind == "remove":
            mask = 0
            for ptype in spec.pieces:
                mask |= board.pieces_mask(ptype, not mover)
            return self._safe_removals(list(chess.scan_forward(mask))), False
        zone = self._zone(spec)
        if self.bomb_mode in ("feroz", "loca"):
            mask = (rival if self.bomb_mode == "feroz" else board.occupied & ~board.kings) & zone
            squares = list(chess.scan_forward(mask))
            if squares and self._safe_removal(squares):     # D31: all or nothing
                return squares, True
            return [], True
        if self.bomb_mode == "cruel" and not rival & zone:
            return self._safe_removals(list(chess.scan_forward(board.occupied_co[mover] & ~board.kings & zone))), False
        return self._safe_removals(list(chess.scan_forward(rival & zone))), False

    def _safe_removals(self, squares: list[int]) -> list[int]:
        return [s for s in squares if self._safe_removal([s])]

    def _safe_removal(self, squares: list[int]) -> bool:
        if self.king_capture:
            return True
        board = self.board
        pieces = [(s, board.remove_piece_at(s)) for s in squares]
        safe = not in_check(board, board.turn, self.effect)
        for square, piece in pieces:
            board.set_piece_at(square, piece)
        return safe

    def _placements(self, types: Sequence[int]) -> list[tuple[int, int]]:
        """Recupera / prize: (type, square) for every lost piece of the allowed types (D32)."""
        board, mover = self.board, self.board.turn
        empty = ~board.occupied & chess.BB_ALL
        result = []
        for ptype in sorted(set(types), reverse=True):
            if self.lost[mover][ptype] <= 0:
                continue
            squares = empty & PAWN_RANKS if ptype == chess.PAWN else empty
            result += [(ptype, s) for s in chess.scan_forward(squares)]
        return result

    def _steal_options(self) -> list[LuckCard]:
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
        upon_drawing = self.phase == "free" and self.ctx.can_veto_now
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
        self.phase = "free" if record.phase == "start" else record.phase
        self.ctx = record.ctx._replace(excluded=record.uci, excluded_type=record.piece_type, can_veto_now=False,
                           lead_lock=False)
        self._veto_return = "free" if upon_drawing else "start"
        self.veto_record = None
        self._veto_pending = None
        self._turn_last = "move"

    # ---------------------------------------------------------------- playing
    def _apply(self, action: Action) -> EdamiUndo:
        data = action.data
        kind = data[0]
        undo = EdamiUndo(board=self.board.copy(stack=False), holder=self.holder, lost=self.lost,
                         last_card=self.last_card, last_move=self.last_move, phase=self.phase,
                         turn_color=self.turn_color, ctx=self.ctx, outcome=self._outcome,
                         veto_record=self.veto_record, veto_pending=self._veto_pending,
                         veto_return=self._veto_return, turn_last=self._turn_last, positions=[])
        self._rep_log = undo.positions
        if kind in CHESS_KINDS:
            self._chess_move(chess.Move(data[1], data[2], data[3]), kind, undo.board)
        elif kind == "draw":
            self._draw()
        elif kind == "veto":
            self._do_veto()
        elif kind == "stop":
            self._end_turn()
        elif kind == "relocate":
            self._relocate(data[1], data[2])
        elif kind == "remove":
            self._remove([data[1]])
        elif kind == "recover":
            self._place(data[1], data[2])
            self._end_turn("card")
        elif kind == "prize":
            self._place(data[1], data[2])
            self._prize_done(gave_check=self.in_check(not self.board.turn))
        elif kind == "decline":
            self._prize_done(gave_check=False)
        elif kind == "steal":
            self._steal(self._by_id[data[1]])
        elif kind == "resign":
            self._finish((1 - self.controller(self.board.turn),), "resignation")
        elif kind == "claim":
            self._finish((), f"draw claimed ({self._claimable_draw()})")
        return undo

    def _revert(self, action: Action, undo: EdamiUndo) -> None:
        for key, step in reversed(undo.positions):
            self._change_count(key, -step)
        self.board = undo.board.copy(stack=False)
        self.holder, self.lost, self.last_card, self.last_move = undo.holder, undo.lost, undo.last_card, undo.last_move
        self.phase, self.turn_color, self.ctx, self._outcome = undo.phase, undo.turn_color, undo.ctx, undo.outcome
        self.veto_record, self._veto_pending, self._veto_return = undo.veto_record, undo.veto_pending, undo.veto_return
        self._turn_last = undo.turn_last

    def _chess_move(self, move: chess.Move, kind: str, board_before: chess.Board) -> None:
        """Play one chess move; ``board_before`` is an untouched copy of the board now (the
        undo record's, shared with the veto record: neither is ever changed in place)."""
        board = self.board
        mover = board.turn
        person = self.controller(mover)
        effect = self.effect
        ctx = self.ctx
        ptype = board.piece_type_at(move.from_square)
        assert ptype is not None
        lost_before, phase_before, last_before = self.lost, self.phase, self.last_move
        captured = board.piece_type_at(move.to_square)
        if board.is_en_passant(move):
            captured = chess.PAWN
        castled = is_castling(board, move)
        moved_after = self._moved_after(board, move, frozenset(ctx.moved)) if kind == "sub" else frozenset()
        fullmove = board.fullmove_number
        board.push(move)
        board.clear_stack()
        self.last_move = move.uci()
        self._turn_last = "move"
        if captured:
            self._lose(not mover, captured)
        if captured == chess.KING:
            self._finish((person,), "king captured")
            return
        gave_check = in_check(board, not mover, effect)
        completed = self._objectives(person, mover, move, ptype, captured, castled, gave_check)
        if completed and gave_check and not self.king_capture and not legal_moves(board, effect):
            for card in completed:        # D35: the mate ends the game before any prize
                self.zones.move(card, PRIZES, USED)
            self._finish((person,), "checkmate")
            return
        self._veto_pending = VetoRecord(board_before, lost_before, phase_before, ctx, last_before, move.uci(),
                                        ptype, completed, person)
        if gave_check:
            then = "end"
        elif kind == "sub":
            ctx = ctx._replace(remaining=self._fill(ctx.remaining, ptype), need=ctx.need - 1,
                          target=ctx.target - 1, moved=tuple(sorted(moved_after)))
            then = "card" if ctx.target > 0 else "end"
        elif kind == "move" and ptype == chess.KNIGHT and effect is not None and effect.name == "superknights" \
                and effect.color == mover and ctx.excluded is None:
            then = "knight2"      # D37: one more knight move is allowed, not required
        else:
            then = "end"
        if ctx.excluded is not None or ctx.can_veto_now:
            ctx = ctx._replace(excluded=None, excluded_type=0, can_veto_now=False)
        self.ctx = ctx
        prizes = bool(self.zones[PRIZES])
        if then != "end" or prizes:
            board.turn = mover            # the turn goes on (D29: no en passant after the first sub-move)
            board.ep_square = None
            board.fullmove_number = fullmove
        if prizes:
            self.ctx = self.ctx._replace(then=then)
            self._enter_prize()
        else:
            self._continue(then)

    def _objectives(self, person: int, mover: chess.Color, move: chess.Move, ptype: int, captured: int | None,
                    castled: bool, gave_check: bool) -> tuple[LuckCard, ...]:
        """D35: the objectives the move fulfils go to the prizes zone (claimed next)."""
        if self.swapped:
            return ()
        done = []
        sixth = 5 if mover == chess.WHITE else 2
        for card in list(self.zones[KEPT[person]]):
            if card.spec.kind != "objective":
                continue
            goal = card.spec.param
            if ((goal == "check" and gave_check) or (goal == "castle" and castled)
                    or (goal == "pawn-6th" and ptype == chess.PAWN and chess.square_rank(move.to_square) == sixth)
                    or (goal == "capture" and captured not in (None, chess.PAWN, chess.KING))):
                done.append(card)
                self.zones.move(card, KEPT[person], PRIZES)
        return tuple(done)

    def _enter_prize(self) -> None:
        """Offer the first queued prize; a prize with no lost piece just discards its card."""
        prizes = self.zones[PRIZES]
        while prizes:
            prize = OBJECTIVES[prizes[0].spec.param][1]
            if self._placements((prize,)):
                self.phase = "prize"
                return
            self.zones.move_at(PRIZES, 0, USED)
        self._continue(self.ctx.then)

    def _prize_done(self, gave_check: bool) -> None:
        self.zones.move_at(PRIZES, 0, USED)
        if gave_check:
            self.ctx = self.ctx._replace(then="end")
        self._enter_prize()

    def _continue(self, then: str) -> None:
        if then == "card":
            self.phase = "card"
        elif then == "knight2" and self._knight_moves():
            self.phase = "knight2"
        else:
            self._end_turn()

    def _edited(self, squares: Sequence[int]) -> None:
        """D30: after a card adds, removes or relocates pieces: rights only lost, clocks reset."""
        board = self.board
        for square in squares:
            board.castling_rights &= ~chess.BB_SQUARES[square]
        for color, backrank in ((chess.WHITE, chess.BB_RANK_1), (chess.BLACK, chess.BB_RANK_8)):
            king = board.king(color)
            if king is None or king != (chess.E1 if color == chess.WHITE else chess.E8):
                board.castling_rights &= ~backrank
        board.castling_rights = board.clean_castling_rights()
        board.ep_square = None
        board.halfmove_clock = 0

    def _relocate(self, source: int, target: int) -> None:
        board = self.board
        piece = board.remove_piece_at(source)
        board.set_piece_at(target, piece)
        if piece is not None and piece.piece_type == chess.KING:
            board.castling_rights &= ~(chess.BB_RANK_1 if piece.color == chess.WHITE else chess.BB_RANK_8)
        self._edited([source, target])
        self.last_move = SQUARE_NAMES[source] + SQUARE_NAMES[target]
        self._end_turn("card")

    def _remove(self, squares: Sequence[int]) -> None:
        board = self.board
        for square in squares:
            piece = board.remove_piece_at(square)
            assert piece is not None
            self._lose(piece.color, piece.piece_type)
        self._edited(squares)
        self._end_turn("card")

    def _place(self, ptype: int, square: int) -> None:
        mover = self.board.turn
        self._lose(mover, ptype, -1)
        self.board.set_piece_at(square, chess.Piece(ptype, mover))
        self._edited([square])

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
            best = self._best(self.board, spec.pieces, need, frozenset(), need)
            if not best:
                self._impossible()
                return
            self.phase = "card"
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
            self.phase = {"relocate": "relocate", "recover": "recover"}.get(kind, "remove")
        elif kind == "wildcard":
            if self._steal_options():
                self.phase = "steal"
                self.ctx = EMPTY_CONTEXT
            else:
                self._enter_free()
        else:       # the blank card without an effect
            self._enter_free()

    def _impossible(self) -> None:
        """Rule 3 / edition note: the card cannot be obeyed at all."""
        if self.impossible_card == "lose_turn":
            self._pass()
        else:
            self._enter_free()

    def _enter_free(self, can_veto_now: bool = False) -> None:
        self.phase = "free"
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
        self._end_turn("card")

    # ------------------------------------------------------------ turn changes
    def _end_turn(self, how: str = "") -> None:
        """The turn of ``turn_color`` ends: flip the side, keep the veto record, count the position."""
        board = self.board
        mover = self.turn_color
        if how:
            self._turn_last = how
        if board.turn == mover:
            board.turn = not mover
            if mover == chess.BLACK:
                board.fullmove_number += 1
        key = board._transposition_key()
        if self._turn_last == "move" and self._veto_pending is not None:
            self.veto_record = self._veto_pending._replace(position_key=key)
        else:
            self.veto_record = None
        self._veto_pending = None
        self._count(key, +1)
        self._begin_turn(key)

    def _begin_turn(self, key: Any = None) -> None:
        """§4.3 step 1 for the side to move, then the phase it starts in (``key``: the
        position's transposition key when the caller has just computed it)."""
        board = self.board
        if key is None:
            key = board._transposition_key()
        color = board.turn
        veto_return, self._veto_return = self._veto_return, None
        self.phase = "start"
        self.turn_color = color
        self.ctx = EMPTY_CONTEXT
        self._turn_last = "move"
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
        count = self._repetitions.get(key, 0)
        if count >= 5:
            self._finish((), "fivefold repetition")
        elif board.halfmove_clock >= 150:
            self._finish((), "seventy-five-move rule")
        elif self.draw_claims == "auto" and (claim := self._claimable_draw(key)) is not None:
            self._finish((), claim)
        elif veto_return == "free":
            self._enter_free()
        elif not moves and not (self.zones[PILE] or self.zones[USED]) and not self.ctx.lead_lock:
            self._pass()        # D33: king-capture mode, nothing to draw and nothing to move

    def _claimable_draw(self, key: Any = None) -> str | None:
        if self.board.halfmove_clock >= 100:
            return "fifty-move rule"
        if self._repetitions.get(self.board._transposition_key() if key is None else key, 0) >= 3:
            return "threefold repetition"
        return None

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
    def _lost_text(self) -> str:
        return "".join(chess.Piece(ptype, color).symbol() * self.lost[color][ptype]
                       for color in (chess.WHITE, chess.BLACK) for ptype in NON_KING_TYPES)

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
            "white": self.controller(chess.WHITE), "holder": self.holder, "lost": self._lost_text(),
            "last_card": None if self.last_card is None else {"face": self.last_card[0].spec.text(),
                                                               "seat": self.last_card[1]},
            "last_move": self.last_move, "phase": self.phase,
            "card": None if ctx.card is None else ctx.card.spec.text(),
            "remaining": "".join(PIECE_LETTERS[p] for p in ctx.remaining), "need": ctx.need, "target": ctx.target,
            "moved": [SQUARE_NAMES[s] for s in ctx.moved], "excluded": ctx.excluded,
            "can_veto_now": ctx.can_veto_now, "lead_lock": ctx.lead_lock,
            "veto": None if self.veto_record is None else self.veto_record.uci,
            "faces": faces,
        }

    def _state(self) -> dict[str, Any]:
        """The whole position for records: zones in order, board, context, veto record."""
        ctx = self.ctx
        record = self.veto_record
        return {
            "zones": self.zones.to_dict(), "fen": self.board.fen(), "holder": self.holder,
            "lost": self._lost_text(),
            "last_card": None if self.last_card is None else [self.last_card[0].id, self.last_card[1]],
            "last_move": self.last_move, "phase": self.phase, "turn": self.turn_color,
            "ctx": {"card": None if ctx.card is None else ctx.card.id,
                    "remaining": "".join(PIECE_LETTERS[p] for p in ctx.remaining), "need": ctx.need,
                    "target": ctx.target, "moved": [SQUARE_NAMES[s] for s in ctx.moved], "then": ctx.then,
                    "excluded": ctx.excluded, "can_veto_now": ctx.can_veto_now, "lead_lock": ctx.lead_lock},
            "veto": None if record is None else [record.uci, record.mover, [card.id for card in record.completed]],
            "repetitions": self._repetitions.get(self.board._transposition_key(), 0),
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    # -------------------------------------------------------------- describing
    def describe(self, action: ActionLike) -> str:
        """The move log's line, in words in the current language, computed before playing:
        'White: knight to f3', 'Black: drew a card' (:mod:`drezlab.games.edami.words`)."""
        return words.describe(self, self.parse(action))

    def status_text(self) -> str:
        """Whose turn and what they must do, or how the game ended (current language)."""
        if self._outcome is not None:
            return super().status_text()
        who = self.seat_name(self.to_move)
        side = t("White") if self.board.turn == chess.WHITE else t("Black")
        task = t(PHASE_TASKS[self.phase])
        if self.phase == "start" and self.in_check():
            task = t("in check: defend without drawing")
        if self.swapped:
            return f"{who} ({t('playing')} {side}): {task}"
        return f"{who}: {task}"

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


def _as_text(value: Any) -> Any:
    """A card spec as its deck line; anything else unchanged."""
    return value.text() if isinstance(value, CardSpec) else value


def _plain_options(options: dict[str, Any]) -> dict[str, Any]:
    """The constructor's options as plain JSON values (an ``EdamiDeck`` as its text, card
    specs as their lines, tuples as lists), so that records and copies hold plain data."""
    plain = dict(options)
    deck = plain.get("deck")
    if isinstance(deck, EdamiDeck):
        plain["deck"] = deck.to_text()
    elif isinstance(deck, (list, tuple)):
        plain["deck"] = [[_as_text(entry[0]), entry[1]] if isinstance(entry, (list, tuple)) else _as_text(entry)
                         for entry in deck]
    for name in ("drawn", "blank_card_effect"):
        if name in plain:
            plain[name] = _as_text(plain[name])
    for name in ("pile", "used"):
        if isinstance(plain.get(name), (list, tuple)):
            plain[name] = [_as_text(line) for line in plain[name]]
    temporary = plain.get("temporary")
    if isinstance(temporary, (list, tuple)) and temporary:
        plain["temporary"] = [_as_text(temporary[0]), *temporary[1:]]
    specials = plain.get("specials")
    if isinstance(specials, dict):
        plain["specials"] = {key: [_as_text(line) for line in lines] if isinstance(lines, (list, tuple)) else lines
                             for key, lines in specials.items()}
    return plain


def _make_deck(deck: str | list[Any] | None, special_cards: str | list[str]) -> EdamiDeck:
    """The deck the game is played with (``None``: the default deck), special cards filtered."""
    if deck is None:
        built = EdamiDeck.default()
    elif isinstance(deck, str):
        built = EdamiDeck.from_text(deck)
    else:
        built = EdamiDeck([tuple(entry) if isinstance(entry, list) else entry for entry in deck])
    if special_cards != "all":
        built = built.only_specials(special_cards)
    return built


def _blank_effect(line: str | None) -> CardSpec | None:
    """What the blank card does (``blank_card_effect``), or ``None``."""
    if line is None:
        return None
    try:
        effect = parse_spec(line)
    except ValueError as error:
        raise BadRecord(f"blank_card_effect: {error}") from None
    if effect.kind == "blank":
        raise BadRecord("blank_card_effect cannot be the blank card itself")
    return effect


def _board_from(fen: str) -> chess.Board:
    """The board of a teacher's FEN, refused unless it is a legal EDAMI position (D25)."""
    try:
        board = chess.Board(fen)
    except ValueError as error:
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a chess position: {error}") from None
    harmful = (chess.STATUS_NO_WHITE_KING | chess.STATUS_NO_BLACK_KING | chess.STATUS_TOO_MANY_KINGS
               | chess.STATUS_PAWNS_ON_BACKRANK | chess.STATUS_OPPOSITE_CHECK | chess.STATUS_EMPTY)
    if board.status() & harmful:
        raise BadRecord(f"the FEN {short_repr(fen, 100)} is not a legal EDAMI position (D25: kings, "
                        "no pawn on rank 1 or 8, the side not to move not in check)")
    return board
