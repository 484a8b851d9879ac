"""The card-chess layer: chess where every move is backed by a card, for N seats and teams.

Extracted from PokerDrez (``shared/rules/chess-cards.md`` §2, every DECISION there
binding) so that PokerDrez for 4 (§3, D14-D20) and NeuroDrez can reuse it. A game
derives from :class:`CardChessGame`, gives it a *move source* (below), says whose
turn comes next and what being stuck means, and adds its own phases (pawn removal,
betting, draw claims).

What the layer plays
--------------------
* **Permission** (§2.2, D5-D7, D9). A card permits the moves of its figure; a Joker
  any move; a figure card acts as a Joker for a seat with no piece of that figure on
  the board (D20: pieces in reserve do not count), checked again at every use; the
  king steps with any card, the neutral card included (D6); castling is a rook move
  only (D5); option ``blocked_figures_are_jokers`` (D7). The die result is a virtual
  card that follows the same rules (D9).
* **The turn** (§2.3): discard the permitting card (private or common) -> move ->
  draw. After a common card the mover holds one card too many and gives one back to
  the common cards (phase ``"return"``). A die move costs no card and draws none.
  When the pile empties in the middle of a turn the owed draws are skipped (D10).
* **Neutral exchanges** (§2.5, D8, D15): before moving, any number of times, a usable
  neutral (the seat's own private one, or any neutral among the common cards) is
  discarded and its slot filled from the pile top, from a common card (only for a
  private neutral; the emptied common slot is refilled from the pile) or with a card
  taken at random from an opponent's hand, who then draws back. With one opponent the
  action is ``X1>hand``; with several, ``X1>hand-3`` names the opponent (D15).
* **The die** (§2.6): its holder may roll once per turn; after any roll the die
  passes to the next opponent in turn order.
* **The last resort** (D11): with no permitted move the player may still roll or
  exchange, one at a time, or ``stop``. A seat with no permitted move and nothing
  left to try is *stuck*; the game says what that means (checkmate or stalemate in
  PokerDrez; D19 for four players).
* **Plain chess** (D10): a turn that starts with an empty pile is plain chess, and so
  is every later one: any legal move, no card.

Seats and teams
---------------
``seats`` players sit in ``turn_order``; ``teams[seat]`` is each seat's team (each
seat its own team in PokerDrez; ``(0, 1, 0, 1)`` in PokerDrez for 4, whose partners
sit opposite). A seat's opponents are the seats of the other teams, listed in turn
order from the seat on: the die passes to the first of them, and a neutral card may
take a card from any of them. The game says who moves after each turn
(``_end_turn``); nothing here assumes two seats.

Zones
-----
``hand-<seat>`` for every seat, seen by its owner only (D12; D15: partners do not
see each other's cards either); ``common`` (public); ``pile`` (only its size is seen;
the top is its last card); ``discard``. The discard shows only its size (``COUNT``)
unless ``show_discard_history`` makes it ``PUBLIC``: D12 says the discard history is
public in principle but remembering it is part of the game, so the table shows the
count, and each discarded card is public through the action that discarded it
(``J3:e2e4``, ``X1>pile``). ``TOP`` would repeat what the last action already says.
A seat is taken to remember what it saw: resampling never moves discarded cards, and
exact odds (:meth:`CardChessGame.chance_outcomes`) count them as placed. A card taken
from a seat's hand by a neutral exchange stays known to that seat while it sits in
the taker's hand (D12): the game keeps that knowledge, so resampling leaves the card
in place and the odds count it, but observations and pictures do not show it (they
follow the zones, and a hand is seen by its owner only).

The move-source protocol
------------------------
The layer never reads a board itself: it asks a :class:`MoveSource` for the legal
moves of the seat to move and for each move's *move class*, the kind of the piece
moved (1 pawn .. 5 queen, as on the die; 6 the king) or ``CASTLE``. It also asks
whether a seat has a piece of a kind on the board (rule 2) and, as a fast path, for
the legal moves of a few kinds at once. Moves are opaque to the layer: it keeps
``source.key(move)`` (a small immutable value) in the action's data (a
:class:`~drezlab.kits.cardchessactions.ChessMove`) and asks ``source.move_of(key)``
back. :class:`ChessBoardMoves` is the source for python-chess's ``chess.Board`` (two
seats: 0 White, 1 Black); a grid engine for the four-player cross board (D14) plugs in
the same way.

Notation added by the layer (the move itself is written by the source, UCI for chess):
``J3:e2e4`` (card + move), ``die:g1f3``, ``e2e4`` (plain chess), ``return Q5``,
``roll``, ``X1>pile``, ``X1>Q5``, ``X1>hand`` / ``X1>hand-2``, ``stop``. Each action's
``data`` is one of the small immutable types of :mod:`drezlab.kits.cardchessactions`
(``ChessMove``, ``Return``, ``Roll``, ``Exchange``, ``Stop``, ``Claim``), which
``_apply`` matches over.
"""

from __future__ import annotations

import abc
import itertools
import random
from collections.abc import Callable, Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import (
    Any,
    ClassVar,
    NamedTuple,
    Protocol,
    TypeVar,
)

import chess

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, CardLike, Deck, Figure, check_card_ids
from drezlab.core.chance import Chance, uniform
from drezlab.core.errors import BadRecord, IllegalAction
from drezlab.core.game import Game
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.words import card_words
from drezlab.core.zones import Visibility
from drezlab.kits.cardchessactions import (
    ROLL,
    STOP,
    ChessMove,
    Claim,
    Exchange,
    Return,
    Roll,
    Stop,
)

add_translations({"for a card of": "por una carta de"})

#: ``new_tuple(ChessMove, ("move", card, key))`` is ``ChessMove("move", card, key)``, and
#: ``new_tuple(Action, (text, targets, label, data))`` is ``Action(text, targets, label,
#: data)`` for a non-empty label, without their Python-level ``__new__``: listing every
#: (card, move) pair makes thousands of them, and this keeps the list as fast as it was
#: with plain tuples as data
new_tuple = tuple.__new__

MoveT = TypeVar("MoveT")

