"""SokuDrez: swap cards in a 6 x 9 grid until every row holds the nine colours
and every column the six figures.

Rules: ``shared/rules/card-games.md`` §0 and §4 (from the Spanish source
"SokuDrez", seed 000), every DECISION there binding. In the order of a game:

1. **Deal (D20).** The 54 figure cards of one pack (the neutral cards are
   removed, §0.2) are shuffled and laid face up: card i goes to row i // 9,
   column i % 9. A deal that is already solved is reshuffled. Nothing is hidden.
2. **Goal.** Every row holds all nine numbers (colours) and every column all six
   figures. ``Dcol`` counts the figures missing from the columns and ``Drow`` the
   numbers missing from the rows (:func:`~drezlab.games.sokudrez.grid.defects`);
   the grid is solved exactly when both are 0. Every deal can be solved.
3. **Move.** Swap any two cards (one move). The game ends as soon as the grid is
   solved. The solitaire (``players=1``) asks for as few moves as possible.
4. **The 2-player variant (D23).** Player 1 makes one swap, then Player 2 two,
   Player 1 two, and so on (:func:`seat_of_swap`). Each swap earns up to 8
   points, judged on the grid before the swap (:func:`~drezlab.games.sokudrez.grid.swap_criteria`,
   with D22's guard). The swap that solves the grid scores only if it is the
   first swap of a double turn (Player 1's opening single swap is not one).
   Highest total wins; equal totals are a draw.

Solvers and hints (D21) live in :mod:`drezlab.games.sokudrez.solver`.

Action notation (``str(action)``, accepted by ``play``/``parse``; lower case):

==============  ==================================================================
``n1 p7``       swap the cards N1 and P7 (wherever they lie). The card in the
                earlier cell (row-major order, D20) is written first; ``parse``
                also accepts the other order (``p7 n1``). Targets: the two card
                ids (``N1``, ``P7``): a swap is two clicks, in either order.
==============  ==================================================================

Each swap's ``data`` is a :class:`SwapCards` (the two cards' codes, read by its fields).

Cards are written as in §0.1: figure letter P N B R Q J and number 1-9 (the
colour: 1 grey, 2 red, 3 magenta, 4 purple, 5 blue, 6 yellow, 7 cyan, 8 orange,
9 green). Cells are written ``(r,c)`` (row 0-5 from the top, column 0-8 from the
left) or as the row-major index r·9 + c, as in D21.

Choices this module makes where the rules are silent (each is tested):

* **A swap is named by its two cards**, not its cells: every card is unique, so
  ``n1 p7`` is unambiguous, and a pupil reads cards more easily than indices.
* **Solitaire result**: the single seat wins when the grid is solved (reason
  ``grid solved``); the number of swaps is its score in the picture and record.
* **Swap budget** (option ``max_swaps``, default ``None`` = unlimited, as in the
  rules): a teacher's limit. When the budget is used up without solving, the
  solitaire is lost and the 2-player game is decided by the totals. Without it a
  2-player game can go on for ever (nothing in the rules forces progress);
  simulations cap such games and :meth:`SokuDrez.adjudicate` reads the totals.
* **Practice deals** (option ``scramble``, default 0 = the full shuffle of D20):
  k >= 1 starts from the solved grid of AC-SK-1 and makes k random swaps (drawn
  through ``game.chance``), redrawn while the result is solved (D20), so a pupil
  can start with a grid that needs at most k swaps.
* **Points in the solitaire**: the picture and the move log show each swap's
  points (D22) in the solitaire too, as feedback; they decide nothing there.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from drezlab.core.action import Action, Outcome
from drezlab.core.cards import Card, Deck
from drezlab.core.chance import Chance, Scripted
from drezlab.core.errors import IllegalAction
from drezlab.core.game import ActionLike, Game
from drezlab.core.i18n import t
from drezlab.core.snapshot import AttributeSnapshot
from drezlab.core.zones import Visibility
from drezlab.games.sokudrez.grid import (
    CELLS,
    PAIRS,
    SOLVED_EXAMPLE,
    Grid,
    as_grid,
    card_id,
    card_of,
    d21_bound,
    defects,
    is_solved,
    swap_criteria,
    swapped,
)
from drezlab.games.sokudrez.meta import SPEC
from drezlab.games.sokudrez.words import (
    BUDGET_USED,
    LABEL_PREFIX,
    SOLVED,
    add_labels,
    explain_illegal,
    label,
    swap_words,
)

__all__ = ["BUDGET_USED", "GRID_ZONE", "LABEL_PREFIX", "SOLVED", "SokuDrez", "SwapCards", "add_labels",
           "first_of_double_turn", "from_grid", "label", "seat_of_swap"]

GRID_ZONE = "grid"


def seat_of_swap(number: int) -> int:
    """The seat that makes swap ``number`` (1-based) in the 2-player variant (D23):
    swap 1 is Player 1's, 2-3 Player 2's, 4-5 Player 1's, 6-7 Player 2's, ..."""
    if number < 1:
        raise ValueError("swaps are numbered from 1")
    if number == 1:
        return 0
    return 1 if (number - 2) // 2 % 2 == 0 else 0


def first_of_double_turn(number: int) -> bool:
    """Is swap ``number`` the first swap of a double turn (D23)? The even swaps are;
    Player 1's opening single swap is not."""
    return number >= 2 and number % 2 == 0


