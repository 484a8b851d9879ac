"""Pieces as movement specs, and the move type.

A :class:`PieceKind` is a list of :class:`Component` s: each component is a set of
vectors ``(x, y)`` *relative to the seat that owns the piece* (``y`` = forward,
``x`` = to the owner's right), taken either once (a leaper: knight, king, the
jumping bishop) or repeatedly along a line until something blocks it (a rider:
rook, bishop, queen), in a *mode*: ``"mc"`` moves and captures, ``"m"`` only moves
to empty cells (a pawn's push, the PokerDrez-4 bishop's orthogonal step), ``"c"``
only captures (a pawn's diagonal). Only ``"mc"`` and ``"c"`` components attack.

The jumping bishop of board-games.md §5 is the leaper with the camel's ``(1, 3)``
and the tripper's ``(3, 3)`` vectors (Betza ``CG``): 12 targets, all on its own
square colour, nothing in between matters. The amazon is queen + knight.

Flags on a kind: ``royal`` (a king: may not be left attacked, never captured,
castles), ``pawn`` (resets the 50-move count, may double-step from its seat's
start cells, is captured en passant, promotes if ``promotes``), ``minor`` (alone
with its king it cannot mate: used for the K+B v K and K+N v K dead positions).

A :class:`Move` is a small tuple ``(frm, to, promo, flag, extra)`` of ints, so it
hashes, compares and costs no allocation beyond the tuple: ``frm``/``to`` cells
(``frm`` = -1 for a drop), ``promo`` a kind code (0 none), ``flag`` one of
``NORMAL, DOUBLE, EN_PASSANT, CASTLE, DROP`` or a variant's own value
``>= VARIANT`` (applied by the variant's ``make_special`` hook), ``extra`` the
castling index, the dropped kind, or a variant's datum (a nominal square).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

NORMAL = 0
DOUBLE = 1
EN_PASSANT = 2
CASTLE = 3
DROP = 4
VARIANT = 16
"""Flags ``>= VARIANT`` belong to a variant: the engine hands such moves to
``Position.make_special``."""


class Move(NamedTuple):
    """One move on a grid board (see the module docstring for the fields)."""

    frm: int
    to: int
    promo: int = 0
    flag: int = NORMAL
    extra: int = 0


Vector = tuple[int, int]
MODES = ("mc", "m", "c")


@dataclass(frozen=True)
class Component:
    """One way a piece moves: ``vectors`` taken once (leaper) or repeated up to
    ``limit`` steps (rider; 0 = no limit), in ``mode`` ``"mc"``, ``"m"`` or ``"c"``.
    A capturing rider is unlimited (or has ``limit`` 1, a leaper), because the
    reverse attack tables count any distance along a line."""

    vectors: tuple[Vector, ...]
    rider: bool = False
    mode: str = "mc"
    limit: int = 0

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"mode must be one of {MODES}, not {self.mode!r}")
        if not self.vectors or any(v == (0, 0) for v in self.vectors):
            raise ValueError("a component needs non-zero vectors")
        if self.rider and "c" in self.mode and self.limit not in (0, 1):
            raise ValueError(
                "a capturing rider must be unlimited (limit 0) or a leaper (limit 1)"
            )


def symmetric(x: int, y: int) -> tuple[Vector, ...]:
    """All vectors obtained from ``(x, y)`` by changing signs and swapping the two
    numbers (8 for a knight's (1, 2), 4 for a rook's (1, 0)), in a fixed order."""
    out: list[Vector] = []
    for a, b in ((x, y), (y, x)):
        for sa in (1, -1):
            for sb in (1, -1):
                v = (a * sa, b * sb)
                if v not in out:
                    out.append(v)
    return tuple(out)


def leaper(*shapes: Vector, mode: str = "mc") -> Component:
    """A leaper taking every symmetric image of each ``(x, y)`` shape."""
    vecs: list[Vector] = []
    for x, y in shapes:
        vecs += [v for v in symmetric(x, y) if v not in vecs]
    return Component(tuple(vecs), rider=False, mode=mode)


def rider(*shapes: Vector, mode: str = "mc", limit: int = 0) -> Component:
    """A rider along every symmetric image of each ``(x, y)`` shape."""
    vecs: list[Vector] = []
    for x, y in shapes:
        vecs += [v for v in symmetric(x, y) if v not in vecs]
    return Component(tuple(vecs), rider=True, mode=mode, limit=limit)


@dataclass(frozen=True)
class PieceKind:
    """A kind of piece: a name, a one-letter symbol (upper case, as White writes it
    in FEN), its movement components and flags (module docstring). ``value`` is a
    material value in centipawns, used by the bots."""

    name: str
    letter: str
    components: tuple[Component, ...]
    royal: bool = False
    pawn: bool = False
    promotes: bool = False
    minor: bool = False
    value: int = 0

    def __post_init__(self) -> None:
        if (
            len(self.letter) != 1
            or not self.letter.isalpha()
            or not self.letter.isupper()
        ):
            raise ValueError(
                f"a piece letter is one upper-case letter, not {self.letter!r}"
            )


KING = PieceKind("king", "K", (leaper((1, 0), (1, 1)),), royal=True, value=0)
QUEEN = PieceKind("queen", "Q", (rider((1, 0), (1, 1)),), value=900)
ROOK = PieceKind("rook", "R", (rider((1, 0)),), value=500)
BISHOP = PieceKind("bishop", "B", (rider((1, 1)),), minor=True, value=330)
KNIGHT = PieceKind("knight", "N", (leaper((1, 2)),), minor=True, value=320)
PAWN = PieceKind(
    "pawn",
    "P",
    (
        Component(((0, 1),), rider=True, mode="m", limit=1),
        Component(((-1, 1), (1, 1)), mode="c"),
    ),
    pawn=True,
    promotes=True,
    value=100,
)
JUMPING_BISHOP = PieceKind(
    "jumping bishop", "B", (leaper((1, 3), (3, 3)),), minor=True, value=330
)
"""The bishop of jumping-bishop chess (board-games.md §5, D21): exactly three
squares, two diagonal then one straight on or turned 90 degrees, jumping."""
AMAZON = PieceKind("amazon", "A", (rider((1, 0), (1, 1)), leaper((1, 2))), value=1200)
"""Queen + knight (the cylinder's promoted front pawn, board-games.md §7)."""

STANDARD_KINDS: tuple[PieceKind, ...] = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
"""The six chess kinds in the order of their codes 1..6 (as python-chess numbers them)."""
