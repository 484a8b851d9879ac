"""Abyss's teacher positions: the text form of a board, read and written (pure functions).

The option ``position`` (a teacher's position after the placement) is a board in this
text form: five ranks, rank 5 first, separated by ``/`` or line breaks; ``w`` White,
``b`` Black, ``.`` empty; spaces ignored; at most six pieces of each colour.
:func:`parse_position` reads it into two bit masks (bit ``5 * rank + file``, a1 = 0)
and raises ``BadRecord`` (a ``ValueError``) saying what is wrong and where;
:func:`position_text` writes it back. The game sets the position up through the base
hook (:meth:`drezlab.games.abyss.game.Abyss._set_up_teacher_position`); both names are
also read from :mod:`drezlab.games.abyss.game` and :mod:`drezlab.games.abyss`.
"""

from __future__ import annotations

import re

from drezlab.core.cards import short_repr
from drezlab.core.errors import BadRecord
from drezlab.games.abyss.actions import BLACK, LETTERS, SIZE, SQUARE_NAMES, WHITE
from drezlab.games.abyss.meta import COLOUR_NAMES

__all__ = ["MAX_TEXT", "PIECES_PER_COLOUR", "parse_position", "position_text"]

PIECES_PER_COLOUR = 6
#: longer text is refused before it is read
MAX_TEXT = 500


def parse_position(text: str) -> tuple[int, int]:
    """Read a board: five ranks, rank 5 first, separated by ``/`` or line breaks;
    ``w`` White, ``b`` Black, ``.`` empty; spaces ignored. Returns (white, black)
    masks; anything wrong is a ``BadRecord`` saying where."""
    if not isinstance(text, str):
        raise BadRecord(f"a position is text (5 ranks of 5 squares), not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise BadRecord("a position is 5 ranks of 5 squares; this text is far too long")
    rows = [row for row in ("".join(line.split()) for line in re.split(r"[\n/]", text)) if row]
    if len(rows) != SIZE:
        raise BadRecord(f"a position has 5 ranks (rank 5 first, rank 1 last), not {len(rows)}")
    masks = [0, 0]
    for row_number, row in enumerate(rows):
        rank = SIZE - 1 - row_number
        if len(row) != SIZE:
            raise BadRecord(f"rank {rank + 1} has {len(row)} squares instead of 5: {short_repr(row)}")
        for file, symbol in enumerate(row):
            if symbol == ".":
                continue
            if symbol not in LETTERS:
                raise BadRecord(f"{short_repr(symbol)} on {SQUARE_NAMES[rank * SIZE + file]} is not a square: "
                                "use . (empty), w (White) or b (Black)")
            masks[LETTERS.index(symbol)] |= 1 << (rank * SIZE + file)
    for colour in (WHITE, BLACK):
        if masks[colour].bit_count() > PIECES_PER_COLOUR:
            raise BadRecord(f"a position has at most six {COLOUR_NAMES[colour]} pieces, "
                            f"not {masks[colour].bit_count()}")
    return masks[WHITE], masks[BLACK]


def position_text(white: int, black: int, separator: str = "/") -> str:
    """The text form of a board (rank 5 first), as :func:`parse_position` reads it."""
    rows = []
    for rank in range(SIZE - 1, -1, -1):
        rows.append("".join("w" if white >> (rank * SIZE + file) & 1 else "b" if black >> (rank * SIZE + file) & 1
                            else "." for file in range(SIZE)))
    return separator.join(rows)
