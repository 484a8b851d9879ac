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


# ------------------------------------------------------------------ the compact table (issue 22)
def compact(viewer: int | None, players: int = 4, hand: tuple[str, ...] = ("P1", "Q5", "N2"),
            notes: tuple[str, ...] = ("North bids 3",), extra: float = 0) -> tuple[str, table.TableLayout]:
    others = [TableSeat(seat, f"Seat {seat}", (UNKNOWN_ID,) * 13, lines=("100 chips", "2 red + 3 bishops (12.5%)"),
                        tag="folded" if seat == 2 else "", front="10" if seat == 1 else "")
              for seat in range(1, players)]
    dwg, layout = draw_table(viewer=viewer, to_move=1,
                             seats=[TableSeat(0, "North", hand, lines=("12 points",), dealer=True,
                                              dimmed=frozenset({"Q5"}))] + others,
                             centre=TableCentre(cards=("B3",), places=5, title="Pot 40", subtitle="Hand 1", stock=20),
                             status="Seat 1 to move: call 10, raise or fold", corner="North: raise 10",
                             notes=list(notes), extra_height=extra, compact=True)
    return to_svg(dwg), layout


def view_box(svg: str) -> tuple[float, float]:
    found = re.search(r'viewBox="0,0,([\d.]+),([\d.]+)"', svg)
    assert found
    return float(found.group(1)), float(found.group(2))


def font_sizes(svg: str) -> list[float]:
    """Every text's size outside the card faces (explicit, or its class's)."""
    classes = {"dz-lb": 13, "dz-sm": 12, "dz-st": 14, "dz-ex": 13}
    body = re.sub(r"<defs>.*?</defs>", "", svg, flags=re.DOTALL)
    sizes = []
    for attrs in re.findall(r"<text([^>]*)>[^<]", body):
        size = re.search(r'font-size="([\d.]+)"', attrs)
        css = re.search(r'class="([\w-]+)', attrs)
        if css and css.group(1) == "dz-cn":
            continue  # a card's number, scaled with its card
        sizes.append(float(size.group(1)) if size else classes[css.group(1)] if css else 16.0)
    return sizes


def test_the_compact_table_fits_one_screen_for_four_and_grows_sensibly_to_ten() -> None:
    svg, layout = compact(0, extra=200)
    assert view_box(svg) <= (790, 560) and view_box(svg)[1] <= 560
    assert layout.x + layout.room <= 790 and layout.bottom + 200 <= view_box(svg)[1]
    assert min(font_sizes(svg)) >= 12
    for players in range(table.MIN_SEATS, table.MAX_SEATS + 1):
        width, height = view_box(compact(0, players)[0])
        assert width == 790 and height <= (560 if players <= 4 else 760), players


def test_compact_seat_boxes_never_overlap_and_stay_in_the_picture() -> None:
    for players in range(table.MIN_SEATS, table.MAX_SEATS + 1):
        geometry = table.compact_geometry(players)
        boxes = [(x, y) for x, y, _ in geometry.boxes.values()]
        assert len(boxes) == players - 1
        px, py, pw, _ = geometry.panel
        for x, y in boxes:
            assert 0 <= x and x + table.COMPACT_SEAT_W <= geometry.width and 0 <= y
            assert x + table.COMPACT_SEAT_W <= px or x >= px + pw or y + geometry.seat_h <= py, players
        for (ax, ay), (bx, by) in ((a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:]):
            assert abs(ax - bx) >= table.COMPACT_SEAT_W or abs(ay - by) >= geometry.seat_h, players


def test_the_compact_hand_is_large_labelled_clickable_and_the_others_small() -> None:
    svg, _ = compact(0)
    hand = re.search(r'<g class="dz-cards dz-hand".*?</g></g>', svg, flags=re.DOTALL)
    assert hand
    for card in ("P1", "Q5", "N2"):
        found = re.search(rf'<g[^>]*data-id="{card}"[^>]*transform="translate\([\d. ]+\)( scale\([\d.]+\))?"', svg)
        assert found and not found.group(1), "hand cards are drawn at 60 px, the design size (no scale)"
        assert f'data-id="{card}"' in hand.group(0)
    assert "-en" in svg and "dz-cQ-en" in svg, "the hand's faces carry their names"
    assert 'data-id="pile"' in svg and ">20<" in svg and "\u00d713" in svg
    for text in ("Pot 40", "North bids 3", "North: raise 10", "folded", "12 points", ">D<", "North (you)"):
        assert text in svg
    queen = re.search(r'<g[^>]*data-id="Q5"[^>]*>', svg)
    assert queen and "filter" in queen.group(0)


def test_a_compact_spectator_sees_seat_0_at_the_bottom_without_a_hand_row() -> None:
    svg, _ = compact(None, hand=(UNKNOWN_ID,) * 3)
    assert 'class="dz-cards dz-hand"' not in svg and "North" in svg and "(you)" not in svg


def test_compact_notes_wrap_pack_and_move_under_the_table_when_the_column_is_full() -> None:
    items = tuple(f"Seat {n % 3 + 1}: {n} red + {n} bishops" for n in range(1, 30))
    dwg, _ = draw_table(viewer=0, to_move=1, seats=seats(("P1",)), centre=TableCentre(), status="Seat 1",
                             notes=[("Announced:", *items)], compact=True)
    svg = to_svg(dwg)
    text = " ".join(re.findall(r">([^<]+)</text>", svg))
    assert "Announced: Seat 2: 1 red + 1 bishops; Seat 3: 2 red + 2 bishops" in text
    assert all(item in text for item in items), "an item is never split"
    lines = re.findall(r'<text class="dz-ex" x="([\d.]+)"', svg)
    assert any(float(x) < 100 for x in lines), "the notes went under the table"
