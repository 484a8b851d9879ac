"""Playing boards on paper: at playing size over several sheets, or fitted to one sheet.

The boards are the games' own drawings without pieces (pieces are the physical ones
on the table):

=====================  ==============================================  =================
name (aliases)         board                                           playing size
=====================  ==============================================  =================
``brandubh``           the 7 x 7 board of Brandubh and NeuroDrez:       33 mm squares
(``neurodrez``,        throne and corners marked, coordinates a-g 1-7
``7x7``)
``rings``              the ring board of Dejarik and Courtier (centre   cells about 40 mm
(``dejarik``,          and two rings of twelve, sector numbers)         deep, 22 cm across
``courtier``)
``guadalete``          8 x 8 with the river on ranks 4-5                28 mm squares
``guadalete-cylinder`` 8 x 14, the river on ranks 1 and 14 (the seam)   28 mm squares
``guadalete-swimming`` 8 x 8 river board of the swimming variant        28 mm squares
``cross``              the 160-square cross board of PokerDrez for 4,   28 mm squares
(``pokerdrez4``)       the arms' edges in the seats' colours
=====================  ==============================================  =================

``mode="tile"`` prints the board at playing size; a board bigger than the printable
area (the sheet less 10 mm margins) is cut into tiles that overlap by 12 mm: on each
tile a dashed line marks where the neighbour's edge goes, with "overlap" and the
neighbour's tile name, and every tile is named (row letter, column number) with a small
map of the tiles. ``mode="fit"`` scales the board to one sheet and prints the scale
("scale 58 % · squares 20.3 mm").
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from drezlab.printing.pages import (
    FONT,
    Page,
    Paper,
    PrintingError,
    add_words,
    fit,
    picture_box,
    say,
)
from drezlab.render.base import new_drawing, to_svg

MARGIN = 10.0
"""Margin in mm kept clear on every side of a sheet (printers cannot print to the edge)."""
HEADER = 12.0
"""Height in mm of the title line at the top of a board sheet."""
OVERLAP = 12.0
"""How much two neighbouring tiles share, in mm."""

add_words({
    "overlap": "solapa",
    "tile {name} of {rows} x {columns}": "pieza {name} de {rows} x {columns}",
    "scale {percent} %": "escala {percent} %",
    "actual size": "tamaño real",
    "squares {size} mm": "casillas de {size} mm",
    "{size} mm across": "{size} mm de diámetro",
    "7 x 7 board (Brandubh, NeuroDrez)": "Tablero 7 x 7 (Brandubh, NeuroDrez)",
    "Ring board (Dejarik, Courtier)": "Tablero de anillos (Dejarik, Courtier)",
    "Guadalete: the river board": "Guadalete: el tablero del río",
    "Guadalete cylinder: 8 x 14, rank 14 meets rank 1": "Guadalete cilindro: 8 x 14, la fila 14 se une con la 1",
    "Swimming Guadalete: the river board": "Guadalete a nado: el tablero del río",
    "Cross board (PokerDrez for 4)": "Tablero en cruz (PokerDrez para 4)",
    "glue the tiles so that the dashed lines meet the neighbour's edge":
        "pega las piezas de modo que la línea discontinua coincida con el borde de la vecina",
})


@dataclass(frozen=True)
class BoardPicture:
    """A board drawn in px: the SVG, the part of it that is the board (``view``), and how
    many mm one px is at playing size; ``measure`` names the size for the caption."""

    svg: str
    view: tuple[float, float, float, float]
    mm_per_px: float
    title: str
    measure: Callable[[float], str]


def _square_measure(square_px: float) -> Callable[[float], str]:
    return lambda mm_per_px: say("squares {size} mm").format(size=f"{square_px * mm_per_px:.1f}")


def _brandubh() -> BoardPicture:
    """The 7 x 7 board as Brandubh's picture draws it, cropped to the board and coordinates."""
    from drezlab.games.brandubh import picture  # games load only when asked for

    square = 52.0
    svg = picture.draw_position([], last_move=None, crossed=[], captured=(0, 0), status="", marks=set(),
                        square=square)
    margin = round(square * 0.45, 1)   # the picture's coordinate strip (brandubh.picture.draw_position)
    top = 30.0                         # the picture's status line above the board
    font = max(8, round(square * 0.27))  # the file letters' size, their baseline font + 3 below the board
    view = (0.0, top - 2, margin + 7 * square + 6, 7 * square + font + 10)
    return BoardPicture(svg, view, 33.0 / square, say("7 x 7 board (Brandubh, NeuroDrez)"),
                        _square_measure(square))


def _rings() -> BoardPicture:
    """The ring board of Dejarik and Courtier with its sector numbers."""
    from drezlab.render.ring import RingLayout, draw_ring_board

    layout = RingLayout(x=220, y=220)
    dwg = new_drawing(440, 440)
    draw_ring_board(dwg, layout)
    svg = to_svg(dwg)
    across = 2 * layout.outer
    # 24 cm for the whole picture (numbers included): the board is 218 mm across, its cells
    # about 40 mm deep, and it prints on two sheets of A4 or Letter
    return BoardPicture(svg, picture_box(svg), 240.0 / 440, say("Ring board (Dejarik, Courtier)"),
                        lambda mm_per_px: say("{size} mm across").format(size=f"{across * mm_per_px:.0f}"))


