"""Rings and arrows over a grid board drawn by :mod:`drezlab.render.grid`.

A general piece added for the Guadalete river family (usable by any game on the
grid engine): :func:`draw_arrows` marks squares with dashed rings and joins squares
with arrows, on top of a board that :func:`drezlab.render.grid.draw_grid_board` drew
at the same ``(x, y)`` and ``square`` -- the swimming variant shows with it, for a
chosen piece, each square it aims at in the river and where the current carries it.
An arrow may end off the board's right edge (``None``: the piece is swept away and
drowns), where it ends in a red cross. The layer ignores the pointer, so clicks
still reach the squares' ``data-id``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import svgwrite

from drezlab.render.base import make, num
from drezlab.render.board import COORD_MARGIN
from drezlab.render.grid import SEAM_STRIP

INK = "#0b4f8a"
CROSS = "#c0161b"


def square_corner(board: Mapping[str, Any], name: str, *, x: float = 0, y: float = 0, square: float = 45,
                  coordinates: bool = True) -> tuple[float, float]:
    """The top-left corner of square ``name`` on a board drawn by ``draw_grid_board``
    with the same ``x``, ``y``, ``square`` and ``coordinates`` (White at the bottom)."""
    file, rank = ord(name[0]) - 97, int(name[1:]) - 1
    if not (0 <= file < board["files"] and 0 <= rank < board["ranks"]):
        raise ValueError(f"{name!r} is not a square of this {board['files']} x {board['ranks']} board")
    margin = COORD_MARGIN * square if coordinates else 0
    seam_v = SEAM_STRIP * square if board.get("wrap_ranks") else 0
    seam_h = SEAM_STRIP * square if board.get("wrap_files") else 0
    return x + margin + seam_h + file * square, y + seam_v + (board["ranks"] - 1 - rank) * square


def draw_arrows(dwg: svgwrite.Drawing, board: Mapping[str, Any], *, circles: Iterable[str] = (),
                arrows: Sequence[tuple[str, str | None]] = (), x: float = 0, y: float = 0, square: float = 45,
                coordinates: bool = True) -> None:
    """Add dashed rings on ``circles`` and arrows ``(from, to)`` (``to`` None: off the
    right edge, crossed) over the board (see the module doc)."""
    layer = dwg.g(pointer_events="none", fill="none", stroke=INK, stroke_width=num(square / 14),
                  stroke_linecap="round")
    dwg.add(layer)

    def centre(name: str) -> tuple[float, float]:
        left, top = square_corner(board, name, x=x, y=y, square=square, coordinates=coordinates)
        return left + square / 2, top + square / 2

    for name in circles:
        cx, cy = centre(name)
        layer.add(make(dwg, "circle", {"cx": num(cx), "cy": num(cy), "r": num(square * 0.3),
                                       "stroke-dasharray": f"{num(square / 8)} {num(square / 10)}"}))
    for start, end in arrows:
        x1, y1 = centre(start)
        if end is None:
            right, _ = square_corner(board, f"{chr(96 + board['files'])}1", x=x, y=y, square=square,
                                     coordinates=coordinates)
            x2, y2 = right + square * 1.35, y1
        else:
            x2, y2 = centre(end)
        _arrow(dwg, layer, x1, y1, x2, y2, square, drowned=end is None)


def _arrow(dwg: svgwrite.Drawing, group: Any, x1: float, y1: float, x2: float, y2: float, square: float,
           drowned: bool) -> None:
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    head = square * 0.22
    group.add(make(dwg, "path", {}, f"M{num(x1)} {num(y1)}L{num(x2 - ux * head * 0.6)} {num(y2 - uy * head * 0.6)}"))
    left = (x2 - ux * head - uy * head * 0.6, y2 - uy * head + ux * head * 0.6)
    right = (x2 - ux * head + uy * head * 0.6, y2 - uy * head - ux * head * 0.6)
    group.add(make(dwg, "path", {"fill": INK}, f"M{num(left[0])} {num(left[1])}L{num(x2)} {num(y2)}"
                                              f"L{num(right[0])} {num(right[1])}z"))
    if drowned:
        r = square * 0.16
        group.add(make(dwg, "path", {"stroke": CROSS}, f"M{num(x2 - r)} {num(y2 - r - square * .3)}"
                                                       f"l{num(2 * r)} {num(2 * r)}m0 {num(-2 * r)}"
                                                       f"l{num(-2 * r)} {num(2 * r)}"))
