"""The card table shared by every card game for 2 to 10 seats.

Layout (880 px wide)::

                       [seat]        [seat]
            [seat]   .--------------------.   [seat]
                    /  title  (pile) [cards] \\
           [seat]  |   the centre: community |  [seat]
                    \\  cards, trick, pile top /
            [seat]   '--------------------'   [seat]
                          [seat: viewer]
        the viewer's hand, face up and sorted, in one row
        status line                                   last action
        notes: bids, predictions, contracts, results ...

Seats sit on an ellipse round the felt, clockwise in seat order (the order of play),
with the viewer's seat at the bottom (seat 0 for a spectator). A seat box shows the
seat's name, up to two lines the game chooses (chips, points, bid), a short tag
("folded", "out"), the dealer button and its cards: face up where the viewer may see
them, card backs otherwise, overlapped to fit and with their count. The seat to act
has an orange frame and a marker. Cards a seat has put on the table this round (a
trick) and its chips in front of it lie on the felt between the seat and the centre.
The viewer's own hand is drawn large in a row of its own under the table, because
that is what a pupil clicks; cards that may not be played now are greyed.

Games describe what to draw with :class:`TableSeat` and :class:`TableCentre` (plain
values taken from an observation) and call :func:`draw_table`; they never draw seats
themselves, so every card game's table looks and behaves alike. Every face-up card
carries its id in ``data-id`` (the widget's click target); a back carries none, and
the stock carries ``stock_id`` (``"pile"``) so a draw can be clicked. Output is
deterministic (lessons compare it).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.zones import UNKNOWN_ID
from drezlab.core.i18n import t
from drezlab.render.base import new_drawing, num
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card, grey

WIDTH = 880
TABLE_HEIGHT = 500
CENTRE_X, CENTRE_Y = 440, 250
FELT_RX, FELT_RY = 255, 128
SEAT_RX, SEAT_RY = 345, 192
SEAT_W, SEAT_H = 150, 92
SEAT_CARD_W = 30
CENTRE_CARD_W = 44
HAND_CARD_W = 48
HAND_ROW_H = 96
HAND_MAX_WIDTH = WIDTH - 40
FRONT_FRACTION = 0.40
LINE_STEP = 18
MIN_SEATS, MAX_SEATS = 2, 10

FELT = "#2f7d4f"
FELT_EDGE = "#6b4a2b"
TURN = "#e8a317"
TAG_COLOUR = "#8a1c1c"


def card_height(width: float) -> float:
    return width * CARD_HEIGHT / CARD_WIDTH


@dataclass(frozen=True)
class TableSeat:
    """One seat as the viewer sees it.

    ``cards`` are card ids as the viewer may see them (``UNKNOWN_ID`` for a back), in
    the order the game sorts them; ``lines`` up to two short lines (chips, points,
    a bid); ``tag`` a short red word ("folded"); ``front`` the text of the chips in
    front of the seat; ``played`` the cards it has put on the table this round;
    ``dimmed`` the face-up ids that cannot be played now; ``marked`` face-up ids
    with an orange bar (a revealed card); ``greyed`` greys every card (a folded hand).
    """

    seat: int
    name: str
    cards: tuple[str, ...] = ()
    lines: tuple[str, ...] = ()
    tag: str = ""
    dealer: bool = False
    front: str = ""
    played: tuple[str, ...] = ()
    dimmed: frozenset[str] = frozenset()
    marked: frozenset[str] = frozenset()
    greyed: bool = False


@dataclass(frozen=True)
class TableCentre:
    """The middle of the felt: a ``title`` (the pot, the trump), a row of ``cards``
    (community cards, the pile top, a meld) with at least ``places`` places (dashed
    while empty), a ``subtitle`` under them, and a face-down ``stock`` of that many
    cards (``None``: no stock) clickable as ``stock_id``. ``dimmed`` greys centre cards."""

    cards: tuple[str, ...] = ()
    places: int = 0
    title: str = ""
    subtitle: str = ""
    stock: int | None = None
    stock_id: str = "pile"
    dimmed: frozenset[str] = frozenset()


@dataclass(frozen=True)
class TableLayout:
    """Where :func:`draw_table` put things: ``bottom`` is the y under which a game may
    draw more (showdown rows), ``width`` the picture's width."""

    width: float
    bottom: float


def seat_centre(seat: int, players: int, bottom_seat: int) -> tuple[float, float]:
    """Centre of a seat box: on an ellipse, clockwise from ``bottom_seat`` in seat order."""
    step = (seat - bottom_seat) % players
    angle = math.pi / 2 + 2 * math.pi * step / players
    return CENTRE_X + SEAT_RX * math.cos(angle), CENTRE_Y + SEAT_RY * math.sin(angle)


