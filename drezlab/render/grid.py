"""Any grid board drawn from its description: holes, a seam, water, planks, 2-4 colours of pieces, reserves.

The games on the grid engine (:mod:`drezlab.boards`) describe their board as plain
data (:func:`drezlab.kits.gridchess.board_description`: ``files``, ``ranks``,
``holes`` as ``[file, rank]`` pairs, ``wrap_files``/``wrap_ranks``, ``tags`` as
``{tag: [square names]}``) and their pieces as ``[square, seat, letter]``; this
module draws both, so jumping-bishop chess, the three river variants and the
160-square cross board share one drawing:

- every cell is a ``<rect class="dz-target ..." data-id="e4">`` and the piece on
  it a ``<use data-id="e4">``; a hole is simply not drawn (no cell, no id);
- cells tagged ``river`` (or any tag given in ``tag_styles``) are water: blue
  with a wave line, so the shape tells them apart, not only the colour;
- terrain values (``{square: value}``) drawn by ``terrain_styles``: ``"plank"``
  is brown wood with three board lines across the water;
- a seam (``wrap_ranks``) is a dashed double line along the top and bottom edges
  with a label naming the ranks that meet across it; ``wrap_files`` likewise at
  the left and right edges;
- pieces of seats 0 and 1 are python-chess's white and black glyphs; seats 2 and
  up are the white glyph filled with the seat's colour (yellow, green, red, blue
  for the cross board by default); a letter python-chess has no glyph for (the
  amazon ``A``) is a disc in the seat's colour with the letter on it;
- ``reserves`` (``[(label, [(seat, letter, count, data_id), ...]), ...]``) are drawn
  as columns beside the board, each piece clickable by its ``data_id``;
- ``last_move`` squares are tinted (class ``dz-lm``), ``marks`` tinted blue
  (``dz-mk``), ``check`` gets python-chess's red glow.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import chess.svg
import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group

from drezlab.render.base import Fragment, ensure_def, ensure_style, make, num, translate
from drezlab.render.board import CHECK_GRADIENT_ID, COORD_MARGIN, _check_gradient
from drezlab.render.pieces import GLYPH_SIZE, glyph_href

#: fill of the pieces of seats 2, 3, ... (seats 0 and 1 are white and black);
#: for four seats pass ``seat_colours=CROSS_COLOURS``
EXTRA_SEAT_COLOURS = ("#f2c400", "#2e9e44", "#d63b2f", "#2f6fd6", "#8e44ad")
CROSS_COLOURS = ("#f2c400", "#2e9e44", "#d63b2f", "#2f6fd6")
"""Yellow, green, red, blue: the four seats of the 160-square cross board in turn order."""
WATER = ("#9cc9ee", "#7fb3df")
WAVE = "#2f6fa8"
PLANK = "#b07a3f"
PLANK_LINE = "#6e4520"
SEAM = "#1c7c7c"
SEAM_STRIP = 0.7
"""Height of the strip above and below a board whose ranks wrap (lines and label), in squares."""


def board_size(
    board: Mapping[str, Any], square: float, coordinates: bool = True
) -> tuple[float, float]:
    """Width and height of the drawn board (with its coordinate strips and seam labels)."""
    margin = COORD_MARGIN * square if coordinates else 0
    seam_v = SEAM_STRIP * square if board.get("wrap_ranks") else 0
    seam_h = SEAM_STRIP * square if board.get("wrap_files") else 0
    return (
        margin + 2 * seam_h + board["files"] * square + 1,
        2 * seam_v + board["ranks"] * square + margin + 1,
    )


def piece_href(
    dwg: svgwrite.Drawing,
    seat: int,
    letter: str,
    seat_colours: Sequence[str] | None = None,
) -> str:
    """The def of ``letter`` for ``seat`` (see the module docstring), added on first use."""
    up = letter.upper()
    if seat_colours is None and seat in (0, 1) and up in "KQRBNP":
        return glyph_href(dwg, up if seat == 0 else up.lower())
    colours = (
        seat_colours
        if seat_colours is not None
        else ("#ffffff", "#222222", *EXTRA_SEAT_COLOURS)
    )
    fill = colours[seat % len(colours)]
    def_id = f"dz-g{seat}{up.lower()}-{fill[1:]}"
    if up in "KQRBNP":
        return ensure_def(
            dwg, def_id, lambda _f: Fragment(_coloured_piece(up, fill, def_id), def_id)
        )
    return ensure_def(
        dwg, def_id, lambda factory: _lettered_disc(factory, up, fill, def_id)
    )


def _coloured_piece(letter: str, fill: str, def_id: str) -> ET.Element:
    """python-chess's white glyph with its white parts filled with ``fill``."""
    markup = (
        chess.svg.PIECES[letter]
        .replace('fill="#fff"', f'fill="{fill}"')
        .replace("fill:#ffffff", f"fill:{fill}")
    )
    element = ET.fromstring(markup)
    element.attrib.pop("class", None)
    element.set("id", def_id)
    return element


