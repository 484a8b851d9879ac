"""The Abyss picture, drawn from an observation only.

``draw(observation)`` (the function the metadata names) reads the observation's
public part (see :meth:`drezlab.games.abyss.game.Abyss._public`) and draws the
5 x 5 board inside a dark frame (the abyss the pieces fall into), White pieces
as round white discs and Black pieces as dark rounded squares (shape as well as
colour), the last push tinted, the count of each colour below the board, and
during the placement the two reserves the placer takes pieces from.

``perfect=True`` (the metadata's ``numbers``: the widget's "Show the numbers"
toggle) adds what perfect play gives from here, computed by the exact solver
from the same observation (:func:`drezlab.games.abyss.solver.verdict`): one
sentence, and in the play a small value (the mover's final count difference)
on each square a piece can stop on, the best value of the pushes stopping there.

Clicks: every square is a ``<rect data-id="c3">`` and the piece on it a
``<use data-id="c3">``; each reserve is a group ``data-id="w"`` / ``"b"`` (the
first target of a placement); decorations ignore the pointer.
"""

from __future__ import annotations

import math
from typing import Any

from drezlab.core.cards import short_repr
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.games.abyss.game import (
    FILES,
    LETTERS,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
)
from drezlab.games.abyss.words import RESERVE_TITLES
from drezlab.render.base import ensure_def, make, new_drawing, num, titled, to_svg, translate

add_translations({"Reserve": "Reserva", "On the board": "En el tablero"})

GLYPH = 45
SQUARE_FILL = ("#e9e4d8", "#d8d0bd")
ABYSS_FILL = "#1b2233"
WHITE_ID, BLACK_ID = "dz-abyss-w", "dz-abyss-b"
LAST_TINT = ("#d9d23a", ".55")
VALUE_FILL = "#8a1c1c"


def _white_glyph(factory: Any) -> Any:
    """A White piece: a round white disc with a ring."""
    group = factory.g(id=WHITE_ID)
    group.add(factory.circle((22.5, 22.5), 16, fill="#ffffff", stroke="#111111", stroke_width=2.5))
    group.add(factory.circle((22.5, 22.5), 8, fill="none", stroke="#777777", stroke_width=1.5))
    return group


def _black_glyph(factory: Any) -> Any:
    """A Black piece: a dark rounded square with a light inner square."""
    group = factory.g(id=BLACK_ID)
    group.add(factory.rect((7, 7), (31, 31), rx=6, ry=6, fill="#202020", stroke="#f2f2f2", stroke_width=1.5))
    group.add(factory.rect((16, 16), (13, 13), rx=2, ry=2, fill="none", stroke="#bdbdbd", stroke_width=1.5))
    return group


def _href(dwg: Any, letter: str) -> str:
    if letter == "w":
        return ensure_def(dwg, WHITE_ID, _white_glyph)
    return ensure_def(dwg, BLACK_ID, _black_glyph)


def draw(observation: Observation, *, perfect: bool = False, square: float = 64) -> str:
    """The SVG of an Abyss observation. ``perfect``: add what perfect play gives
    (computed by the solver from this observation); ``square``: a square's side in px."""
    if isinstance(square, bool) or not isinstance(square, (int, float)) or not math.isfinite(square) or square <= 0:
        raise ValueError(f"square is the side of a square in px (a positive number), not {short_repr(square)}")
    if not isinstance(perfect, bool):
        raise TypeError(f"perfect is true or false, not {short_repr(perfect)}")
    public = observation.public
    lines: list[str] = []
    stops: dict[str, int] = {}
    if perfect:
        from drezlab.games.abyss.solver import (
            verdict,  # the solver only when the numbers are asked for
        )
        found = verdict(public, observation.to_move)
        lines.append(found.text)
        for text, value in found.values.items():
            if "-" in text:
                to = text.split("-")[1]
                stops[to] = max(stops.get(to, value), value)
    return _draw(public, observation.status, lines, stops, float(square))


