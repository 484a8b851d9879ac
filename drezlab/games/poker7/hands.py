"""Poker7 hand evaluation (rules §1.2, DECISIONS D7–D11): groups, partitions, values.

A Poker7 hand is all 7 cards a player can use (2 own + 5 community). The
player's result is the best way to split those cards into *groups*: sets of
cards that share a figure or share a colour, every card in exactly one group.

Reading order of this module follows the rules:

1. :func:`is_group` and :func:`group_key`: what a group is and how one group
   ranks (D8 singletons are colour groups, D9 ``ordered``, ``hier``).
2. :func:`partition_value`: the value of one partition, compared first on the
   sizes S, then on the ordered flags F, then on the hierarchy H (D10, D11).
3. :func:`valid_partitions` and :func:`hand_value_by_search`: the search of D7
   exactly as written — every valid partition, the maximum value. It is the
   reference the fast evaluator is tested against.
4. :func:`hand_value`: the evaluator every game, bot and lesson uses. It is
   exact (it returns the same value as the full search for every hand, see
   below) and much faster: it builds the best partition one whole line at a
   time, remembers the best partition of every card set it has solved, and
   reads each group's rank from a table computed once.
5. :func:`compare_hands`: which of two hands wins and which rule decides, in
   words a pupil can read.

Why the fast evaluator is exact
-------------------------------
Think of the 6 figures as rows and the 9 colours as columns of a grid; a card
is one cell, and a *line* is a row or a column. Every group lies inside one
line (a figure group in a row, a colour group in a column).

* **Merging two groups of one line always improves S.** Sizes ``a, b`` become
  ``a + b``; in the descending size list the first place that changes now holds
  ``a + b`` where it held something smaller. S is compared first, so a best
  partition never holds two groups that could be merged.
* Hence **the largest group of a best partition is a whole fullest line**: S[0]
  is at least the number ``L`` of cards on the fullest line (take that line as
  a group), and no group can be larger than its line, so the largest group has
  ``L`` cards, which is all the cards of its line.
* **Fixing one group, the best completion is the best partition of the other
  cards.** D10 compares S, then F, then H, and each of the three is a
  comparison of multisets (of sizes; of (size, ordered) pairs; of whole group
  keys) by their sorted lists. Adding the same group to two partitions never
  changes which of them is better under such a comparison.
* So ``best(cards) = max over the fullest lines l of {l} + best(cards - l)``;
  with no two cards on one line, every card is a singleton. The recursion
  tries every fullest line when several tie (rarely more than two), and the
  table of solved card sets makes the many hands that share cards cheap —
  the 1,081 opponent hands of a river equity share the 5 community cards.

Because H encodes every card (the numbers of a figure group, the figures of a
colour group), two different partitions never have equal values, so the best
partition is unique and :attr:`HandValue.groups` is well defined (D11).

Speed: every possible group (3,579 of them) gets a precomputed integer key
that sorts exactly like ``(size, ordered, hier)``, and a hand's value is one
integer that sorts exactly like ``(S, F, H)`` (:func:`value_key`).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from drezlab.core.cards import Card, CardLike, Figure, as_card
from drezlab.core.mime import svg_bundle
from drezlab.core.spec import load_object
from drezlab.games.poker7.meta import HAND_PICTURE
from drezlab.games.poker7.words import comparison_reason, group_name, group_words

FIGURES = 6
COLOURS = 9
DECK_SIZE = FIGURES * COLOURS
HAND_SIZE = 7
COLOUR_RANK = 7
"""``hier`` of a colour group starts with 7: higher than any figure rank (Joker = 6)."""

Group = tuple[Card, ...]
GroupKey = tuple[int, bool, tuple[int, ...]]
Value = tuple[tuple[int, ...], tuple[bool, ...], tuple[tuple[int, ...], ...]]


# ----------------------------------------------------------------- the cards
def poker7_deck() -> list[Card]:
    """The 54 cards of Poker7: one pack without its two neutral cards (§0.2)."""
    return [Card(figure, number) for figure in Figure for number in range(1, COLOURS + 1)]


def card_index(card: Card) -> int:
    """0..53: ``(figure - 1) * 9 + (number - 1)``; the evaluator works on these."""
    assert card.figure is not None and card.number is not None
    return (int(card.figure) - 1) * COLOURS + card.number - 1


DECK: tuple[Card, ...] = tuple(poker7_deck())
"""The cards by :func:`card_index`."""


def as_hand(cards: Iterable[CardLike] | str) -> list[Card]:
    """Parse a hand given as Cards, ids, or one string of ids (``"R2 P2 P9"``).

    Poker7 is played with one pack and no neutral cards, so neutral cards,
    second-pack cards, hidden placeholders and repeated cards are refused with
    a ``ValueError`` that says which card is wrong.
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if isinstance(cards, Card):
        raise ValueError("give a list of cards, e.g. ['Q5', 'P3'], not a single card")
    hand: list[Card] = []
    for item in cards:
        card = as_card(item)
        if card.is_unknown:
            raise ValueError("a hidden card cannot be evaluated")
        if card.is_neutral:
            raise ValueError(f"{card.id} is a neutral card; Poker7 removes them (§0.2)")
        if card.pack:
            raise ValueError(f"{card.id} belongs to a second pack; Poker7 uses one pack")
        if card in hand:
            raise ValueError(f"card {card.id} appears twice")
        hand.append(card)
    return hand


