"""Brandubh's teacher positions: the text form of a position, read and written (pure functions).

The option ``position`` is a position in this text form: 7 lines from rank 7 down to
rank 1 (``.`` empty, ``a`` attacker, ``d`` defender, ``K`` king); ranks may also be
separated by ``/``, blank lines and spaces are ignored. :func:`parse_position` reads it
into (attackers, defenders, king square) and raises ``BadRecord`` (a ``ValueError``)
saying what is wrong and where: exactly one king, not already on a corner, and only
the king on the throne or a corner. :func:`position_text` writes it back. The game sets
the position up through the base hook
(:meth:`drezlab.games.brandubh.game.Brandubh._set_up_teacher_position`); both names are
also read from :mod:`drezlab.games.brandubh.game`.
"""

from __future__ import annotations

import re

from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.games.brandubh.board import (
    BIT,
    CORNERS,
    RESTRICTED,
    SIZE,
    SQUARE_NAMES,
    THRONE_SQ,
)

__all__ = ["MAX_TEXT", "parse_position", "position_text"]

MAX_TEXT = 2000   # a position is 7 lines of 7 squares: longer input is refused before it is read


def parse_position(text: str) -> tuple[int, int, int]:
    """Read a position in the text form (see the module doc): (attackers, defenders, king square).

    Blank lines and spaces are ignored; ranks may also be separated by ``/``.
    Anything else that is wrong is a ``BadRecord`` saying where.
    """
    if not isinstance(text, str):
        raise BadRecord(f"a position is text (7 lines of 7 squares), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise BadRecord("a position is 7 lines of 7 squares; this text is far too long")
    rows = ["".join(line.split()) for line in re.split(r"[\n/]", text)]
    rows = [row for row in rows if row]
    if len(rows) != SIZE:
        raise BadRecord(f"a position has 7 lines (rank 7 first, rank 1 last), not {len(rows)}")
    attackers = defenders = 0
    kings = []
    for row_number, row in enumerate(rows):
        rank = SIZE - 1 - row_number
        if len(row) != SIZE:
            raise BadRecord(f"rank {rank + 1} has {len(row)} squares instead of 7: {short_repr(row)}")
        for file, symbol in enumerate(row):
            square = rank * SIZE + file
            name = SQUARE_NAMES[square]
            if symbol == ".":
                continue
            if symbol not in "adK":
                raise BadRecord(f"{short_repr(symbol)} on {name} is not a square: use . (empty), "
                                "a (attacker), d (defender) or K (king)")
            if symbol == "K":
                kings.append(square)
                continue
            if BIT[square] & RESTRICTED:
                where = "the throne" if square == THRONE_SQ else "a corner"
                raise BadRecord(f"only the king may stand on {where} ({name})")
            if symbol == "a":
                attackers |= BIT[square]
            else:
                defenders |= BIT[square]
    if len(kings) != 1:
        raise BadRecord(f"a position has exactly one king K, not {len(kings)}")
    if BIT[kings[0]] & CORNERS:
        raise BadRecord(f"the king is already on the corner {SQUARE_NAMES[kings[0]]}: White has won")
    return attackers, defenders, kings[0]


def position_text(attackers: int, defenders: int, king: int, separator: str = "\n") -> str:
    """The text form of a position, rank 7 first."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        row = []
        for file in range(SIZE):
            bit = BIT[rank * SIZE + file]
            row.append("a" if attackers & bit else "d" if defenders & bit else
                       "K" if rank * SIZE + file == king else ".")
        rows.append("".join(row))
    return separator.join(rows)