def _lettered_disc(
    factory: svgwrite.Drawing, letter: str, fill: str, def_id: str
) -> BaseElement:
    """A piece python-chess has no drawing for: a disc with a double rim and the letter."""
    dark = _is_dark(fill)
    group = factory.g(id=def_id)
    group.add(
        factory.circle((22.5, 22.5), 17, fill=fill, stroke="#000", stroke_width=1.5)
    )
    group.add(
        factory.circle(
            (22.5, 22.5),
            13.5,
            fill="none",
            stroke="#fff" if dark else "#000",
            stroke_width=1,
        )
    )
    group.add(
        factory.text(
            letter,
            insert=(22.5, 29.5),
            text_anchor="middle",
            font_size=19,
            font_weight="bold",
            fill="#fff" if dark else "#000",
        )
    )
    return group


def _is_dark(colour: str) -> bool:
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def _square_name(f: int, r: int) -> str:
    return f"{'abcdefghijklmnopqrstuvwxyz'[f]}{r + 1}"


def draw_grid_board(
    dwg: svgwrite.Drawing,
    board: Mapping[str, Any],
    pieces: Iterable[Sequence[Any]],
    *,
    parent: BaseElement | None = None,
    x: float = 0,
    y: float = 0,
    square: float = 45,
    flipped: bool = False,
    terrain: Mapping[str, int] | None = None,
    terrain_styles: Mapping[int, str] | None = None,
    tag_styles: Mapping[str, str] | None = None,
    last_move: Iterable[str] = (),
    check: str | None = None,
    marks: Iterable[str] = (),
    coordinates: bool = True,
    seat_colours: Sequence[str] | None = None,
) -> Group:
    """Draw a board description and its pieces; ``(x, y)`` is the top-left corner of
    the drawing (coordinate strip and seam labels included). Returns the group."""
    ensure_style(dwg)
    files, ranks = board["files"], board["ranks"]
    holes = {(int(f), int(r)) for f, r in board.get("holes", ())}
    styles = {"river": "water"} if tag_styles is None else dict(tag_styles)
    tagged: dict[str, str] = {}
    for tag, tag_style in styles.items():
        for name in board.get("tags", {}).get(tag, ()):
            tagged[name] = tag_style
    ter = dict(terrain or {})
    ter_styles = {2: "plank"} if terrain_styles is None else dict(terrain_styles)
    tinted = set(last_move)
    marked = set(marks)
    margin = COORD_MARGIN * square if coordinates else 0
    seam_v = SEAM_STRIP * square if board.get("wrap_ranks") else 0
    seam_h = SEAM_STRIP * square if board.get("wrap_files") else 0
    left0 = x + margin + seam_h
    top0 = y + seam_v
    group = dwg.g(class_="dz-chessboard")
    (dwg if parent is None else parent).add(group)
    size = str(num(square))
    overlays = dwg.g(pointer_events="none")
    check_xy: tuple[float, float] | None = None
    positions: dict[str, tuple[float, float]] = {}
    for f in range(files):
        for r in range(ranks):
            if (f, r) in holes:
                continue
            col = files - 1 - f if flipped else f
            row = r if flipped else ranks - 1 - r
            left = left0 + col * square
            top = top0 + row * square
            name = _square_name(f, r)
            positions[name] = (left, top)
            style = tagged.get(name)
            if style == "water":
                classes = "dz-target"
                fill: str | None = WATER[(f + r) % 2]
            else:
                classes = "dz-target dz-l" if (f + r) % 2 else "dz-target dz-d"
                fill = None
            if name in marked:
                classes += " dz-mk"
            if name in tinted:
                classes += " dz-lm"
            attrs: dict[str, Any] = {
                "x": str(num(left)),
                "y": str(num(top)),
                "width": size,
                "height": size,
                "class": classes,
                "data-id": name,
            }
            if fill is not None and name not in marked and name not in tinted:
                attrs["fill"] = fill
                attrs["style"] = f"fill:{fill}"
            group.add(make(dwg, "rect", attrs))
            if style == "water" and ter_styles.get(ter.get(name, 0)) != "plank":
                overlays.add(_waves(dwg, left, top, square))
            if ter_styles.get(ter.get(name, 0)) == "plank":
                overlays.add(_plank(dwg, left, top, square))
            if name == check:
                check_xy = (left, top)
    group.add(overlays)
    if check_xy is not None:
        gradient = ensure_def(dwg, CHECK_GRADIENT_ID, _check_gradient)
        group.add(
            dwg.rect(
                (num(check_xy[0]), num(check_xy[1])),
                (size, size),
                fill=f"url({gradient})",
                pointer_events="none",
                class_="dz-check",
            )
        )
    scale = square / GLYPH_SIZE
    layer = dwg.g(transform=translate(0, 0, scale))
    group.add(layer)
    for sq, seat, letter in sorted(pieces, key=lambda p: (str(p[0]), int(p[1]))):
        if sq not in positions:
            continue
        left, top = positions[sq]
        href = piece_href(dwg, int(seat), str(letter), seat_colours)
        layer.add(
            make(
                dwg,
                "use",
                {
                    "x": str(num(left / scale)),
                    "y": str(num(top / scale)),
                    "data-id": sq,
                },
                href,
            )
        )
    if coordinates:
        _coordinates(
            dwg, group, left0, top0, square, files, ranks, flipped, margin, seam_v
        )
    if board.get("wrap_ranks"):
        _seam(dwg, group, left0, top0, square, files, ranks, flipped, vertical=True)
    if board.get("wrap_files"):
        _seam(dwg, group, left0, top0, square, files, ranks, flipped, vertical=False)
    return group


