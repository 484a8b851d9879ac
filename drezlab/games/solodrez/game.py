"""SoloDrez: a spider-like solitaire with nine face-up columns and two wild neutral cards.

Rules: ``shared/rules/card-games.md`` §0 and §3 (from the Spanish source "SoloDrez",
seed 000), every DECISION there binding. In the order of a game:

1. **Deal (D17).** All 56 cards of one pack are shuffled and dealt face up into nine
   overlapping columns: card *i* goes on top of column *i* mod 9, so columns 1 and 2
   get 7 cards and the others 6. Every card stays visible: there is no hidden
   information. The "first card" of a column touches the table; the "last card" is
   its top card.
2. **Moves.** Take the top *k* >= 1 cards of a column (the *run*) and put them on
   another column. The run must be ordered: from its bottom card to its top card the
   ranks descend by exactly 1 (Joker 6, Queen 5, Rook 4, Bishop 3, Knight 2, Pawn 1);
   colours do not matter. On a column with a top card, the run's bottom card must rank
   exactly 1 below that top card (``B N`` onto ``R``). On an empty column, the run's
   bottom card must be a Joker.
3. **Neutral cards (D18)** are wildcards: in the move being checked each plays one
   rank, decided afresh for each move. A neutral card inside a run takes the rank its
   place demands (``R X N``: X is a Bishop); at the bottom of a run it takes its rank
   from the cards above it (``X B N``: X is a Rook, so the run goes only onto a Queen
   or onto the other neutral card acting as a Queen). A neutral top card of the
   destination takes any rank, so it accepts every run whose bottom is not a Joker. A
   single neutral card cannot go onto a Pawn (nothing ranks below a Pawn); it may go
   into an empty column as a Joker, as may a run ``X Q ...``.
4. **Removal (D19).** A column holding exactly the natural cards ``J Q R B N P``,
   bottom to top, and nothing else (no neutral card) may be removed and set aside face
   down. Removing is optional and costs no move.
5. **End (D19).** The game is won when all 54 figure cards have been removed; the two
   neutral cards are then removed too. It is lost when no legal move or removal is left
   (a block, "situación de bloqueo") or when the player resigns. There is no score:
   win or loss, and the number of moves as a personal record.

Action notation (``str(action)``, accepted by ``play``/``parse``; lower case):

===============  ==================================================================
``b3 c4``        move the run whose bottom card is B3 (the magenta Bishop: colour 3)
                 onto column 4. Targets: the card ``B3``, then the column ``c4``.
                 ``x1 c9``: the run based on the neutral card X1.
``remove c4``    set aside column 4, which holds exactly J Q R B N P (button)
``resign``       give the game up: it is lost (button)
===============  ==================================================================

Columns are numbered 1 to 9 from the left; card ids are the Pokerdrez ids of §0.1
(figure letter P N B R Q J and colour number 1-9, ``X1``/``X2`` for the neutral cards),
written in lower case in the notation. A run is named by its bottom card because a
card is in exactly one column: the card says where the run starts and how many cards
it holds.

Choices this module makes where the rules are silent (each is tested):

* **Removal is an action** (``remove c4``, a button), because D19 makes it optional;
  the solver removes at once, since removing is never harmful.
* **The end is checked after the deal and after every action**: a position with neither a legal move nor
  a removal ends the game as lost ("blocked"), so a pupil never faces a board without
  a choice. While a move is legal, the game goes on: positions may repeat (moving a
  neutral card back and forth), and "resign" is always offered.
* **The last removal wins at once**: it also sets the two neutral cards aside (D19:
  "cuando solo queden ellas"), wherever they lie.
* **Removed cards** lie in one face-down pile, ``removed``, whose cards everybody
  knows (they were seen): it is public, drawn as a pile with its count.
* **A lost game has no winner** (its one seat scores 0); the reason says how it was
  lost.
* **Moves counted**: the observation tells how many moves were made (removals and
  resigning do not count), the personal metric the rules allow.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, NamedTuple, Union

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, CardLike, as_card, full_pack
from drezlab.core.chance import Chance
from drezlab.core.errors import IllegalAction
from drezlab.core.game import ActionLike, Game
from drezlab.core.i18n import get_language, t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.solodrez.meta import SPEC
from drezlab.games.solodrez.runs import (
    COLUMN_SETS,
    COLUMN_ZONES,
    COLUMNS,
    COMPLETE,
    JOKER,
    NEUTRAL,
    REMOVED_ZONE,
    TOPS,
    ColumnInfo,
    column_id,
    column_info,
    column_number,
    column_zone,
    fits,
    is_complete,
    moves_out,
    rank,
    run_bases,
    tail_info,
)
from drezlab.games.solodrez.words import (
    BLOCKED,
    RESIGNED,
    WON,
    explain_illegal,
    move_words,
    over_text,
    reason_words,
    remove_words,
    resign_words,
    why_not,
)

__all__ = ["BLOCKED", "COLUMNS", "COMPLETE", "JOKER", "NEUTRAL", "REMOVED_ZONE", "RESIGNED", "WON", "MoveRun",
           "RemoveColumn", "Resign", "SoloDrez", "column_id", "column_zone", "deal_order", "fits", "is_complete",
           "rank", "run_bases"]


# ------------------------------------------------------------------ the actions, as types
class MoveRun(NamedTuple):
    """``b3 c4``: the top ``size`` cards of column ``source`` (0-8) onto column ``target``."""

    source: int
    size: int
    target: int


class RemoveColumn(NamedTuple):
    """``remove c4``: set aside column ``column`` (0-8), which holds exactly J Q R B N P (D19)."""

    column: int


class Resign(NamedTuple):
    """``resign``: give the game up."""


SoloDrezAction = Union[MoveRun, RemoveColumn, Resign]


@dataclass(frozen=True)
class SoloDrezState(AttributeSnapshot):
    """What an action changes besides the zones (which the base class rewinds): the outcome."""

    _outcome: Outcome | None


def deal_order(columns: Sequence[Sequence[CardLike]]) -> list[str]:
    """The shuffled pack (card ids, first dealt first) that deals ``columns`` (nine lists,
    bottom card first) by D17: ``SoloDrez(chance=Scripted([deal_order(columns)]))`` sets
    up a hand-made deal. Columns 1 and 2 hold 7 cards, the others 6, and together the 56
    cards of the pack."""
    if len(columns) != COLUMNS:
        raise ValueError(t("a SoloDrez deal has {columns} columns, not {count}").format(
            columns=COLUMNS, count=len(columns)))
    sizes = [len(column) for column in columns]
    if sizes != [7, 7] + [6] * 7:
        raise ValueError(t("D17 deals 7 cards to columns 1 and 2 and 6 to the others, not {sizes}").format(
            sizes=sizes))
    cards = [[as_card(card).id for card in column] for column in columns]
    if sorted(card for column in cards for card in column) != sorted(card.id for card in full_pack()):
        raise ValueError(t("the columns must hold the 56 cards of one pack, each once"))
    return [cards[index % COLUMNS][index // COLUMNS] for index in range(56)]


class SoloDrez(Game):
    """A game of SoloDrez (see the module docstring for the rules and the notation).

    ``SoloDrez(seed=7)`` deals a game; ``chance=Scripted([deal_order(columns)])`` deals
    the given columns. Option ``hint``: the picture shows the solver's hint from the start.
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, hint: bool = False, chance: Chance | None = None) -> None:
        super().__init__()
        # a plain bool needs no check (the spec's check was a twentieth of a deal)
        options = {"hint": hint} if type(hint) is bool else SPEC.validate_options({"hint": hint})
        self.options = options
        self.seed = seed
        self._players = 1
        self.hint: bool = options["hint"]
        #: the :class:`ColumnInfo` of each column, kept in step by the actions (see :meth:`_column_infos`)
        self._infos: list[ColumnInfo] | None = None
        #: kept with ``_infos``: for each place in ``TOPS``, the mask of the columns showing that top
        self._showing: list[int] = []
        #: kept with ``_infos``: the sum of their ``shown`` (how many columns show each top)
        self._shown = 0
        #: kept with ``_infos``: the mask of the columns that may be removed (D19)
        self._removable = 0
        #: how many legal actions there are now (see :meth:`_action_count`); None: count again
        self._count: int | None = None
        #: counted with ``_count``: how many moves each column offers
        self._moves_out: list[int] = []
        self._start_chance(seed, chance)
        cards = list(_PACK)
        self.chance.shuffle(cards, "deal")
        for index in range(COLUMNS):
            self.zones.add(COLUMN_ZONES[index], Visibility.PUBLIC, items=cards[index::COLUMNS])
        self.zones.add(REMOVED_ZONE, Visibility.PUBLIC)
        self._check_block()
        self._seal_setup()

    # ------------------------------------------------------------ basic access
    @property
    def columns(self) -> list[list[Card]]:
        """The nine columns, each bottom card first (copies)."""
        return [list(self.zones[column_zone(index)]) for index in range(COLUMNS)]

    def ranks(self) -> tuple[tuple[int, ...], ...]:
        """The nine columns as ranks (0 = neutral), bottom first: all the rules look at."""
        return tuple(tuple(card.figure_number for card in self.zones[column_zone(index)]) for index in range(COLUMNS))

    @property
    def removed_sequences(self) -> int:
        """How many J-to-P sequences have been set aside."""
        return sum(1 for card in self.zones[REMOVED_ZONE] if card.figure_number == JOKER)

    @property
    def moves_made(self) -> int:
        """Moves made so far (the personal metric; removals and resigning are not moves)."""
        return sum(1 for action in self.history if isinstance(action.data, MoveRun))

    def conserved_items(self) -> list[Card]:
        """Every card of the pack: the zones hold each exactly once at every moment."""
        return list(_PACK)

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        """The removals (column order), the moves (by source column, run size from 1 up,
        target column) and resigning, in that order (records and seeded games rely on it)."""
        infos = self._column_infos()
        language = get_language()
        actions = [_remove_action(index) for index, info in enumerate(infos) if info.complete]
        for source, size, targets in _runs_that_move(infos):
            bottom_id = self.zones[COLUMN_ZONES[source]][-size].id
            actions.extend(_move_action(bottom_id, source, size, target, language) for target in targets)
        actions.append(_resign_action())
        return actions

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, made alone: one draw ``rng.randrange`` over the
        number of actions, then the action at that place in :meth:`legal_actions`' order,
        exactly the draw :meth:`Game.random_action` makes, so a seeded random game plays the
        same actions. (Listing every action at every ply was 62 % of a random game's time.)

        The moves each column offers are counted, so only the drawn column's runs are
        walked, as :func:`_runs_that_move` walks them."""
        if self._outcome is not None:
            raise IllegalAction(t("the game is over: there is no action to choose"))
        index = rng.randrange(self._action_count())
        if self._removable:                       # the removals come first, in column order
            removals = COLUMN_SETS[self._removable]
            if index < len(removals):
                self._vouched = _remove_action(removals[index])
                return self._vouched
            index -= len(removals)
        for source, moves in enumerate(self._moves_out):
            if index < moves:
                self._vouched = self._move_out(source, index)
                return self._vouched
            index -= moves
        self._vouched = _resign_action()
        return self._vouched

    def _move_out(self, source: int, index: int) -> Action:
        """Move ``index`` (from 0) of those column ``source`` offers, in the order of the actions."""
        showing, others = self._showing, ~(1 << source)
        for size, tops in self._column_infos()[source].runs:
            mask = 0
            for top in tops:
                mask |= showing[top]
            targets = COLUMN_SETS[mask & others]
            if index < len(targets):
                bottom_id = self.zones[COLUMN_ZONES[source]][-size].id
                return _move_action(bottom_id, source, size, targets[index], get_language())
            index -= len(targets)
        raise AssertionError(f"column {source + 1} offers fewer moves than counted")

    def _action_count(self) -> int:
        """How many legal actions there are (removals, moves and resigning), counted without
        listing them: the moves out of each column, one multiplication each
        (:func:`~drezlab.games.solodrez.runs.moves_out`), kept in ``_moves_out`` for a random
        draw. Counted once per position: the end check asks first, then a random draw."""
        if self._count is None:
            infos, shown = self._column_infos(), self._shown
            self._moves_out = [moves_out(info, shown) for info in infos]
            self._count = len(COLUMN_SETS[self._removable]) + sum(self._moves_out) + 1
        return self._count

    def _invalidate(self) -> None:
        """Forget the position's actions and their count."""
        super()._invalidate()
        self._count = None

    def _column_infos(self) -> list[ColumnInfo]:
        """The :class:`~drezlab.games.solodrez.runs.ColumnInfo` of each column, and with
        them ``_showing``, ``_shown`` and ``_removable``: read from the zones after the deal,
        an undo or a resample, and otherwise kept in step by :meth:`_apply`, which reads
        again only the columns it changed."""
        if self._infos is None:
            infos = [_read_column(self.zones[zone]) for zone in COLUMN_ZONES]
            showing, removable = [0] * len(TOPS), 0
            for index, info in enumerate(infos):
                showing[info.top] |= 1 << index
                removable |= info.complete << index
            self._infos, self._showing, self._removable = infos, showing, removable
            self._shown = sum(info.shown for info in infos)
        return self._infos

    def _column_changed(self, *indices: int) -> None:
        """Read again the columns ``indices``, which an action changed, and update what is
        kept with them (making the masks of the tops afresh from the nine columns at every
        draw was an eighth of a ply)."""
        infos, showing = self._infos, self._showing
        if infos is not None:
            for index in indices:
                info, bit = _read_column(self.zones[COLUMN_ZONES[index]]), 1 << index
                showing[infos[index].top] ^= bit
                showing[info.top] |= bit
                self._shown += info.shown - infos[index].shown
                self._removable = self._removable & ~bit | info.complete << index
                infos[index] = info

    def _apply(self, action: Action) -> SoloDrezState:
        before = _GOING_ON
        match action.data:
            case MoveRun(source=source, size=size, target=target):
                source_zone, target_zone = COLUMN_ZONES[source], COLUMN_ZONES[target]
                start = len(self.zones[source_zone]) - size
                for _ in range(size):
                    self.zones.move_at(source_zone, start, target_zone)
                self._column_changed(source, target)
                self._check_block()               # a move sets no card aside: the game is not won
            case RemoveColumn(column=index):
                for _ in range(len(COMPLETE)):
                    self.zones.move_at(COLUMN_ZONES[index], 0, REMOVED_ZONE)
                self._column_changed(index)
                if self._figures_left():
                    self._check_block()
                else:
                    self._set_neutrals_aside()
                    self._finish((0,), WON, scores=(1.0,))
            case Resign():
                self._finish((), RESIGNED, scores=(0.0,))
        return before

    def _figures_left(self) -> bool:
        """Is a figure card left on the table? (Only once fewer cards than a column's six
        remain on the table can the answer be no, so that is looked at first.)"""
        removed = len(self.zones[REMOVED_ZONE])
        if removed < len(_PACK) - 2:
            return True
        return any(card.figure_number for zone in COLUMN_ZONES for card in self.zones[zone])

    def _set_neutrals_aside(self) -> None:
        """D19: once only the neutral cards are left, they are removed too."""
        for index in range(COLUMNS):
            while self.zones[column_zone(index)]:
                self.zones.move_at(column_zone(index), 0, REMOVED_ZONE)
        self._infos = None

    def _check_block(self) -> None:
        """D19: with no legal move and no removal (resigning would be the only action
        left) the game is lost; the cached action list then goes (a finished game has none)."""
        if self._action_count() == 1:
            self._finish((), BLOCKED, scores=(0.0,))
            self._invalidate()

    def _revert(self, action: Action, undo_info: SoloDrezState) -> None:
        undo_info.restore(self)
        self._infos = None         # the zones' journal puts the cards back after this

    def _after_resample(self) -> None:
        self._infos = None

    def _last_public(self, seat: int | None) -> str | None:
        """The last action in words, as the move log said it (nothing is hidden): a moved
        run now lies on top of its new column."""
        if not self._history:
            return None
        who = self.seat_name(0)
        match self._history[-1].action.data:
            case MoveRun(size=size, target=target):
                column = self.zones[COLUMN_ZONES[target]]
                return move_words(who, column[len(column) - size], size, target + 1)
            case RemoveColumn(column=index):
                return remove_words(who, index + 1)
        return resign_words(who)

    def _explain_illegal(self, text: str) -> str:
        if self._outcome is not None:
            return over_text(self._outcome.reason, text)
        return explain_illegal(self.columns, text)

    def _why_not(self, card: Card, target: int) -> str:
        """Why moving the run based on ``card`` onto column ``target`` is illegal, in words."""
        return why_not(self.columns, card, target)

    def describe(self, action: ActionLike) -> str:
        """The move-log line in words, computed before the action is played: "Player 1:
        moved the Magenta Bishop card onto column 4" (:mod:`drezlab.games.solodrez.words`)."""
        who = self.seat_name(0)
        match self.parse(action).data:
            case MoveRun(source=source, size=size, target=target):
                column = self.zones[COLUMN_ZONES[source]]
                return move_words(who, column[len(column) - size], size, target + 1)
            case RemoveColumn(column=index):
                return remove_words(who, index + 1)
        return resign_words(who)

    # ------------------------------------------------- hooks for simulations
    def adjudicate(self) -> tuple[float, ...]:
        """A game stopped unfinished is not won."""
        return (0.0,)

    def evaluate(self, seat: int) -> float:
        """Progress from -1 to 1 for the generic bots: sequences set aside, and cards
        already in place at the foot of a column (a natural J, Q, R ... from the table up)."""
        placed = sum(_in_place(column) for column in self.ranks())
        return -1.0 + 2.0 * (6 * self.removed_sequences + placed) / 54

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """Everything is face up; besides the zones: sequences removed, moves made, the hint option."""
        return {"removed_sequences": self.removed_sequences, "moves": self.moves_made, "hint": self.hint}

    def status_text(self) -> str:
        """One line for the picture: progress, or how the game ended."""
        outcome = self._outcome
        if outcome is not None:
            won = t("Deal won") if outcome.winners else t("Deal lost")
            return f"{won}: {reason_words(outcome.reason)} ({t('moves made')}: {self.moves_made})"
        return f"{t('Sequences set aside')}: {self.removed_sequences}/{COLUMNS} · {t('moves made')}: {self.moves_made}"

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        """The whole position: every column and the removed pile in order, and the outcome."""
        return {"zones": self.zones.to_dict(),
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    def __repr__(self) -> str:
        return f"<SoloDrez: {self.status_text()}>"


_PACK: tuple[Card, ...] = tuple(full_pack())
#: the undo record of every action: an action is played only while the game goes on, so
#: the state before it is always this one (taking it afresh, ``SoloDrezState.of``, was a
#: tenth of a ply)
_GOING_ON = SoloDrezState(None)
#: a card's rank, read in C when a whole column is read (``map``)
_FIGURE_NUMBER = attrgetter("figure_number")


def _in_place(ranks: Sequence[int]) -> int:
    """How many cards at the foot of a column already follow J Q R B N P (naturals only)."""
    placed = 0
    for expected, card in zip(COMPLETE, ranks):
        if card != expected:
            break
        placed += 1
    return placed


#: the old private spelling of :func:`~drezlab.games.solodrez.runs.column_number`
_column_number = column_number


@functools.cache
def _move_action(bottom: str, source: int, size: int, target: int, language: str) -> Action:
    """The action moving the ``size`` cards from the card with id ``bottom`` up, out of column
    ``source``, onto ``target``, labelled in ``language`` for the move log (made once: actions
    are immutable; keyed by the card's id, which hashes much faster than the card)."""
    return Action(f"{bottom.lower()} {column_id(target)}", (bottom, column_id(target)),
                  f"{bottom} → {t('column')} {target + 1}", MoveRun(source, size, target))


def _read_column(cards: Sequence[Card]) -> ColumnInfo:
    """The :class:`ColumnInfo` of a column: most are settled by its top three or five cards
    (:func:`~drezlab.games.solodrez.runs.tail_info`), all by its top seven (a column's
    longest run holds six cards at most)."""
    info = tail_info(tuple(map(_FIGURE_NUMBER, cards[-3:])))
    if info is None:
        info = tail_info(tuple(map(_FIGURE_NUMBER, cards[-5:])))
        if info is None:
            info = column_info(tuple(map(_FIGURE_NUMBER, cards[-7:])))
    return info


def _runs_that_move(infos: Sequence[ColumnInfo]) -> Iterator[tuple[int, int, tuple[int, ...]]]:
    """(source column, run size, target columns) of each run that can move, in the order of
    the actions: the columns showing each top are a bit mask, so a run's targets are a few
    ``|`` and one table look-up."""
    showing = [0] * len(TOPS)                 # a top's place in TOPS -> mask of the columns showing it
    for index, info in enumerate(infos):
        showing[info.top] |= 1 << index
    for source, info in enumerate(infos):
        others = ~(1 << source)
        for size, tops in info.runs:
            mask = 0
            for top in tops:
                mask |= showing[top]
            if mask & others:
                yield source, size, COLUMN_SETS[mask & others]


def _resign_action() -> Action:
    """The button that gives the game up, labelled in the current language."""
    return Action("resign", (), t("Resign"), Resign())


def _remove_action(index: int) -> Action:
    """The button that sets column ``index`` aside, labelled in the current language."""
    return Action(f"remove {column_id(index)}", (), f"{t('Remove column')} {index + 1}", RemoveColumn(index))
