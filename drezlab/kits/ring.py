"""The Dejarik ring board as data: 25 cells, their adjacency and their lines.

Shared by Dejarik and its Courtier variant (``shared/rules/board-games.md`` §1.1):
a round centre ``C``, an inner ring ``I0..I11`` and an outer ring ``O0..O11``.
Index ``k`` is the clock sector from k to k+1 o'clock seen from above (``k``
grows clockwise); ``I_k`` and ``O_k`` share a sector; index arithmetic is mod 12.

Cells are numbered for speed: ``C`` = 0, ``I_k`` = 1 + k, ``O_k`` = 13 + k.
:data:`CELL_NAMES` holds the ids the pictures put in ``data-id`` (``"C"``,
``"I0"``, ``"O11"``); game notation writes them in lower case (``"c"``, ``"i0"``).

The only adjacency (used for moving, attacking, pushing and capturing):

* ring: ``R_k``–``R_(k±1)`` for R in {I, O};
* radial: ``O_k``–``I_k`` and ``I_k``–``C`` (C has 12 neighbours, I cells 4, O cells 3).

``I_k``–``O_(k±1)`` are diagonal and never adjacent. The diameter line ``L_k``
(k = 0..5) is ``O_k, I_k, C, I_(k+6), O_(k+6)``.

Headings (Dejarik's movement rule D4 counts the turns of a path by them): a ring
step is clockwise or counter-clockwise on its ring; a radial step points along a
diameter, toward the sector it leaves to (outward from sector k: ``k``; inward
from sector k: ``k+6``), so ``O5 → I5 → C → I11 → O11`` keeps one heading.

Labels: the ring games' own words go into the one global Spanish table under keys
prefixed ``dejarik:`` (:func:`add_labels`, :func:`label`), so a word another game
translates differently ("pushes" in Abyss, say) can never clash; seat names and
outcome reasons keep the plain keys the widget's ``t`` looks up.

Positions for teachers and tests are written as text (:func:`parse_placement`):
space-separated tokens ``side:piece@cell``, e.g. ``"s:savrip@o5 n:ngok@i5"`` (side
``s`` = South, seat 0; ``n`` = North, seat 1).
"""

from __future__ import annotations

from collections.abc import Iterable

from drezlab.core.errors import BadRecord
from drezlab.core.i18n import OwnWords, add_translations, get_language

RING = 12
CENTRE = 0
CELLS = 25
SOUTH, NORTH = 0, 1
SIDE_LETTERS = ("s", "n")


def inner(k: int) -> int:
    """The cell number of ``I_k`` (k taken mod 12)."""
    return 1 + k % RING


def outer(k: int) -> int:
    """The cell number of ``O_k`` (k taken mod 12)."""
    return 13 + k % RING


CELL_NAMES: tuple[str, ...] = ("C", *(f"I{k}" for k in range(RING)), *(f"O{k}" for k in range(RING)))
CELL_INDEX: dict[str, int] = {name: index for index, name in enumerate(CELL_NAMES)}
#: the notation of each cell (lower-case ASCII)
CELL_TEXT: tuple[str, ...] = tuple(name.lower() for name in CELL_NAMES)
TEXT_INDEX: dict[str, int] = {text: index for index, text in enumerate(CELL_TEXT)}


def ring_of(cell: int) -> str:
    """``"C"``, ``"I"`` or ``"O"``."""
    return "C" if cell == CENTRE else "I" if cell <= RING else "O"


def sector(cell: int) -> int:
    """The clock sector of a ring cell (``-1`` for the centre)."""
    return -1 if cell == CENTRE else (cell - 1) % RING


def _neighbours(cell: int) -> tuple[int, ...]:
    if cell == CENTRE:
        return tuple(inner(k) for k in range(RING))
    k = sector(cell)
    if ring_of(cell) == "I":
        return (inner(k - 1), inner(k + 1), outer(k), CENTRE)
    return (outer(k - 1), outer(k + 1), inner(k))


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(cell) for cell in range(CELLS))
ADJACENT: frozenset[tuple[int, int]] = frozenset((a, b) for a in range(CELLS) for b in NEIGHBOURS[a])


def heading(frm: int, to: int) -> tuple[str, int]:
    """The heading of one step between adjacent cells (see the module docstring):
    ``("cw", 0)`` / ``("ccw", 0)`` on a ring, ``("radial", angle)`` along a diameter."""
    if (frm, to) not in ADJACENT:
        raise ValueError(f"{CELL_NAMES[frm]} and {CELL_NAMES[to]} are not adjacent")
    if frm != CENTRE and to != CENTRE and ring_of(frm) == ring_of(to):
        return ("cw", 0) if (sector(to) - sector(frm)) % RING == 1 else ("ccw", 0)
    if frm == CENTRE:                       # outward into the sector of ``to``
        return ("radial", sector(to))
    if to == CENTRE or ring_of(frm) == "O":  # inward: toward the opposite sector
        return ("radial", (sector(frm) + 6) % RING)
    return ("radial", sector(frm))          # I_k -> O_k: outward


def diameter(k: int) -> tuple[int, ...]:
    """The diameter line ``L_k`` (k = 0..5): ``O_k, I_k, C, I_(k+6), O_(k+6)``."""
    return (outer(k), inner(k), CENTRE, inner(k + 6), outer(k + 6))


