"""The Courtier picture, drawn from an observation only.

The ring board of :mod:`drezlab.render.ring` (every cell clickable by its id), the
kings as chess kings (white for South, black for North) and the guards as round
shields (light for South, dark for North), each carrying its cell's id in
``data-id``; the last move tinted, the cells its capture emptied crossed out, and
the pieces left per side written beside the board.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.kits.ring import CELL_INDEX, CELL_NAMES, add_labels, label
from drezlab.render.base import make, new_drawing, num, to_svg, translate
from drezlab.render.pieces import glyph_href
from drezlab.render.ring import RingLayout, draw_ring_board
from drezlab.render.textwidth import wrap_to_width

add_labels({"Pieces left:": "Piezas restantes:", "{count} quiet moves (50)": "{count} jugadas sin captura (50)",
            "Last: {action}": "Última: {action}"})

LAYOUT = RingLayout(x=232, y=258)
WIDTH, HEIGHT = 700, 500
GUARD_STYLE = {"s": ("#fbf7ea", "#1c2430"), "n": ("#27313f", "#f4efe0")}


def _guard(dwg: Any, parent: Any, side: str, x: float, y: float, radius: float, data_id: str) -> None:
    fill, edge = GUARD_STYLE[side]
    parent.add(make(dwg, "circle", {"cx": num(x), "cy": num(y), "r": num(radius), "fill": fill, "stroke": edge,
                                    "stroke-width": "2.5", "data-id": data_id}))
    parent.add(make(dwg, "circle", {"cx": num(x), "cy": num(y), "r": num(radius * 0.4), "fill": "none",
                                    "stroke": edge, "stroke-width": "2", "pointer-events": "none"}))


def draw(observation: Observation) -> str:
    """The SVG of a Courtier observation (the same for every seat: nothing is hidden)."""
    public = observation.public
    dwg = new_drawing(WIDTH, HEIGHT)
    dwg.add(make(dwg, "text", {"x": 12, "y": 22, "class": "dz-st"}, observation.status))
    tints: dict[int, tuple[str, str]] = {}
    if public["last_move"] is not None:
        for name in public["last_move"]:
            tints[CELL_INDEX[name]] = ("#e3d94a", ".5")
    for name in public["taken"]:
        tints[CELL_INDEX[name]] = ("#d9534f", ".45")
    draw_ring_board(dwg, LAYOUT, tints=tints)
    pieces = dwg.g()
    dwg.add(pieces)
    for cell, content in enumerate(public["cells"]):
        if not content:
            continue
        side, piece = content.split(":")
        x, y = LAYOUT.centre_of(cell)
        if piece == "king":
            size = 40.0
            pieces.add(make(dwg, "use", {"transform": translate(x - size / 2, y - size / 2, size / 45),
                                         "data-id": CELL_NAMES[cell]}, glyph_href(dwg, "K" if side == "s" else "k")))
        else:
            _guard(dwg, pieces, side, x, y, 15, CELL_NAMES[cell])
    crosses = dwg.g(stroke="#c0161b", stroke_width=4, stroke_linecap="round", pointer_events="none")
    dwg.add(crosses)
    for name in public["taken"]:
        if public["cells"][CELL_INDEX[name]]:
            continue
        x, y = LAYOUT.centre_of(CELL_INDEX[name])
        crosses.add(make(dwg, "path", {}, f"M{num(x - 10)} {num(y - 10)}L{num(x + 10)} {num(y + 10)}"
                                          f"M{num(x + 10)} {num(y - 10)}L{num(x - 10)} {num(y + 10)}"))
    x = 470
    dwg.add(make(dwg, "text", {"x": x, "y": 60, "class": "dz-lb"}, label("Pieces left:")))
    for row, (name, count) in enumerate(zip(("South", "North"), public["pieces"])):
        dwg.add(make(dwg, "text", {"x": x + 10, "y": 82 + 20 * row, "class": "dz-sm"}, f"{t(name)}: {count}"))
    quiet = label("{count} quiet moves (50)").format(count=public["quiet"])
    dwg.add(make(dwg, "text", {"x": x, "y": 140, "class": "dz-sm"}, quiet))
    if observation.last:                      # the last move in words, wrapped to the panel
        last = label("Last: {action}").format(action=observation.last)
        for row, line in enumerate(wrap_to_width(last, WIDTH - x - 12, 12)):
            dwg.add(make(dwg, "text", {"x": x, "y": 172 + 16 * row, "class": "dz-sm"}, line))
    return to_svg(dwg)