def _checked_hand(cards: Iterable[CardLike] | str) -> list[Card]:
    hand = as_hand(cards)
    if not 1 <= len(hand) <= HAND_SIZE:
        raise ValueError(f"a Poker7 hand has 1 to 7 cards (7 at showdown), not {len(hand)}")
    return hand


# ---------------------------------------------------------------- one group
def is_group(cards: Sequence[Card]) -> bool:
    """A non-empty set of cards that all share the figure or all share the colour (§1.2)."""
    if not cards:
        return False
    return len({card.figure for card in cards}) == 1 or len({card.number for card in cards}) == 1


def group_key(group: Sequence[Card]) -> GroupKey:
    """``(size, ordered, hier)`` of one group, exactly as in the rules' snippet.

    * A figure group (2+ cards of one figure) has ``keys`` = its numbers, and
      ``hier = (figure rank, *keys)``.
    * A colour group (2+ cards of one colour), and every singleton (D8), has
      ``keys`` = its figure ranks, and ``hier = (7, colour, *keys)``.
    * ``ordered`` (D9): 2+ cards whose keys, sorted down, step by exactly 1.
    """
    if len(group) >= 2 and len({card.figure for card in group}) == 1:
        keys = sorted((card.number or 0 for card in group), reverse=True)
        hier: tuple[int, ...] = (int(group[0].figure or 0), *keys)
    else:
        keys = sorted((int(card.figure or 0) for card in group), reverse=True)
        hier = (COLOUR_RANK, group[0].number or 0, *keys)
    ordered = len(group) >= 2 and all(keys[i] - keys[i + 1] == 1 for i in range(len(group) - 1))
    return len(group), ordered, hier


def _canonical(partition: Iterable[Sequence[Card]]) -> list[tuple[GroupKey, Group]]:
    """Groups with their keys, in canonical order: (size, ordered, hier) descending;
    inside a group, cards in the order of its keys (highest first)."""
    keyed = []
    for group in partition:
        key = group_key(group)
        if len(group) >= 2 and len({card.figure for card in group}) == 1:
            cards = tuple(sorted(group, key=lambda card: -(card.number or 0)))
        else:
            cards = tuple(sorted(group, key=lambda card: -int(card.figure or 0)))
        keyed.append((key, cards))
    keyed.sort(key=lambda item: item[0], reverse=True)
    return keyed