def draw_table(*, viewer: int | None, to_move: int | None, seats: Sequence[TableSeat], centre: TableCentre,
               status: str, corner: str = "", notes: Sequence[str] = (),
               extra_height: float = 0) -> tuple[svgwrite.Drawing, TableLayout]:
    """The table for ``seats`` (2 to 10, in seat order) as ``viewer`` sees it.

    ``status`` is the line under the table, ``corner`` a short text at its right
    end (the last action), ``notes`` more lines under it (bids, predictions,
    results). ``extra_height`` reserves room under everything for the game's own
    drawing; the returned layout says where that room starts."""
    players = len(seats)
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {players}")
    if [place.seat for place in seats] != list(range(players)):
        raise ValueError("give the seats in seat order, one each")
    hand = seats[viewer].cards if viewer is not None else ()
    hand_top = TABLE_HEIGHT
    status_y = hand_top + (HAND_ROW_H if viewer is not None else 0) + 18
    notes_bottom = status_y + LINE_STEP * len(notes) + 10
    dwg = new_drawing(WIDTH, notes_bottom + extra_height)
    dwg.add(dwg.ellipse((CENTRE_X, CENTRE_Y), (FELT_RX + 8, FELT_RY + 8), fill=FELT_EDGE))
    dwg.add(dwg.ellipse((CENTRE_X, CENTRE_Y), (FELT_RX, FELT_RY), fill=FELT))
    _draw_centre(dwg, centre)
    bottom_seat = viewer if viewer is not None else 0
    for place in seats:
        at = seat_centre(place.seat, players, bottom_seat)
        _draw_seat(dwg, place, at, to_act=place.seat == to_move, is_viewer=place.seat == viewer)
        _draw_front(dwg, place, at)
    if viewer is not None:
        _draw_hand(dwg, seats[viewer], hand, hand_top)
    dwg.add(dwg.text(status, insert=(20, status_y), class_="dz-st"))
    if corner:
        dwg.add(dwg.text(corner, insert=(WIDTH - 20, status_y), class_="dz-ex", text_anchor="end"))
    for index, line in enumerate(notes, start=1):
        dwg.add(dwg.text(line, insert=(20, status_y + index * LINE_STEP), class_="dz-ex"))
    return dwg, TableLayout(WIDTH, notes_bottom)


def _fan(count: int, width: float, room: float, gap: float = 4) -> float:
    """The step between overlapped cards so that ``count`` cards ``width`` wide fit in ``room``."""
    if count <= 1:
        return width + gap
    return min(width + gap, (room - width) / (count - 1))


def _draw_cards(dwg: svgwrite.Drawing, cards: Sequence[str], *, x: float, y: float, w: float, step: float,
                parent: BaseElement, dimmed: frozenset[str] = frozenset(), marked: frozenset[str] = frozenset(),
                greyed: bool = False) -> None:
    for index, card in enumerate(cards):
        left = x + index * step
        element = draw_card(dwg, card, x=left, y=y, w=w, parent=parent)
        if greyed or card in dimmed:
            grey(dwg, element)
        if card in marked:
            parent.add(dwg.rect((num(left), num(y + card_height(w) + 1)), (num(w), 3), fill=TURN))


def _draw_centre(dwg: svgwrite.Drawing, centre: TableCentre) -> None:
    count = max(len(centre.cards), centre.places)
    height = card_height(CENTRE_CARD_W)
    stock_room = CENTRE_CARD_W + 24 if centre.stock is not None else 0
    room = 2 * FELT_RX - 90 - stock_room
    step = _fan(count, CENTRE_CARD_W, room, gap=6)
    width = CENTRE_CARD_W + step * (count - 1) if count else 0
    x0 = CENTRE_X - (width + stock_room) / 2 + stock_room
    y0 = CENTRE_Y - height / 2
    group = dwg.g(class_="dz-cards")
    if centre.stock is not None:
        sx = x0 - stock_room
        if centre.stock:
            draw_card(dwg, UNKNOWN_ID, x=sx, y=y0, w=CENTRE_CARD_W, parent=group, data_id=centre.stock_id)
        else:
            group.add(dwg.rect((num(sx + 1), num(y0 + 1)), (CENTRE_CARD_W - 2, num(height - 2)), rx=4,
                               fill="none", stroke="#cfe3d6", stroke_width=1.5, stroke_dasharray="4 3"))
        group.add(dwg.text(str(centre.stock), insert=(num(sx + CENTRE_CARD_W / 2), num(y0 + height + 16)),
                           fill="#fff", font_size=12, font_weight="bold", text_anchor="middle"))
    for index in range(count):
        x = x0 + index * step
        if index < len(centre.cards):
            element = draw_card(dwg, centre.cards[index], x=x, y=y0, w=CENTRE_CARD_W, parent=group)
            if centre.cards[index] in centre.dimmed:
                grey(dwg, element)
        else:
            group.add(dwg.rect((num(x + 1), num(y0 + 1)), (CENTRE_CARD_W - 2, num(height - 2)), rx=4,
                               fill="none", stroke="#cfe3d6", stroke_width=1.5, stroke_dasharray="4 3"))
    dwg.add(group)
    if centre.title:
        dwg.add(dwg.text(centre.title, insert=(CENTRE_X, num(y0 - 12)), fill="#fff", font_size=15,
                         font_weight="bold", text_anchor="middle"))
    if centre.subtitle:
        dwg.add(dwg.text(centre.subtitle, insert=(CENTRE_X, num(y0 + height + 22)), fill="#cfe3d6",
                         font_size=12, text_anchor="middle"))


