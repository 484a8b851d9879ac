"""Boards as data: a set of cells with coordinates, names, tags and neighbour relations.

A :class:`Grid` is a rectangle of ``files x ranks`` coordinates minus any *holes*
(the 3x3 corners of the 160-square cross board), optionally closed into a cylinder
by a *seam* (``wrap_ranks``: rank ``ranks`` touches rank 1, as on the 14x8
Guadalete board; ``wrap_files`` likewise for files), with named sets of *tagged*
cells (a river, the cross board's four home zones, ...). Nothing here knows a
piece or a rule: the engine (:mod:`drezlab.boards.engine`) asks the grid only
"which cell is ``(df, dr)`` away from this one?" and "which cells lie on the line
from here in direction ``(df, dr)``?", and precomputes the answers once.

Cells are small integers ``0 .. len(grid) - 1`` (rank-major from a1: ``a1, b1, ...``),
skipping holes. A cell's name is its file letter and rank number, ``"e4"`` or
``"n14"``; ranks may have two digits, so names are parsed, never sliced.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any

from drezlab.core.i18n import add_translations, t

_SQUARE = re.compile(r"([a-z])([1-9][0-9]?)")

add_translations({
    "{square} is not a square name like 'e4'": "{square} no es un nombre de casilla como 'e4'",
    "expected a square name at {text}": "se esperaba un nombre de casilla en {text}",
    "{square} is not a square of this {files}x{ranks} board":
        "{square} no es una casilla de este tablero de {files}x{ranks}",
})


class ReadOnly:
    """A value built once and never changed: its attributes may be set while it is built,
    and any later assignment raises ``AttributeError``. Grids and the engine's move tables
    are shared by every game in the process, so nothing reached through a game (a copy, a
    view) may change them."""

    __slots__ = ("_sealed",)

    def _seal(self) -> None:
        """End the building: from now on no attribute may be set."""
        object.__setattr__(self, "_sealed", True)

    def __setattr__(self, name: str, value: Any) -> None:
        if getattr(self, "_sealed", False):
            raise AttributeError(f"{type(self).__name__} is read-only: {name} cannot be set")
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: {name} cannot be deleted")

    def __copy__(self) -> ReadOnly:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> ReadOnly:
        return self

    def __setstate__(self, state: tuple[Any, dict[str, Any]]) -> None:
        """Unpickling sets the slots the way building does."""
        for name, value in state[1].items():
            object.__setattr__(self, name, value)


class Grid(ReadOnly):
    """A board described as data (see the module docstring).

    ``holes`` and the values of ``tags`` are square names (``"a1"``) or
    ``(file, rank)`` pairs counted from 0. A cell is adjacent to another when their
    coordinates differ by at most 1 in each direction, across a seam where the
    grid wraps; a hole is no cell at all, so lines stop before it and leapers may
    not land on it (they may jump over it). A grid is read-only once built (its tags
    and name index are read-only mappings): every game of a variant shares one.
    """

    __slots__ = (
        "_at",
        "_index",
        "coords",
        "files",
        "holes",
        "names",
        "ranks",
        "tags",
        "wrap_files",
        "wrap_ranks",
    )

    def __init__(
        self,
        files: int,
        ranks: int,
        *,
        holes: Iterable[str | tuple[int, int]] = (),
        wrap_files: bool = False,
        wrap_ranks: bool = False,
        tags: Mapping[str, Iterable[str | tuple[int, int]]] | None = None,
    ) -> None:
        if not (1 <= files <= 26 and 1 <= ranks <= 99):
            raise ValueError(
                f"a grid has 1 to 26 files and 1 to 99 ranks, not {files}x{ranks}"
            )
        self.files = files
        self.ranks = ranks
        self.wrap_files = wrap_files
        self.wrap_ranks = wrap_ranks
        hole_coords = {self._coord(h) for h in holes}
        self.holes: frozenset[tuple[int, int]] = frozenset(hole_coords)
        names: list[str] = []
        coords: list[tuple[int, int]] = []
        at = [[-1] * ranks for _ in range(files)]
        for r in range(ranks):
            for f in range(files):
                if (f, r) in hole_coords:
                    continue
                at[f][r] = len(names)
                names.append(f"{string.ascii_lowercase[f]}{r + 1}")
                coords.append((f, r))
        if not names:
            raise ValueError("a grid needs at least one cell")
        self.names: tuple[str, ...] = tuple(names)
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self._index: Mapping[str, int] = MappingProxyType({n: i for i, n in enumerate(names)})
        self._at = tuple(tuple(col) for col in at)
        tagged: dict[str, frozenset[int]] = {}
        for tag, members in (tags or {}).items():
            cells = set()
            for m in members:
                f, r = self._coord(m)
                cell = self.at(f, r)
                if cell < 0:
                    raise ValueError(
                        f"tag {tag!r} names {m!r}, which is not a cell of this board"
                    )
                cells.add(cell)
            tagged[tag] = frozenset(cells)
        self.tags: Mapping[str, frozenset[int]] = MappingProxyType(tagged)
        self._seal()

    # -- naming -------------------------------------------------------------------
    def _coord(self, square: str | tuple[int, int]) -> tuple[int, int]:
        if isinstance(square, str):
            m = _SQUARE.fullmatch(square)
            if m is None:
                raise ValueError(t("{square} is not a square name like 'e4'").format(square=repr(square)))
            return (ord(m.group(1)) - 97, int(m.group(2)) - 1)
        f, r = square
        return (int(f), int(r))

    def __len__(self) -> int:
        return len(self.names)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the arguments that build it (its read-only mappings do not pickle)."""
        tags = {tag: tuple(self.coords[cell] for cell in sorted(cells)) for tag, cells in self.tags.items()}
        return (_grid_of, (self.files, self.ranks, tuple(sorted(self.holes)), self.wrap_files, self.wrap_ranks, tags))

    def __repr__(self) -> str:
        seam = " wrap-ranks" if self.wrap_ranks else ""
        seam += " wrap-files" if self.wrap_files else ""
        return f"Grid({self.files}x{self.ranks}, {len(self)} cells{seam})"

    def cell(self, name: str) -> int:
        """The cell called ``name``; ``ValueError`` (with a readable message) if none."""
        try:
            return self._index[name]
        except KeyError:
            raise ValueError(self._not_a_square(name)) from None

    def name(self, cell: int) -> str:
        """The square name of ``cell`` (``"e4"``)."""
        return self.names[cell]

    def file_of(self, cell: int) -> int:
        """The file index (0 = a) of ``cell``."""
        return self.coords[cell][0]

    def rank_of(self, cell: int) -> int:
        """The rank index (0 = rank 1) of ``cell``."""
        return self.coords[cell][1]

    def tagged(self, tag: str) -> frozenset[int]:
        """The cells carrying ``tag`` (empty if no cell does)."""
        return self.tags.get(tag, frozenset())

    def cells_of_rank(self, rank: int) -> list[int]:
        """The cells of one rank index (0-based), file a first, holes left out."""
        return [c for c in (self.at(f, rank) for f in range(self.files)) if c >= 0]

    def cells_of_file(self, file: int) -> list[int]:
        """The cells of one file index (0-based), rank 1 first, holes left out."""
        return [c for c in (self.at(file, r) for r in range(self.ranks)) if c >= 0]

    # -- geometry -----------------------------------------------------------------
    def at(self, f: int, r: int) -> int:
        """The cell at file ``f`` and rank ``r`` (0-based, taken modulo the size where
        the grid wraps), or -1 off the board or in a hole."""
        if self.wrap_files:
            f %= self.files
        elif not 0 <= f < self.files:
            return -1
        if self.wrap_ranks:
            r %= self.ranks
        elif not 0 <= r < self.ranks:
            return -1
        return self._at[f][r]

    def offset(self, cell: int, df: int, dr: int) -> int:
        """The cell ``(df, dr)`` away from ``cell`` (a leap: whatever lies between is
        ignored), or -1."""
        f, r = self.coords[cell]
        return self.at(f + df, r + dr)

    def ray(self, cell: int, df: int, dr: int, limit: int = 0) -> tuple[int, ...]:
        """The cells met stepping ``(df, dr)`` from ``cell`` (not included) until the
        edge, a hole, ``limit`` steps (0 = no limit) or a return to ``cell`` round a
        seam."""
        out: list[int] = []
        f, r = self.coords[cell]
        while not limit or len(out) < limit:
            f += df
            r += dr
            nxt = self.at(f, r)
            if nxt < 0 or nxt == cell:
                break
            out.append(nxt)
        return tuple(out)

    def neighbours(self, cell: int, diagonal: bool = True) -> list[int]:
        """The cells touching ``cell`` by a side (and by a corner when ``diagonal``)."""
        steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if diagonal:
            steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        out = []
        for df, dr in steps:
            n = self.offset(cell, df, dr)
            if n >= 0 and n != cell and n not in out:
                out.append(n)
        return out

    def light(self, cell: int) -> bool:
        """Whether ``cell`` is a light square (a1 is dark, as on a chessboard)."""
        f, r = self.coords[cell]
        return (f + r) % 2 == 1

    def parse_square(self, text: str, pos: int = 0) -> tuple[int, int]:
        """Read one square name at ``text[pos:]``: ``(cell, end position)``. Two-digit
        ranks are read greedily only when that square exists (``"a13a14"``)."""
        m = _SQUARE.match(text, pos)
        if m is None:
            raise ValueError(t("expected a square name at {text}").format(text=repr(text[pos:])))
        name = m.group(0)
        if name in self._index:
            return self._index[name], m.end()
        short = name[:2]
        if len(name) == 3 and short in self._index:
            return self._index[short], pos + 2
        raise ValueError(self._not_a_square(name))

    def _not_a_square(self, name: str) -> str:
        """'z9' is not a square of this 8x8 board, in the current language."""
        return t("{square} is not a square of this {files}x{ranks} board").format(
            square=repr(name), files=self.files, ranks=self.ranks
        )


def _grid_of(
    files: int,
    ranks: int,
    holes: tuple[tuple[int, int], ...],
    wrap_files: bool,
    wrap_ranks: bool,
    tags: dict[str, tuple[tuple[int, int], ...]],
) -> Grid:
    """A grid built again from its arguments (unpickling)."""
    return Grid(files, ranks, holes=holes, wrap_files=wrap_files, wrap_ranks=wrap_ranks, tags=tags)
