"""The ring board (Dejarik and Courtier), drawn with svgwrite: a round centre and two
rings of twelve cells, alternating colours, each cell clickable by its id.

:class:`RingLayout` places the board (centre and radii) and answers where a cell's
middle is (:meth:`RingLayout.centre_of`), so a game's picture can put its pieces
there; :func:`draw_ring_board` draws the cells, every one a ``<path>`` or
``<circle>`` carrying ``data-id`` (``C``, ``I0``..``I11``, ``O0``..``O11``, the ids
of :mod:`drezlab.kits.ring`), with optional tints per cell and the sector numbers
round the edge. Sector ``k`` runs from k to k+1 o'clock, so 6 o'clock (the first
player's side) is at the bottom.

Added for Dejarik (issue 12) and shared by both ring games; general otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drezlab.core.i18n import add_translations, t
from drezlab.kits.ring import CELL_NAMES, CENTRE, RING, ring_of, sector
from drezlab.render.base import make, num, titled

add_translations({"the centre": "el centro", "inner ring, sector {number}": "anillo interior, sector {number}",
                  "outer ring, sector {number}": "anillo exterior, sector {number}"})


def cell_words(cell: int) -> str:
    """A cell as a pupil finds it on the board (the sector numbers are drawn round the
    outside): "the centre", "inner ring, sector 3" (its accessible name, not ``I3``)."""
    if cell == CENTRE:
        return t("the centre")
    key = "inner ring, sector {number}" if ring_of(cell) == "I" else "outer ring, sector {number}"
    return t(key).format(number=sector(cell))

#: light and dark cell fills (the rules call the colouring cosmetic), and the centre's
CELL_FILLS = ("#efe6cf", "#8fa7b8")
CENTRE_FILL = "#d9c89c"
EDGE = "#3d4a55"


@dataclass(frozen=True)
class RingLayout:
    """Where the board sits: its middle (``x``, ``y``) and the radii of the centre cell,
    the inner ring's outer edge and the outer ring's outer edge, in px."""

    x: float
    y: float
    centre: float = 48.0
    inner: float = 122.0
    outer: float = 200.0

    def point(self, clock: float, radius: float) -> tuple[float, float]:
        """The point at ``clock`` o'clock (0-12, fractions allowed) and ``radius``."""
        angle = clock * math.pi / 6
        return self.x + radius * math.sin(angle), self.y - radius * math.cos(angle)

    def centre_of(self, cell: int) -> tuple[float, float]:
        """The middle of a cell (where its piece is drawn)."""
        if cell == CENTRE:
            return self.x, self.y
        low, high = (self.centre, self.inner) if ring_of(cell) == "I" else (self.inner, self.outer)
        return self.point(sector(cell) + 0.5, (low + high) / 2)

    def width_of(self, cell: int) -> float:
        """The room a piece has in a cell: the smaller of its arc and its depth."""
        if cell == CENTRE:
            return 2 * self.centre
        low, high = (self.centre, self.inner) if ring_of(cell) == "I" else (self.inner, self.outer)
        return min(high - low, 2 * math.pi * (low + high) / 2 / RING)


def _sector_path(layout: RingLayout, k: int, low: float, high: float) -> str:
    (x1, y1), (x2, y2) = layout.point(k, high), layout.point(k + 1, high)
    (x3, y3), (x4, y4) = layout.point(k + 1, low), layout.point(k, low)
    return (f"M{num(x1)} {num(y1)}A{num(high)} {num(high)} 0 0 1 {num(x2)} {num(y2)}"
            f"L{num(x3)} {num(y3)}A{num(low)} {num(low)} 0 0 0 {num(x4)} {num(y4)}Z")


def draw_ring_board(dwg: Any, layout: RingLayout, *, tints: Mapping[int, tuple[str, str]] | None = None,
                    numbers: bool = True) -> Any:
    """Add the board to ``dwg`` and return its group. ``tints``: cell -> (colour,
    opacity) laid over the cell (last move, marks) without catching the pointer;
    ``numbers``: the sector numbers 0..11 round the outside."""
    group = dwg.g()
    dwg.add(group)
    for ring, (low, high) in (("I", (layout.centre, layout.inner)), ("O", (layout.inner, layout.outer))):
        for k in range(RING):
            cell = 1 + k if ring == "I" else 13 + k
            fill = CELL_FILLS[(k + (ring == "O")) % 2]
            group.add(titled(make(dwg, "path", {"fill": fill, "stroke": EDGE, "stroke-width": "1.5",
                                                "data-id": CELL_NAMES[cell]}, _sector_path(layout, k, low, high)),
                             cell_words(cell)))
    group.add(titled(make(dwg, "circle", {"cx": num(layout.x), "cy": num(layout.y), "r": num(layout.centre),
                                          "fill": CENTRE_FILL, "stroke": EDGE, "stroke-width": "1.5", "data-id": "C"}),
                     cell_words(CENTRE)))
    if tints:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for cell, (colour, opacity) in sorted(tints.items()):
            if cell == CENTRE:
                layer.add(make(dwg, "circle", {"cx": num(layout.x), "cy": num(layout.y), "r": num(layout.centre),
                                               "fill": colour, "fill-opacity": opacity}))
                continue
            low, high = (layout.centre, layout.inner) if ring_of(cell) == "I" else (layout.inner, layout.outer)
            layer.add(make(dwg, "path", {"fill": colour, "fill-opacity": opacity},
                           _sector_path(layout, sector(cell), low, high)))
    if numbers:
        labels = dwg.g(pointer_events="none")
        dwg.add(labels)
        for k in range(RING):
            x, y = layout.point(k + 0.5, layout.outer + 13)
            labels.add(make(dwg, "text", {"x": num(x), "y": num(y + 5), "class": "dz-co", "font-size": "13"},
                            str(k)))
    return group