# ------------------------------------------------------------ one partition
def partition_value(partition: Iterable[Sequence[Card]]) -> Value:
    """``(S, F, H)`` of one partition (D10): sizes, ordered flags and hierarchies
    of its groups in canonical order. Tuples compare S first, then F, then H."""
    keys = [key for key, _ in _canonical(partition)]
    return (tuple(k[0] for k in keys), tuple(k[1] for k in keys), tuple(k[2] for k in keys))


# ------------------------------------------------- D7: the reference search
def valid_partitions(cards: Iterable[CardLike] | str) -> Iterator[list[Group]]:
    """Every valid partition of the hand, by the recursive search of D7.

    Take the first card not yet placed, try every group that contains it and
    whose other cards are still unplaced, and recurse. At most Bell(7) = 877
    partitions exist; real hands have a few dozen valid ones.
    """
    hand = _checked_hand(cards)

    def search(remaining: tuple[Card, ...]) -> Iterator[list[Group]]:
        if not remaining:
            yield []
            return
        first, rest = remaining[0], remaining[1:]
        for size in range(len(rest) + 1):
            for others in combinations(rest, size):
                group = (first, *others)
                if is_group(group):
                    left = tuple(card for card in rest if card not in others)
                    for tail in search(left):
                        yield [group, *tail]

    return search(tuple(hand))


def hand_value_by_search(cards: Iterable[CardLike] | str) -> HandValue:
    """The value of D7 computed literally: the best of every valid partition.

    Slow (it tries every partition); :func:`hand_value` gives the same result
    quickly. Kept as the reference for tests and for lessons that count
    partitions.
    """
    best = max(valid_partitions(cards), key=partition_value)
    return _hand_value_from_groups(best)


# -------------------------------------------------- precomputed group ranks
def _group_table() -> tuple[list[list[int]], list[list[int]], dict[int, GroupKey]]:
    """Integer keys for every possible group, sorting like ``(size, ordered, hier)``.

    ``ROW_KEYS[figure - 1][mask]``: the group of that figure's cards whose
    numbers are the set bits of ``mask`` (9 bits); ``COL_KEYS[number - 1][mask]``:
    the group of that colour's cards whose figures are the set bits of ``mask``
    (6 bits). A one-card mask gives the singleton's (colour) key in both tables.
    The integer is ``size << 13 | ordered << 12 | rank of hier`` (3,579 groups,
    ranked in ``hier`` order; ranks only ever meet groups of the same size).
    The groups are made of the :data:`DECK`'s own cards: making 15,552 new cards took
    half of the 130 ms this table costs on the first use of Poker7.
    """
    groups: list[tuple[str, int, int, GroupKey]] = []
    for figure in range(1, FIGURES + 1):
        for mask in range(1, 1 << COLOURS):
            if mask & (mask - 1):
                cards = [DECK[(figure - 1) * COLOURS + bit] for bit in range(COLOURS) if mask >> bit & 1]
                groups.append(("row", figure, mask, group_key(cards)))
    for number in range(1, COLOURS + 1):
        for mask in range(1, 1 << FIGURES):
            cards = [DECK[bit * COLOURS + number - 1] for bit in range(FIGURES) if mask >> bit & 1]
            groups.append(("col", number, mask, group_key(cards)))
    hiers = sorted({key[2] for *_, key in groups})
    rank = {hier: index for index, hier in enumerate(hiers)}
    assert len(hiers) < 1 << 12
    rows = [[0] * (1 << COLOURS) for _ in range(FIGURES)]
    cols = [[0] * (1 << FIGURES) for _ in range(COLOURS)]
    decode: dict[int, GroupKey] = {}
    for kind, index, mask, key in groups:
        code = key[0] << 13 | int(key[1]) << 12 | rank[key[2]]
        decode[code] = key
        if kind == "row":
            rows[index - 1][mask] = code
        else:
            cols[index - 1][mask] = code
            if not mask & (mask - 1):       # a singleton: same key seen from its row
                figure = mask.bit_length()
                rows[figure - 1][1 << (index - 1)] = code
    return rows, cols, decode


