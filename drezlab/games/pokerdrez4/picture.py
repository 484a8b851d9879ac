"""PokerDrez for 4's picture: the shared card table with the cross board under it.

``draw(observation)`` is looked up from the metadata (``SPEC.picture``) and sees
nothing but the observation, so a picture can only show what its seat may know.

Layout (880 px wide): the card table of :mod:`drezlab.render.table` (the four seats
round the felt, the common cards and the pile in the middle, the viewer's hand in a
row under it, the status line), then the cross board (Yellow at the bottom, the
four arms tinted in their players' colours) with each colour's reserve beside it:
Yellow's and Green's on the left, Red's and Blue's on the right.

Pieces are the chess glyphs on a badge in their owner's colour whose *shape* also
tells the owner (Yellow circle, Green diamond, Red square, Blue hexagon), so the
colours are never the only clue. The king to move glows red when in check, the last
move's squares are tinted.

Clickable ids (``data-id``): the 160 squares, each face-up card, ``pile``,
``hand-<seat>`` on every other seat's box (a neutral card's exchange (c)), and
``reserve-<seat>-<kind letter>`` on each reserve piece (a re-entry).
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
    SIZE,
    parse_placement,
    square_name,
)
from drezlab.render.base import num, to_svg
from drezlab.render.pieces import GLYPH_SIZE, glyph_href
from drezlab.render.table import SEAT_H, SEAT_W, TableCentre, TableSeat, draw_table, seat_centre

SQUARE = 30
BOARD_W = SQUARE * SIZE
BOARD_X = (880 - BOARD_W) // 2
MARGIN_TOP = 16
RESERVE_W = 96
LIGHT, DARK = "#f0d9b5", "#b58863"
SEAT_COLOURS = ("#f2c12e", "#2e9a3e", "#d62728", "#1f5fbf")
#: the arms' tints (light, dark square) in each seat's colour
ARM_TINTS = (("#f7e7a6", "#d9bd5c"), ("#bfe3c4", "#7fb886"), ("#f3b9b5", "#cf7f79"), ("#b9cdef", "#7d9bd0"))
LAST_MOVE = "#cdd26a"
MARK = "#a9cbe8"


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
    board_height = MARGIN_TOP + BOARD_W + 24
    dwg, layout = draw_table(viewer=viewer, to_move=observation.to_move, seats=seats, centre=centre,
                             status=observation.status, corner=public["last_move"] or "", notes=notes,
                             extra_height=board_height)
    _hand_targets(dwg, viewer)
    top = layout.bottom + MARGIN_TOP
    _draw_board(dwg, public, top, set(options.get("marks", ())))
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


def _square_xy(square: int, top: float) -> tuple[float, float]:
    file, rank = GRID.coords[square]
    return BOARD_X + file * SQUARE, top + (SIZE - 1 - rank) * SQUARE


#: the seat whose arm (home zone, tagged on the grid) holds each square; the centre has none
ARM_OF = {cell: seat for seat, name in enumerate(COLOUR_NAMES) for cell in GRID.tagged(name.lower())}


def _draw_board(dwg: svgwrite.Drawing, public: dict[str, Any], top: float, marks: Iterable[str]) -> None:
    pieces, _ = parse_placement(public["position"])
    last_squares = set(public["last_squares"])
    checked_kings = {square for square, piece in pieces.items() if piece.kind == 6 and piece.seat in public["in_check"]}
    board = dwg.g(class_="dz-chessboard")
    for square in range(len(GRID)):
        x, y = _square_xy(square, top)
        name = square_name(square)
        dark = not GRID.light(square)
        arm = ARM_OF.get(square)
        fill = (ARM_TINTS[arm][dark] if arm is not None else (DARK if dark else LIGHT))
        if name in marks:
            fill = MARK
        elif name in last_squares:
            fill = LAST_MOVE
        cell = dwg.g(**{"data-id": name})
        cell.add(dwg.rect((num(x), num(y)), (SQUARE, SQUARE), fill=fill))
        if square in checked_kings:
            cell.add(dwg.circle((num(x + SQUARE / 2), num(y + SQUARE / 2)), SQUARE / 2 - 1, fill="#e33",
                                fill_opacity=0.55))
        piece = pieces.get(square)
        if piece is not None:
            _draw_piece(dwg, cell, piece.seat, piece.kind, x, y, SQUARE)
        board.add(cell)
    for file in range(SIZE):
        board.add(dwg.text(chr(ord("a") + file), insert=(num(BOARD_X + file * SQUARE + SQUARE / 2),
                                                        num(top + BOARD_W + 13)), class_="dz-co", font_size=11))
    for rank in range(SIZE):
        board.add(dwg.text(str(rank + 1), insert=(num(BOARD_X - 9), num(top + (SIZE - rank) * SQUARE - 10)),
                           class_="dz-co", font_size=11))
    dwg.add(board)


def _badge(dwg: svgwrite.Drawing, seat: int, cx: float, cy: float, r: float) -> Any:
    """The owner's badge: circle (Yellow), diamond (Green), square (Red), hexagon (Blue)."""
    colour = SEAT_COLOURS[seat]
    style = {"fill": colour, "stroke": "#222", "stroke_width": 1.2}
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


def _draw_piece(dwg: svgwrite.Drawing, parent: Any, seat: int, kind: int, x: float, y: float, size: float) -> None:
    parent.add(_badge(dwg, seat, x + size / 2, y + size / 2, size / 2 - 1.5))
    scale = size * 0.82 / GLYPH_SIZE
    offset = size * 0.09
    parent.add(dwg.use(glyph_href(dwg, KIND_LETTERS[kind].upper()),
                       transform=f"translate({num(x + offset)},{num(y + offset)}) scale({num(scale)})"))


def _draw_reserves(dwg: svgwrite.Drawing, reserves: list[list[str]], top: float) -> None:
    """Each colour's reserve beside the board: Yellow and Green left, Red and Blue right."""
    for seat in range(4):
        left = seat in (0, 1)
        x = BOARD_X - RESERVE_W - 24 if left else BOARD_X + BOARD_W + 24
        y = top + (BOARD_W / 2 if seat in (0, 3) else 0)
        group = dwg.g()
        group.add(dwg.rect((num(x), num(y)), (RESERVE_W, num(BOARD_W / 2 - 8)), rx=6, fill="#f4f4f4",
                           stroke=SEAT_COLOURS[seat], stroke_width=2))
        group.add(dwg.text(f"{t('Reserve')} {t(COLOUR_NAMES[seat])}", insert=(num(x + 6), num(y + 15)),
                           class_="dz-sm"))
        counts: dict[str, int] = {}
        for code in reserves[seat]:
            counts[code[1].lower()] = counts.get(code[1].lower(), 0) + 1
        for index, letter in enumerate(letter for letter in KIND_LETTERS[1:6] if letter in counts):
            px, py = x + 6 + (index % 2) * 44, y + 24 + (index // 2) * 40
            item = dwg.g(**{"data-id": f"reserve-{seat}-{letter}"})
            item.add(dwg.rect((num(px), num(py)), (40, 36), fill="#fff", fill_opacity=0))
            _draw_piece(dwg, item, seat, KIND_LETTERS.index(letter), px, py, 30)
            item.add(dwg.text(f"\u00d7{counts[letter]}", insert=(num(px + 31), num(py + 30)), class_="dz-sm",
                              font_size=10))
            group.add(item)
        dwg.add(group)

