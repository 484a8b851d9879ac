"""The river family's picture, drawn from an observation only.

``draw(observation)`` (named by all three games' metadata) reads the view's public
part (:meth:`drezlab.games.guadalete.river.RiverChess._public`) and draws it with
the shared grid-board drawing (:func:`drezlab.render.grid.draw_grid_board`): the
river as water (blue with waves), planks as wood, the cylinder's seam with the
ranks that meet across it, the last move and a king in check tinted. Under the
board: the status line, then the plank counts and the plank-balance obligation
(Guadalete, cylinder) or the two drifts (swimming). The cylinder's 14 ranks are drawn
on smaller squares with the captions beside the board, so that it fits one screen
(issue 22: at most about 560 px high), its coordinates still 13 px.

The swimming variant's current (:func:`drezlab.render.gridboard_river.draw_arrows`):
the last move, if it drifted, is shown as a ringed nominal square and an arrow to
where the piece landed (or off the board, crossed, if it drowned).
``draw(view, chosen="e6")`` shows instead, for the piece on e6, every square it may
aim at in the river (ringed) and where the current takes it (arrows).
"""

from __future__ import annotations

import math
from typing import Any

from drezlab.core.cards import short_repr
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.render.base import new_drawing, num, to_svg
from drezlab.render.grid import board_size, draw_grid_board
from drezlab.render.gridboard_river import draw_arrows
from drezlab.render.textwidth import wrap_to_width

add_translations({
    "Planks made": "Tablas en el río",
    "must make a plank": "deben poner una tabla",
    "Current": "Corriente",
    "White's drift": "deriva de las blancas",
    "Black's drift": "deriva de las negras",
    "squares toward file h": "casillas hacia la columna h",
})

#: both sides' planks are drawn as wood (terrain 1: White's, 2: Black's)
PLANK_STYLES = {1: "plank", 2: "plank"}
#: a square's side in px: 8 ranks, and the cylinder's 14 (drawn at most about 560 px high, issue 22)
SQUARE, CYLINDER_SQUARE = 46, 35
#: the cylinder's coordinates and seam labels (px), its rank numbers' strip, its captions' column
COORD_FONT, RANK_MARGIN, PANEL_WIDTH = 13, 24, 300


def draw(observation: Observation, *, chosen: str | None = None, marks: Any = (), square: float | None = None) -> str:
    """The SVG of a river-family observation (see the module doc).

    ``chosen``: a square whose piece's drifting moves to show (swimming variant);
    ``marks``: square names to tint blue; ``square``: a square's side in px (None: 46,
    the cylinder's 14 ranks :data:`CYLINDER_SQUARE`).
    """
    public = observation.public
    board = public["board"]
    if square is None:
        square = CYLINDER_SQUARE if board.get("wrap_ranks") else SQUARE
    if isinstance(square, bool) or not isinstance(square, (int, float)) or not math.isfinite(square) or square <= 8:
        raise ValueError(f"square is the side of a square in px (a number above 8), not {short_repr(square)}")
    if isinstance(marks, str):
        marks = [marks]
    circles, arrows = _currents(public, chosen)
    captions = [observation.status, *_captions(public)]
    last = [name for name in [*(public["last_move"] or ())[:1], public["landing"]] if name]
    if board.get("wrap_ranks"):
        return _draw_tall(public, board, captions, circles, arrows, last, list(marks), square)
    width, height = board_size(board, square)
    extra = square * 1.6 if any(end is None for _, end in arrows) else 0
    dwg = new_drawing(max(width + extra, 440), height + 8 + 20 * len(captions))
    draw_grid_board(dwg, board, public["pieces"], x=0, y=1, square=square, terrain=public["terrain"],
                    terrain_styles=PLANK_STYLES, last_move=last, check=public["check"], marks=list(marks))
    if circles or arrows:
        draw_arrows(dwg, board, circles=circles, arrows=arrows, x=0, y=1, square=square)
    for index, line in enumerate(captions):
        dwg.add(dwg.text(line, insert=(4, num(height + 18 + 20 * index)), class_="dz-st" if index == 0 else "dz-lb"))
    return to_svg(dwg)


