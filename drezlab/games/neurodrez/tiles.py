"""NeuroDrez's components as data: colours, surfaces, tiles, pieces, dice faces and
the 7x7 board's geometry (§9.1, §9.3).

Everything here is plain and immutable, so the rules (:mod:`.game`), the bots and the
picture share one vocabulary:

* colours ``w k r g b y`` = white, black, red, green, blue, yellow (the order of the
  colour die's faces 1-6);
* surfaces ``ea wa ai fi fl fa`` = earth, water, air, fire, flora, fauna (the surface
  die's faces 1-6);
* a tile's id is its colour and surface, ``"rwa"`` = the red water tile (36 tiles);
* a piece's id is its colour and figure letter ``k q r b n p``, ``"wq"`` = the white
  queen (36 pieces, one of each per colour);
* cells are ``a1`` ... ``g7`` (:class:`drezlab.boards.grid.Grid` names them).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from drezlab.boards.grid import Grid
from drezlab.core.cards import Figure

COLOURS: tuple[str, ...] = ("w", "k", "r", "g", "b", "y")
COLOUR_NAMES: dict[str, tuple[str, str]] = {
    "w": ("white", "blanco"), "k": ("black", "negro"), "r": ("red", "rojo"),
    "g": ("green", "verde"), "b": ("blue", "azul"), "y": ("yellow", "amarillo")}
SURFACES: tuple[str, ...] = ("ea", "wa", "ai", "fi", "fl", "fa")
SURFACE_NAMES: dict[str, tuple[str, str]] = {
    "ea": ("earth", "tierra"), "wa": ("water", "agua"), "ai": ("air", "aire"),
    "fi": ("fire", "fuego"), "fl": ("flora", "flora"), "fa": ("fauna", "fauna")}
#: piece figure letters, king first; the die number of each non-king figure is its card figure
FIGURES: tuple[str, ...] = ("k", "q", "r", "b", "n", "p")
FIGURE_NAMES: dict[str, tuple[str, str]] = {
    "k": ("king", "rey"), "q": ("queen", "dama"), "r": ("rook", "torre"), "b": ("bishop", "alfil"),
    "n": ("knight", "caballo"), "p": ("pawn", "peón")}
#: the numeric die (and a card's figure) -> the piece figure it selects; 6 / joker = any
DIE_FIGURE: dict[int, str] = {int(Figure.PAWN): "p", int(Figure.KNIGHT): "n", int(Figure.BISHOP): "b",
                              int(Figure.ROOK): "r", int(Figure.QUEEN): "q"}
JOKER = int(Figure.JOKER)

#: the cards each hand holds (§9.4)
CARDS_PER_HAND = 2

SIZE = 7
GRID = Grid(SIZE, SIZE)
CELLS: tuple[str, ...] = GRID.names
#: each cell's place in :data:`CELLS` (board order), to sort a few cells without walking all 49
CELL_INDEX: dict[str, int] = {cell: index for index, cell in enumerate(CELLS)}
CENTRE: tuple[str, ...] = ("c3", "d3", "e3", "c4", "d4", "e4")
ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))
KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))
SLIDES = {"r": ORTHOGONAL, "b": DIAGONAL, "q": ORTHOGONAL + DIAGONAL}


@dataclass(frozen=True, order=True)
class Tile:
    """One terrain tile (losetta): its original colour and its surface."""

    colour: str
    surface: str
    id: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.colour + self.surface)

    def __str__(self) -> str:
        return self.id


ALL_TILES: tuple[Tile, ...] = tuple(Tile(colour, surface) for colour in COLOURS for surface in SURFACES)
TILES_BY_ID: dict[str, Tile] = {tile.id: tile for tile in ALL_TILES}
ALL_PIECES: tuple[str, ...] = tuple(colour + figure for colour in COLOURS for figure in FIGURES)


def step(cell: str, df: int, dr: int) -> str | None:
    """The cell ``(df, dr)`` away from ``cell``, or ``None`` off the board."""
    target = GRID.offset(GRID.cell(cell), df, dr)
    return None if target < 0 else GRID.name(target)


def _neighbours_table() -> dict[str, tuple[str | None, ...]]:
    """Each cell's four side neighbours (``None`` = the outside of the board)."""
    return {cell: tuple(step(cell, df, dr) for df, dr in ORTHOGONAL) for cell in CELLS}