ROW_KEYS, COL_KEYS, _DECODE = _group_table()

_SIZE_SHIFT = 7 + 7 * 12      # S occupies the top 7 x 3 bits, F the next 7, H the last 7 x 12
_FLAG_SHIFT = 7 * 12

LINES: tuple[int, ...] = (
    tuple(0x1FF << COLOURS * figure for figure in range(FIGURES))
    + tuple(sum(1 << (COLOURS * figure + colour) for figure in range(FIGURES)) for colour in range(COLOURS)))
"""The 15 lines of the grid as 54-bit masks of card indices: 6 figure rows, 9 colour columns."""


def _line_keys() -> dict[int, int]:
    """Group key of every set of 2+ cards on one line, by its 54-bit mask."""
    keys: dict[int, int] = {}
    for figure in range(FIGURES):
        for mask in range(3, 1 << COLOURS):
            if mask & (mask - 1):
                keys[mask << COLOURS * figure] = ROW_KEYS[figure][mask]
    for colour in range(COLOURS):
        for mask in range(3, 1 << FIGURES):
            if mask & (mask - 1):
                cells = sum(1 << (COLOURS * figure + colour) for figure in range(FIGURES) if mask >> figure & 1)
                keys[cells] = COL_KEYS[colour][mask]
    return keys