def _draw_seat(dwg: svgwrite.Drawing, place: TableSeat, at: tuple[float, float], *, to_act: bool,
               is_viewer: bool) -> None:
    cx, cy = at
    x0, y0 = cx - SEAT_W / 2, cy - SEAT_H / 2
    box = dwg.g(class_="dz-seat", **{"data-seat": str(place.seat)})
    box.add(dwg.rect((num(x0), num(y0)), (SEAT_W, SEAT_H), rx=8, fill="#eef0f3",
                     stroke=TURN if to_act else "#b9bec6", stroke_width=3 if to_act else 1.5))
    if to_act:
        box.add(dwg.path(d=f"M{num(x0 + 6)} {num(y0 + 6)}l9 6-9 6z", class_="dz-turn"))
    name = place.name + (f" ({t('you')})" if is_viewer else "")
    box.add(dwg.text(name, insert=(num(x0 + (19 if to_act else 8)), num(y0 + 17)), class_="dz-lb"))
    for index, line in enumerate(place.lines[:2]):
        box.add(dwg.text(line, insert=(num(x0 + 8), num(y0 + 33 + index * 14)), class_="dz-sm"))
    card_y = y0 + SEAT_H - card_height(SEAT_CARD_W) - 6 if len(place.lines) < 2 else y0 + 50
    if is_viewer:
        count = len(place.cards)
        box.add(dwg.text(f"{count} {t('cards') if count != 1 else t('card')}",
                         insert=(num(x0 + 8), num(y0 + SEAT_H - 10)), class_="dz-sm"))
    elif place.cards:
        room = SEAT_W - 16 - (26 if len(place.cards) > 4 else 0)
        step = _fan(len(place.cards), SEAT_CARD_W, room)
        _draw_cards(dwg, place.cards, x=x0 + 8, y=card_y, w=SEAT_CARD_W, step=step, parent=box,
                    dimmed=place.dimmed, marked=place.marked, greyed=place.greyed)
        if len(place.cards) > 4:
            box.add(dwg.text(f"\u00d7{len(place.cards)}", insert=(num(x0 + SEAT_W - 8), num(card_y + 26)),
                             class_="dz-lb", text_anchor="end"))
    if place.tag:
        box.add(dwg.text(place.tag, insert=(num(x0 + SEAT_W - 8), num(y0 + 33)), fill=TAG_COLOUR, font_size=11,
                         font_weight="bold", text_anchor="end"))
    if place.dealer:
        box.add(dwg.circle((num(x0 + SEAT_W - 14), num(y0 + 14)), 10, fill="#fff", stroke="#333",
                           stroke_width=1.5))
        box.add(dwg.text("D", insert=(num(x0 + SEAT_W - 14), num(y0 + 18.5)), font_size=12,
                         font_weight="bold", text_anchor="middle", fill="#333"))
    dwg.add(box)


def _draw_front(dwg: svgwrite.Drawing, place: TableSeat, at: tuple[float, float]) -> None:
    """The seat's cards on the table this round and its chips, between it and the centre."""
    cx, cy = at
    fx = cx + (CENTRE_X - cx) * FRONT_FRACTION
    fy = cy + (CENTRE_Y - cy) * FRONT_FRACTION
    if place.played:
        width = 36
        step = _fan(len(place.played), width, 90)
        total = width + step * (len(place.played) - 1)
        group = dwg.g(class_="dz-cards")
        _draw_cards(dwg, place.played, x=fx - total / 2, y=fy - card_height(width) / 2, w=width, step=step,
                    parent=group)
        dwg.add(group)
        fy += card_height(width) / 2 + 16
    if place.front:
        dwg.add(dwg.circle((num(fx), num(fy)), 14, fill="#f6f1e3", stroke="#b8860b", stroke_width=3,
                           stroke_dasharray="5 3"))
        dwg.add(dwg.text(place.front, insert=(num(fx), num(fy + 4.5)), font_size=12, font_weight="bold",
                         text_anchor="middle", fill="#333"))


def _draw_hand(dwg: svgwrite.Drawing, place: TableSeat, hand: Sequence[str], top: float) -> None:
    """The viewer's hand, large and clickable, in a row under the table."""
    group = dwg.g(class_="dz-cards dz-hand")
    group.add(dwg.rect((10, num(top)), (WIDTH - 20, HAND_ROW_H - 6), rx=8, class_="dz-hand-bg"))
    if hand:
        step = _fan(len(hand), HAND_CARD_W, HAND_MAX_WIDTH - 20, gap=6)
        width = HAND_CARD_W + step * (len(hand) - 1)
        _draw_cards(dwg, hand, x=CENTRE_X - width / 2, y=top + 8, w=HAND_CARD_W, step=step, parent=group,
                    dimmed=place.dimmed, marked=place.marked, greyed=place.greyed)
    else:
        group.add(dwg.text(t("no cards"), insert=(CENTRE_X, num(top + HAND_ROW_H / 2)), class_="dz-sm",
                           text_anchor="middle"))
    dwg.add(group)
