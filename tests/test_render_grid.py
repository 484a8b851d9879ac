"""The shared grid-board drawing (drezlab.render.grid): every cell clickable by its
name, holes not drawn, water with waves, planks, seam strips with labels, pieces
in four colours, reserves beside the board with their own ids, stable output."""

from __future__ import annotations

from drezlab.boards import Grid
from drezlab.kits.gridchess import board_description
from drezlab.render.base import new_drawing, to_svg
from drezlab.render.grid import (
    CROSS_COLOURS,
    board_size,
    draw_grid_board,
    draw_reserves,
)
from drezlab.ui.selection import svg_ids

HOLES = [
    (f, r) for f in (*range(3), *range(11, 14)) for r in (*range(3), *range(11, 14))
]


def picture(board: dict, pieces: list, **options) -> str:  # type: ignore[no-untyped-def]
    width, height = board_size(board, 30)
    dwg = new_drawing(width + 150, height)
    draw_grid_board(dwg, board, pieces, square=30, **options)
    return to_svg(dwg)


def test_cross_board_has_160_clickable_cells_and_no_holes() -> None:
    board = board_description(Grid(14, 14, holes=HOLES))
    pieces = [["h1", 0, "K"], ["a7", 1, "K"], ["g14", 2, "K"], ["n8", 3, "N"]]
    svg = picture(board, pieces, seat_colours=CROSS_COLOURS)
    ids = svg_ids(svg)
    assert len(ids) == 160 and "a1" not in ids and "n14" not in ids and "d1" in ids
    for colour in CROSS_COLOURS:
        assert colour[1:] in svg  # each seat's recoloured glyph
    assert picture(board, pieces, seat_colours=CROSS_COLOURS) == svg


def test_cylinder_water_planks_and_seam() -> None:
    grid = Grid(
        8,
        14,
        wrap_ranks=True,
        tags={"river": [f"{f}{r}" for f in "abcdefgh" for r in (1, 14)]},
    )
    board = board_description(grid)
    svg = picture(
        board,
        [["e3", 0, "K"], ["d14", 0, "A"]],
        terrain={"b1": 2},
        terrain_styles={2: "plank"},
    )
    assert "seam: rank 14 meets rank 1" in svg and "seam: rank 1 meets rank 14" in svg
    assert (
        svg.count('<path d="M') >= 15 * 2
    )  # two waves on each of the 15 open water cells
    assert "#b07a3f" in svg  # the plank's wood
    assert ">A</text>" in svg  # the amazon, a piece python-chess has no glyph for
    flat = picture(board_description(Grid(8, 8)), [])
    assert "seam" not in flat and "#9cc9ee" not in flat


def test_reserves_beside_the_board_carry_their_ids() -> None:
    dwg = new_drawing(300, 200)
    width = draw_reserves(
        dwg,
        [
            ("Yellow", [(0, "N", 2, "reserve-0-n")]),
            ("Red", [(2, "B", 1, "reserve-2-b")]),
        ],
        x=10,
        y=10,
        seat_colours=CROSS_COLOURS,
    )
    svg = to_svg(dwg)
    assert {"reserve-0-n", "reserve-2-b"} <= svg_ids(svg)
    assert ">2</text>" in svg and width > 80
