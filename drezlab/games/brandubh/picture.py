"""The VikingDrez / Brandubh picture, drawn from an observation only.

``draw(observation)`` (the function the metadata names, so ``game.svg()`` and
``game.view(seat).svg()`` come here) reads the observation's public part (see
:mod:`drezlab.games.brandubh.game`, "Views") and draws the board: throne and
corners marked, attackers (dark diamonds), defenders (white discs) and the king
(a chess king) told apart by shape, the last move tinted, the pieces it captured
crossed out, and every captured piece counted below the board.

Drawn with drezlab.render's svgwrite helpers; colours are inline attributes, so
the picture adds nothing to the shared stylesheet and restyles nothing on the page.
Every square is a ``<rect data-id="d4">`` and the piece on it a ``<use data-id="d4">``;
the decorations (throne and corner signs, tints, crosses) ignore the pointer, so a
click anywhere on a square reports its name.
"""

from __future__ import annotations

import math
from typing import Any, Iterable, Sequence

from drezlab.core.cards import short_repr
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.games.brandubh.game import (
    BIT,
    CORNER_SQS,
    FILES,
    RESTRICTED,
    SIZE,
    SQUARE_INDEX,
    SQUARE_NAMES,
    SQUARES,
    THRONE_SQ,
)
from drezlab.render.base import ensure_def, make, new_drawing, num, to_svg, translate
from drezlab.render.pieces import glyph_href

add_translations({"Captured": "Capturadas"})

GLYPH = 45   # every glyph is drawn in a 45 x 45 box, like python-chess's pieces
SQUARE_FILL = ("#ecd9ae", "#e0c690")      # light / dark wood, a faint checker for counting
RESTRICTED_FILL = "#8b5e34"
MARK_COLOURS = {"last": ("#d9d23a", ".55"), "mark": ("#3b82f6", ".35")}
ATTACKER_ID, DEFENDER_ID = "dz-tafl-a", "dz-tafl-d"


def _attacker_glyph(factory: Any) -> Any:
    """An attacker: a dark diamond (pointed, where a defender is round)."""
    group = factory.g(id=ATTACKER_ID)
    group.add(factory.polygon([(22.5, 4), (41, 22.5), (22.5, 41), (4, 22.5)], fill="#1f1f1f",
                              stroke="#f4f4f4", stroke_width=1.5, stroke_linejoin="round"))
    group.add(factory.polygon([(22.5, 14), (31, 22.5), (22.5, 31), (14, 22.5)], fill="none",
                              stroke="#9a9a9a", stroke_width=1.5, stroke_linejoin="round"))
    return group


def _defender_glyph(factory: Any) -> Any:
    """A defender: a white round shield with a boss."""
    group = factory.g(id=DEFENDER_ID)
    group.add(factory.circle((22.5, 22.5), 15, fill="#ffffff", stroke="#000000", stroke_width=2))
    group.add(factory.circle((22.5, 22.5), 5, fill="none", stroke="#000000", stroke_width=1.5))
    return group


def _glyph_href(dwg: Any, kind: str) -> str:
    """The def of a piece kind (``a``, ``d``, ``K``), added to ``dwg`` on first use."""
    if kind == "a":
        return ensure_def(dwg, ATTACKER_ID, _attacker_glyph)
    if kind == "d":
        return ensure_def(dwg, DEFENDER_ID, _defender_glyph)
    return glyph_href(dwg, "K")      # the king is python-chess's white king


def draw(observation: Observation, *, marks: Iterable[str] = (), square: float = 52) -> str:
    """The SVG of a Brandubh observation.

    ``marks``: square names to tint blue (e.g. where a piece may go); ``square``:
    the side of a square in px. Nothing is hidden in Brandubh, so every seat's
    observation gives the same picture.
    """
    public = observation.public
    if isinstance(marks, str):
        marks = [marks]
    marked = {_square_of(name) for name in marks}
    if isinstance(square, bool) or not isinstance(square, (int, float)) or not math.isfinite(square) or square <= 0:
        raise ValueError(f"square is the side of a square in px (a positive number), not {short_repr(square)}")
    last = public["last_move"]
    last_move = None if last is None else (SQUARE_INDEX[last[0]], SQUARE_INDEX[last[1]])
    crossed = [(SQUARE_INDEX[name], kind) for name, kind in public["taken"]]
    attackers_gone, defenders_gone = public["captured"]
    return draw_position(_placed(public["board"]), last_move=last_move, crossed=crossed,
                 captured=(attackers_gone, defenders_gone), status=observation.status, marks=marked,
                 square=float(square))


def _square_of(name: Any) -> int:
    if not isinstance(name, str) or name.strip().lower() not in SQUARE_INDEX:
        raise ValueError(f"{short_repr(name)} is not a square of the 7x7 board (a1 to g7)")
    return SQUARE_INDEX[name.strip().lower()]


def _placed(board: str) -> list[tuple[int, str]]:
    """(square, kind) of every piece of a board in the text form (ranks 7 to 1, ``/`` between)."""
    placed = []
    for row_number, row in enumerate(board.split("/")):
        rank = SIZE - 1 - row_number
        for file, symbol in enumerate(row):
            if symbol != ".":
                placed.append((rank * SIZE + file, symbol))
    return sorted(placed)