#: permission class of a Joker, or of a figure card acting as one (§2.2 rules 1-2, D7)
ANY_MOVE = 0
#: permission class of a neutral card: only "the king moves with any card" applies (D6)
KING_ONLY = -1
JOKER = int(Figure.JOKER)
#: move classes: 1..5 the piece kind (die numbers), the king's step, castling
KING_STEP = 6
CASTLE = 7
MOVE_CLASSES = 8

#: for each permission class, the move classes it permits (§2.2, D5, D6)
ALLOWED: dict[int, frozenset[int]] = {
    ANY_MOVE: frozenset(range(MOVE_CLASSES)),
    KING_ONLY: frozenset((KING_STEP,)),
    **{kind: frozenset((kind, KING_STEP) + ((CASTLE,) if kind == chess.ROOK else ()))
       for kind in range(1, JOKER)},
}



class Phase(StrEnum):
    """The turn's phases every card-chess game has: a move (``play``), a card given back to
    the common cards (``return``), and the end (``over``). A game adds its own phases as its
    own enum (PokerDrez: the pawn removal and the answer to a raise); being text, they
    compare with the plain names the records and views carry."""

    PLAY = "play"
    RETURN = "return"
    OVER = "over"


PHASE_PLAY, PHASE_RETURN, PHASE_OVER = Phase.PLAY, Phase.RETURN, Phase.OVER
DIE = "die"
COMMON, PILE, DISCARD = "common", "pile", "discard"


# ------------------------------------------------------------------ words (issue 22)
#: the move log's sentences shared by the card-chess games (PokerDrez, PokerDrez for 4):
#: a card is named as the deck prints it (drezlab.core.words.card_words), never by its id
add_translations({
    "{move} with {card}": "{move} con {card}",
    "{move} with the die": "{move} con el dado",
    "rolled the die": "tiró el dado",
    "put {card} back among the common cards": "devolvió {card} a las cartas comunes",
    "exchanged {card} for the top card of the pile": "cambió {card} por la carta de arriba del mazo",
    "exchanged {card} for {other} from the common cards": "cambió {card} por {other} de las cartas comunes",
    "exchanged {card} for a card of the opponent": "cambió {card} por una carta del rival",
    "exchanged {card} for a card of {seat}": "cambió {card} por una carta de {seat}",
    "had no permitted move and ended the game": "no tenía ninguna jugada permitida y terminó la partida",
    "claimed a draw": "reclamó tablas",
    "the neutral card": "la carta neutral",
})


def deck_card_words(card: Any) -> str:
    """:func:`drezlab.core.words.card_words`, but a neutral card is "the neutral card" (its
    printed name, "Neutral card", would read "the Neutral card card")."""
    if isinstance(card, Card) and card.is_neutral:
        return t("the neutral card")
    return card_words(card)


add_translations({
    "card {card} is not in the hand of {who} or among the common cards":
        "la carta {card} no está en la mano de {who} ni entre las cartas comunes",
    "the rook (castling is a rook move)": "la torre (el enroque es una jugada de torre)",
    "card {card} ({name}) does not permit moving {the_piece}": "la carta {card} ({name}) no permite mover {the_piece}",
})


def card_refusal(source: str, available: Collection[Card], who: str, the_piece: str, castling: bool) -> str:
    """Why the card written ``source`` does not back a legal chess move of the seat named
    ``who``, in the current language: ``source`` is no card id (the parser's message), or
    not a card the seat may use (``available``: its hand and the common cards), or its
    figure does not permit moving the piece (``the_piece``, e.g. "the knight"; castling
    moves the rook). The refusal every card-chess game's words give alike."""
    try:
        card = Card.parse(source)
    except ValueError as error:
        return str(error)
    if card not in available:
        return t("card {card} is not in the hand of {who} or among the common cards").format(card=card.id, who=who)
    moved = t("the rook (castling is a rook move)") if castling else the_piece
    return t("card {card} ({name}) does not permit moving {the_piece}").format(
        card=card.id, name=card.name(get_language()), the_piece=moved)


def card_action_words(game: CardChessGame, action: Action, move_words: Callable[[Any], str],
                      check_key: Callable[[Any], str | None] | None = None) -> str | None:
    """What a card-chess ``action`` of the seat to move does, in words in the current
    language (``None`` for a game's own actions): a move as ``move_words(move)`` says it,
    with the card (or die) that backs it ("knight to f3 with the Blue Knight card"), then
    the check ``check_key(move)`` names (``"{move}, check"``, ``"{move}, checkmate"`` or
    ``None``); a roll, a card put back, an exchange, the end for want of a permitted move,
    a claim."""
    match action.data:
        case ChessMove(source=source, key=key):
            move = game._source.move_of(key)
            words = move_words(move)
            if source == DIE:
                words = t("{move} with the die").format(move=words)
            elif source is not None:
                words = t("{move} with {card}").format(move=words, card=deck_card_words(source))
            suffix = check_key(move) if check_key is not None else None
            return t(suffix).format(move=words) if suffix else words
        case Roll():
            return t("rolled the die")
        case Return(card=card):
            return t("put {card} back among the common cards").format(card=deck_card_words(card))
        case Exchange(neutral=neutral, target=target, victim=victim):
            named = deck_card_words(neutral)
            if target == PILE:
                return t("exchanged {card} for the top card of the pile").format(card=named)
            if target == "hand":
                if len(game._opponents_of[game._seat]) > 1 and victim is not None:
                    return t("exchanged {card} for a card of {seat}").format(card=named,
                                                                            seat=game.seat_name(victim))
                return t("exchanged {card} for a card of the opponent").format(card=named)
            return t("exchanged {card} for {other} from the common cards").format(
                card=named, other=deck_card_words(target))
        case Stop():
            return t("had no permitted move and ended the game")
        case Claim():
            return t("claimed a draw")
    return None


def hand_zone(seat: int) -> str:
    """The zone name of ``seat``'s hand (also the ``data-id`` of its hand in pictures)."""
    return f"hand-{seat}"


def permits(card_class: int, move_class: int) -> bool:
    """Whether a card of permission class ``card_class`` permits a move of ``move_class``."""
    return move_class in ALLOWED[card_class]