def _river(variant: str, title: str) -> BoardPicture:
    """A river board as the river family's picture draws it, without pieces."""
    import drezlab
    from drezlab.games.guadalete.picture import PLANK_STYLES
    from drezlab.render.grid import board_size, draw_grid_board

    public = drezlab.new(variant).view(None).public
    square = 46.0
    width, height = board_size(public["board"], square)
    dwg = new_drawing(width, height)
    draw_grid_board(dwg, public["board"], [], square=square, terrain=public["terrain"], terrain_styles=PLANK_STYLES)
    svg = to_svg(dwg)
    # 28 mm squares: an 8 x 8 river board takes two sheets, like the 7 x 7 board
    return BoardPicture(svg, picture_box(svg), 28.0 / square, title, _square_measure(square))


def _cross() -> BoardPicture:
    """The cross board of PokerDrez for 4, with each arm's outer edge in its seat's colour."""
    from drezlab.games.pokerdrez4.picture import BOARD, arm_band
    from drezlab.render.board import COORD_MARGIN
    from drezlab.render.grid import CROSS_COLOURS, board_size, draw_grid_board

    square = 30
    width, height = board_size(BOARD, square)
    dwg = new_drawing(width, height)
    draw_grid_board(dwg, BOARD, [], square=square, tag_styles={}, seat_colours=CROSS_COLOURS)
    left = COORD_MARGIN * square
    for seat in range(4):
        bx, by, bw, bh = arm_band(seat)
        dwg.add(dwg.rect((left + bx * square, by * square), (bw * square, bh * square), fill=CROSS_COLOURS[seat]))
    svg = to_svg(dwg)
    return BoardPicture(svg, picture_box(svg), 28.0 / square, say("Cross board (PokerDrez for 4)"),
                        _square_measure(square))


BOARDS: dict[str, Callable[[], BoardPicture]] = {
    "brandubh": _brandubh,
    "rings": _rings,
    "guadalete": lambda: _river("guadalete", say("Guadalete: the river board")),
    "guadalete-cylinder": lambda: _river("guadalete-cylinder",
                                         say("Guadalete cylinder: 8 x 14, rank 14 meets rank 1")),
    "guadalete-swimming": lambda: _river("guadalete-swimming", say("Swimming Guadalete: the river board")),
    "cross": _cross,
}
"""Every printable board by its name."""

ALIASES = {"neurodrez": "brandubh", "7x7": "brandubh", "dejarik": "rings", "courtier": "rings",
           "pokerdrez4": "cross", "cylinder": "guadalete-cylinder", "swimming": "guadalete-swimming"}


def board_named(name: str) -> str:
    """The canonical name of a board (aliases allowed, any case)."""
    key = name.strip().lower().replace("_", "-") if isinstance(name, str) else ""
    key = ALIASES.get(key, key)
    if key not in BOARDS:
        raise PrintingError(f"no board called {name!r}: choose one of {', '.join(sorted(BOARDS))} "
                            f"(or {', '.join(sorted(ALIASES))})")
    return key


@dataclass(frozen=True)
class Tiling:
    """How a board of ``width`` x ``height`` mm is cut into ``rows`` x ``columns`` tiles of
    at most ``room_w`` x ``room_h`` mm: each tile starts :data:`OVERLAP` mm before its
    neighbour ends, and the last tile of a row or column is as large as what is left."""

    width: float
    height: float
    room_w: float
    room_h: float

    @property
    def columns(self) -> int:
        return _count(self.width, self.room_w)

    @property
    def rows(self) -> int:
        return _count(self.height, self.room_h)

    def _along(self, along: str) -> tuple[float, float]:
        return (self.width, self.room_w) if along == "x" else (self.height, self.room_h)

    def start(self, index: int, along: str) -> float:
        """Where tile ``index`` starts on the board (mm)."""
        _, room = self._along(along)
        return index * (room - OVERLAP)

    def size(self, index: int, along: str) -> float:
        """The width (``x``) or height (``y``) of tile ``index`` in mm."""
        total, room = self._along(along)
        return min(room, total - self.start(index, along))


def _count(total: float, room: float) -> int:
    if total <= room:
        return 1
    return math.ceil((total - OVERLAP) / (room - OVERLAP) - 1e-9)


def _header(page: Page, title: str, note: str) -> None:
    """The title of a board sheet and, below it, its size note ("actual size · squares 35 mm")."""
    page.text(MARGIN, MARGIN + 3.5, title, size=4.2, bold=True)
    page.text(MARGIN, MARGIN + 8, note, size=3.0, colour="#333")


