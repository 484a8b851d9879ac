"""Poker7 odds for teaching: equity of a hand, and how big groups get.

* :func:`river_equity` — **exact** equity on the river (all 5 community cards
  known) against one opponent whose hand is unknown: every one of the
  C(47, 2) = 1,081 possible opponent hands is evaluated. If the opponent has
  already turned one card face up (step 4 of §1.1), only their other card is
  unknown (46 possibilities). Dead cards (seen elsewhere, e.g. the revealed
  card of a third player) are left out.
* :func:`estimate_equity` — equity earlier in the hand, or against several
  opponents: a Monte Carlo estimate from seeded random deals of the cards
  still unknown, with its standard error.
* :func:`read_equity` — the same estimate against opponents whose bets say
  something: each deal is weighted by how strong the opponents' cards look on
  the community cards already out, the more the more they have bet.
* :func:`equity` — the exact figure when it is cheap (river, one opponent),
  the estimate otherwise.
* :func:`largest_group_distribution` — the exact chance that the largest
  group of 7 random cards has 2, 3, ... 7 cards, counted over all
  C(54, 7) = 177,100,560 hands without listing them (a count over the rows of
  the figure × colour grid); :func:`simulate_largest_group` samples the same
  distribution from seeded random deals through :func:`hand_value`, so a
  lesson can put both side by side.

"Equity" is the share of the pot the hand wins on average: 1 for a sure win,
1/2 for a tie between two hands, 0 for a loss. All randomness comes from a
``random.Random(seed)``, so every figure is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from drezlab.core.cards import CardLike
from drezlab.games.poker7.hands import (COLOURS, DECK, DECK_SIZE, FIGURES, HAND_SIZE, as_hand, card_index,
                                        hand_value, value_key)
from drezlab.games.poker7.words import equity_text

__all__ = ["Equity", "equity", "estimate_equity", "largest_group_distribution", "read_equity", "river_equity",
           "simulate_largest_group"]


@dataclass(frozen=True)
class Equity:
    """The result of an equity calculation.

    ``equity`` is the average share of the pot (wins count 1, a tie among k
    hands 1/k). ``wins``, ``ties`` and ``losses`` count the deals (exact: the
    possible opponent hands; estimated: the sampled deals) where the hand is
    alone on top, shares the top, or is beaten. ``std_error`` is 0 for exact
    figures.
    """

    equity: float
    wins: int
    ties: int
    losses: int
    exact: bool
    std_error: float = 0.0

    @property
    def deals(self) -> int:
        """How many opponent hands (exact) or random deals (estimate) were counted."""
        return self.wins + self.ties + self.losses

    def __str__(self) -> str:
        """In the current language: 'equity 0.600 (exact; 3 wins, 1 tie, 1 loss of 5)'."""
        return equity_text(self.equity, exact=self.exact, std_error=self.std_error, wins=self.wins, ties=self.ties,
                           losses=self.losses)


def _known_cards(hole: Iterable[CardLike] | str, board: Iterable[CardLike] | str,
                 shown: Sequence[Iterable[CardLike] | str], dead: Iterable[CardLike] | str
                 ) -> tuple[list[int], list[int], list[list[int]], list[int]]:
    """Card indices of every input, checked: real one-pack cards, no card twice."""
    own = as_hand(hole)
    if len(own) != 2:
        raise ValueError(f"a Poker7 player holds 2 own cards, not {len(own)}")
    table = as_hand(board)
    if len(table) not in (0, 3, 5):
        raise ValueError(f"the community cards come as 0, 3 or 5 cards, not {len(table)}")
    revealed = [as_hand(cards) for cards in shown]
    if any(len(cards) > 2 for cards in revealed):
        raise ValueError("an opponent shows at most their 2 own cards")
    gone = as_hand(dead)
    every = own + table + [card for cards in revealed for card in cards] + gone
    ids = [card.id for card in every]
    repeated = sorted({card_id for card_id in ids if ids.count(card_id) > 1})
    if repeated:
        raise ValueError(f"card(s) {', '.join(repeated)} given twice")
    return ([card_index(c) for c in own], [card_index(c) for c in table],
            [[card_index(c) for c in cards] for cards in revealed], [card_index(c) for c in gone])


def river_equity(hole: Iterable[CardLike] | str, board: Iterable[CardLike] | str, *,
                 opponent_shown: Iterable[CardLike] | str = (), dead: Iterable[CardLike] | str = ()) -> Equity:
    """Exact equity of ``hole`` with the 5 community cards ``board`` against one
    opponent: every possible opponent hand from the unseen cards, each counted once.

    ``opponent_shown``: the card the opponent turned face up, if any (then only
    their other card is unknown). ``dead``: other cards known not to be in the
    opponent's hand.
    """
    own, table, shown, gone = _known_cards(hole, board, [opponent_shown], dead)
    if len(table) != 5:
        raise ValueError("the river equity needs all 5 community cards; use estimate_equity earlier")
    board_mask = 0
    for index in table:
        board_mask |= 1 << index
    hero = value_key(board_mask | 1 << own[0] | 1 << own[1])
    seen = set(own + table + shown[0] + gone)
    unseen = [1 << index for index in range(DECK_SIZE) if index not in seen]
    base = board_mask
    for index in shown[0]:
        base |= 1 << index
    missing = 2 - len(shown[0])
    wins = ties = losses = 0
    for bits in combinations(unseen, missing):
        villain = value_key(base | sum(bits))
        if hero > villain:
            wins += 1
        elif hero == villain:
            ties += 1
        else:
            losses += 1
    total = wins + ties + losses
    return Equity((wins + ties / 2) / total, wins, ties, losses, exact=True)


def estimate_equity(hole: Iterable[CardLike] | str, board: Iterable[CardLike] | str = (), *,
                    opponents: int = 1, shown: Sequence[Iterable[CardLike] | str] = (),
                    dead: Iterable[CardLike] | str = (), samples: int = 2000, seed: int | None = 0) -> Equity:
    """Monte Carlo equity of ``hole`` against ``opponents`` unknown hands.

    Each sample deals the missing community cards and the opponents' unknown
    cards at random from the unseen cards (seeded: ``seed``), and gives the
    hand its share of the pot. ``shown[i]`` lists what opponent ``i`` has
    turned face up (0 or 1 card; missing entries mean none). The standard
    error is that of the mean share over the samples.
    """
    if not 1 <= opponents <= 9:
        raise ValueError(f"Poker7 has 1 to 9 opponents, not {opponents!r}")
    return read_equity(hole, board, pressure=[0.0] * opponents, shown=shown, dead=dead, samples=samples,
                       seed=seed)


def equity(hole: Iterable[CardLike] | str, board: Iterable[CardLike] | str = (), *, opponents: int = 1,
           shown: Sequence[Iterable[CardLike] | str] = (), dead: Iterable[CardLike] | str = (),
           samples: int = 2000, seed: int | None = 0) -> Equity:
    """Exact river equity against one opponent (:func:`river_equity`) when all
    5 community cards are out, a Monte Carlo estimate (:func:`estimate_equity`)
    otherwise."""
    table = as_hand(board)
    if len(table) == 5 and opponents == 1:
        return river_equity(hole, table, opponent_shown=shown[0] if shown else (), dead=dead)
    return estimate_equity(hole, table, opponents=opponents, shown=shown, dead=dead, samples=samples, seed=seed)


def read_equity(hole: Iterable[CardLike] | str, board: Iterable[CardLike] | str = (), *,
                pressure: Sequence[float], shown: Sequence[Iterable[CardLike] | str] = (),
                dead: Iterable[CardLike] | str = (), samples: int = 300, seed: int | None = 0) -> Equity:
    """Equity against opponents who have *told* something by betting: a Monte Carlo
    estimate like :func:`estimate_equity` where each deal counts with a weight.

    ``pressure[i]`` says how much opponent ``i`` has bet (0: nothing beyond the
    ante; about 1 for a pot-sized bet, 3 for all-in). An opponent's cards in a
    deal are ranked among every pair it could hold by how strong they make the
    community cards already out (``percentile`` from just above 0 to 1), and the
    deal's weight is the product of ``percentile ** pressure[i]``: an opponent who
    bet a lot is more likely to hold cards that looked strong when it bet. With
    every pressure 0 this is exactly the unweighted estimate (and the same deals
    for the same seed). Cards are checked as in :func:`estimate_equity`.
    """
    opponents = len(pressure)
    if not 1 <= opponents <= 9:
        raise ValueError(f"Poker7 has 1 to 9 opponents, not {opponents!r}")
    if any(not math.isfinite(level) or level < 0 for level in pressure):
        raise ValueError("each opponent's pressure is a number of at least 0")
    if len(shown) > opponents:
        raise ValueError("more shown hands than opponents")
    if samples < 1:
        raise ValueError("samples must be at least 1")
    padded = list(shown) + [()] * (opponents - len(shown))
    own, table, revealed, gone = _known_cards(hole, board, padded, dead)
    seen = set(own + table + gone + [index for cards in revealed for index in cards])
    unseen = [index for index in range(DECK_SIZE) if index not in seen]
    board_missing = 5 - len(table)
    needs = [2 - len(cards) for cards in revealed]
    draw = board_missing + sum(needs)
    if draw > len(unseen):
        raise ValueError("not enough unseen cards for that many opponents")
    table_mask = sum(1 << index for index in table)
    percentile = _pair_percentiles(table_mask, own, gone) if any(pressure) else {}
    rng = random.Random(seed)
    own_mask = 1 << own[0] | 1 << own[1]
    known_masks = [sum(1 << index for index in cards) for cards in revealed]
    wins = ties = losses = 0
    total = weights = squares = 0.0
    for _ in range(samples):
        cards = rng.sample(unseen, draw)
        full_board = table_mask
        for index in cards[:board_missing]:
            full_board |= 1 << index
        hero = value_key(full_board | own_mask)
        position = board_missing
        best_other = -1
        tied = 0
        weight = 1.0
        for known, need, level in zip(known_masks, needs, pressure):
            pair = known
            for index in cards[position:position + need]:
                pair |= 1 << index
            position += need
            if level:
                weight *= percentile[pair] ** level
            other = value_key(full_board | pair)
            if other > best_other:
                best_other, tied = other, 1
            elif other == best_other:
                tied += 1
        if hero > best_other:
            share = 1.0
            wins += 1
        elif hero == best_other:
            share = 1.0 / (tied + 1)
            ties += 1
        else:
            share = 0.0
            losses += 1
        total += weight * share
        squares += weight * share * share
        weights += weight
    mean = total / weights
    variance = max(0.0, squares / weights - mean * mean)
    error = math.sqrt(variance / (samples - 1)) if samples > 1 else 0.0
    return Equity(mean, wins, ties, losses, exact=False, std_error=error)


def _pair_percentiles(table_mask: int, own: Sequence[int], gone: Sequence[int]) -> dict[int, float]:
    """Every pair of cards an opponent may hold (not ours, not dead; a card it has
    turned up may be in it) mapped to its strength with the community cards out now:
    the share of those pairs it is at least as strong as (ties counted half)."""
    excluded = set(own) | set(gone) | {index for index in range(DECK_SIZE) if table_mask >> index & 1}
    free = [index for index in range(DECK_SIZE) if index not in excluded]
    keyed = sorted((value_key(table_mask | 1 << first | 1 << second), 1 << first | 1 << second)
                   for first, second in combinations(free, 2))
    result: dict[int, float] = {}
    count = len(keyed)
    start = 0
    while start < count:
        end = start
        while end < count and keyed[end][0] == keyed[start][0]:
            end += 1
        share = (start + end) / 2 / count
        for _, pair in keyed[start:end]:
            result[pair] = max(share, 0.5 / count)
        start = end
    return result


# ----------------------------------------------------- how big groups get
def _count_hands_within(limit: int, cards: int, figures: int, colours: int) -> int:
    """How many sets of ``cards`` cells of a figures × colours grid have at most
    ``limit`` cells in every row and every column.

    Rows are filled one at a time. Columns are interchangeable, so the state is
    how many columns already hold 0, 1, ..., ``limit`` cells, plus the cells
    placed so far; a row picks ``a_j`` columns among those holding ``j``.
    """
    states: dict[tuple[tuple[int, ...], int], int] = {(tuple([colours] + [0] * limit), 0): 1}
    for _ in range(figures):
        following: dict[tuple[tuple[int, ...], int], int] = {}
        for (levels, placed), ways in states.items():
            for picks in _row_choices(levels, limit, min(limit, cards - placed)):
                count = ways
                for have, take in zip(levels, picks):
                    count *= math.comb(have, take)
                moved = list(levels)
                for level, take in enumerate(picks):
                    moved[level] -= take
                    moved[level + 1] += take
                key = (tuple(moved), placed + sum(picks))
                following[key] = following.get(key, 0) + count
        states = following
    return sum(ways for (_, placed), ways in states.items() if placed == cards)


def _row_choices(levels: tuple[int, ...], limit: int, most: int) -> list[tuple[int, ...]]:
    """Every way for one row to pick ``a_j`` columns of each level ``j < limit``
    (columns already at the limit are full), at most ``most`` cells in all."""
    choices: list[tuple[int, ...]] = [()]
    for level in range(limit):
        grown = []
        for partial in choices:
            room = most - sum(partial)
            for take in range(min(levels[level], room) + 1):
                grown.append(partial + (take,))
        choices = grown
    return choices


def largest_group_distribution(cards: int = HAND_SIZE, figures: int = FIGURES,
                               colours: int = COLOURS) -> dict[int, Fraction]:
    """Exact chance that the largest group of ``cards`` random cards has each size.

    The largest group of the best partition is a whole fullest line (see
    :mod:`drezlab.games.poker7.hands`), so its size is the largest number of
    cards sharing a figure or a colour. Counting the hands whose lines all hold
    at most ``t`` cards, for each ``t``, gives the distribution exactly.
    ``figures``/``colours`` shrink the grid (tests compare small grids with a
    full listing).
    """
    if not 1 <= cards <= figures * colours:
        raise ValueError(f"cannot deal {cards} cards from {figures * colours}")
    total = math.comb(figures * colours, cards)
    result: dict[int, Fraction] = {}
    below = 0
    for size in range(1, cards + 1):
        within = _count_hands_within(size, cards, figures, colours)
        if within - below:
            result[size] = Fraction(within - below, total)
        below = within
    return result


def simulate_largest_group(deals: int, seed: int = 0, cards: int = HAND_SIZE) -> dict[int, float]:
    """The share of ``deals`` seeded random hands whose best partition's largest
    group has each size (``hand_value(hand).sizes[0]``)."""
    if deals < 1:
        raise ValueError("deals must be at least 1")
    rng = random.Random(seed)
    counts: dict[int, int] = {}
    for _ in range(deals):
        size = hand_value(rng.sample(DECK, cards)).sizes[0]
        counts[size] = counts.get(size, 0) + 1
    return {size: counts[size] / deals for size in sorted(counts)}