def draw_reserves(
    dwg: svgwrite.Drawing,
    reserves: Sequence[tuple[str, Sequence[tuple[int, str, int, str]]]],
    *,
    x: float,
    y: float,
    square: float = 40,
    seat_colours: Sequence[str] | None = None,
) -> float:
    """Reserves beside a board: one column per ``(label, [(seat, letter, count, data_id)])``;
    a piece with a count above 1 carries a badge. Returns the width used."""
    ensure_style(dwg)
    group = dwg.g(class_="dz-reserves")
    dwg.add(group)
    scale = square / GLYPH_SIZE
    cx = x
    for label, items in reserves:
        group.add(dwg.text(label, insert=(num(cx), num(y + 12)), class_="dz-sm"))
        for i, (seat, letter, count, data_id) in enumerate(items):
            top = y + 20 + i * (square + 4)
            group.add(
                make(
                    dwg,
                    "rect",
                    {
                        "x": str(num(cx)),
                        "y": str(num(top)),
                        "width": str(num(square)),
                        "height": str(num(square)),
                        "class": "dz-target dz-l",
                        "data-id": data_id,
                    },
                )
            )
            piece = dwg.g(transform=translate(cx, top, scale))
            piece.add(
                make(
                    dwg,
                    "use",
                    {"data-id": data_id},
                    piece_href(dwg, seat, letter, seat_colours),
                )
            )
            group.add(piece)
            if count > 1:
                bx, by = cx + square - 7, top + 7
                group.add(
                    dwg.circle(
                        (num(bx), num(by)), 7, class_="dz-badge", pointer_events="none"
                    )
                )
                group.add(
                    dwg.text(
                        str(count),
                        insert=(num(bx), num(by + 4.5)),
                        class_="dz-count",
                        pointer_events="none",
                    )
                )
        cx += max(square + 10, 7.5 * len(label) + 10)
    return cx - x