def board_pages(name: str, paper: Paper, mode: str = "tile") -> list[Page]:
    """The sheets of board ``name``: tiles at playing size (``mode="tile"``) or one sheet
    scaled to fit (``mode="fit"``)."""
    if mode not in ("tile", "fit"):
        raise PrintingError(f"mode must be 'tile' or 'fit', not {mode!r}")
    drawn = BOARDS[board_named(name)]()
    _, _, view_w, view_h = drawn.view
    room_w, room_h = paper.width - 2 * MARGIN, paper.height - 2 * MARGIN - HEADER
    if mode == "fit":
        scale = fit(view_w, view_h, room_w, room_h, most=drawn.mm_per_px)
        width, height = view_w * scale, view_h * scale
        page = Page(paper)
        percent = round(100 * scale / drawn.mm_per_px)
        size_note = say("actual size") if percent >= 100 else say("scale {percent} %").format(percent=percent)
        _header(page, drawn.title, f"{size_note} · {drawn.measure(scale)}")
        page.place(drawn.svg, (paper.width - width) / 2, MARGIN + HEADER + (room_h - height) / 2, width, height,
                   view=drawn.view)
        return [page]
    scale = drawn.mm_per_px
    tiling = Tiling(view_w * scale, view_h * scale, room_w, room_h)
    return [_tile(drawn, tiling, row, column, paper, scale)
            for row in range(tiling.rows) for column in range(tiling.columns)]


def tile_name(row: int, column: int) -> str:
    """A tile's name: its row's letter and its column's number ("A1", "B2")."""
    return f"{chr(ord('A') + row)}{column + 1}"


def _tile(drawn: BoardPicture, tiling: Tiling, row: int, column: int, paper: Paper, scale: float) -> Page:
    """One tile: its part of the board, the overlap lines towards its neighbours, its name."""
    page = Page(paper)
    x0, y0 = tiling.start(column, "x"), tiling.start(row, "y")
    w, h = tiling.size(column, "x"), tiling.size(row, "y")
    left, top = MARGIN, MARGIN + HEADER
    vx, vy, _, _ = drawn.view
    page.place(drawn.svg, left, top, w, h, view=(vx + x0 / scale, vy + y0 / scale, w / scale, h / scale))
    name = tile_name(row, column)
    note = f"{say('actual size')} · {drawn.measure(scale)}"
    if tiling.rows * tiling.columns == 1:
        _header(page, drawn.title, note)
        return page
    _header(page, drawn.title, say("tile {name} of {rows} x {columns}").format(
        name=name, rows=tiling.rows, columns=tiling.columns) + f" · {note}")
    page.text(MARGIN, paper.height - MARGIN / 2,
              say("glue the tiles so that the dashed lines meet the neighbour's edge"), size=2.6, colour="#555")
    _tile_map(page, tiling, row, column)
    overlap = say("overlap")
    if column > 0:
        _overlap_line(page, "x", left + OVERLAP, top, h, f"{overlap} {tile_name(row, column - 1)}", -1)
    if column + 1 < tiling.columns:
        _overlap_line(page, "x", left + w - OVERLAP, top, h, f"{overlap} {tile_name(row, column + 1)}", 1)
    if row > 0:
        _overlap_line(page, "y", top + OVERLAP, left, w, f"{overlap} {tile_name(row - 1, column)}", -1)
    if row + 1 < tiling.rows:
        _overlap_line(page, "y", top + h - OVERLAP, left, w, f"{overlap} {tile_name(row + 1, column)}", 1)
    return page


def _overlap_line(page: Page, axis: str, at: float, start: float, length: float, label: str, side: int) -> None:
    """A dashed red line where a neighbour's edge goes, labelled on the side it overlaps."""
    colour = "#c0161b"
    if axis == "x":
        page.line(at, start, at, start + length, width=0.5, colour=colour, dash="3 2")
        x, y = at + side * 3.0, start + length / 2
        page.add("text", {"x": x, "y": y, "font-size": 2.8, "fill": colour, "text-anchor": "middle",
                          "font-family": FONT, "transform": f"rotate(-90 {x:.3f} {y:.3f})"}, label)
    else:
        page.line(start, at, start + length, at, width=0.5, colour=colour, dash="3 2")
        page.text(start + length / 2, at + (4.0 if side > 0 else -1.5), label, size=2.8, anchor="middle",
                  colour=colour)


def _tile_map(page: Page, tiling: Tiling, row: int, column: int) -> None:
    """A small map of all tiles in the bottom-right margin, this one filled."""
    cell = 3.0
    x0 = page.paper.width - MARGIN - tiling.columns * cell
    y0 = page.paper.height - MARGIN / 2 - tiling.rows * cell + 1
    for r in range(tiling.rows):
        for c in range(tiling.columns):
            page.add("rect", {"x": x0 + c * cell, "y": y0 + r * cell, "width": cell, "height": cell,
                              "fill": "#555" if (r, c) == (row, column) else "#fff", "stroke": "#555",
                              "stroke-width": 0.2})