class SwapCards(NamedTuple):
    """The one kind of action: swap the cards ``first`` (in the earlier cell, row-major) and
    ``second``, given by their codes ``10 * figure + number`` (:mod:`~drezlab.games.sokudrez.grid`)."""

    first: int
    second: int


@dataclass(frozen=True)
class _Table(AttributeSnapshot):
    """Everything of the position outside the zones, as it was before a swap (the undo
    record; the zones' journal puts the cards back)."""

    LISTS: ClassVar[frozenset[str]] = frozenset({"scores"})

    scores: tuple[int, ...]
    swaps: int
    last: tuple[Any, ...] | None
    _seat: int
    _outcome: Outcome | None


_CARDS: tuple[Card, ...] = tuple(card for card in Deck.all_cards(1) if not card.is_neutral)


class SokuDrez(Game):
    """A game of SokuDrez (see the module docstring for the rules).

    ``SokuDrez(seed=7)`` deals the solitaire, ``SokuDrez(seed=7, players=2)`` the scored
    2-player variant. ``chance=Scripted([ids])`` lays the 54 listed card ids row by
    row (:func:`from_grid` does it for you).
    """

    spec = SPEC

    def __init__(self, seed: int | None = None, *, players: int = 1, max_swaps: int | None = None,
                 scramble: int = 0, chance: Chance | None = None) -> None:
        super().__init__()
        options = SPEC.validate_options({"players": players, "max_swaps": max_swaps, "scramble": scramble})
        self.options = options
        self.seed = seed
        self._players = options["players"]
        self.max_swaps: int | None = options["max_swaps"]
        self.scramble: int = options["scramble"]
        self.zones.add(GRID_ZONE, Visibility.PUBLIC, items=_CARDS)
        self.scores: list[int] = [0] * self._players
        self.swaps = 0
        #: the last swap: (seat, p, q, criteria, points, scored)
        self.last: tuple[Any, ...] | None = None
        self._seat = 0
        #: the grid as codes, kept in step with the zone (see :attr:`grid`); None: read it again
        self._grid: Grid | None = None
        self._start_chance(seed, chance)
        self._deal()
        self._seal_setup()

    # ------------------------------------------------------------ the deal
    def _deal(self) -> None:
        """D20: shuffle and lay the cards row by row; a solved deal is dealt again.
        With ``scramble`` = k: the solved grid of AC-SK-1 and k random swaps."""
        while True:
            if self.scramble:
                by_code = {10 * card.figure_number + (card.number or 0): card for card in _CARDS}
                self.zones.replace(GRID_ZONE, [by_code[code] for code in SOLVED_EXAMPLE])
                self._grid = None
                for _ in range(self.scramble):
                    p, q = PAIRS[self.chance.randrange(len(PAIRS), "scramble")]
                    self._swap_cells(p, q)
            else:
                self.zones.shuffle(GRID_ZONE, lambda cards: self.chance.shuffle(cards, "deal"))
                self._grid = None
            if not is_solved(self.grid):
                return

    # ------------------------------------------------------------ basic access
    @property
    def grid(self) -> Grid:
        """The grid as card codes ``10 * figure + number``, row-major (see :mod:`~drezlab.games.sokudrez.grid`).

        Read from the zone once and then kept in step by :meth:`_swap_cells`, the one way the
        cards move; undo and resampling read it again. (Reading the 54 cards at every call
        was 45 % of a random game's time: it is asked for twice a swap.)"""
        grid = self._grid
        if grid is None:
            grid = self._grid = tuple(_code(card) for card in self.zones[GRID_ZONE])
        return grid

    @property
    def cards(self) -> list[Card]:
        """The grid's cards, row-major."""
        return list(self.zones[GRID_ZONE])

    def conserved_items(self) -> list[Card]:
        """The 54 figure cards: the grid holds each exactly once at every moment."""
        return list(_CARDS)

    def swap_action(self, p: int, q: int) -> Action:
        """The action swapping cells ``p`` and ``q`` (row-major indices, as D21's hints)."""
        if not (isinstance(p, int) and isinstance(q, int) and 0 <= p < CELLS and 0 <= q < CELLS and p != q):
            raise IllegalAction(label("a swap needs two different cells 0-{last}, not {p} and {q}").format(
                last=CELLS - 1, p=repr(p), q=repr(q)))
        grid = self.grid
        low, high = min(p, q), max(p, q)
        return self.parse(_swap_action(grid[low], grid[high]).text)

    # ---------------------------------------------------------------- actions
    def _generate_actions(self) -> list[Action]:
        grid = self.grid
        return [_swap_action(grid[p], grid[q]) for p, q in PAIRS]

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random swap without listing all 1,431 (listing them was 87 % of a
        random game's time): one draw ``rng.randrange(1431)`` picks the pair of cells in the
        order of :meth:`legal_actions`, exactly the draw :meth:`Game.random_action` makes,
        so a seeded random game plays the same swaps as before."""
        if self._outcome is not None:
            raise IllegalAction(t("the game is over: there is no action to choose"))
        p, q = PAIRS[rng.randrange(len(PAIRS))]
        grid = self.grid
        self._vouched = _swap_action(grid[p], grid[q])
        return self._vouched

    def parse(self, text: ActionLike) -> Action:
        """As :meth:`Game.parse`, and a swap may name its two cards in either order."""
        try:
            return super().parse(text)
        except IllegalAction:
            if isinstance(text, str) and len(text.split()) == 2 and not self.is_over:
                first, second = text.split()
                reverse = self._legal_by_text().get(f"{second} {first}")
                if reverse is not None:
                    return reverse
            raise

    def _apply(self, action: Action) -> _Table:
        before = _Table.of(self)
        swap: SwapCards = action.data
        grid = self.grid
        p, q = grid.index(swap.first), grid.index(swap.second)
        criteria = swap_criteria(grid, p, q)
        seat = self._seat
        self._swap_cells(p, q)
        self.swaps += 1
        solved = is_solved(self.grid)
        points = sum(criteria)
        scored = self._players == 1 or not solved or first_of_double_turn(self.swaps)
        if self._players == 2 and scored:
            self.scores[seat] += points
        self.last = (seat, p, q, criteria, points, scored)
        if solved:
            self._end(SOLVED)
        elif self.max_swaps is not None and self.swaps >= self.max_swaps:
            self._end(BUDGET_USED)
        elif self._players == 2:
            self._seat = seat_of_swap(self.swaps + 1)
        return before

    def _swap_cells(self, p: int, q: int) -> None:
        """Swap the cards of cells ``p < q`` through the zones (journalled for undo), and in
        the :attr:`grid`."""
        low, high = min(p, q), max(p, q)
        self._grid = swapped(self.grid, low, high)
        self.zones.move_at(GRID_ZONE, high, GRID_ZONE, low)
        self.zones.move_at(GRID_ZONE, low + 1, GRID_ZONE, high)

    def _end(self, reason: str) -> None:
        if self._players == 1:
            if reason == SOLVED:
                self._finish((0,), reason)
            else:
                self._finish((), reason, scores=(0.0,))
            return
        best = max(self.scores)
        leaders = tuple(seat for seat, score in enumerate(self.scores) if score == best)
        self._finish(leaders if len(leaders) == 1 else (), reason)

    def _revert(self, action: Action, undo_info: _Table) -> None:
        undo_info.restore(self)
        self._grid = None          # the zones' journal puts the cards back after this

    def _after_resample(self) -> None:
        self._grid = None

    def _explain_illegal(self, text: str) -> str:
        return explain_illegal(self, text)

    # ------------------------------------------------- hooks for simulations
    def adjudicate(self) -> tuple[float, ...] | None:
        """A 2-player game stopped unfinished: the higher total wins (a draw if equal);
        an unfinished solitaire has no result (``None``)."""
        if self._players == 1:
            return None
        if self.scores[0] == self.scores[1]:
            return (0.5, 0.5)
        return (1.0, 0.0) if self.scores[0] > self.scores[1] else (0.0, 1.0)

    def evaluate(self, seat: int) -> float:
        """How good the position looks for ``seat``, from -1 to 1: in the 2-player game
        the lead in points (a swap earns at most 8); in the solitaire the defects left."""
        if self._players == 2:
            lead = self.scores[seat] - self.scores[1 - seat]
            return max(-1.0, min(1.0, lead / 40))
        return -min(1.0, sum(defects(self.grid)) / 80)

    # ------------------------------------------------------------------ views
    def _public(self, seat: int | None) -> dict[str, Any]:
        """Everything is public: the swap count, the scores, the defects and D21's bound, the
        last swap with its criteria, and whether a solving swap would score now (D23)."""
        grid = self.grid
        dcol, drow = defects(grid)
        last = None
        if self.last is not None:
            who, p, q, criteria, points, scored = self.last
            last = {"seat": who, "cells": [p, q], "cards": [card_id(grid[p]), card_id(grid[q])],
                    "criteria": list(criteria), "points": points, "scored": scored}
        return {"players": self._players, "swaps": self.swaps, "scores": list(self.scores),
                "max_swaps": self.max_swaps, "dcol": dcol, "drow": drow, "bound": d21_bound(grid),
                "last": last, "solving_scores": self._players == 2 and first_of_double_turn(self.swaps + 1)}

    def status_text(self) -> str:
        """Whose turn and the swap number, or how the game ended."""
        outcome = self._outcome
        if outcome is not None:
            if self._players == 1:
                if outcome.winners:
                    return f"{t(SOLVED)}: {self.swaps} {label('swaps')}"
                return f"{label('lost')}: {t(outcome.reason)}"
            return f"{super().status_text()} ({self.scores[0]}-{self.scores[1]})"
        return f"{label('Swap')} {self.swaps + 1}: {self.seat_name(self._seat)} {label('to swap')}"

    def describe(self, action: ActionLike) -> str:
        """The move-log line in words: who swapped which cards (named as the deck prints
        them), and the points (D22) (:mod:`drezlab.games.sokudrez.words`)."""
        swap: SwapCards = self.parse(action).data
        grid = self.grid
        p, q = grid.index(swap.first), grid.index(swap.second)
        return swap_words(self.seat_name(self._seat), card_of(swap.first), card_of(swap.second),
                          sum(swap_criteria(grid, p, q)))

    # ---------------------------------------------------------------- records
    def _state(self) -> dict[str, Any]:
        last = None
        if self.last is not None:
            who, p, q, criteria, points, scored = self.last
            last = [who, p, q, list(criteria), points, scored]
        return {"zones": self.zones.to_dict(), "scores": list(self.scores), "swaps": self.swaps,
                "last": last, "seat": self._seat,
                "outcome": None if self._outcome is None else self._outcome.to_dict()}

    def __repr__(self) -> str:
        return (f"<SokuDrez {self._players} {label('player(s)')}, {self.swaps} {label('swaps')}: "
                f"{self.status_text()}>")


_SWAP_ACTIONS: dict[tuple[int, int], Action] = {}


def _code(card: Card) -> int:
    """A grid card's code ``10 * figure + number`` (every SokuDrez card has both)."""
    return 10 * card.figure_number + card.number  # type: ignore[operator]


def _swap_action(first: int, second: int) -> Action:
    """The action swapping the cards ``first`` (earlier cell) and ``second`` (codes; made once)."""
    action = _SWAP_ACTIONS.get((first, second))
    if action is None:
        a, b = card_id(first), card_id(second)
        action = _SWAP_ACTIONS[(first, second)] = Action(f"{a.lower()} {b.lower()}", (a, b), f"{a} ↔ {b}",
                                                         SwapCards(first, second))
    return action


def from_grid(cards: Any, *, players: int = 1, max_swaps: int | None = None) -> SokuDrez:
    """A game whose deal is the given 54 cards (ids such as ``'N7'``, cards or codes),
    row by row: a puzzle from a book, or the examples of the rules (AC-SK-2)."""
    grid = as_grid(cards)
    if defects(grid) == (0, 0):
        raise ValueError("this grid is already solved: D20 deals only unsolved grids")
    return SokuDrez(players=players, max_swaps=max_swaps, chance=Scripted([[card_id(code) for code in grid]]))