def count_permitted(card_class: int, counts: Sequence[int], total: int) -> int:
    """How many of the moves counted per move class (``counts``) a card class permits."""
    if card_class == ANY_MOVE:
        return total
    if card_class == KING_ONLY:
        return counts[KING_STEP]
    count = counts[KING_STEP] + counts[card_class]
    if card_class == chess.ROOK:
        count += counts[CASTLE]
    return count


class MoveSource(Protocol[MoveT]):
    """What the layer needs of a board: a source of legal moves with the piece kind of
    each from-square. The seat to move is the source's; the game changes the board."""

    def mover(self) -> int:
        """The seat whose pieces move now."""
        ...

    def legal_moves(self) -> list[MoveT]:
        """Every legal move of the seat to move (a new list)."""
        ...

    def move_classes(self, moves: Sequence[MoveT]) -> list[int]:
        """For each move, the kind of the piece moved (1 pawn .. 5 queen, 6 king) or
        ``CASTLE``."""
        ...

    def has_kind(self, kind: int, seat: int) -> bool:
        """Whether ``seat`` has a piece of ``kind`` (1..5) on the board."""
        ...

    def moves_of_kinds(self, kinds: Collection[int], castling: bool) -> list[MoveT] | None:
        """The legal moves of the mover's king (castling only when ``castling``) and of
        its pieces of ``kinds``; ``None`` when it has no piece of one of ``kinds`` on the
        board (the caller then applies §2.2 rule 2 without a second pass)."""
        ...

    def key(self, move: MoveT) -> Hashable:
        """A small immutable value naming ``move`` (kept in ``Action.data``)."""
        ...

    def move_of(self, key: Any) -> MoveT:
        """The move named by ``key``."""
        ...

    def notation(self, move: MoveT) -> tuple[str, tuple[str, ...]]:
        """How ``move`` is written and the ids clicked to make it (from, to, choices)."""
        ...


class ChessBoardMoves:
    """python-chess's ``chess.Board`` as a move source for two seats (0 White, 1 Black).

    Moves are written in UCI; a key is ``(from, to, promotion)``; the targets are the
    two squares plus ``promote-q`` style choices. ``moves_of_kinds`` leaves castling out
    by excluding the castling rooks' squares from the destinations (python-chess writes
    castling as the king moving to its rook in its masks, and no other legal move can
    land on a square holding one's own rook), so it costs no filtering pass."""

    __slots__ = ("board",)

    def __init__(self, board: chess.Board) -> None:
        self.board = board

    def mover(self) -> int:
        return 0 if self.board.turn else 1

    def legal_moves(self) -> list[chess.Move]:
        return list(self.board.generate_legal_moves())

    def move_classes(self, moves: Sequence[chess.Move]) -> list[int]:
        piece_type_at = self.board.piece_type_at
        kinds: dict[int, int] = {}
        classes = []
        for move in moves:
            square = move.from_square
            kind = kinds.get(square)
            if kind is None:
                kind = kinds[square] = piece_type_at(square) or 0
            if kind == chess.KING and abs((square & 7) - (move.to_square & 7)) > 1:
                classes.append(CASTLE)
            else:
                classes.append(kind)
        return classes

    def has_kind(self, kind: int, seat: int) -> bool:
        return bool(self.board.pieces_mask(kind, seat == 0))

    def moves_of_kinds(self, kinds: Collection[int], castling: bool) -> list[chess.Move] | None:
        board = self.board
        color = board.turn
        own = board.occupied_co[color]
        by_kind = (0, board.pawns, board.knights, board.bishops, board.rooks, board.queens)
        from_mask = board.kings & own
        for kind in kinds:
            mask = by_kind[kind] & own
            if not mask:
                return None
            from_mask |= mask
        to_mask = chess.BB_ALL
        if not castling:
            backrank = chess.BB_RANK_1 if color else chess.BB_RANK_8
            if board.castling_rights & backrank:
                to_mask &= ~(board.clean_castling_rights() & backrank)
        return list(board.generate_legal_moves(from_mask, to_mask))

    def key(self, move: chess.Move) -> tuple[int, int, int | None]:
        return move.from_square, move.to_square, move.promotion

    def move_of(self, key: tuple[int, int, int | None]) -> chess.Move:
        return chess.Move(*key)

    def notation(self, move: chess.Move) -> tuple[str, tuple[str, ...]]:
        from_name, to_name = chess.SQUARE_NAMES[move.from_square], chess.SQUARE_NAMES[move.to_square]
        if move.promotion:
            symbol = chess.piece_symbol(move.promotion)
            return from_name + to_name + symbol, (from_name, to_name, f"promote-{symbol}")
        return from_name + to_name, (from_name, to_name)


KeyT = TypeVar("KeyT", bound=Hashable)


def position_key(board: chess.Board) -> tuple[object, ...]:
    """The position as the repetition rules count it (D1, FIDE 9.2): the pieces, the side
    to move, the castling rights and a capturable en passant square -- the parts of
    python-chess's own (private) transposition key, read through its public attributes.

    The card-chess games count positions themselves (:func:`count_position`) because
    their boards have no move stack for python-chess's repetition checks to replay
    (cards remove pieces, the dealt position is a teacher's FEN...)."""
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens, board.kings,
            board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK], board.turn,
            board.clean_castling_rights(), board.ep_square if board.has_legal_en_passant() else None)


def count_position(table: dict[KeyT, int], key: KeyT, step: int) -> None:
    """Add ``step`` (+1 after a move, -1 when it is taken back) to how often the
    position ``key`` occurred (D1's repetition count, kept incrementally by the games:
    replaying the game on every check would be slow); a count of 0 is dropped."""
    count = table.get(key, 0) + step
    if count:
        table[key] = count
    else:
        del table[key]


class TeacherCards(NamedTuple):
    """Where the cards of a teacher's position lie (:func:`place_teacher_cards`)."""

    hands: tuple[list[Card], ...]
    common: list[Card]
    pile: list[Card]
    discard: list[Card]
    #: what the teacher named, as card ids, for the game's saved options
    options: dict[str, Any]