def _coords(index: int) -> tuple[int, int]:
    return index % SIZE, index // SIZE


def draw_position(placed: Sequence[tuple[int, str]], *, last_move: tuple[int, int] | None,
                  crossed: Sequence[tuple[int, str]], captured: tuple[int, int], status: str,
                  marks: set[int], square: float) -> str:
    """The picture of the pieces ``placed`` as (square, kind), with the last move tinted,
    the men it took (``crossed``) shown as crossed-out ghosts and the ``captured`` counts.
    Public because the print-and-play board (:mod:`drezlab.printing.boards`) draws the
    empty 7 x 7 board with it."""
    margin = round(square * 0.45, 1)
    top = 30.0
    board = SIZE * square
    tray = top + board + margin + 6
    dwg = new_drawing(margin + board + 8, tray + 34)
    if status:
        dwg.add(make(dwg, "text", {"x": num(margin), "y": 20, "class": "dz-st"}, status))
    size = str(num(square))

    def corner_of(index: int) -> tuple[float, float]:
        file, rank = _coords(index)
        return margin + file * square, top + (SIZE - 1 - rank) * square

    squares = dwg.g()
    dwg.add(squares)
    for index in range(SQUARES):
        x, y = corner_of(index)
        file, rank = _coords(index)
        fill = RESTRICTED_FILL if BIT[index] & RESTRICTED else SQUARE_FILL[(file + rank) % 2]
        squares.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size, "fill": fill,
                                       "stroke": "#6b4a2a", "stroke-width": "1", "data-id": SQUARE_NAMES[index]}))

    signs = dwg.g(fill="none", stroke="#f3e3c0", stroke_width=num(square / 18), pointer_events="none",
                  stroke_linecap="round")
    dwg.add(signs)
    inset = square * 0.22
    for index in CORNER_SQS:      # a corner: a cross, "restricted and hostile"
        x, y = corner_of(index)
        signs.add(make(dwg, "path", {}, f"M{num(x + inset)} {num(y + inset)}L{num(x + square - inset)} "
                                        f"{num(y + square - inset)}M{num(x + square - inset)} {num(y + inset)}"
                                        f"L{num(x + inset)} {num(y + square - inset)}"))
    x, y = corner_of(THRONE_SQ)   # the throne: two nested frames
    for step in (0.12, 0.26):
        signs.add(make(dwg, "rect", {"x": num(x + square * step), "y": num(y + square * step),
                                     "width": num(square * (1 - 2 * step)), "height": num(square * (1 - 2 * step))}))

    tints = [(s, "last") for s in (last_move or ())] + [(s, "mark") for s in sorted(marks)]
    if tints:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for index, kind in tints:
            x, y = corner_of(index)
            colour, opacity = MARK_COLOURS[kind]
            layer.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": size, "height": size,
                                         "fill": colour, "fill-opacity": opacity}))

    pieces = dwg.g(transform=translate(margin, top, square / GLYPH))
    dwg.add(pieces)
    for index, kind in placed:
        file, rank = _coords(index)
        pieces.add(make(dwg, "use", {"x": str(file * GLYPH), "y": str((SIZE - 1 - rank) * GLYPH),
                                     "data-id": SQUARE_NAMES[index]}, _glyph_href(dwg, kind)))

    if crossed:
        layer = dwg.g(transform=translate(margin, top, square / GLYPH), pointer_events="none")
        dwg.add(layer)
        for index, kind in sorted(crossed):
            file, rank = _coords(index)
            gx, gy = file * GLYPH, (SIZE - 1 - rank) * GLYPH
            if kind != "K":       # the captured man is gone: show its ghost
                layer.add(make(dwg, "use", {"x": str(gx), "y": str(gy), "opacity": ".35"}, _glyph_href(dwg, kind)))
            layer.add(make(dwg, "path", {"stroke": "#c0161b", "stroke-width": "4", "stroke-linecap": "round",
                                         "fill": "none"},
                           f"M{gx + 9} {gy + 9}L{gx + 36} {gy + 36}M{gx + 36} {gy + 9}L{gx + 9} {gy + 36}"))

    font = max(8, round(square * 0.27))
    centres = [num(margin + (i + 0.5) * square) for i in range(SIZE)]
    dwg.add(dwg.text(FILES, x=centres, y=[num(top + board + font + 3)], class_="dz-co", font_size=font))
    middles = [num(top + (i + 0.5) * square + font * 0.36) for i in range(SIZE)]
    dwg.add(dwg.text("7654321", x=[num(margin / 2)] * SIZE, y=middles, class_="dz-co", font_size=font))

    captured_attackers, captured_defenders = captured
    dwg.add(make(dwg, "text", {"x": num(margin), "y": num(tray + 21), "class": "dz-lb"}, f"{t('Captured')}:"))
    x = margin + 96
    for kind, count in (("a", captured_attackers), ("d", captured_defenders)):
        dwg.add(make(dwg, "use", {"transform": translate(x, tray + 2, 28 / GLYPH)}, _glyph_href(dwg, kind)))
        dwg.add(make(dwg, "text", {"x": num(x + 32), "y": num(tray + 21), "class": "dz-lb"}, f"× {count}"))
        x += 84
    return to_svg(dwg)
