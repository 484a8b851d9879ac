"""The RummiDrez meld solver: the most hand cards that can be laid down, rearranging the table.

The model is den Hertog and Hulshof's integer program for Rummikub ("Solving
Rummikub problems by integer linear programming", The Computer Journal 49, 2006),
adapted to RummiDrez's melds and neutral cards:

* **card types**: the 54 figure cards (each exists twice, one per pack) and the
  neutral card (4 copies); ``t_c`` copies of type ``c`` lie on the table and
  ``h_c`` are in the hand;
* **meld types** ``s``: every figure run and colour run of 3 or more places
  (D24) whose interior places may be neutral (D25: never an end, so a meld has
  at least 2 figure cards); ``a_cs`` = copies of type ``c`` that meld ``s`` uses.
  A run that splits into two valid runs (two neighbouring figure cards with 3 or
  more places on each side) is left out: the two shorter runs hold the same cards,
  so no optimum is lost;
* **variables**: ``x_s`` ∈ {0, 1, 2} how often meld ``s`` is laid, ``y_c`` ∈
  {0 … h_c} how many hand cards of type ``c`` are played;
* **constraints**: for every type, Σ_s a_cs x_s = t_c + y_c — every table card
  stays on the table (D27) and the table is exactly old cards plus played ones;
* **objective**: maximise Σ y_c (a neutral card counts 0.999, so among the
  largest plays one that keeps neutral cards in the hand is chosen).

The initial meld (D26) is the same program with an empty table (the table is
not touched); it is a play only when it lays down at least 7 cards.

Only meld types whose figure cards are all present (hand or table) enter the
program, which keeps it to a few hundred variables; ``scipy.optimize.milp``
(HiGHS) solves it. :func:`solve` returns a :class:`Play`: the count, the hand
cards played and the whole new table laid out; :func:`best_play` is the hint for
one seat's observation (what a teacher, a lesson or the picture's ``hint`` calls).
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass
from typing import Any, Sequence

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import csr_matrix

from drezlab.core.cards import Card, CardLike, as_cards
from drezlab.core.observation import Observation
from drezlab.games.rummidrez.melds import arrange, sort_key

__all__ = ["NEUTRAL_TYPE", "Play", "best_play", "candidate_melds", "card_type", "meld_templates", "solve",
           "template_arrays", "type_counts"]

#: the 54 figure-card types are 0..53 ((figure - 1) * 9 + colour - 1); the neutral card is 54
NEUTRAL_TYPE = 54
TYPES = 55
INITIAL_MELD = 7
NEUTRAL_WEIGHT = 0.999
MAX_NEUTRALS = 4
#: scipy.optimize.milp's result.status values
OPTIMAL, INFEASIBLE = 0, 2


def card_type(card: Card) -> int:
    """The type index of a card (both copies of a card share it)."""
    if card.is_neutral:
        return NEUTRAL_TYPE
    return (card.figure_number - 1) * 9 + (card.number or 1) - 1


@dataclass(frozen=True)
class Play:
    """A solver's answer: ``count`` hand cards laid down (``played``, their ids), and
    ``melds``, the whole table afterwards (each meld laid out, ids). ``count`` 0 means
    no play: draw. ``seconds`` is the solving time; ``initial`` marks an initial meld;
    ``proven`` is False only when the time limit stopped the solver before it proved
    the count largest (the play is then the best found, or none)."""

    count: int
    played: tuple[str, ...]
    melds: tuple[tuple[str, ...], ...]
    seconds: float
    initial: bool
    proven: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"count": self.count, "played": list(self.played), "melds": [list(meld) for meld in self.melds],
                "seconds": self.seconds, "initial": self.initial, "proven": self.proven}


@functools.cache
def meld_templates() -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every meld type as (its figure-card types, its number of neutral cards) (D24, D25),
    without neutral-free runs of 6 or more cards (they split into two runs)."""
    templates: list[tuple[tuple[int, ...], int]] = []

    def runs(places: int, type_of: Any) -> None:
        for length in range(3, places + 1):
            for low in range(1, places - length + 2):
                interior = length - 2
                for mask in range(1 << interior):
                    neutrals = bin(mask).count("1")
                    if neutrals > MAX_NEUTRALS or _splits(length, mask):
                        continue
                    types = [type_of(low)]
                    types += [type_of(low + 1 + index) for index in range(interior) if not mask >> index & 1]
                    types.append(type_of(low + length - 1))
                    templates.append((tuple(types), neutrals))

    for figure in range(1, 7):
        runs(9, lambda colour, figure=figure: (figure - 1) * 9 + colour - 1)
    for colour in range(1, 10):
        runs(6, lambda figure, colour=colour: (figure - 1) * 9 + colour - 1)
    return tuple(templates)


