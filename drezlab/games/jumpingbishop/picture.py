"""The jumping-bishop chess picture, drawn from an observation only.

``draw(observation)`` reads the observation's public part (see
:mod:`drezlab.kits.gridchess`: the board's description, the pieces, the last
move, the checked king) and draws it with the shared grid drawing
(:func:`drezlab.render.grid.draw_grid_board`): every square a ``<rect data-id="e4">``,
every piece a ``<use data-id="e4">``; python-chess's piece glyphs, the bishop's
glyph for the jumping bishop. Below the board a status line says whose turn it is
(or how the game ended) and a reminder of how the bishop moves.

Options: ``marks`` (square names tinted blue, e.g. where a bishop may jump),
``square`` (px per square), ``flipped`` (Black at the bottom).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from drezlab.core.cards import short_repr
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.render.base import new_drawing, num, to_svg
from drezlab.render.grid import board_size, draw_grid_board

HINT = "Bishop: jumps 3 squares (2 diagonal + 1 straight on or turned)"
add_translations({HINT: "Alfil: salta 3 casillas (2 en diagonal + 1 recta o girando)"})


def draw(
    observation: Observation,
    *,
    marks: Iterable[str] = (),
    square: float = 48,
    flipped: bool = False,
) -> str:
    """The SVG of a jumping-bishop chess observation (nothing is hidden: every seat
    sees the same board)."""
    if (
        isinstance(square, bool)
        or not isinstance(square, (int, float))
        or not math.isfinite(square)
        or square <= 8
    ):
        raise ValueError(
            f"square is the side of a square in px (a number above 8), not {short_repr(square)}"
        )
    if isinstance(marks, str):
        marks = [marks]
    public = observation.public
    board = public["board"]
    width, height = board_size(board, square)
    status_h = 46
    dwg = new_drawing(max(width, 440), height + status_h)
    draw_grid_board(
        dwg,
        board,
        public["pieces"],
        x=0,
        y=1,
        square=square,
        flipped=bool(flipped),
        last_move=public["last_move"] or (),
        check=public["check"],
        marks=list(marks),
    )
    dwg.add(dwg.text(observation.status, insert=(4, num(height + 18)), class_="dz-st"))
    dwg.add(dwg.text(t(HINT), insert=(4, num(height + 38)), class_="dz-sm"))
    return to_svg(dwg)
