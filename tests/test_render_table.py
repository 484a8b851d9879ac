"""The shared card table: layout for every seat count, what it draws and what it hides."""

from __future__ import annotations

import re

import pytest

from drezlab.core.cards import UNKNOWN_ID
from drezlab.render import table
from drezlab.render.base import to_svg
from drezlab.render.table import TableCentre, TableSeat, draw_table


def test_seat_boxes_never_overlap_and_stay_in_the_picture() -> None:
    for players in range(table.MIN_SEATS, table.MAX_SEATS + 1):
        boxes = []
        for seat in range(players):
            x, y = table.seat_centre(seat, players, 0)
            boxes.append((x - table.SEAT_W / 2, y - table.SEAT_H / 2))
            assert 0 <= boxes[-1][0] and boxes[-1][0] + table.SEAT_W <= table.WIDTH
            assert 0 <= boxes[-1][1] and boxes[-1][1] + table.SEAT_H <= table.TABLE_HEIGHT
        for (ax, ay), (bx, by) in ((a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
            assert abs(ax - bx) >= table.SEAT_W or abs(ay - by) >= table.SEAT_H, players


def test_the_viewer_sits_at_the_bottom_and_play_goes_clockwise() -> None:
    assert table.seat_centre(2, 5, 2) == pytest.approx((table.CENTRE_X, table.CENTRE_Y + table.SEAT_RY))
    assert table.seat_centre(3, 5, 2)[0] < table.CENTRE_X, "the next seat in play order is to the left"


def seats(hand: tuple[str, ...], others: int = 3) -> list[TableSeat]:
    return [TableSeat(0, "North", hand, lines=("12 points",), dealer=True, dimmed=frozenset({"Q5"}))] + [
        TableSeat(seat, f"Seat {seat}", (UNKNOWN_ID,) * 13, tag="bust" if seat == 2 else "",
                  played=("J1",) if seat == 1 else ())
        for seat in range(1, others + 1)]


def draw(viewer: int | None, hand: tuple[str, ...] = ("P1", "Q5", "N2")) -> str:
    dwg, _ = draw_table(viewer=viewer, to_move=1, seats=seats(hand),
                        centre=TableCentre(cards=("B3",), places=2, title="Trump: rooks", stock=20),
                        status="Seat 1 to move", corner="North: Q5", notes=["North bids 3"])
    return to_svg(dwg)


def test_the_viewer_sees_its_hand_large_and_clickable_and_others_face_down() -> None:
    svg = draw(0)
    for card in ("P1", "Q5", "N2", "B3", "J1"):
        assert f'data-id="{card}"' in svg
    assert svg.count('data-id="pile"') == 1 and ">20<" in svg
    assert "\u00d713" in svg, "a big hand shows its count"
    for text in ("Trump: rooks", "North bids 3", "North: Q5", "bust", "12 points", ">D<"):
        assert text in svg
    assert re.search(r'<g class="dz-cards dz-hand">', svg)


def test_a_spectator_gets_no_hand_row() -> None:
    assert 'class="dz-cards dz-hand"' not in draw(None)
    assert 'class="dz-cards dz-hand"' in draw(0)


def test_unplayable_cards_are_greyed() -> None:
    svg = draw(0)
    queen = re.search(r'<g[^>]*data-id="Q5"[^>]*>', svg)
    pawn = re.search(r'<g[^>]*data-id="P1"[^>]*>', svg)
    assert queen and "filter" in queen.group(0)
    assert pawn and "filter" not in pawn.group(0)


def test_bad_tables_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 10"):
        draw_table(viewer=None, to_move=None, seats=[TableSeat(0, "x")], centre=TableCentre(), status="")
    with pytest.raises(ValueError, match="seat order"):
        draw_table(viewer=None, to_move=None, seats=[TableSeat(1, "x"), TableSeat(0, "y")],
                   centre=TableCentre(), status="")
