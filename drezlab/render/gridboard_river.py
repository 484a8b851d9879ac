"""A rectangular grid board with terrain: water, planks, a wrap seam, arrows.

General pieces for boards python-chess cannot draw (added for the Guadalete river
family, usable by any grid game): :func:`draw_terrain_board` draws ``files`` x
``ranks`` squares from plain data -- the pieces by square name, the water squares
(blue with wave lines, so they read without colour), the planked squares (wood with
board seams and nails), the last move and check tints, marked squares, circles and
arrows (a move that does not end where it was aimed), caption lines -- and, for a
board whose ranks wrap round, the seam: a faded copy of the bottom rank above the
top one and of the top rank below the bottom one, with "meets" brackets, so a pupil
sees which ranks lie next to each other across it.

Every square is a ``<rect data-id="e4">`` and the piece on it a ``<use data-id="e4">``;
the decorations ignore the pointer, so a click anywhere on a square reports its name.
Pieces are python-chess's glyphs (:mod:`drezlab.render.pieces`) plus two fairy
pieces drawn here: the amazon ``A`` (a queen with a knight's head beside her) and
the rear pawn ``T`` (a pawn with an arrow toward the river it walks to).
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

from drezlab.core.cards import short_repr
from drezlab.render.base import ensure_def, make, new_drawing, num, to_svg, translate
from drezlab.render.pieces import glyph_href

GLYPH = 45
LETTERS = "abcdefghijklmnop"
SQUARE_FILL = ("#f0d9b5", "#b58863")
WATER_FILL = ("#9cc9ea", "#7fb3dc")
WAVE = "#2f6f9f"
PLANK_FILL = "#c08a4a"
PLANK_LINE = "#6b4420"
TINTS = {"last": ("#d9d23a", ".5"), "mark": ("#3b82f6", ".35"), "check": ("#e03030", ".55")}


def _amazon(factory: Any, colour: str, queen: str, knight: str) -> Any:
    """The amazon: a queen with a knight's head at her shoulder (queen + knight moves)."""
    group = factory.g(id=f"dz-{colour}a")
    group.add(factory.use(queen, transform="translate(0 4) scale(.8)"))
    group.add(factory.use(knight, transform="translate(22 0) scale(.52)"))
    return group


def _rear_pawn(factory: Any, colour: str, pawn: str) -> Any:
    """The rear pawn: a smaller pawn with an arrow beside it pointing to its own river
    (down for White, up for Black)."""
    group = factory.g(id=f"dz-{colour}t")
    group.add(factory.use(pawn, transform="translate(0 4) scale(.82)"))
    shaft = "M39 7V33" if colour == "w" else "M39 38V12"
    head = "M33 31L39 40L45 31Z" if colour == "w" else "M33 14L39 5L45 14Z"
    group.add(factory.path(d=shaft, stroke="#c0161b", stroke_width=3.5, stroke_linecap="round", fill="none"))
    group.add(factory.path(d=head, fill="#c0161b", stroke="#000", stroke_width=.8))
    return group


def piece_href(dwg: Any, symbol: str) -> str:
    """The def of a piece letter (chess pieces, ``A``/``a`` amazon, ``T``/``t`` rear pawn)."""
    kind = symbol.upper()
    colour = "w" if symbol.isupper() else "b"
    if kind == "A":
        queen, knight = glyph_href(dwg, "Q" if colour == "w" else "q"), glyph_href(dwg, "N" if colour == "w" else "n")
        return ensure_def(dwg, f"dz-{colour}a", lambda factory: _amazon(factory, colour, queen, knight))
    if kind == "T":
        pawn = glyph_href(dwg, "P" if colour == "w" else "p")
        return ensure_def(dwg, f"dz-{colour}t", lambda factory: _rear_pawn(factory, colour, pawn))
    return glyph_href(dwg, symbol)


def _cell(name: str, files: int, ranks: int) -> tuple[int, int]:
    """(file, rank), 0-based, of a square name on this board (ValueError if none)."""
    if isinstance(name, str) and len(name) >= 2 and name[0] in LETTERS[:files] and name[1:].isdigit():
        file, rank = LETTERS.index(name[0]), int(name[1:]) - 1
        if 0 <= rank < ranks:
            return file, rank
    raise ValueError(f"{short_repr(name)} is not a square of this {files} x {ranks} board")