def place_teacher_cards(*, decks: int, seats: int, hands: Mapping[Any, Sequence[CardLike]] | None,
                        common: Sequence[CardLike] | None, pile: Sequence[CardLike] | None,
                        hand_size: int, common_size: int, shuffle: Callable[[list[Card]], None],
                        seat_name: Callable[[int], str]) -> TeacherCards:
    """Lay out the cards of a teacher's position, every argument checked (``BadRecord``).

    ``hands`` maps seats (numbers, or their text in a saved record) to the cards named
    for them; ``pile`` lists the draw pile in drawing order (the first card is drawn
    first). Cards not named anywhere start in the discard pile when an explicit
    ``pile`` is given, otherwise they form the pile, shuffled by ``shuffle``; hands
    and common cards not given are dealt from them."""
    if hands is not None:
        if not isinstance(hands, Mapping) or {str(seat) for seat in hands} - {str(seat) for seat in range(seats)}:
            raise BadRecord(f"hands must map seats 0 to {seats - 1} to lists of cards")
        hands = {int(seat): cards for seat, cards in hands.items()}
    placed: dict[str, str] = {}

    def take(cards: Sequence[CardLike], where: str, limit: int | None) -> list[Card]:
        parsed = check_card_ids(cards, decks, where)
        if limit is not None and len(parsed) > limit:
            raise BadRecord(f"{where} may hold at most {limit} cards, not {len(parsed)}")
        for card in parsed:
            if card.id in placed:
                raise BadRecord(f"card {card.id} is placed twice ({placed[card.id]} and {where})")
            placed[card.id] = where
        return parsed

    given_hands = {seat: take(cards, f"hand of {seat_name(seat)}", hand_size + 1)
                   for seat, cards in (hands or {}).items()}
    given_common = take(common, "common cards", common_size) if common is not None else None
    given_pile = take(pile, "pile", None) if pile is not None else None
    rest = [card for card in Deck.all_cards(decks) if card.id not in placed]
    shuffle(rest)
    if given_pile is not None:
        pile_cards = list(reversed(given_pile))
    else:
        pile_cards, rest = rest, []

    def deal(count: int) -> list[Card]:
        """From the unplaced cards while there are any (a fixed pile stays as given), then the pile."""
        dealt = []
        for _ in range(count):
            if rest:
                dealt.append(rest.pop())
            elif pile_cards:
                dealt.append(pile_cards.pop())
            else:
                raise BadRecord("there are not enough cards left to deal")
        return dealt

    seat_hands = tuple(given_hands[seat] if seat in given_hands else deal(hand_size) for seat in range(seats))
    table = given_common if given_common is not None else deal(common_size)
    options = {"hands": None if hands is None else {seat: [card.id for card in given_hands[seat]] for seat in hands},
               "common": None if given_common is None else [card.id for card in given_common],
               "pile": None if given_pile is None else [card.id for card in given_pile]}
    return TeacherCards(seat_hands, table, pile_cards, rest, options)


@dataclass(frozen=True)
class CardChessState(AttributeSnapshot):
    """The layer's part of an undo record: everything outside the zones, the board and the
    chance log that an action may change, declared once (the game attributes of the same
    names; ``_known`` is a tuple already)."""

    _seat: int
    _phase: StrEnum
    die_holder: int | None
    die_value: int | None
    plain_chess: bool
    _outcome: Outcome | None
    _known: tuple[tuple[Card, int, str], ...]

    @property
    def seat(self) -> int:
        """The seat to move when the record was taken."""
        return self._seat