#: every capture line of Courtier (D9) as a tuple of cells in order: the two rings
#: (cyclic: the first cell is repeated at the end of the tuple's use, see :data:`TRIPLES`)
#: and the six diameters
DIAMETERS: tuple[tuple[int, ...], ...] = tuple(diameter(k) for k in range(6))


def _runs(length: int) -> list[tuple[int, ...]]:
    """Every run of ``length`` consecutive collinear cells, in both directions."""
    runs: list[tuple[int, ...]] = []
    for ring in (inner, outer):
        for k in range(RING):
            run = tuple(ring(k + step) for step in range(length))
            runs += [run, run[::-1]]
    for line in DIAMETERS:
        for start in range(len(line) - length + 1):
            run = line[start:start + length]
            runs += [run, run[::-1]]
    return runs


#: every (a, x, b) of three consecutive cells on a capture line, both directions:
#: ``x`` is enclosed when ``a`` and ``b`` hold its enemies (D9)
TRIPLES: tuple[tuple[int, int, int], ...] = tuple(_runs(3))  # type: ignore[arg-type]
#: every four consecutive cells on a capture line, both directions (D11's ``Y X M E``)
QUADRUPLES: tuple[tuple[int, int, int, int], ...] = tuple(_runs(4))  # type: ignore[arg-type]


def cell_of(text: str) -> int:
    """The cell number of a cell written ``c``, ``i5``, ``O11`` ...; ``ValueError`` if none."""
    key = text.strip().lower() if isinstance(text, str) else ""
    if key not in TEXT_INDEX:
        raise ValueError(f"{text!r} is not a cell of the ring board: write c, i0..i11 or o0..o11")
    return TEXT_INDEX[key]


def parse_placement(text: str, pieces: Iterable[str]) -> list[tuple[int, str, int]]:
    """Read a position written as tokens ``side:piece@cell`` (see the module docstring)
    into ``(seat, piece, cell)`` triples; ``pieces`` are the allowed piece names.
    Anything malformed, an unknown piece or a cell used twice is a ``BadRecord``."""
    if not isinstance(text, str):
        raise BadRecord(f"a position is text such as 's:savrip@o5 n:ngok@i5', not {type(text).__name__}")
    if len(text) > 1000:
        raise BadRecord("a position of the ring board has at most 25 pieces; this text is far too long")
    allowed = set(pieces)
    placed: list[tuple[int, str, int]] = []
    used: set[int] = set()
    for token in text.split():
        side, colon, rest = token.lower().partition(":")
        piece, at, where = rest.partition("@")
        if not colon or not at or side not in SIDE_LETTERS:
            raise BadRecord(f"{token!r} is not a piece of a position: write side:piece@cell, e.g. s:savrip@o5")
        if piece not in allowed:
            raise BadRecord(f"{piece!r} is not a piece here; the pieces are {', '.join(sorted(allowed))}")
        try:
            cell = cell_of(where)
        except ValueError as error:
            raise BadRecord(str(error)) from None
        if cell in used:
            raise BadRecord(f"two pieces stand on {CELL_NAMES[cell]}")
        used.add(cell)
        placed.append((SIDE_LETTERS.index(side), piece, cell))
    return placed


def placement_text(placed: Iterable[tuple[int, str, int]]) -> str:
    """The text form of ``(seat, piece, cell)`` triples, in cell order (normalised)."""
    return " ".join(f"{SIDE_LETTERS[seat]}:{piece}@{CELL_TEXT[cell]}"
                    for seat, piece, cell in sorted(placed, key=lambda entry: entry[2]))


LABEL_PREFIX = "dejarik:"

#: the two sides' names and wins (plain keys: the base game's ``seat_name`` and ``winner_text`` look them up)
add_translations({"South": "Sur", "North": "Norte", "South wins": "Gana el Sur", "North wins": "Gana el Norte"})


#: the ring games' own words (see :class:`~drezlab.core.i18n.OwnWords`): ``add_labels({...})``
#: registers their Spanish, ``label(text)`` is ``text`` in the current language
LABELS = OwnWords(LABEL_PREFIX)
add_labels = LABELS.add
label = LABELS


# ------------------------------------------------------------------ cells in words
#: how a cell is said in a move log: the ring and the sector number printed round the board's
#: edge (so "outer ring 7" is found on the picture), or the centre
add_labels({
    "outer ring {k}": "el {k} del anillo exterior",
    "inner ring {k}": "el {k} del anillo interior",
    "the centre": "el centro",
})


def cell_words(cell: int) -> str:
    """A cell as a pupil finds it on the picture, in the current language: "outer ring 7",
    "inner ring 0", "the centre" / "el 7 del anillo exterior", "el centro"."""
    if cell == CENTRE:
        return label("the centre")
    return label("outer ring {k}" if ring_of(cell) == "O" else "inner ring {k}").format(k=sector(cell))


def say(template: str, **values: object) -> str:
    """``label(template)`` filled in with ``values`` in the current language, with the
    Spanish contractions "de el" → "del" and "a el" → "al" that cells in words need
    ("del 7 del anillo exterior al centro"), and "in the centre" (not "on") in English."""
    filled = label(template).format(**values)
    if get_language() == "es":
        return filled.replace(" de el ", " del ").replace(" a el ", " al ")
    return filled.replace(" on the centre", " in the centre")