def draw_terrain_board(*, files: int, ranks: int, pieces: Mapping[str, str], water: Iterable[str] = (),
                       planks: Iterable[str] = (), wrap: bool = False, status: str = "",
                       last: Sequence[str] = (), check: str | None = None, marks: Iterable[str] = (),
                       circles: Iterable[str] = (), arrows: Sequence[tuple[str, str | None]] = (),
                       captions: Sequence[str] = (), square: float = 46) -> str:
    """The SVG of a ``files`` x ``ranks`` board with terrain (see the module doc).

    ``pieces``: square name -> piece letter; ``water``/``planks``: square names;
    ``wrap``: the ranks wrap round (draw the seam); ``last``: squares of the last
    move; ``check``: the king's square in check; ``marks``: squares tinted blue;
    ``circles``: squares ringed (aimed-at squares); ``arrows``: (from, to) pairs,
    ``to`` None for an arrow off the right edge (a piece swept away); ``captions``:
    lines under the board; ``square``: a square's side in px.
    """
    if isinstance(square, bool) or not isinstance(square, (int, float)) or not math.isfinite(square) or square <= 0:
        raise ValueError(f"square is the side of a square in px (a positive number), not {short_repr(square)}")
    water_cells = {_cell(name, files, ranks) for name in water}
    plank_cells = {_cell(name, files, ranks) for name in planks}
    margin = round(square * 0.55, 1)
    ghost = square * 0.45 if wrap else 0.0
    top = 28.0 + ghost
    width_board, height_board = files * square, ranks * square
    bottom = top + height_board + ghost
    height = bottom + margin + 8 + 19 * len(captions)
    extra_right = square * 0.9 if any(to is None for _, to in arrows) else 0
    dwg = new_drawing(margin + width_board + 10 + extra_right, height)
    if status:
        dwg.add(make(dwg, "text", {"x": num(margin), "y": 19, "class": "dz-st"}, status))
    size = str(num(square))

    def corner(file: int, rank: int) -> tuple[float, float]:
        return margin + file * square, top + (ranks - 1 - rank) * square

    def centre(name: str) -> tuple[float, float]:
        file, rank = _cell(name, files, ranks)
        x, y = corner(file, rank)
        return x + square / 2, y + square / 2

    squares = dwg.g()
    dwg.add(squares)
    for rank in range(ranks):
        for file in range(files):
            x, y = corner(file, rank)
            dark = (file + rank) % 2 == 0
            fill = (WATER_FILL if (file, rank) in water_cells else SQUARE_FILL)[0 if not dark else 1]
            if (file, rank) in plank_cells:
                fill = PLANK_FILL
            squares.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size, "fill": fill,
                                           "stroke": "#7a5a3a", "stroke-width": ".6",
                                           "data-id": f"{LETTERS[file]}{rank + 1}"}))

    terrain = dwg.g(pointer_events="none", fill="none", stroke_linecap="round")
    dwg.add(terrain)
    for file, rank in sorted(water_cells - plank_cells):
        _waves(dwg, terrain, *corner(file, rank), square, 1.0)
    for file, rank in sorted(plank_cells):
        _plank(dwg, terrain, *corner(file, rank), square)

    if wrap:
        _seam(dwg, files, ranks, square, margin, top, water_cells, plank_cells)

    tints = [(name, "last") for name in last] + [(name, "mark") for name in marks]
    if check:
        tints.append((check, "check"))
    if tints:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for name, kind in tints:
            x, y = corner(*_cell(name, files, ranks))
            colour, opacity = TINTS[kind]
            layer.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size,
                                         "fill": colour, "fill-opacity": opacity}))

    layer = dwg.g(transform=translate(margin, top, square / GLYPH))
    dwg.add(layer)
    for name in sorted(pieces, key=lambda n: _cell(n, files, ranks)):
        file, rank = _cell(name, files, ranks)
        layer.add(make(dwg, "use", {"x": str(file * GLYPH), "y": str((ranks - 1 - rank) * GLYPH),
                                    "data-id": name}, piece_href(dwg, pieces[name])))

    if circles or arrows:
        overlay = dwg.g(pointer_events="none", fill="none", stroke="#0b4f8a", stroke_width=num(square / 14),
                        stroke_linecap="round")
        dwg.add(overlay)
        for name in circles:
            cx, cy = centre(name)
            overlay.add(make(dwg, "circle", {"cx": num(cx), "cy": num(cy), "r": num(square * 0.3),
                                             "stroke-dasharray": f"{num(square / 8)} {num(square / 10)}"}))
        for start, end in arrows:
            x1, y1 = centre(start)
            if end is None:
                x2, y2 = margin + width_board + square * 0.7, y1
            else:
                x2, y2 = centre(end)
            _arrow(dwg, overlay, x1, y1, x2, y2, square, drowned=end is None)

    font = max(8, round(square * 0.27))
    xs = [num(margin + (i + 0.5) * square) for i in range(files)]
    dwg.add(dwg.text(LETTERS[:files], x=xs, y=[num(bottom + font + 2)], class_="dz-co", font_size=font))
    numbers = dwg.g(class_="dz-co", font_size=font)
    dwg.add(numbers)
    for rank in range(ranks):
        _, y = corner(0, rank)
        numbers.add(make(dwg, "text", {"x": num(margin / 2), "y": num(y + square / 2 + font * 0.36)}, str(rank + 1)))
    for index, line in enumerate(captions):
        dwg.add(make(dwg, "text", {"x": num(margin), "y": num(bottom + margin + 10 + 19 * index), "class": "dz-lb"},
                     line))
    return to_svg(dwg)


