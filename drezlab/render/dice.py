"""Die faces for any game: pips 1-6, a number, a "?" for a die not rolled, or a face a
game draws itself (a colour, a symbol).

``draw_die(dwg, parent, x, y, value, size=30)`` draws one rounded white face with its
top-left corner at (x, y): pips for the values 1 to 6 (laid out as on a real die),
the number for any other value, "?" when ``value`` is ``None``. ``fill`` paints the
face (a colour die), ``data_id`` makes the die a click target (class ``dz-target``)
and ``title`` is the hover text. The returned group is where a game adds its own
drawing for faces that are not numbers (NeuroDrez's surface die draws its symbol
into it). Pips are one ``<path>`` so a die costs three elements.
"""

from __future__ import annotations

import svgwrite
from svgwrite.base import BaseElement

from drezlab.render.base import ensure_style, num, translate

#: pip centres of a face 30 px wide, value -> ((x, y), ...)
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((15, 15),),
    2: ((8, 8), (22, 22)),
    3: ((8, 8), (15, 15), (22, 22)),
    4: ((8, 8), (22, 8), (8, 22), (22, 22)),
    5: ((8, 8), (22, 8), (15, 15), (8, 22), (22, 22)),
    6: ((8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22)),
}
PIP_RADIUS = 2.8
"""The radius of a pip on a face 30 px wide (scaled with the face)."""


def pips_path(value: int, size: float = 30) -> str:
    """The ``d`` of a path drawing the pips of ``value`` (1-6) on a face ``size`` px wide."""
    scale = size / 30
    r = PIP_RADIUS * scale
    return "".join(f"M{num(cx * scale - r)} {num(cy * scale)}a{num(r)} {num(r)} 0 1 0 {num(2 * r)} 0"
                   f"a{num(r)} {num(r)} 0 1 0 {num(-2 * r)} 0" for cx, cy in PIPS[value])


def draw_die(dwg: svgwrite.Drawing, parent: BaseElement | None, x: float, y: float,
             value: int | str | None, *, size: float = 30, fill: str | None = None,
             data_id: str | None = None, title: str = "", show_value: bool = True) -> BaseElement:
    """One die face (see the module docstring); returns its group, translated to (x, y).

    ``show_value=False`` draws the blank face only (the caller draws the face's symbol
    into the returned group, in the face's own coordinates 0..size)."""
    ensure_style(dwg)
    attrs = {"class": "dz-target dz-die", "data-id": data_id} if data_id is not None else {"class": "dz-die"}
    die = dwg.g(transform=translate(x, y))
    die.attribs.update(attrs)
    face = dwg.rect((0, 0), (num(size), num(size)), rx=num(size / 5), class_="dz-die-face")
    if fill is not None:
        face["style"] = f"fill:{fill}"
    die.add(face)
    if title:
        die.set_desc(title=title)
    if show_value:
        if isinstance(value, int) and value in PIPS:
            die.add(dwg.path(d=pips_path(value, size), class_="dz-pips"))
        else:
            die.add(dwg.text("?" if value is None else str(value), insert=(num(size / 2), num(size * 0.68)),
                             class_="dz-lb", text_anchor="middle", font_size=num(size * 0.5)))
    (dwg if parent is None else parent).add(die)
    return die
