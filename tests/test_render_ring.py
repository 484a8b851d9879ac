"""The shared ring board: its geometry (drezlab.kits.ring) and its drawing (drezlab.render.ring)."""

from __future__ import annotations

import math
import re

import pytest

from drezlab import BadRecord
from drezlab.kits.ring import (
    CELL_NAMES,
    CELLS,
    NEIGHBOURS,
    QUADRUPLES,
    TRIPLES,
    heading,
    parse_placement,
    placement_text,
)
from drezlab.render.base import new_drawing, to_svg
from drezlab.render.ring import RingLayout, draw_ring_board


def test_every_cell_is_drawn_once_and_clickable_and_tints_are_not() -> None:
    dwg = new_drawing(440, 440)
    draw_ring_board(dwg, RingLayout(220, 220), tints={0: ("#f00", ".5"), 5: ("#0f0", ".5"), 20: ("#00f", ".5")})
    svg = to_svg(dwg)
    ids = re.findall(r'data-id="([^"]+)"', svg)
    assert sorted(ids) == sorted(CELL_NAMES)
    assert svg.count('fill-opacity=".5"') == 3
    assert 'pointer-events="none"' in svg


def test_cell_centres_lie_inside_their_ring_and_sector() -> None:
    layout = RingLayout(0, 0)
    for cell in range(1, CELLS):
        x, y = layout.centre_of(cell)
        radius = math.hypot(x, y)
        low, high = (layout.centre, layout.inner) if cell <= 12 else (layout.inner, layout.outer)
        assert low < radius < high
        clock = (math.degrees(math.atan2(x, -y)) % 360) / 30
        assert (cell - 1) % 12 < clock < (cell - 1) % 12 + 1
    assert layout.centre_of(0) == (0, 0)


def test_adjacency_is_symmetric_and_headings_are_defined() -> None:
    for cell in range(CELLS):
        for other in NEIGHBOURS[cell]:
            assert cell in NEIGHBOURS[other]
            heading(cell, other)
    with pytest.raises(ValueError):
        heading(CELL_NAMES.index("I5"), CELL_NAMES.index("O6"))


def test_capture_lines() -> None:
    # each ring gives 12 triples each way, each diameter 3 each way; quadruples 12 and 2
    assert len(TRIPLES) == 2 * (24 + 18) and len(QUADRUPLES) == 2 * (24 + 12)


def test_placements_round_trip_and_refuse_nonsense() -> None:
    placed = parse_placement("n:ngok@i5  s:savrip@O5", ["savrip", "ngok"])
    assert placed == [(1, "ngok", 6), (0, "savrip", 18)]
    assert placement_text(placed) == "n:ngok@i5 s:savrip@o5"
    for bad in ("x:savrip@o5", "s:dragon@o5", "s:savrip@o12", "s:savrip@o5 n:ngok@o5", "savrip"):
        with pytest.raises(BadRecord):
            parse_placement(bad, ["savrip", "ngok"])