def _waves(dwg: Any, group: Any, x: float, y: float, square: float, opacity: float) -> None:
    """Three wave lines across a water square."""
    path = []
    for row in (0.3, 0.55, 0.8):
        yy = y + square * row
        step = square / 4
        path.append(f"M{num(x + square * 0.1)} {num(yy)}")
        for i in range(4):
            bump = -square * 0.07 if i % 2 == 0 else square * 0.07
            path.append(f"q{num(step / 2 * 0.8)} {num(bump)} {num(step * 0.8)} 0")
    group.add(make(dwg, "path", {"stroke": WAVE, "stroke-width": num(square / 30), "opacity": str(opacity)},
                   "".join(path)))


def _plank(dwg: Any, group: Any, x: float, y: float, square: float) -> None:
    """A plank: two board seams and four nails on the wood."""
    seams = "".join(f"M{num(x + 2)} {num(y + square * f)}H{num(x + square - 2)}" for f in (1 / 3, 2 / 3))
    group.add(make(dwg, "path", {"stroke": PLANK_LINE, "stroke-width": num(square / 28)}, seams))
    nails = dwg.g(fill=PLANK_LINE, stroke="none")
    group.add(nails)
    for fx in (0.15, 0.85):
        for fy in (1 / 6, 5 / 6):
            nails.add(make(dwg, "circle", {"cx": num(x + square * fx), "cy": num(y + square * fy),
                                           "r": num(square / 26)}))


def _seam(dwg: Any, files: int, ranks: int, square: float, margin: float, top: float,
          water: set[tuple[int, int]], planks: set[tuple[int, int]]) -> None:
    """The wrap seam: a faded strip of the bottom rank above the top one and of the
    top rank below the bottom one, each labelled with the rank it repeats."""
    ghost = square * 0.45
    layer = dwg.g(pointer_events="none", opacity=".55")
    dwg.add(layer)
    for strip_y, rank in ((top - ghost, 0), (top + ranks * square, ranks - 1)):
        for file in range(files):
            x = margin + file * square
            fill = PLANK_FILL if (file, rank) in planks else WATER_FILL[0] if (file, rank) in water else SQUARE_FILL[0]
            layer.add(make(dwg, "rect", {"x": num(x), "y": num(strip_y), "width": num(square), "height": num(ghost),
                                         "fill": fill, "stroke": "#7a5a3a", "stroke-width": ".6"}))
        layer.add(make(dwg, "text", {"x": num(margin + files * square + 3), "y": num(strip_y + ghost * 0.75),
                                     "class": "dz-co", "font-size": num(ghost * 0.6), "text-anchor": "start"},
                       f"{rank + 1}"))
    edges = dwg.g(pointer_events="none", stroke="#0b4f8a", stroke_width=2, stroke_dasharray="6 4", fill="none")
    dwg.add(edges)
    for y in (top, top + ranks * square):
        edges.add(make(dwg, "path", {}, f"M{num(margin)} {num(y)}H{num(margin + files * square)}"))


def _arrow(dwg: Any, group: Any, x1: float, y1: float, x2: float, y2: float, square: float, drowned: bool) -> None:
    """An arrow from (x1, y1) to (x2, y2); a drowned piece's arrow ends in a cross."""
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = square * 0.22
    end_x, end_y = x2 - ux * head * 0.6, y2 - uy * head * 0.6
    group.add(make(dwg, "path", {}, f"M{num(x1)} {num(y1)}L{num(end_x)} {num(end_y)}"))
    left = (x2 - ux * head - uy * head * 0.6, y2 - uy * head + ux * head * 0.6)
    right = (x2 - ux * head + uy * head * 0.6, y2 - uy * head - ux * head * 0.6)
    group.add(make(dwg, "path", {"fill": "#0b4f8a"}, f"M{num(left[0])} {num(left[1])}L{num(x2)} {num(y2)}"
                                                     f"L{num(right[0])} {num(right[1])}z"))
    if drowned:
        r = square * 0.16
        group.add(make(dwg, "path", {"stroke": "#c0161b"}, f"M{num(x2 - r)} {num(y2 - r - square * .3)}"
                                                           f"l{num(2 * r)} {num(2 * r)}m0 {num(-2 * r)}"
                                                           f"l{num(-2 * r)} {num(2 * r)}"))
