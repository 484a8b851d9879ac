"""PokerDrez for 4's picture: the shared card table with the cross board under it.

``draw(observation)`` is looked up from the metadata (``SPEC.picture``) and sees
nothing but the observation, so a picture can only show what its seat may know.

Layout (880 px wide): the card table of :mod:`drezlab.render.table` (the four seats
round the felt, the common cards and the pile in the middle, the viewer's hand in a
row under it, the status line), then the cross board drawn from its description by
the shared grid drawing :mod:`drezlab.render.grid` (holes for the corners, pieces in
their seat's colour, last move, marks, the checked king of the seat to move), with a
band in each player's colour along the outer edge of its arm, and the reserves
beside the board (:func:`drezlab.render.grid.draw_reserves`): Yellow's and Green's on
the left, Red's and Blue's on the right.

Colours are never the only clue to a piece's owner: a small mark in the corner of
each occupied square has the owner's shape (Yellow circle, Green diamond, Red
square, Blue hexagon), and the seats' boxes say who partners whom.

Clickable ids (``data-id``): the 160 squares and the pieces on them, each face-up
card, ``pile``, ``hand-<seat>`` on every other seat's box (a neutral card's exchange
(c)), and ``reserve-<seat>-<kind letter>`` on each reserve piece (a re-entry).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import svgwrite

from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.games.pokerdrez4.cross import (
    COLOUR_NAMES,
    GRID,
    KIND_LETTERS,
    KING,
    SIZE,
    parse_placement,
    square_name,
)
from drezlab.kits.gridchess import board_description
from drezlab.render.base import num, to_svg
from drezlab.render.board import COORD_MARGIN
from drezlab.render.grid import (
    CROSS_COLOURS,
    board_size,
    draw_grid_board,
    draw_reserves,
)
from drezlab.render.table import (
    SEAT_H,
    SEAT_W,
    TableCentre,
    TableSeat,
    draw_table,
    seat_centre,
)

SQUARE = 30
BOARD = board_description(GRID)
BOARD_W, BOARD_H = board_size(BOARD, SQUARE)
BOARD_X = (880 - BOARD_W) // 2
MARGIN_TOP = 16
RESERVE_SQUARE = 30
RESERVE_LEFT = 24
RESERVE_RIGHT = BOARD_X + BOARD_W + 24


def draw(observation: Observation, **options: Any) -> str:
    """The table and the board as ``observation.seat`` sees them (``marks``: square
    names to tint)."""
    public = observation.public
    zones = observation.zones
    viewer = observation.seat
    names = [t(name) for name in COLOUR_NAMES]
    seats = []
    for seat in range(4):
        lines = (f"{t('Partner')}: {names[(seat + 2) % 4]}",)
        tag = t("in check") if seat in public["in_check"] else ""
        seats.append(TableSeat(seat=seat, name=names[seat], cards=zones[f"hand-{seat}"].ids, lines=lines, tag=tag))
    discard = zones["discard"]
    centre = TableCentre(cards=zones["common"].ids, places=5, title=t("Common cards"),
                         subtitle=f"{t('Pile')}: {zones['pile'].count}   {t('Discard')}: {discard.count}",
                         stock=zones["pile"].count)
    notes = [t("Plain chess: the cards no longer matter")] if public["plain_chess"] else []
    board_height = MARGIN_TOP + BOARD_H + 16
    dwg, layout = draw_table(viewer=viewer, to_move=observation.to_move, seats=seats, centre=centre,
                             status=observation.status, corner=public["last_move"] or "", notes=notes,
                             extra_height=board_height)
    _hand_targets(dwg, viewer)
    top = layout.bottom + MARGIN_TOP
    _draw_board(dwg, dict(public, to_move=observation.to_move), top, set(options.get("marks", ())))
    _draw_reserves(dwg, public["reserves"], top)
    return to_svg(dwg)


def _hand_targets(dwg: svgwrite.Drawing, viewer: int | None) -> None:
    """A clickable frame over every other seat's box: the target of ``X1>hand-N``."""
    for seat in range(4):
        if seat == viewer:
            continue
        cx, cy = seat_centre(seat, 4, viewer if viewer is not None else 0)
        dwg.add(dwg.rect((num(cx - SEAT_W / 2), num(cy - SEAT_H / 2)), (SEAT_W, SEAT_H), rx=8, fill="#fff",
                         fill_opacity=0, **{"data-id": f"hand-{seat}"}))