SIDE_NEIGHBOURS = _neighbours_table()
#: each cell's side neighbours on the board (the outside left out)
_ON_BOARD_NEIGHBOURS: dict[str, tuple[str, ...]] = {
    cell: tuple(other for other in SIDE_NEIGHBOURS[cell] if other is not None) for cell in CELLS}


def adjacent_empty_cells(board: Iterable[str]) -> list[str]:
    """The empty cells sharing a side with a tile, in board order: where a new tile may
    go (§9.5 step 3). Read from the tiles' neighbours, not from all 49 cells."""
    occupied = set(board)
    return sorted({other for cell in occupied for other in _ON_BOARD_NEIGHBOURS[cell] if other not in occupied},
                  key=CELL_INDEX.__getitem__)


def exterior_cells(board: Iterable[str]) -> set[str]:
    """D40: the empty cells 4-connected to the area outside the 7x7 board."""
    occupied = set(board)
    border = [cell for cell in CELLS if cell not in occupied and None in SIDE_NEIGHBOURS[cell]]
    seen = set(border)
    queue = deque(border)
    while queue:
        cell = queue.popleft()
        for other in SIDE_NEIGHBOURS[cell]:
            if other is not None and other not in occupied and other not in seen:
                seen.add(other)
                queue.append(other)
    return seen


def connected(cells: Iterable[str]) -> bool:
    """Do ``cells`` form one group through shared sides (an empty set does)?"""
    remaining = set(cells)
    if not remaining:
        return True
    start = next(iter(remaining))
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for other in SIDE_NEIGHBOURS[cell]:
            if other in remaining and other not in seen:
                seen.add(other)
                queue.append(other)
    return len(seen) == len(remaining)


def removable_tiles(board: Iterable[str], occupied_by_pieces: Iterable[str]) -> list[str]:
    """§9.9: the tiles that may be removed in sudden death, in cell order: no piece on
    it, a side facing the exterior (D40), and the rest of the terrain still one group."""
    tiles = set(board)
    pieces = set(occupied_by_pieces)
    outside = exterior_cells(tiles)
    result = []
    for cell in CELLS:
        if cell not in tiles or cell in pieces:
            continue
        if not any(other is None or other in outside for other in SIDE_NEIGHBOURS[cell]):
            continue
        if connected(tiles - {cell}):
            result.append(cell)
    return result


def _rays(directions: tuple[tuple[int, int], ...], slide: bool) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Per cell, the cells along each direction in order (one step only unless ``slide``),
    cut at the edge of the board: the natural moves' geometry, worked out once."""
    table = {}
    for cell in CELLS:
        rays = []
        for df, dr in directions:
            ray, other = [], step(cell, df, dr)
            while other is not None:
                ray.append(other)
                other = step(other, df, dr) if slide else None
            rays.append(tuple(ray))
        table[cell] = tuple(rays)
    return table


def _steps(directions: tuple[tuple[int, int], ...]) -> dict[str, tuple[str, ...]]:
    """Per cell, the cells one step away in each direction that stay on the board, in order."""
    return {cell: tuple(other for ray in rays for other in ray) for cell, rays in _rays(directions, False).items()}


#: per cell: a pawn's quiet steps and its captures, each leaper's cells, each slider's rays (made once)
PAWN_QUIET = _steps(ORTHOGONAL)
PAWN_ATTACKS = _steps(DIAGONAL)
LEAPS = {"n": _steps(KNIGHT), "k": _steps(ORTHOGONAL + DIAGONAL)}
SLIDER_RAYS = {figure: _rays(directions, True) for figure, directions in SLIDES.items()}


def natural_targets(figure: str, cell: str, board: Mapping[str, object],
                    occupied: Mapping[str, str]) -> tuple[list[str], list[str]]:
    """The natural move of ``figure`` from ``cell`` (§9.7): ``(quiet, attacks)``, where
    ``quiet`` are tiles it may move to only if empty and ``attacks`` tiles it may move to
    or capture on (the caller drops own pieces and safe enemies). Holes (cells without
    a tile) stop sliders; knights jump pieces and holes."""
    if figure == "p":
        quiet = [other for other in PAWN_QUIET[cell] if other in board and other not in occupied]
        return quiet, [other for other in PAWN_ATTACKS[cell] if other in board and other in occupied]
    if figure in LEAPS:
        return [], [other for other in LEAPS[figure][cell] if other in board]
    attacks: list[str] = []
    for ray in SLIDER_RAYS[figure][cell]:
        for other in ray:
            if other not in board:
                break
            attacks.append(other)
            if other in occupied:
                break
    return [], attacks