def _splits(length: int, mask: int) -> bool:
    """Does a run of ``length`` places with neutral cards at the interior places set in
    ``mask`` split into two valid runs (two neighbouring figure cards with at least 3
    places on each side)? Such a run adds nothing the two shorter ones cannot do."""
    natural = [True] + [not mask >> index & 1 for index in range(length - 2)] + [True]
    return any(natural[cut - 1] and natural[cut] for cut in range(3, length - 2))


@functools.cache
def template_arrays() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The templates as a (templates x 55) count matrix, figure-card counts and neutral counts."""
    templates = meld_templates()
    matrix = np.zeros((len(templates), TYPES), dtype=np.int8)
    for row, (types, neutrals) in enumerate(templates):
        matrix[row, list(types)] = 1
        matrix[row, NEUTRAL_TYPE] = neutrals
    naturals = np.array([len(types) for types, _ in templates], dtype=np.int64)
    neutral_counts = np.array([neutrals for _, neutrals in templates], dtype=np.int64)
    return matrix, naturals, neutral_counts


def type_counts(cards: Sequence[Card]) -> np.ndarray:
    counts = np.zeros(TYPES, dtype=np.int64)
    for card in cards:
        counts[card_type(card)] += 1
    return counts


def candidate_melds(available: np.ndarray) -> np.ndarray:
    """Indices of the meld types whose cards ``available`` (counts per type) can supply."""
    matrix, naturals, neutrals = template_arrays()
    present = (available[:NEUTRAL_TYPE] > 0).astype(np.int64)
    covered = matrix[:, :NEUTRAL_TYPE].astype(np.int64) @ present
    return np.flatnonzero((covered == naturals) & (neutrals <= available[NEUTRAL_TYPE]))


def solve(hand: Sequence[CardLike], table: Sequence[Sequence[CardLike]] = (), *, initial: bool = False,
          time_limit: float = 10.0) -> Play:
    """The largest play: the most cards of ``hand`` that can join the ``table`` (a list of
    melds) with every meld valid afterwards, rearranging the table freely (§5).

    ``initial=True`` is the initial meld (D26): new melds from the hand only, the table
    untouched, at least 7 cards or no play. Raises ``ValueError`` if the table itself is
    not a set of valid melds' cards (nothing can be laid down then)."""
    started = time.perf_counter()
    hand_cards = sorted(as_cards(hand), key=sort_key)
    table_melds = [as_cards(meld) for meld in table]
    table_cards = [] if initial else [card for meld in table_melds for card in meld]
    h, t = type_counts(hand_cards), type_counts(table_cards)
    available = h + t
    melds = candidate_melds(available)
    matrix = template_arrays()[0][melds].astype(np.float64)
    hand_types = np.flatnonzero(h > 0)
    used_types = np.flatnonzero(available > 0)
    m, k = len(melds), len(hand_types)
    if k == 0 or m == 0:
        return _no_play(table_melds, started, initial, True)
    # x_s bounds: at most 2 of each meld, and no more than its scarcest card type allows
    x_upper = np.full(m, 2.0)
    for row in range(m):
        needed = matrix[row] > 0
        x_upper[row] = min(2.0, float(np.min(available[needed] // matrix[row, needed])))
    coefficients = np.zeros((len(used_types), m + k))
    coefficients[:, :m] = matrix[:, used_types].T
    row_of = {int(type_index): row for row, type_index in enumerate(used_types)}
    for column, type_index in enumerate(hand_types):
        coefficients[row_of[int(type_index)], m + column] = -1.0
    rhs = t[used_types].astype(np.float64)
    objective = np.concatenate([np.zeros(m), -np.where(hand_types == NEUTRAL_TYPE, NEUTRAL_WEIGHT, 1.0)])
    upper = np.concatenate([x_upper, h[hand_types].astype(np.float64)])
    result = milp(objective, constraints=LinearConstraint(csr_matrix(coefficients), rhs, rhs),
                  integrality=np.ones(m + k), bounds=Bounds(np.zeros(m + k), upper),
                  options={"time_limit": time_limit, "mip_rel_gap": 0.9 / max(1.0, float(h.sum()))})
    if result.status == INFEASIBLE and table_cards:
        raise ValueError("the table is not made of valid melds, so the solver finds no arrangement")
    proven = result.status == OPTIMAL
    if result.x is None:
        return _no_play(table_melds, started, initial, proven)
    x = np.rint(result.x[:m]).astype(int)
    y = np.rint(result.x[m:]).astype(int)
    count = int(y.sum())
    if count == 0 or (initial and count < INITIAL_MELD):
        return _no_play(table_melds, started, initial, proven)
    return _lay_out(melds, x, hand_cards, table_cards, table_melds, started, initial, proven)


def _no_play(table_melds: list[list[Card]], started: float, initial: bool, proven: bool) -> Play:
    laid = tuple(tuple(card.id for card in arrange(meld)) for meld in table_melds)
    return Play(0, (), laid, time.perf_counter() - started, initial, proven)


def _lay_out(melds: np.ndarray, x: np.ndarray, hand_cards: list[Card], table_cards: list[Card],
             table_melds: list[list[Card]], started: float, initial: bool, proven: bool) -> Play:
    """Turn the chosen meld types into melds of real cards: table copies first, so every
    table card stays on the table, then hand copies (those are the cards played)."""
    pools: dict[int, list[Card]] = {}
    for card in sorted(table_cards, key=sort_key) + hand_cards:
        pools.setdefault(card_type(card), []).append(card)
    templates = meld_templates()
    laid: list[tuple[str, ...]] = []
    for row, times in zip(melds, x):
        types, neutrals = templates[int(row)]
        for _ in range(int(times)):
            cards = [_take(pools, type_index) for type_index in types]
            cards += [_take(pools, NEUTRAL_TYPE) for _ in range(neutrals)]
            laid.append(tuple(card.id for card in arrange(cards)))
    if initial:
        laid = [tuple(card.id for card in arrange(meld)) for meld in table_melds] + laid
    table_ids = {card.id for card in table_cards}
    on_table = {identifier for meld in laid for identifier in meld}
    played = tuple(card.id for card in hand_cards if card.id in on_table and card.id not in table_ids)
    return Play(len(played), played, tuple(laid), time.perf_counter() - started, initial, proven)


def _take(pools: dict[int, list[Card]], type_index: int) -> Card:
    """The next copy of a card type from the pool (a meld type never holds one type twice)."""
    return pools[type_index].pop(0)


def best_play(observation: Observation, time_limit: float = 10.0) -> Play:
    """The hint for ``observation``'s seat: the largest play from the start of its turn
    (cards moved this turn are counted back into the hand). Uses only what the seat
    sees: its own hand and the table."""
    seat = observation.seat
    if seat is None:
        raise ValueError("a hint is for a player's seat, not for a spectator")
    public = observation.public
    hand = [Card.parse(identifier) for identifier in observation.ids(f"hand{seat}")]
    hand += [Card.parse(identifier) for identifier in public["staged"]]
    table = [[Card.parse(identifier) for identifier in meld] for meld in public["start"] if meld]
    return solve(hand, table, initial=not public["opened"][seat], time_limit=time_limit)