LINE_KEYS = _line_keys()
SINGLE_KEYS: tuple[int, ...] = tuple(COL_KEYS[index % COLOURS][1 << index // COLOURS] for index in range(DECK_SIZE))
"""Key of each card as a singleton (a colour group of one, D8)."""

_MEMO: dict[int, tuple[int, ...]] = {}
MEMO_LIMIT = 1 << 16
"""Best partitions remembered by card set; the table is emptied when it reaches this size."""


def clear_cache() -> None:
    """Forget every remembered partition (benchmarks measure a cold evaluator)."""
    _MEMO.clear()


def _encode(codes: Sequence[int]) -> int:
    """One integer that sorts like ``(S, F, H)``, from group keys sorted descending.

    S, F and H are written as 7 fixed-width digits each, padded with zeros.
    Two S lists of hands with the same number of cards can differ in length
    but never be prefixes of one another (they add up to the same total), so
    padding keeps the order of D10.
    """
    sizes = flags = hiers = 0
    for code in codes:
        sizes = sizes << 3 | code >> 13
        flags = flags << 1 | (code >> 12 & 1)
        hiers = hiers << 12 | (code & 4095)
    pad = HAND_SIZE - len(codes)
    return (sizes << 3 * pad) << _SIZE_SHIFT | (flags << pad) << _FLAG_SHIFT | hiers << 12 * pad


def _best_codes(mask: int) -> tuple[int, ...]:
    """Group keys (sorted descending) of the best partition of the card set ``mask``.

    The recursion of the module docstring: take a fullest line whole, solve the
    rest; when several lines are equally full, try each and keep the best by
    ``(S, F, H)`` (compared as the lists of sizes, of flags, then of keys).
    """
    known = _MEMO.get(mask)
    if known is not None:
        return known
    fullest = 1
    lines: list[int] = []
    for line in LINES:
        cells = mask & line
        if cells & (cells - 1):
            count = cells.bit_count()
            if count > fullest:
                fullest, lines = count, [cells]
            elif count == fullest:
                lines.append(cells)
    if not lines:                               # no two cards share a line: all singletons
        codes = []
        rest = mask
        while rest:
            low = rest & -rest
            codes.append(SINGLE_KEYS[low.bit_length() - 1])
            rest ^= low
        codes.sort(reverse=True)
    elif len(lines) == 1:
        codes = [LINE_KEYS[lines[0]], *_best_codes(mask ^ lines[0])]
        codes.sort(reverse=True)
    else:
        best: tuple[list[int], list[int], list[int]] | None = None
        for cells in lines:
            candidate = [LINE_KEYS[cells], *_best_codes(mask ^ cells)]
            candidate.sort(reverse=True)
            order = ([code >> 13 for code in candidate], [code >> 12 & 1 for code in candidate], candidate)
            if best is None or order > best:
                best = order
        assert best is not None
        codes = best[2]
    if len(_MEMO) >= MEMO_LIMIT:
        _MEMO.clear()
    result = _MEMO[mask] = tuple(codes)
    return result


def mask_of(cards: Iterable[CardLike]) -> int:
    """The 54-bit mask of a set of cards (bit :func:`card_index` set for each)."""
    mask = 0
    for card in cards:
        mask |= 1 << card_index(as_card(card))
    return mask


def value_key(mask: int) -> int:
    """The value of the hand ``mask`` (see :func:`mask_of`) as one integer that
    orders hands exactly like :class:`HandValue`. For bots and odds, which
    compare many hands and need nothing else (no checks: give 1–7 real cards)."""
    return _encode(_best_codes(mask))


# ------------------------------------------------------------ the public value
@functools.total_ordering
@dataclass(frozen=True)
class HandValue:
    """The value of a Poker7 hand and the partition that achieves it.

    ``sizes`` (S), ``ordered`` (F) and ``hier`` (H) are the three parts of D10;
    ``groups`` is the best partition, groups in canonical order. Values are
    totally ordered: ``hand_value(a) > hand_value(b)`` means hand ``a`` wins.
    Displayed in Jupyter, a value draws its groups.
    """

    sizes: tuple[int, ...]
    ordered: tuple[bool, ...]
    hier: tuple[tuple[int, ...], ...]
    groups: tuple[Group, ...] = field(compare=False)
    key: int = field(repr=False, compare=False)

    def as_tuple(self) -> Value:
        """``(S, F, H)`` as the rules' ``value(partition)`` returns it."""
        return self.sizes, self.ordered, self.hier

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == other.key

    def __lt__(self, other: HandValue) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key < other.key

    def __hash__(self) -> int:
        return hash(self.key)

    @property
    def cards(self) -> list[Card]:
        """The cards of the hand, group by group."""
        return [card for group in self.groups for card in group]

    def describe(self) -> str:
        """One line such as ``Q2 R2 N2 P2 · B9 P9 · J6  (S 4,2,1  F 0,0,0)``."""
        groups = " · ".join(" ".join(card.id for card in group) for group in self.groups)
        sizes = ",".join(str(size) for size in self.sizes)
        flags = ",".join(str(int(flag)) for flag in self.ordered)
        return f"{groups}  (S {sizes}  F {flags})"

    def group_names(self) -> list[str]:
        """Each group in words, in the current language: 'red colour group of 4 (ordered)',
        'bishops: 3' / 'grupo de color rojo de 4 (en escalera)', 'alfiles: 3'."""
        names = []
        for group, (size, ordered, hier) in zip(self.groups, zip(self.sizes, self.ordered, self.hier)):
            if hier[0] == COLOUR_RANK:
                names.append(group_name(size, ordered, group[0].color, None))
            else:
                names.append(group_name(size, ordered, None, group[0].figure))
        return names

    def svg(self, *, label: str = "", winner: bool = False) -> str:
        """The hand drawn as its groups (``picture.partition_svg``, looked up by the
        name the game's metadata gives, so this module never imports the picture)."""
        return str(load_object(HAND_PICTURE)(self, label=label, winner=winner))

    def _repr_svg_(self) -> str:
        return self.svg()

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        """The picture as SVG and as an ``<img>`` a notebook opened before "Run all" shows."""
        return svg_bundle(self.svg(), self.describe())

    def __str__(self) -> str:
        return self.describe()


def _hand_value_from_groups(partition: Iterable[Sequence[Card]]) -> HandValue:
    keyed = _canonical(partition)
    keys = [key for key, _ in keyed]
    codes = []
    for key, group in keyed:
        figure, colour = divmod(card_index(group[0]), COLOURS)
        mask = 0
        if key[2][0] == COLOUR_RANK:
            for card in group:
                mask |= 1 << (int(card.figure or 0) - 1)
            codes.append(COL_KEYS[colour][mask])
        else:
            for card in group:
                mask |= 1 << ((card.number or 0) - 1)
            codes.append(ROW_KEYS[figure][mask])
    return HandValue(tuple(k[0] for k in keys), tuple(k[1] for k in keys), tuple(k[2] for k in keys),
                     tuple(group for _, group in keyed), _encode(codes))


def hand_value(cards: Iterable[CardLike] | str) -> HandValue:
    """The value of a Poker7 hand (D7–D11): the best partition of its cards
    into figure and colour groups, and its ``(S, F, H)``.

    ``cards``: 7 cards at showdown (fewer are accepted for teaching: the value
    of what a player holds so far), as Cards, ids or one string of ids::

        >>> hand_value("Q2 N2 R2 P2 P9 B9 J6").describe()
        'Q2 R2 N2 P2 · B9 P9 · J6  (S 4,2,1  F 0,0,0)'

    Exact: the same value as trying every partition (:func:`hand_value_by_search`).
    """
    codes = _best_codes(mask_of(_checked_hand(cards)))
    keys = [_DECODE[code] for code in codes]
    groups = tuple(_group_of(key) for key in keys)
    return HandValue(tuple(k[0] for k in keys), tuple(k[1] for k in keys), tuple(k[2] for k in keys),
                     groups, _encode(codes))


def _group_of(key: GroupKey) -> Group:
    """The cards of the group with this key (``hier`` names every card), highest first."""
    hier = key[2]
    if hier[0] == COLOUR_RANK:
        return tuple(Card(Figure(rank), hier[1]) for rank in hier[2:])
    return tuple(Card(Figure(hier[0]), number) for number in hier[1:])


# ------------------------------------------------------------- explanations
def compare_hands(first: Iterable[CardLike] | str, second: Iterable[CardLike] | str) -> tuple[int, str]:
    """Which hand wins and why: ``(+1 | 0 | -1, reason)``.

    +1: ``first`` wins, -1: ``second`` wins, 0: a tie (only possible for two
    identical card sets). The reason names the deciding rule of D10: group
    sizes, ordered groups, or hierarchy (and which group decides), in the current
    language (:func:`~drezlab.games.poker7.words.comparison_reason`).
    """
    a, b = hand_value(first), hand_value(second)
    if a == b:
        return 0, comparison_reason("tie")
    sign = 1 if a > b else -1
    better, worse = (a, b) if sign > 0 else (b, a)
    if better.sizes != worse.sizes:
        return sign, comparison_reason("sizes", better=_dotted(better.sizes), worse=_dotted(worse.sizes))
    if better.ordered != worse.ordered:
        place = next(i for i, (x, y) in enumerate(zip(better.ordered, worse.ordered)) if x != y)
        return sign, comparison_reason("ordered", size=better.sizes[place])
    place = next(i for i, (x, y) in enumerate(zip(better.hier, worse.hier)) if x != y)
    return sign, comparison_reason("hierarchy", place=place,
                                   better=_hier_words(better.hier[place], better.groups[place]),
                                   worse=_hier_words(worse.hier[place], worse.groups[place]))


def _dotted(values: Sequence[int]) -> str:
    return "·".join(str(value) for value in values)


def _hier_words(hier: tuple[int, ...], group: Group) -> str:
    ids = " ".join(card.id for card in group)
    if hier[0] == COLOUR_RANK:
        return group_words(group[0].color, None, ids)
    return group_words(None, group[0].figure, ids)
