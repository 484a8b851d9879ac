"""PokerGuess predictions: what they say, how they are ordered, when they are
true, and the exact chance that one is true given what a seat can see.

A prediction ``(c, C, f, F)`` says "there are at least ``c`` cards of colour
``C`` and at least ``f`` cards of figure ``F``, and no card is counted in both
groups" (rules §2.2). Values (D13): ``1 <= c <= 6``, ``1 <= f <= 9``, so there
are 6 x 9 x 9 x 6 = 2,916 predictions. It is written in lower-case words:
``"4 red 4 bishops"`` (count, colour, count, figure in the plural, always).

* **Order (D14)**: by the key ``(c, f, C, rank(F))``, highest first: the colour
  count, then the figure count, then the colour number, then the figure's rank.
* **Verification (D15)**: with ``a`` cards of colour C and another figure,
  ``b`` cards of figure F and another colour, and ``x`` the one card that is
  both (0 or 1), the prediction is true exactly when
  ``max(0, c - a) + max(0, f - b) <= x``: each group uses the cards that only
  it can use first, and the shared card counts for one group at most.
* **Exact chance**: the cards a seat cannot see are equally likely to be any
  of the cards it has not seen. Only how many of the hidden cards fall in each
  of four classes matters (colour C only, figure F only, the shared card,
  anything else), so the chance is a sum over a multivariate hypergeometric
  distribution of at most 6 x 9 x 2 terms: exact as a ``Fraction`` and well
  under a millisecond, however many seats there are. :func:`truth_table` does
  it for all 2,916 predictions at once (the probability bot's table).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from drezlab.core.cards import Card, Color, Figure
from drezlab.core.i18n import add_translations, t

MAX_COLOUR_COUNT = 6      # one card of each figure per colour
MAX_FIGURE_COUNT = 9      # one card of each colour per figure

#: colour names in notation, by number (1 grey ... 9 green)
COLOUR_WORDS = {colour.value: colour.name.lower() for colour in Color}
#: figure names in notation (plural), by rank (1 pawns ... 6 jokers)
FIGURE_WORDS = {figure.value: figure.name.lower() + "s" for figure in Figure}
_COLOUR_BY_WORD = {word: number for number, word in COLOUR_WORDS.items()}
_FIGURE_BY_WORD = {word: rank for rank, word in FIGURE_WORDS.items()}
_TEXT = re.compile(r"^([1-6]) ([a-z]+) ([1-9]) ([a-z]+)$")

#: the 54 cards of the game (the neutral cards are removed, §0.2)
DECK: tuple[Card, ...] = tuple(Card(figure, number) for figure in Figure for number in range(1, 10))


@dataclass(frozen=True, order=False)
class Prediction:
    """``colour_count`` cards of colour ``colour`` and ``figure_count`` cards of
    figure ``figure`` (its rank 1-6), no card in both groups."""

    colour_count: int
    colour: int
    figure_count: int
    figure: int

    def __post_init__(self) -> None:
        for value in (self.colour_count, self.colour, self.figure_count, self.figure):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("a prediction is made of four whole numbers")
        if not 1 <= self.colour_count <= MAX_COLOUR_COUNT:
            raise ValueError(f"a colour group has 1 to {MAX_COLOUR_COUNT} cards (D13), not {self.colour_count}")
        if not 1 <= self.figure_count <= MAX_FIGURE_COUNT:
            raise ValueError(f"a figure group has 1 to {MAX_FIGURE_COUNT} cards (D13), not {self.figure_count}")
        if self.colour not in COLOUR_WORDS:
            raise ValueError(f"a colour is a number from 1 (grey) to 9 (green), not {self.colour}")
        if self.figure not in FIGURE_WORDS:
            raise ValueError(f"a figure is a rank from 1 (pawn) to 6 (joker), not {self.figure}")

    @classmethod
    def parse(cls, text: str | Prediction) -> Prediction:
        """``Prediction.parse("4 red 4 bishops")`` (the notation; ``ValueError`` otherwise)."""
        if isinstance(text, Prediction):
            return text
        if not isinstance(text, str):
            raise TypeError(f"a prediction is written like '4 red 4 bishops', not {type(text).__name__}")
        match = _TEXT.match(" ".join(text.split()))
        if (match is None or match.group(2) not in _COLOUR_BY_WORD
                or match.group(4) not in _FIGURE_BY_WORD):
            raise ValueError(t("{text} is not a prediction: write the colour count (1-6), a colour ({colours}), "
                               "the figure count (1-9) and a figure ({figures}), e.g. '4 red 4 bishops'").format(
                text=repr(text[:40]), colours=", ".join(COLOUR_WORDS.values()),
                figures=", ".join(FIGURE_WORDS.values())))
        return cls(int(match.group(1)), _COLOUR_BY_WORD[match.group(2)], int(match.group(3)),
                   _FIGURE_BY_WORD[match.group(4)])

    @property
    def text(self) -> str:
        """The notation: ``"4 red 4 bishops"``."""
        return f"{self.colour_count} {COLOUR_WORDS[self.colour]} {self.figure_count} {FIGURE_WORDS[self.figure]}"

    @property
    def key(self) -> tuple[int, int, int, int]:
        """The D14 sort key ``(c, f, C, rank(F))``; higher is checked first."""
        return (self.colour_count, self.figure_count, self.colour, self.figure)

    @property
    def targets(self) -> tuple[str, str, str, str]:
        """The four ids a pupil clicks to make it: ``c4``, ``red``, ``f4``, ``bishops``."""
        return (f"c{self.colour_count}", COLOUR_WORDS[self.colour], f"f{self.figure_count}",
                FIGURE_WORDS[self.figure])

    def counts(self, pool: Iterable[Card]) -> tuple[int, int, int]:
        """``(a, b, x)`` of D15 in ``pool``."""
        a, b, x, _ = _class_counts(pool, self.colour, self.figure)
        return a, b, x

    def is_true(self, pool: Iterable[Card]) -> bool:
        """D15: ``max(0, c - a) + max(0, f - b) <= x`` over the cards of ``pool``."""
        a, b, x = self.counts(pool)
        return max(0, self.colour_count - a) + max(0, self.figure_count - b) <= x

    def __str__(self) -> str:
        return self.text


#: every prediction, highest first in the D14 order
ALL_PREDICTIONS: tuple[Prediction, ...] = tuple(sorted(
    (Prediction(c, colour, f, figure) for c in range(1, MAX_COLOUR_COUNT + 1) for colour in COLOUR_WORDS
     for f in range(1, MAX_FIGURE_COUNT + 1) for figure in FIGURE_WORDS),
    key=lambda prediction: prediction.key, reverse=True))


def check_order(predictions: Iterable[Prediction]) -> list[Prediction]:
    """The predictions in the order they are verified (D14: highest key first)."""
    return sorted(predictions, key=lambda prediction: prediction.key, reverse=True)


# --------------------------------------------------------------- exact chance
def _class_counts(cards: Iterable[Card], colour: int, figure: int) -> tuple[int, int, int, int]:
    """How many of ``cards`` are colour-only, figure-only, both, neither."""
    a = b = x = other = 0
    for card in cards:
        same_colour = card.number == colour
        same_figure = card.figure_number == figure
        if same_colour and same_figure:
            x += 1
        elif same_colour:
            a += 1
        elif same_figure:
            b += 1
        else:
            other += 1
    return a, b, x, other


def _pair_table(known: Sequence[Card], unseen: Sequence[Card], hidden: int, colour: int,
                figure: int) -> list[list[int]]:
    """``table[c][f]``: in how many of the ``comb(len(unseen), hidden)`` equally likely
    sets of hidden cards the prediction ``(c, colour, f, figure)`` is true."""
    ka, kb, kx, _ = _class_counts(known, colour, figure)
    ua, ub, ux, uo = _class_counts(unseen, colour, figure)
    # reach[c][g]: weight of the hidden sets where, for colour count c, the largest
    # true figure count is exactly g (0 = none)
    reach = [[0] * (MAX_FIGURE_COUNT + 1) for _ in range(MAX_COLOUR_COUNT + 1)]
    for i in range(min(ua, hidden) + 1):
        wi = comb(ua, i)
        for j in range(min(ub, hidden - i) + 1):
            wj = wi * comb(ub, j)
            for k in range(min(ux, hidden - i - j) + 1):
                rest = hidden - i - j - k
                if rest > uo:
                    continue
                weight = wj * comb(ux, k) * comb(uo, rest)
                a, b, x = ka + i, kb + j, kx + k
                for c in range(1, MAX_COLOUR_COUNT + 1):
                    need = max(0, c - a)
                    if need > x:
                        break
                    top = b + x - need
                    if top < 1:
                        break
                    reach[c][min(top, MAX_FIGURE_COUNT)] += weight
    table = [[0] * (MAX_FIGURE_COUNT + 2) for _ in range(MAX_COLOUR_COUNT + 1)]
    for c in range(1, MAX_COLOUR_COUNT + 1):
        for f in range(MAX_FIGURE_COUNT, 0, -1):
            table[c][f] = table[c][f + 1] + reach[c][f]
    return table


def truth_probability(prediction: Prediction, known: Sequence[Card], unseen: Sequence[Card],
                      hidden: int) -> Fraction:
    """The exact chance that ``prediction`` is true when the pool is the ``known``
    cards plus ``hidden`` cards drawn without order from ``unseen`` (all equally likely)."""
    if not 0 <= hidden <= len(unseen):
        raise ValueError(f"{hidden} hidden cards cannot come from {len(unseen)} unseen cards")
    table = _pair_table(known, unseen, hidden, prediction.colour, prediction.figure)
    return Fraction(table[prediction.colour_count][prediction.figure_count], comb(len(unseen), hidden))


def truth_table(known: Sequence[Card], unseen: Sequence[Card], hidden: int) -> dict[Prediction, float]:
    """The chance (as a float) of every one of the 2,916 predictions at once."""
    total = comb(len(unseen), hidden)
    chances: dict[Prediction, float] = {}
    tables = {(colour, figure): _pair_table(known, unseen, hidden, colour, figure)
              for colour in COLOUR_WORDS for figure in FIGURE_WORDS}
    for prediction in ALL_PREDICTIONS:
        count = tables[prediction.colour, prediction.figure][prediction.colour_count][prediction.figure_count]
        chances[prediction] = count / total
    return chances


add_translations({
    "{text} is not a prediction: write the colour count (1-6), a colour ({colours}), the figure count (1-9) "
    "and a figure ({figures}), e.g. '4 red 4 bishops'":
        "{text} no es una predicción: escribe cuántas del color (1-6), un color ({colours}), cuántas de la "
        "figura (1-9) y una figura ({figures}), por ejemplo '4 red 4 bishops'",
})
