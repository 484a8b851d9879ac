"""Points, scores and exact odds for BlackDrez (rules §7, D36).

Card points: queen 5, rook 4, bishop 3, knight 2, pawn 1, and the joker 6 or 1
at any time. A hand is summed with every joker as 1 (its *low total*); one joker
may count 6 instead, so the score is the low total + 5 when that stays at or
under 11 (two jokers as 6 would already make 12). The hand is bust only if the
low total is over 11 (D36). So a hand's whole future depends on two numbers,
its low total and whether it holds a joker: :func:`hand_state`.

The stock's composition is known to everyone (every card outside it is face
up), so the next card's odds are exact: :func:`bust_chance`. The stock is
written as six counts, one per figure in die order (pawns, knights, bishops,
rooks, queens, jokers).

**Exact values of drawing and retiring** (:func:`exact_values`). The value of a
choice is the number of cards it brings to your pile this round, on average.
Retiring brings ``floor(n / 2)`` of your ``n`` cards, for sure. Drawing is
valued in *the round between you and the stock*: the other hands stay as they
are, and after each card you choose again, optimally, between retiring and
drawing, until you retire, go bust (0 cards) or make exactly 11 and take every
card on the table (the others' cards and all of yours). Every possible order of
the stock's cards is weighed by its exact probability (enumeration over the
stock's composition, memoised on the low total, the joker, your card count and
the composition), so the values are exact fractions of that model. The model
leaves out that another player may reach 11 first or drop out: it is the
classroom's "what does the stock say?", and it is what the exact bot plays.
If the stock runs out in the model, you keep the retiring value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from drezlab.core.cards import Card, CardLike, Figure
from drezlab.core.i18n import add_translations, get_language, t

add_translations({
    "draw {draw} cards, retire {retire} (bust {bust}, 11 {eleven})":
        "tomar carta {draw} cartas, retirarse {retire} (pasarse {bust}, 11 {eleven})",
    "{count} card": "{count} carta",
    "{count} cards": "{count} cartas",
})

TARGET = 11
#: points of each figure with the joker as 1 (its other value is 6)
LOW_POINTS = {Figure.PAWN: 1, Figure.KNIGHT: 2, Figure.BISHOP: 3, Figure.ROOK: 4, Figure.QUEEN: 5,
              Figure.JOKER: 1}
#: what a joker adds when it counts 6 instead of 1
JOKER_BONUS = 5
#: the figures in the order of a stock composition
FIGURE_ORDER = (Figure.PAWN, Figure.KNIGHT, Figure.BISHOP, Figure.ROOK, Figure.QUEEN, Figure.JOKER)
_LOW_BY_INDEX = tuple(LOW_POINTS[figure] for figure in FIGURE_ORDER)
JOKER_INDEX = 5


def points(card: CardLike) -> tuple[int, ...]:
    """The values a card may count: ``(5,)`` for a queen, ``(6, 1)`` for a joker."""
    figure = Card.parse(card).figure
    if figure is None:
        raise ValueError("neutral cards are not played in BlackDrez (D5)")
    return (6, 1) if figure is Figure.JOKER else (LOW_POINTS[figure],)


#: low points by the figure's die number (index 0: no figure)
_LOW_BY_NUMBER = (0, 1, 2, 3, 4, 5, 1)


def hand_state(cards: Iterable[CardLike]) -> tuple[int, bool]:
    """``(low total, holds a joker)``: all a hand's future depends on."""
    low, joker = 0, False
    for card in cards:
        number = (card if isinstance(card, Card) else Card.parse(card)).figure_number
        if not number:
            raise ValueError("neutral cards are not played in BlackDrez (D5)")
        low += _LOW_BY_NUMBER[number]
        joker = joker or number == 6
    return low, joker


def state_score(low: int, joker: bool) -> int:
    """The score of a hand state: the highest total <= 11 its jokers allow (D36),
    or the low total when even that is over 11 (bust)."""
    return low + JOKER_BONUS if joker and low + JOKER_BONUS <= TARGET else low


def score(cards: Iterable[CardLike]) -> int:
    """A hand's score (D36): ``score(["J1", "Q2"]) == 11``, ``score(["J1", "J2"]) == 7``.
    Over 11 means bust."""
    return state_score(*hand_state(cards))


def is_bust(cards: Iterable[CardLike]) -> bool:
    """Even with every joker as 1 the hand is over 11."""
    return hand_state(cards)[0] > TARGET