def _draw_tall(public: Any, board: Any, captions: list[str], circles: list[str],
               arrows: list[tuple[str, str | None]], last: list[str], marks: list[str], square: float) -> str:
    """The cylinder's 14 ranks (issue 22: one screen, at most about 560 px high): smaller
    squares, the coordinates drawn here at :data:`COORD_FONT` px (the grid's own would
    shrink with the squares), the seam labels raised to that size, and the captions
    beside the board rather than under it."""
    files, ranks = board["files"], board["ranks"]
    left, y = RANK_MARGIN, 1
    width, height = board_size(board, square, coordinates=False)
    seam = height - 1 - ranks * square                  # both seam strips (none on a plain board)
    extra = square * 1.6 if any(end is None for _, end in arrows) else 0
    panel = left + width + extra + 16
    lines: list[tuple[str, str]] = []
    for index, caption in enumerate(captions):
        size, bold = (14, True) if index == 0 else (13, True)
        style = "dz-st" if index == 0 else "dz-lb"
        lines += [(style, line) for line in wrap_to_width(caption, PANEL_WIDTH, size, bold)]
    total_height = y + height + COORD_FONT + 6
    dwg = new_drawing(panel + PANEL_WIDTH + 8, max(total_height, 24 + 20 * len(lines)))
    group = draw_grid_board(dwg, board, public["pieces"], x=left, y=y, square=square, terrain=public["terrain"],
                            terrain_styles=PLANK_STYLES, last_move=last, check=public["check"], marks=marks,
                            coordinates=False)
    for element in group.elements:                     # the seam labels, at a readable size
        if getattr(element, "elementname", "") == "text" and float(element.attribs.get("font-size", 0)) < COORD_FONT:
            element.attribs["font-size"] = COORD_FONT
    if circles or arrows:
        draw_arrows(dwg, board, circles=circles, arrows=arrows, x=left, y=y, square=square, coordinates=False)
    top0 = y + seam / 2
    coords = dwg.g(class_="dz-co", font_size=COORD_FONT, pointer_events="none")
    dwg.add(coords)
    for f in range(files):
        coords.add(dwg.text("abcdefghijklmnopqrstuvwxyz"[f],
                            insert=(num(left + (f + 0.5) * square), num(y + height + COORD_FONT))))
    for row in range(ranks):
        coords.add(dwg.text(str(ranks - row), insert=(num(left - 4), num(top0 + (row + 0.5) * square + 4.5)),
                            text_anchor="end"))
    for index, (style, line) in enumerate(lines):
        dwg.add(dwg.text(line, insert=(num(panel), num(22 + 20 * index)), class_=style))
    return to_svg(dwg)


def _currents(public: Any, chosen: str | None) -> tuple[list[str], list[tuple[str, str | None]]]:
    """The rings and arrows: the chosen piece's drifting moves, else the last move's drift."""
    circles: list[str] = []
    arrows: list[tuple[str, str | None]] = []
    if chosen is not None:
        occupied = {piece[0] for piece in public["pieces"]}
        if not isinstance(chosen, str) or chosen not in occupied:
            raise ValueError(f"chosen names the square of a piece, not {short_repr(chosen)}")
        for nominal, land in public["currents"].get(chosen, ()):
            circles.append(nominal)
            arrows.append((nominal, land))
    elif public["last_move"] and public["variant"] == "guadalete-swimming":
        nominal, land = public["last_move"][-1], public["landing"]
        if land != nominal:
            circles.append(nominal)
            arrows.append((nominal, land))
    return circles, arrows


def _captions(public: Any) -> list[str]:
    lines = []
    if "plank_counts" in public:
        white, black = public["plank_counts"]
        line = f"{t('Planks made')}: {t('White')} {white} · {t('Black')} {black}"
        if public["must_plank"]:
            line += f" — {t(public['turn'])} {t('must make a plank')}"
        lines.append(line)
    if "drifts" in public:
        white, black = public["drifts"]
        white_drift, black_drift = t("White's drift"), t("Black's drift")
        lines.append(f"{t('Current')}: {white_drift} {white}, {black_drift} {black}")
        lines.append(f"({t('squares toward file h')})")
    return lines