class CardChessGame(Game):
    """Base of the chess-with-cards games (see the module docstring).

    A subclass calls :meth:`_lay_out_cards` in its constructor, sets ``_source`` (in
    :meth:`_bind`) and supplies ``_push_move`` / ``_pop_move`` (change its board),
    ``_end_turn`` (whose turn comes next), ``_finish_stuck`` and, for its own phases
    and actions, ``_other_phase_actions``, ``_side_actions`` and ``_apply_other``.
    """

    #: D7 (option of the game)
    blocked_figures_are_jokers: bool = False

    _source: MoveSource[Any]

    # ---------------------------------------------------------------- set-up
    def _keep_options(self, seed: int | None, options: dict[str, Any], chance: Chance | None) -> None:
        """Keep the seed and the checked options every card-chess game has (``decks``, D7's
        ``blocked_figures_are_jokers``, ``draw_claims``, ``show_discard_history``), then set
        up the game's chance; a game keeps its own options (betting, partners' cards) itself."""
        self.seed = seed
        self.options = options
        self.decks: int = options["decks"]
        self.blocked_figures_are_jokers = options["blocked_figures_are_jokers"]
        self.draw_claims: str = options["draw_claims"]
        self.show_discard_history: bool = options["show_discard_history"]
        self._start_chance(seed, chance)

    def _lay_out_cards(self, *, seats: int, teams: Sequence[int], turn_order: Sequence[int],
                       hands: Sequence[Sequence[Card]], common: Sequence[Card], pile: Sequence[Card],
                       discard: Sequence[Card], show_discard_history: bool,
                       hand_sharing: Sequence[Iterable[int]] | None = None) -> None:
        """Declare the seats, teams and zones (the pile's top is its last card).
        ``hand_sharing[seat]``: the other seats that see ``seat``'s hand (D15's
        ``show_partner_cards``); by default a hand is seen by its owner only."""
        if sorted(turn_order) != list(range(seats)) or len(teams) != seats or len(hands) != seats:
            raise ValueError("turn_order, teams and hands must name every seat once")
        self._players = seats
        self._teams = tuple(teams)
        self._turn_order = tuple(turn_order)
        self._opponents_of = tuple(self._opponents_in_order(seat) for seat in range(seats))
        for seat in range(seats):
            self.zones.add(hand_zone(seat), Visibility.OWNER, seat, hands[seat],
                           shared_with=hand_sharing[seat] if hand_sharing is not None else ())
        self.zones.add(COMMON, Visibility.PUBLIC, None, common)
        self.zones.add(PILE, Visibility.COUNT, None, pile)
        self.zones.add(DISCARD, Visibility.PUBLIC if show_discard_history else Visibility.COUNT, None, discard)
        self.die_holder: int | None = None
        self.die_value: int | None = None
        self.plain_chess = False
        self._phase: StrEnum = PHASE_PLAY
        self._known: tuple[tuple[Card, int, str], ...] = ()
        self._bind()
        self._invalidate()

    def _opponents_in_order(self, seat: int) -> tuple[int, ...]:
        position = self._turn_order.index(seat)
        following = self._turn_order[position + 1:] + self._turn_order[:position]
        return tuple(other for other in following if self._teams[other] != self._teams[seat])

    def _bind(self) -> None:
        """Keep direct references to the zone lists (and, in subclasses, the move
        source over the board); run again on every copy."""
        zones = self.zones
        self._hands = [zones[hand_zone(seat)] for seat in range(self._players)]
        self._common = zones[COMMON]
        self._pile = zones[PILE]
        self._discard = zones[DISCARD]

    def copy(self) -> Any:
        """An independent copy (the base's copy, then the zone references rebound)."""
        clone = super().copy()
        clone._bind()
        return clone

    def _deal(self, private: int, common: int) -> None:
        """``private`` cards to every seat, one at a time in turn order, then ``common``
        common cards (§2.1.3)."""
        for _ in range(private):
            for seat in self._turn_order:
                self.zones.draw(PILE, hand_zone(seat))
        for _ in range(common):
            self.zones.draw(PILE, COMMON)

    # -------------------------------------------------------------- seats, cards
    @property
    def teams(self) -> tuple[int, ...]:
        """The team of every seat."""
        return self._teams

    def opponents(self, seat: int) -> tuple[int, ...]:
        """The seats of the other teams, in turn order from ``seat`` on."""
        return self._opponents_of[seat]

    @property
    def phase(self) -> str:
        """``"play"``, ``"return"`` (give a card back), a game's own phase, or ``"over"``."""
        return PHASE_OVER if self._outcome is not None else self._phase

    @property
    def hands(self) -> list[list[Card]]:
        """Every seat's private cards (the game's own lists: read them, do not change them)."""
        return list(self._hands)

    @property
    def common(self) -> list[Card]:
        """The common cards (the game's own list: read it, do not change it)."""
        return self._common

    @property
    def discard(self) -> list[Card]:
        """The discard pile, oldest first (the game's own list: read it, do not change it)."""
        return self._discard

    @property
    def pile(self) -> list[Card]:
        """The draw pile in drawing order: the first card is the next one drawn (a copy)."""
        return self._pile[::-1]

    @property
    def pile_count(self) -> int:
        """How many cards are left to draw."""
        return len(self._pile)

    def available_cards(self, seat: int | None = None) -> list[Card]:
        """The cards ``seat`` (default: the seat to decide) may use: its private cards,
        then the common cards (§2.8)."""
        seat = self._seat if seat is None else seat
        return self._hands[seat] + self._common

    # ------------------------------------------------------------- permission
    def card_class(self, card: Card | int, seat: int | None = None) -> int:
        """How ``card`` (or a die value 1-6) permits moves for ``seat`` (default: the
        seat whose pieces move) under §2.2, D7 and D9: ``ANY_MOVE``, ``KING_ONLY`` (a
        neutral card) or the piece kind whose moves it permits (king steps always too)."""
        if seat is None:
            seat = self._source.mover()
        if isinstance(card, Card):
            if card.is_neutral:
                return KING_ONLY
            if card.is_unknown:
                raise ValueError("a hidden card cannot be used")
            figure = card.figure_number
        else:
            figure = int(card)
        if figure == JOKER or not self._source.has_kind(figure, seat):
            return ANY_MOVE
        if self.blocked_figures_are_jokers and figure not in self._movable_kinds():
            return ANY_MOVE
        return figure

    def permitted_moves(self, cards: Iterable[CardLike | int] | None = None) -> list[Any]:
        """The legal moves that at least one of ``cards`` permits (cards, card ids or die
        values; default: the mover's private cards, the common cards and the die rolled
        this turn). In plain chess every legal move is permitted. This is the set P of
        §2.8; it is computed afresh on every call."""
        source = self._source
        if cards is None:
            if self.plain_chess:
                return source.legal_moves()
            figures = {card.figure_number for card in self._hands[source.mover()] + self._common}
            if self.die_value is not None:
                figures.add(self.die_value)
        else:
            figures = set()
            for card in cards:
                if isinstance(card, bool):
                    raise ValueError("give cards, card ids or die values 1 to 6, not true/false")
                if isinstance(card, int):
                    if not 1 <= card <= JOKER:
                        raise ValueError(f"a die value is 1 to 6, not {card}")
                    figures.add(card)
                else:
                    figures.add(Card.parse(card).figure_number)
        if self.blocked_figures_are_jokers:
            return self._permitted_by_classes(figures)
        if JOKER in figures:
            return source.legal_moves()
        figures.discard(0)
        moves = source.moves_of_kinds(figures, chess.ROOK in figures)
        return source.legal_moves() if moves is None else moves

    def _permitted_by_classes(self, figures: set[int]) -> list[Any]:
        """The general form of ``permitted_moves``: every card's permission class against
        every move's class (figure numbers; 0 stands for a neutral card)."""
        allowed: set[int] = set()
        for figure in figures:
            allowed |= ALLOWED[KING_ONLY if not figure else self.card_class(figure)]
        legal, classes = self._legal_moves(), self._classes()
        return [move for move, move_class in zip(legal, classes) if move_class in allowed]

    def cards_for(self, move: Any) -> list[Card]:
        """Which of the mover's available cards permit ``move`` (a move or its text)."""
        source = self._source
        if isinstance(move, str):
            found = [candidate for candidate in self._legal_moves() if source.notation(candidate)[0] == move]
            if not found:
                raise IllegalAction(f"{move!r} is not a legal move now")
            move = found[0]
        seat = source.mover()
        move_class = source.move_classes([move])[0]
        return [card for card in self.available_cards(seat) if move_class in ALLOWED[self.card_class(card, seat)]]

    # --------------------------------------------------------- per-position data
    def _invalidate(self) -> None:
        super()._invalidate()
        self._legal_cache: list[Any] | None = None
        self._classes_cache: list[int] | None = None
        self._sources_cache: list[tuple[Card | str, int, int]] | None = None
        self._movable_cache: set[int] | None = None

    def _legal_moves(self) -> list[Any]:
        """The legal moves of the position (cached until it changes)."""
        if self._legal_cache is None:
            self._legal_cache = self._source.legal_moves()
        return self._legal_cache

    def _classes(self) -> list[int]:
        if self._classes_cache is None:
            self._classes_cache = self._source.move_classes(self._legal_moves())
        return self._classes_cache

    def _movable_kinds(self) -> set[int]:
        """The kinds of the mover's pieces that have a legal move (for D7)."""
        if self._movable_cache is None:
            self._movable_cache = set(self._classes())
        return self._movable_cache

    def _sources(self) -> list[tuple[Card | str, int, int]]:
        """Every usable source of permission (card or ``"die"``) with its permission class
        and how many legal moves it permits, counted per move class instead of testing
        every card against every move: random play and the turn-start checks need only
        these counts."""
        if self._sources_cache is None:
            classes = self._classes()
            counts = [classes.count(move_class) for move_class in range(MOVE_CLASSES)]
            total = len(classes)
            seat = self._seat
            sources: list[tuple[Card | str, int, int]] = []
            # the permission class of each figure (1..6) met so far: seven cards share a few figures
            figure_classes: dict[int, int] = {}
            for card in self._hands[seat] + self._common:
                figure = card.figure_number
                card_class = figure_classes.get(figure) if figure else None
                if card_class is None:
                    card_class = self.card_class(card, seat)
                    if figure:
                        figure_classes[figure] = card_class
                sources.append((card, card_class, count_permitted(card_class, counts, total)))
            if self.die_value is not None:
                die_class = self.card_class(self.die_value, seat)
                sources.append((DIE, die_class, count_permitted(die_class, counts, total)))
            self._sources_cache = sources
        return self._sources_cache

    def _any_permitted_now(self) -> bool:
        if self.plain_chess:
            return bool(self._legal_moves())
        return any(count for _, _, count in self._sources())

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        """Moves (backed by cards, the die, or nothing in plain chess) and free actions;
        returns; or the game's own phase's actions."""
        if self._phase == PHASE_PLAY:
            if self.plain_chess:
                return [self._move_action(None, move) for move in self._legal_moves()] + self._side_actions()
            return self._card_turn_actions()
        if self._phase == PHASE_RETURN:
            return [Action(f"return {card.id}", (card.id,), f"{t('Return')} {card.id}", Return("return", card))
                    for card in self._hands[self._seat]]
        return self._other_phase_actions()

    def _move_action(self, source: Card | str | None, move: Any) -> Action:
        """A move backed by a card, by the die (``"die"``) or by nothing (plain chess)."""
        text, targets = self._source.notation(move)
        data = new_tuple(ChessMove, ("move", source, self._source.key(move)))
        if source is None:
            return Action(text, targets, text, data)
        source_id = source if isinstance(source, str) else source.id
        text = f"{source_id}:{text}"
        return Action(text, (source_id,) + targets, text, data)

    def _card_turn_actions(self) -> list[Action]:
        """Every (card or die, permitted move) pair, then the free actions."""
        source = self._source
        new = new_tuple
        legal, classes = self._legal_moves(), self._classes()
        written: list[tuple[str, tuple[str, ...], Hashable, int]] | None = None
        actions: list[Action] = []
        for card, card_class, count in self._sources():
            if not count:
                continue
            if written is None:
                written = [source.notation(move) + (source.key(move), move_class)
                           for move, move_class in zip(legal, classes)]
            source_id = card if isinstance(card, str) else card.id
            allowed = ALLOWED[card_class]
            for text, targets, key, move_class in written:
                if move_class in allowed:
                    full = f"{source_id}:{text}"
                    actions.append(new(Action, (full, (source_id,) + targets, full,
                                                new(ChessMove, ("move", card, key)))))
        actions += self._extra_turn_actions()
        return actions

    def _extra_turn_actions(self) -> list[Action]:
        """The play-phase actions that are not moves: die, exchanges, the game's own
        (raises, claims), and ``stop`` when no move is permitted (D11)."""
        if self.plain_chess:
            return self._side_actions()
        actions = self._resource_actions() + self._side_actions()
        if not self._any_permitted_now():
            actions.append(Action("stop", (), t("No permitted move: end the game"), STOP))
        return actions

    def _resource_actions(self) -> list[Action]:
        """Die roll and neutral exchanges: the free actions before the move (§2.5, §2.6)."""
        seat = self._seat
        actions = []
        if self.die_holder == seat and self.die_value is None:
            actions.append(Action("roll", (), t("Roll the die"), ROLL))
        opponents = self._opponents_of[seat]
        victims = [other for other in opponents if self._hands[other]]
        named = len(opponents) > 1
        for neutral in self._usable_neutrals():
            nid = neutral.id
            if self._pile:
                actions.append(Action(f"{nid}>pile", (nid, PILE), f"{t('Exchange')} {nid} {t('for the pile top')}",
                                      Exchange("exchange", neutral, PILE, None)))
            if neutral in self._hands[seat]:
                for common_card in self._common:
                    actions.append(Action(f"{nid}>{common_card.id}", (nid, common_card.id),
                                          f"{t('Exchange')} {nid} {t('for')} {common_card.id}",
                                          Exchange("exchange", neutral, common_card, None)))
            for victim in victims:
                text = f"{nid}>{hand_zone(victim)}" if named else f"{nid}>hand"
                label = f"{t('Exchange')} {nid} {t('for a card of')} {self.seat_name(victim)}" if named else \
                    f"{t('Exchange')} {nid} {t('for a card of the opponent')}"
                actions.append(Action(text, (nid, hand_zone(victim)), label,
                                      Exchange("exchange", neutral, "hand", victim)))
        return actions

    def _resource_count(self) -> int:
        """How many actions :meth:`_resource_actions` lists, counted without building them
        (random play draws an index first and builds only the action drawn)."""
        seat = self._seat
        count = 1 if self.die_holder == seat and self.die_value is None else 0
        neutrals = self._usable_neutrals()
        if neutrals:
            hand = self._hands[seat]
            per_neutral = (1 if self._pile else 0) + sum(1 for other in self._opponents_of[seat] if self._hands[other])
            for neutral in neutrals:
                count += per_neutral + (len(self._common) if neutral in hand else 0)
        return count

    def _usable_neutrals(self) -> list[Card]:
        return [card for card in self.available_cards(self._seat) if card.is_neutral]

    def _has_resources(self) -> bool:
        """D11: can the seat to move still roll the die or make a neutral exchange?"""
        seat = self._seat
        if self.die_holder == seat and self.die_value is None:
            return True
        has_source = bool(self._pile) or any(self._hands[other] for other in self._opponents_of[seat])
        for neutral in self._usable_neutrals():
            if has_source or (neutral in self._hands[seat] and self._common):
                return True
        return False

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, drawn without listing every (card, move) pair.

        Exactly the distribution of ``rng.choice(legal_actions())`` over the same set:
        each source permits ``count`` moves, so an index into the concatenated list is
        found by counting; the free actions after the moves (die, exchanges, the game's
        own, ``stop``) are counted too and built only when the index falls among them
        (building them every ply was about a tenth of a random card turn). The action
        returned is vouched for, so ``play`` does not look it up again."""
        if self._outcome is not None or self._phase != PHASE_PLAY:
            return super().random_action(rng)
        legal = self._legal_moves()
        if self.plain_chess:
            extras = self._extra_turn_actions()
            index = rng.randrange(len(legal) + len(extras))
            if index >= len(legal):
                return extras[index - len(legal)]
            action = self._move_action(None, legal[index])
        else:
            sources = self._sources()
            move_count = sum(count for _, _, count in sources)
            # _extra_turn_actions: the resources, the game's side actions, and stop when nothing is permitted
            extra_count = self._resource_count() + len(self._side_actions()) + (0 if move_count else 1)
            index = rng.randrange(move_count + extra_count)
            if index >= move_count:
                return self._extra_turn_actions()[index - move_count]
            for card, card_class, count in sources:
                if index < count:
                    if card_class == ANY_MOVE:
                        move = legal[index]
                    else:
                        allowed = ALLOWED[card_class]
                        permitted = (move for move, move_class in zip(legal, self._classes()) if move_class in allowed)
                        move = next(itertools.islice(permitted, index, None))
                    action = self._move_action(card, move)
                    break
                index -= count
            else:
                raise AssertionError("the index drawn is below the permitted moves' count")
        self._vouched = action
        return action

    # ----------------------------------------------------------------- playing
    def _apply(self, action: Action) -> Any:
        """Apply one of the layer's actions (or hand a game's own to ``_apply_other``);
        cards and tiles move through the zones, so the base undoes them."""
        record = self._save()
        match action.data:
            case ChessMove(source=source, key=key):
                self._card_move(source, key)
            case Return(card=card):
                self.zones.move(card, hand_zone(self._seat), COMMON)
                self._end_turn()
            case Roll():
                self.die_value = self.chance.roll(6, DIE)
                self.die_holder = self._opponents_of[self._seat][0]
                self._settle()
            case Exchange(neutral=neutral, target=target, victim=victim):
                self._exchange(neutral, target, victim)
                self._settle()
            case Stop():
                self._finish_stuck()
            case _:
                self._apply_other(action)
        if self._known:
            self._known = tuple(entry for entry in self._known if entry[0] in self.zones[entry[2]])
        return record

    def _revert(self, action: Action, undo_info: Any) -> None:
        """Take back the move on the board, then restore the saved state."""
        match action.data:
            case ChessMove():
                self._pop_move()
        self._restore(undo_info)

    def _card_move(self, card: Card | str | None, key: Any) -> None:
        """Make the move, then discard the card, draw, and end the turn or ask which
        card to return (§2.3)."""
        self._push_move(self._source.move_of(key))
        if isinstance(card, Card):
            seat = self._seat
            from_zone = COMMON if card in self._common else hand_zone(seat)
            self.zones.move(card, from_zone, DISCARD)
            if self._pile:
                self.zones.draw(PILE, hand_zone(seat))
                if from_zone == COMMON:
                    self._phase = PHASE_RETURN
                    return
        self._end_turn()

    def _exchange(self, neutral: Card, target: Card | str, victim: int | None) -> None:
        """D8: discard the neutral card and fill its slot from the chosen source."""
        seat = self._seat
        slot = hand_zone(seat) if neutral in self._hands[seat] else COMMON
        position = self.zones[slot].index(neutral)
        if target == "hand":
            assert victim is not None
            victim_zone = hand_zone(victim)
            taken = self.chance.randrange(len(self.zones[victim_zone]), "card taken")
            self.zones.move_at(slot, position, DISCARD)
            card = self.zones.move_at(victim_zone, taken, slot, position)
            if self._pile:
                self.zones.draw(PILE, victim_zone)
            if slot != COMMON:
                self._known += ((card, victim, slot),)
            return
        self.zones.move_at(slot, position, DISCARD)
        if target == PILE:
            self.zones.move_at(PILE, len(self._pile) - 1, slot, position)
        else:
            common_position = self._common.index(target)
            self.zones.move_at(COMMON, common_position, slot, position)
            if self._pile:
                self.zones.move_at(PILE, len(self._pile) - 1, COMMON, common_position)

    def _start_turn(self, seat: int) -> None:
        """Begin ``seat``'s turn: a fresh die, and plain chess once the pile is empty (D10).
        The game then checks its own ends and calls ``_settle``."""
        self._phase, self._seat = PHASE_PLAY, seat
        self.die_value = None
        if not self._pile:
            self.plain_chess = True
        self._invalidate()

    #: plies in one move of every seat (the 50- and 75-move rules count moves of all seats)
    MOVE_PLIES: ClassVar[int] = 2

    @abc.abstractmethod
    def _halfmove_clock(self) -> int:
        """Plies since the last capture or pawn move (the game's board keeps it)."""

    @abc.abstractmethod
    def _repetition_count(self) -> int:
        """How often the current position has occurred (D1 key; the game keeps the count)."""

    def _conclude(self, winners: tuple[int, ...], reason: str) -> None:
        """End the game (a game with stakes settles them too)."""
        self._finish(winners, reason)
        self._invalidate()

    def _draw_checks(self) -> None:
        """The end-of-game checks of a turn's start after the game's own (D1): fivefold
        repetition and the 75-move rule end the game; with ``draw_claims="auto"`` so does a
        draw the seat may claim; otherwise the turn settles (:meth:`_settle`)."""
        repetitions = self._repetition_count()
        if repetitions >= 5:
            self._conclude((), "fivefold repetition")
        elif self._halfmove_clock() >= 75 * self.MOVE_PLIES:
            self._conclude((), "seventy-five-move rule")
        elif self.draw_claims == "auto" and (claim := self._claimable_draw(repetitions)) is not None:
            self._conclude((), claim)
        else:
            self._settle()

    def _claimable_draw(self, repetitions: int | None = None) -> str | None:
        """The draw the seat to move may claim (D1), or ``None``; ``repetitions`` is
        :meth:`_repetition_count` when the caller has it already (the turn's start)."""
        if self._halfmove_clock() >= 50 * self.MOVE_PLIES:
            return "fifty-move rule"
        if (self._repetition_count() if repetitions is None else repetitions) >= 3:
            return "threefold repetition"
        return None

    def _settle(self) -> None:
        """D11: with no permitted move and nothing left to try, the seat is stuck."""
        self._invalidate()
        if self._any_permitted_now():
            return
        if self.plain_chess or not self._has_resources():
            self._finish_stuck()

    # ------------------------------------------------------- undo and records
    def _save(self) -> Any:
        """The named record ``_restore`` needs (games extend it with their own state)."""
        return self._turn_state()

    def _restore(self, record: Any) -> None:
        self._restore_turn(record)

    def _turn_state(self) -> CardChessState:
        return CardChessState.of(self)

    def _restore_turn(self, state: CardChessState) -> None:
        state.restore(self)

    def _card_state(self) -> dict[str, Any]:
        """The layer's part of a game record (plain data)."""
        return {"zones": self.zones.to_dict(), "die_holder": self.die_holder, "die_value": self.die_value,
                "plain_chess": self.plain_chess, "phase": self._phase, "seat": self._seat,
                "known": [[card.id, knower, zone] for card, knower, zone in self._known],
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    # ------------------------------------------------------------- knowledge
    def _card_public(self, seat: int | None) -> dict[str, Any]:
        """What every seat may know of the layer's state outside the zones."""
        return {"die_holder": self.die_holder, "die_value": self.die_value, "plain_chess": self.plain_chess,
                "phase": self.phase, "teams": list(self._teams),
                "seat_names": [self.seat_names[index] if self.seat_names else f"Player {index + 1}"
                               for index in range(self._players)]}

    def _resample_fixed(self, seat: int | None) -> Callable[[str, Any], bool]:
        """Discarded cards, and cards ``seat`` knows the place of, stay where they are."""
        known = {(card, zone) for card, knower, zone in self._known if knower == seat}
        return lambda zone, item: zone == DISCARD or (item, zone) in known

    def _unplaced(self, seat: int) -> list[Card]:
        """The cards ``seat`` cannot place: the pile and other hands, minus what it knows."""
        known = {card for card, knower, _ in self._known if knower == seat}
        cards = list(self._pile)
        for other in range(self._players):
            if other != seat and not self.zones.can_see(hand_zone(other), seat, 0, 1):
                cards += self._hands[other]
        return [card for card in cards if card not in known]

    def chance_outcomes(self, action: Action | str) -> dict[Any, Fraction]:
        """The outcomes of the chance event ``action`` starts, with exact odds, as the
        seat to move may reckon them (its own view: the cards it cannot place are equally
        likely to be anywhere it cannot see):

        * ``roll``: the faces 1..6, 1/6 each;
        * ``X1>hand``: the id of the card taken from the opponent's hand (a card the
          seat knows to be there counts 1/h of an h-card hand);
        * ``X1>pile``, ``X1>Q5`` (the pile refills the common slot) and a card move
          (the mover draws): the id of the pile's top card;
        * any other legal action: no chance, ``{}``.

        ``IllegalAction`` if ``action`` is not legal now."""
        seat = self._seat
        match self.parse(action).data:
            case Roll():
                return uniform(range(1, 7))
            case Exchange(target="hand", victim=victim):
                assert victim is not None
                hand = self._hands[victim]
                zone = hand_zone(victim)
                known = [card for card, knower, where in self._known if knower == seat and where == zone]
                unplaced = self._unplaced(seat)
                odds = {card.id: Fraction(1, len(hand)) for card in known}
                if unplaced:
                    share = Fraction(len(hand) - len(known), len(hand) * len(unplaced))
                    if share:
                        for card in unplaced:
                            odds[card.id] = share
                return odds
            case Exchange() | ChessMove(source=Card()) if self._pile:
                return uniform(sorted(card.id for card in self._unplaced(seat)))
        return {}

    # ------------------------------------------------------------ for the game
    @abc.abstractmethod
    def _push_move(self, move: Any) -> None:
        """Make ``move`` on the game's board."""

    @abc.abstractmethod
    def _pop_move(self) -> None:
        """Take back the last move made with ``_push_move``."""

    @abc.abstractmethod
    def _end_turn(self) -> None:
        """The turn is complete: start the next seat's turn (``_start_turn``, the game's
        own end checks, ``_settle``)."""

    @abc.abstractmethod
    def _finish_stuck(self) -> None:
        """The seat to move has no permitted move and nothing left to try (D11, D19)."""

    def _side_actions(self) -> list[Action]:
        """The game's own play-phase actions besides moves and resources (raises, claims)."""
        return []

    def _other_phase_actions(self) -> list[Action]:
        """The legal actions in a phase of the game's own (pawn removal, a raise to answer)."""
        return []

    def _apply_other(self, action: Action) -> None:
        """Apply an action of the game's own."""
        raise IllegalAction(f"{action.text!r} is not an action of this game")