def _waves(
    dwg: svgwrite.Drawing, left: float, top: float, square: float
) -> BaseElement:
    """Two wave lines across a water cell (water is told by shape, not only colour)."""
    group = dwg.g(
        fill="none",
        stroke=WAVE,
        stroke_width=max(1.0, square / 30),
        stroke_linecap="round",
    )
    for frac in (0.38, 0.68):
        yy = top + frac * square
        step = square / 4
        d = f"M{num(left + square * 0.1)} {num(yy)}"
        for _ in range(4):
            d += f" q{num(step * 0.2)} {num(-square * 0.08)} {num(step * 0.4)} 0 t{num(step * 0.4)} 0"
        group.add(dwg.path(d=d))
    return group


def _plank(
    dwg: svgwrite.Drawing, left: float, top: float, square: float
) -> BaseElement:
    """A plank laid on a water cell: a wooden board with three seams across it."""
    group = dwg.g()
    inset = square * 0.08
    group.add(
        dwg.rect(
            (num(left + inset), num(top + inset)),
            (num(square - 2 * inset), num(square - 2 * inset)),
            fill=PLANK,
            stroke=PLANK_LINE,
            stroke_width=1.5,
            rx=num(square * 0.05),
        )
    )
    for frac in (0.33, 0.5, 0.67):
        xx = left + frac * square
        group.add(
            dwg.line(
                (num(xx), num(top + inset)),
                (num(xx), num(top + square - inset)),
                stroke=PLANK_LINE,
                stroke_width=1,
            )
        )
    return group


def _coordinates(
    dwg: svgwrite.Drawing,
    group: Group,
    left0: float,
    top0: float,
    square: float,
    files: int,
    ranks: int,
    flipped: bool,
    margin: float,
    below: float = 0,
) -> None:
    """File letters below the board (``below`` lower still, under a seam strip),
    rank numbers left of it."""
    font = max(8, round(square * 0.27))
    letters = "abcdefghijklmnopqrstuvwxyz"[:files]
    for col in range(files):
        f = files - 1 - col if flipped else col
        group.add(
            dwg.text(
                letters[f],
                insert=(
                    num(left0 + (col + 0.5) * square),
                    num(top0 + ranks * square + below + font + square * 0.05),
                ),
                class_="dz-co",
                font_size=font,
            )
        )
    for row in range(ranks):
        r = row if flipped else ranks - 1 - row
        group.add(
            dwg.text(
                str(r + 1),
                insert=(
                    num(left0 - margin / 2),
                    num(top0 + (row + 0.5) * square + font * 0.36),
                ),
                class_="dz-co",
                font_size=font,
            )
        )


def _seam(
    dwg: svgwrite.Drawing,
    group: Group,
    left0: float,
    top0: float,
    square: float,
    files: int,
    ranks: int,
    flipped: bool,
    vertical: bool,
) -> None:
    """The seam of a wrapping board: dashed double lines on both edges that meet,
    labelled with the ranks (or files) that touch across it."""
    seam = dwg.g(
        stroke=SEAM,
        stroke_width=2,
        stroke_dasharray="6 4",
        fill="none",
        pointer_events="none",
    )
    group.add(seam)
    font = max(9, round(square * 0.26))
    if vertical:
        width = files * square
        for yy in (
            top0 - 3,
            top0 - 7,
            top0 + ranks * square + 3,
            top0 + ranks * square + 7,
        ):
            seam.add(dwg.line((num(left0), num(yy)), (num(left0 + width), num(yy))))
        top_rank, bottom_rank = (1, ranks) if flipped else (ranks, 1)
        other_top, other_bottom = bottom_rank, top_rank
        group.add(
            dwg.text(
                f"seam: rank {top_rank} meets rank {other_top}",
                insert=(num(left0 + width / 2), num(top0 - 11)),
                class_="dz-co",
                font_size=font,
                pointer_events="none",
            )
        )
        group.add(
            dwg.text(
                f"seam: rank {bottom_rank} meets rank {other_bottom}",
                insert=(num(left0 + width / 2), num(top0 + ranks * square + 10 + font)),
                class_="dz-co",
                font_size=font,
                pointer_events="none",
            )
        )
    else:
        height = ranks * square
        for xx in (
            left0 - 3,
            left0 - 7,
            left0 + files * square + 3,
            left0 + files * square + 7,
        ):
            seam.add(dwg.line((num(xx), num(top0)), (num(xx), num(top0 + height))))