def arm_band(seat: int) -> tuple[float, float, float, float]:
    """Where the band of an arm's outer edge lies, relative to the board's cell area:
    (x, y, width, height) in squares. Public because the print-and-play cross board
    (:mod:`drezlab.printing.boards`) draws the same bands."""
    return {0: (3, SIZE - 0.15, 8, 0.15), 1: (0, 3, 0.15, 8), 2: (3, 0, 8, 0.15), 3: (SIZE - 0.15, 3, 0.15, 8)}[seat]


def _draw_board(dwg: svgwrite.Drawing, public: dict[str, Any], top: float, marks: Iterable[str]) -> None:
    """The board through the shared grid drawing, then the arm bands and the owners' marks."""
    pieces, _ = parse_placement(public["position"])
    to_move_king = next((square for square, piece in pieces.items()
                         if piece.kind == KING and piece.seat in public["in_check"]
                         and piece.seat == public.get("to_move")), None)
    placed = [[square_name(square), piece.seat, KIND_LETTERS[piece.kind].upper()] for square, piece in pieces.items()]
    draw_grid_board(dwg, BOARD, placed, x=BOARD_X, y=top, square=SQUARE, tag_styles={},
                    last_move=public["last_squares"], marks=marks, seat_colours=CROSS_COLOURS,
                    check=None if to_move_king is None else square_name(to_move_king))
    left = BOARD_X + COORD_MARGIN * SQUARE
    marks_group = dwg.g(pointer_events="none")
    for seat in range(4):
        bx, by, bw, bh = arm_band(seat)
        marks_group.add(dwg.rect((num(left + bx * SQUARE), num(top + by * SQUARE)),
                                 (num(bw * SQUARE), num(bh * SQUARE)), fill=CROSS_COLOURS[seat]))
    for square, piece in pieces.items():
        file, rank = GRID.coords[square]
        x = left + file * SQUARE + 4.5
        y = top + (SIZE - 1 - rank) * SQUARE + 4.5
        marks_group.add(_owner_mark(dwg, piece.seat, x, y, 3.5))
    dwg.add(marks_group)


def _owner_mark(dwg: svgwrite.Drawing, seat: int, cx: float, cy: float, r: float) -> Any:
    """The owner's shape: circle (Yellow), diamond (Green), square (Red), hexagon (Blue)."""
    style = {"fill": CROSS_COLOURS[seat], "stroke": "#222", "stroke_width": 0.8}
    if seat == 0:
        return dwg.circle((num(cx), num(cy)), num(r), **style)
    if seat == 1:
        points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif seat == 2:
        side = r * 0.9
        points = [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]
    else:
        points = [(cx + r * dx, cy + r * dy) for dx, dy in
                  ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87))]
    return dwg.polygon([(num(px), num(py)) for px, py in points], **style)


def _draw_reserves(dwg: svgwrite.Drawing, reserves: list[list[str]], top: float) -> None:
    """Each colour's reserve beside the board: Yellow and Green left, Red and Blue right."""
    def column(seat: int) -> tuple[str, list[tuple[int, str, int, str]]]:
        counts: dict[str, int] = {}
        for code in reserves[seat]:
            counts[code[1].upper()] = counts.get(code[1].upper(), 0) + 1
        items = [(seat, letter, counts[letter], f"reserve-{seat}-{letter.lower()}")
                 for letter in "PNBRQ" if letter in counts]
        return t(COLOUR_NAMES[seat]), items

    dwg.add(dwg.text(t("Reserve"), insert=(RESERVE_LEFT, num(top + 4)), class_="dz-lb"))
    dwg.add(dwg.text(t("Reserve"), insert=(RESERVE_RIGHT, num(top + 4)), class_="dz-lb"))
    draw_reserves(dwg, [column(0), column(1)], x=RESERVE_LEFT, y=top + 12, square=RESERVE_SQUARE,
                  seat_colours=CROSS_COLOURS)
    draw_reserves(dwg, [column(2), column(3)], x=RESERVE_RIGHT, y=top + 12, square=RESERVE_SQUARE,
                  seat_colours=CROSS_COLOURS)