def composition(cards: Iterable[CardLike]) -> tuple[int, ...]:
    """The six figure counts of some cards (pawns ... jokers)."""
    counts = [0] * 6
    for card in cards:
        figure = Card.parse(card).figure
        if figure is None:
            raise ValueError("neutral cards are not played in BlackDrez (D5)")
        counts[FIGURE_ORDER.index(figure)] += 1
    return tuple(counts)


def _after(low: int, joker: bool, index: int) -> tuple[int, bool]:
    return low + _LOW_BY_INDEX[index], joker or index == JOKER_INDEX


def bust_chance(state: tuple[int, bool], stock: Sequence[int]) -> Fraction:
    """The exact chance that the next card busts a hand in ``state`` (a joker
    counts 1 when 6 would bust, so only the low total matters)."""
    total = sum(stock)
    if total == 0:
        return Fraction(0)
    low = state[0]
    return Fraction(sum(count for index, count in enumerate(stock) if low + _LOW_BY_INDEX[index] > TARGET), total)


def eleven_chance(state: tuple[int, bool], stock: Sequence[int]) -> Fraction:
    """The exact chance that the next card makes exactly 11."""
    total = sum(stock)
    if total == 0:
        return Fraction(0)
    hits = sum(count for index, count in enumerate(stock)
               if _after(*state, index)[0] <= TARGET and state_score(*_after(*state, index)) == TARGET)
    return Fraction(hits, total)


@dataclass(frozen=True)
class ExactValues:
    """The exact values (cards to your pile this round, on average) of the two
    choices of the player to move, in the model of the module docstring, with the
    next card's chances. ``draw`` is ``None`` when the stock is empty."""

    draw: Fraction | None
    retire: int
    bust: Fraction
    eleven: Fraction

    @property
    def best(self) -> str:
        """``"draw"`` or ``"retire"``: the choice worth more (retire on a tie)."""
        return "draw" if self.draw is not None and self.draw > self.retire else "retire"

    def __str__(self) -> str:
        """The values in words of the current language: "draw 4.53 cards, retire 1 card
        (bust 0%, 11 0%)" / "tomar carta 4,53 cartas, retirarse 1 carta (pasarse 0%, 11 0%)"."""
        draw = "-" if self.draw is None else f"{float(self.draw):.2f}"
        if get_language() == "es":
            draw = draw.replace(".", ",")                  # the decimal comma
        # imported here: it loads python-chess, which play never needs (0.08 s of a first game)
        from drezlab.core.words import count_words

        retire = count_words(self.retire, "card")
        return t("draw {draw} cards, retire {retire} (bust {bust}, 11 {eleven})").format(
            draw=draw, retire=retire, bust=f"{float(self.bust):.0%}", eleven=f"{float(self.eleven):.0%}")


def exact_values(cards: Sequence[CardLike], stock: Sequence[int], others: int) -> ExactValues:
    """The exact values of drawing and retiring for a hand ``cards`` with the stock
    composition ``stock`` (six figure counts) and ``others`` cards on the table
    besides the hand (what an 11 would take with it)."""
    state = hand_state(cards)
    stock = tuple(int(count) for count in stock)
    if len(stock) != 6 or any(count < 0 for count in stock):
        raise ValueError("the stock is six figure counts (pawns, knights, bishops, rooks, queens, jokers)")
    count = len(cards)
    draw = _draw_value(state[0], state[1], count, stock, others) if sum(stock) else None
    return ExactValues(draw, count // 2, bust_chance(state, stock), eleven_chance(state, stock))


@lru_cache(maxsize=200_000)
def _draw_value(low: int, joker: bool, count: int, stock: tuple[int, ...], others: int) -> Fraction:
    """The value of drawing now and then choosing optimally (see the module docstring)."""
    total = sum(stock)
    value = Fraction(0)
    for index, left in enumerate(stock):
        if not left:
            continue
        new_low, new_joker = _after(low, joker, index)
        if new_low > TARGET:
            continue                                            # bust: nothing
        if state_score(new_low, new_joker) == TARGET:
            gain = Fraction(others + count + 1)                 # 11: the whole table
        else:
            rest = stock[:index] + (left - 1,) + stock[index + 1:]
            gain = Fraction((count + 1) // 2)
            if sum(rest):
                gain = max(gain, _draw_value(new_low, new_joker, count + 1, rest, others))
        value += gain * Fraction(left, total)
    return value


def clear_cache() -> None:
    """Forget every memoised value (benchmarks time cold computations)."""
    _draw_value.cache_clear()