def _draw(public: Any, status: str, lines: list[str], stops: dict[str, int], square: float) -> str:
    frame = round(square * 0.35, 1)
    top = 26.0 + 18 * len(lines)
    board = SIZE * square
    left = frame + 18
    placing = public["phase"] == "place"
    width = left + board + frame + (150 if placing else 12)
    width = max([width, left - frame + 8.6 * len(status) + 8] + [left - frame + 7.8 * len(line) + 8 for line in lines])
    height = top + frame + board + frame + 26 + 26
    dwg = new_drawing(width, height)
    if status:
        dwg.add(make(dwg, "text", {"x": num(left - frame), "y": 18, "class": "dz-st"}, status))
    for index, line in enumerate(lines):
        dwg.add(make(dwg, "text", {"x": num(left - frame), "y": num(38 + 18 * index), "class": "dz-lb"}, line))
    dwg.add(make(dwg, "rect", {"x": num(left - frame), "y": num(top), "width": num(board + 2 * frame),
                               "height": num(board + 2 * frame), "rx": num(frame / 2), "fill": ABYSS_FILL,
                               "pointer-events": "none"}))
    origin_y = top + frame
    size = str(num(square))

    def corner_of(index: int) -> tuple[float, float]:
        file, rank = index % SIZE, index // SIZE
        return left + file * square, origin_y + (SIZE - 1 - rank) * square

    squares = dwg.g()
    dwg.add(squares)
    for index in range(SQUARES):
        x, y = corner_of(index)
        file, rank = index % SIZE, index // SIZE
        squares.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size,
                                       "fill": SQUARE_FILL[(file + rank) % 2], "stroke": "#8c8372",
                                       "stroke-width": "1", "data-id": SQUARE_NAMES[index]}))
    if public["last"]:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for name in public["last"]:
            x, y = corner_of(SQUARE_INDEX[name])
            layer.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size,
                                         "fill": LAST_TINT[0], "fill-opacity": LAST_TINT[1]}))
    pieces = dwg.g(transform=translate(left, origin_y, square / GLYPH))
    dwg.add(pieces)
    for row_number, row in enumerate(public["board"].split("/")):
        rank = SIZE - 1 - row_number
        for file, symbol in enumerate(row):
            if symbol in LETTERS:
                pieces.add(make(dwg, "use", {"x": str(file * GLYPH), "y": str(row_number * GLYPH),
                                             "data-id": SQUARE_NAMES[rank * SIZE + file]}, _href(dwg, symbol)))
    if stops:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for name, value in sorted(stops.items()):
            x, y = corner_of(SQUARE_INDEX[name])
            text = f"{value:+d}" if value else "0"
            layer.add(make(dwg, "text", {"x": num(x + square - 4), "y": num(y + 15), "fill": VALUE_FILL,
                                         "font-size": "13", "font-weight": "bold", "text-anchor": "end"}, text))
    font = max(9, round(square * 0.22))
    centres = [num(left + (i + 0.5) * square) for i in range(SIZE)]
    dwg.add(dwg.text(FILES, x=centres, y=[num(top + frame + board + frame + font + 2)], class_="dz-co",
                     font_size=font))
    middles = [num(origin_y + (i + 0.5) * square + font * 0.36) for i in range(SIZE)]
    dwg.add(dwg.text("54321", x=[num(8)] * SIZE, y=middles, class_="dz-co", font_size=font))
    white, black = public["counts"]
    base = height - 26
    dwg.add(make(dwg, "text", {"x": num(left - frame), "y": num(base + 19), "class": "dz-lb"},
                 f"{t('On the board')}:"))
    x = left - frame + 120
    for letter, count in (("w", white), ("b", black)):
        dwg.add(make(dwg, "use", {"transform": translate(x, base, 26 / GLYPH)}, _href(dwg, letter)))
        dwg.add(make(dwg, "text", {"x": num(x + 30), "y": num(base + 19), "class": "dz-lb"}, f"× {count}"))
        x += 80
    if placing:
        _reserves(dwg, public["left"], left + board + frame + 16, origin_y)
    return to_svg(dwg)


def _reserves(dwg: Any, left: list[int], x: float, y: float) -> None:
    """The two reserves of the placement: click one (``data-id`` ``w`` or ``b``), then a square."""
    dwg.add(make(dwg, "text", {"x": num(x), "y": num(y + 4), "class": "dz-lb"}, t("Reserve")))
    for row, letter in enumerate(LETTERS):
        group = titled(make(dwg, "g", {"data-id": letter}), t(RESERVE_TITLES[row]).format(count=left[row]))
        top = y + 16 + row * 86
        group.add(make(dwg, "rect", {"x": num(x), "y": num(top), "width": "120", "height": "74", "rx": "8",
                                     "fill": "#f4f1ea", "stroke": "#8c8372", "stroke-width": "1.5",
                                     "data-id": letter}))
        group.add(make(dwg, "use", {"transform": translate(x + 8, top + 14, 46 / GLYPH), "data-id": letter},
                       _href(dwg, letter)))
        group.add(make(dwg, "text", {"x": num(x + 62), "y": num(top + 44), "class": "dz-lb", "data-id": letter},
                       f"× {left[row]}"))
        dwg.add(group)
