"""SoloDrez's rules on ranks (card-games.md §3, D18, D19) and the names of its columns:
what the game (:mod:`drezlab.games.solodrez.game`), its words
(:mod:`drezlab.games.solodrez.words`), its solver and its picture share, so that none of
them imports another for these.

A column is looked at as the ranks of its cards, bottom first: 1 Pawn ... 6 Joker, and
:data:`NEUTRAL` (0) for a neutral card, a wildcard.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from drezlab.core.cards import Card

#: the number of columns (D17)
COLUMNS = 9
#: the rank of a neutral card in rank lists (a wildcard; figures rank 1-6)
NEUTRAL = 0
JOKER = 6
#: a removable column, bottom to top: J Q R B N P
COMPLETE = (6, 5, 4, 3, 2, 1)
REMOVED_ZONE = "removed"
#: every top a column may have: ``None`` for an empty column, 0 for a neutral card, 1-6 the figures
TOPS: tuple[int | None, ...] = (None, NEUTRAL, 1, 2, 3, 4, 5, JOKER)


def rank(card: Card) -> int:
    """A card's rank for SoloDrez: its figure's (1 Pawn ... 6 Joker), 0 for a neutral card."""
    return card.figure_number


@functools.cache
def run_bases(ranks: tuple[int, ...]) -> frozenset[int]:
    """The ranks the bottom card of a run may play (§3), the run's ranks listed bottom
    to top (0 = a neutral card). Empty when the cards are not an ordered run.

    The bottom card plays rank *b* when every card *i* places above it is neutral or
    ranks *b* − *i*, and the top card still ranks at least 1 (a Pawn)."""
    size = len(ranks)
    return frozenset(base for base in range(size, JOKER + 1)
                     if all(card == NEUTRAL or card == base - place for place, card in enumerate(ranks)))


def fits(bases: frozenset[int], top: int | None) -> bool:
    """May a run whose bottom card can play the ranks ``bases`` go onto a column whose top
    card ranks ``top`` (``None``: an empty column; 0: a neutral top card)? (§3, D18)"""
    if top is None:
        return JOKER in bases
    if top == NEUTRAL:
        return any(base < JOKER for base in bases)
    return top - 1 in bases


@functools.cache
def accepted_tops(bases: frozenset[int]) -> frozenset[int | None]:
    """Every column top (see :data:`TOPS`) that a run whose bottom card can play ``bases``
    :func:`fits` onto: worked out once per set of bases, so listing the moves asks a set,
    not the rule, for each of the nine columns."""
    return frozenset(top for top in TOPS if fits(bases, top))


@functools.cache
def column_runs(ranks: tuple[int, ...]) -> tuple[tuple[int, frozenset[int | None]], ...]:
    """The runs a column whose ranks (bottom first) are ``ranks`` offers: (size, the tops it
    fits onto) for each ordered run of its top cards, the smallest first. Worked out once
    per column seen (columns change a card or two a move, so they come back often)."""
    runs = []
    for size in range(1, len(ranks) + 1):
        bases = run_bases(ranks[-size:])
        if not bases:
            break
        runs.append((size, accepted_tops(bases)))
    return tuple(runs)


class ColumnInfo(NamedTuple):
    """What the rules read from one column (:func:`column_info`)."""

    #: the place of its top in :data:`TOPS`: 0 when empty, else the top card's rank + 1
    top: int
    #: it holds exactly J Q R B N P and may be removed (D19)
    complete: bool
    #: its runs as :func:`column_runs` gives them, each top by its place in :data:`TOPS`
    runs: tuple[tuple[int, tuple[int, ...]], ...]
    #: ``1 << 8 * top``: summed over the nine columns, how many columns show each top,
    #: place ``p`` of :data:`TOPS` in bits ``8p`` to ``8p + 7``
    shown: int
    #: for each place ``p`` in :data:`TOPS`, how many of its runs fit onto that top, the
    #: places reversed: in bits ``8(7 - p)`` to ``8(7 - p) + 7`` (see :func:`moves_out`)
    fits: int
    #: how many of its runs fit onto its own top (a run never goes back onto its column)
    own: int


#: where the product of :func:`moves_out` holds its sum: the bits of the last place of :data:`TOPS`
DOT_SHIFT = 8 * (len(TOPS) - 1)


def moves_out(info: ColumnInfo, shown: int) -> int:
    """How many moves a column offers: each of its runs onto each other column showing a
    top the run fits, ``shown`` being the sum of the nine columns' ``ColumnInfo.shown``.

    That is the dot product of two vectors of eight counts, one per top, each packed in an
    int 8 bits a count: ``info.fits`` (the column's runs per top, places reversed) and
    ``shown`` (the columns per top). Their product holds at bits ``DOT_SHIFT`` up the sum of
    ``fits[p] * shown[p]`` over the tops, and no 8-bit group of it carries into the next:
    each is a sum of ``fits[p] * shown[q]`` with at most six runs per top and nine columns
    in all, at most 54. One multiplication, not a walk over the runs and their targets,
    counts a column's moves (that walk, at every draw, was a quarter of a random game)."""
    return (info.fits * shown >> DOT_SHIFT & 255) - info.own


def column_info(ranks: tuple[int, ...]) -> ColumnInfo:
    """The :class:`ColumnInfo` of a column whose ranks (bottom first) are ``ranks``.

    Only its longest run and the card under it decide it (a column that is all one run
    is kept whole: it may be complete), so it is worked out once per such top: keyed by
    the whole column, a random game's columns were new to the cache at almost every move."""
    size = 1
    while size < len(ranks) and run_bases(ranks[-size - 1:]):
        size += 1
    return _column_info(ranks[-size - 1:])


@functools.cache
def tail_info(tail: tuple[int, ...]) -> ColumnInfo | None:
    """The :class:`ColumnInfo` of any column whose top ranks are ``tail``, or ``None`` when
    ``tail`` holds three or more ranks, all one ordered run, so the cards under them may
    count too: then ask again with more of them. A tail of fewer than three ranks must be
    the whole column (the caller asks with three first).

    Three of four columns a random game reads are settled by their top three cards, and
    most others by five: a cache keyed by so few ranks stays small (at most 7 ** 5 tails),
    where reading a column after a move was a slice and a cached rule call per card of
    its run (12 % of a random game)."""
    if len(tail) >= 3 and run_bases(tail):
        return None
    return column_info(tail)


@functools.cache
def _column_info(ranks: tuple[int, ...]) -> ColumnInfo:
    runs = tuple((size, tuple(place for place, top in enumerate(TOPS) if top in accepted))
                 for size, accepted in column_runs(ranks))
    counts = [0] * len(TOPS)
    for _, places in runs:
        for place in places:
            counts[place] += 1
    top = ranks[-1] + 1 if ranks else 0
    fits = sum(count << DOT_SHIFT - 8 * place for place, count in enumerate(counts))
    return ColumnInfo(top, ranks == COMPLETE, runs, 1 << 8 * top, fits, counts[top])


#: ``COLUMN_SETS[mask]``: the columns (0-8) whose bits are set in ``mask``, ascending
COLUMN_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index in range(COLUMNS) if mask >> index & 1) for mask in range(1 << COLUMNS))


def is_complete(ranks: Sequence[int]) -> bool:
    """Does a column hold exactly the natural cards J Q R B N P, bottom to top (D19)?"""
    return tuple(ranks) == COMPLETE


def column_zone(index: int) -> str:
    """The zone of column ``index`` (0-8)."""
    return f"column{index + 1}"


#: the zones of the nine columns, left to right
COLUMN_ZONES: tuple[str, ...] = tuple(column_zone(index) for index in range(COLUMNS))


def column_id(index: int) -> str:
    """The id a player clicks to choose column ``index`` (0-8) as a destination: ``c1`` ... ``c9``."""
    return f"c{index + 1}"


def column_number(text: str) -> int | None:
    """0-8 for ``c1`` ... ``c9``, else ``None``."""
    if len(text) == 2 and text[0] == "c" and text[1] in "123456789":
        return int(text[1]) - 1
    return None
