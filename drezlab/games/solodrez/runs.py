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
    #: for each place ``p`` in :data:`TOPS`, how many of its runs fit onto that top, in
    #: bits ``8p`` to ``8p + 7`` (a column has at most six runs, so the sum of these over
    #: the nine columns keeps each count in its 8 bits)
    fits: int


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
def _column_info(ranks: tuple[int, ...]) -> ColumnInfo:
    runs = tuple((size, tuple(place for place, top in enumerate(TOPS) if top in accepted))
                 for size, accepted in column_runs(ranks))
    fits = sum(1 << 8 * place for _, places in runs for place in places)
    top = ranks[-1] + 1 if ranks else 0
    return ColumnInfo(top, ranks == COMPLETE, runs, fits)


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
