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

``draw_table(..., compact=True)`` draws the one-screen table instead (issue 22), 790 px
wide and for up to 4 players at most 560 high with a few notes, so that the widget
shows it at scale 1 beside the move log in a 1366x768 or 1024x768 window::

        [seat] [seat] [seat]            status line (wrapped)
     .------------------------.         last action
    |  title, stock, cards    |         notes (wrapped, packed)
     '------------------------'         the game's own drawing
    [bottom seat: name, lines | its cards, 60 px, labelled ]
    (notes under the table when the column is full, or with notes_below=True)

The other seats sit in a row across the top (and on the sides for 5 or more players,
when the column moves under the table); the bottom seat (the viewer) is a panel with
its hand at 60 px (the cards carry their names). Every text is at least 12 px.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.i18n import add_translations, t
from drezlab.core.zones import UNKNOWN_ID
from drezlab.render.base import new_drawing, num, titled
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card, grey
from drezlab.render.textwidth import text_width, wrap_to_width

add_translations({"Last action": "Última acción"})

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


def seat_label(seat: int) -> str:
    """A seat's name as the games give it ('Player 3', 'Jugador 3'), for seat boxes and notes."""
    return f"{t('Player')} {seat + 1}"


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
    draw more (showdown rows), ``width`` the picture's width; ``x`` and ``room`` the
    left edge and the width of that room (under the table, or in the side column of
    the compact table)."""

    width: float
    bottom: float
    x: float = 20
    room: float = WIDTH - 40


def seat_centre(seat: int, players: int, bottom_seat: int) -> tuple[float, float]:
    """Centre of a seat box: on an ellipse, clockwise from ``bottom_seat`` in seat order."""
    step = (seat - bottom_seat) % players
    angle = math.pi / 2 + 2 * math.pi * step / players
    return CENTRE_X + SEAT_RX * math.cos(angle), CENTRE_Y + SEAT_RY * math.sin(angle)


def draw_table(*, viewer: int | None, to_move: int | None, seats: Sequence[TableSeat], centre: TableCentre,
               status: str, corner: str = "", notes: Sequence[str | Sequence[str]] = (),
               extra_height: float = 0, compact: bool = False,
               notes_below: bool = False) -> tuple[svgwrite.Drawing, TableLayout]:
    """The table for ``seats`` (2 to 10, in seat order) as ``viewer`` sees it.

    ``status`` is the line under the table, ``corner`` a short text at its right
    end (the last action, shown after "Last action:"), ``notes`` more lines under it (bids, predictions,
    results; a note given as a sequence of items is a list the compact table packs
    into lines, the classic one joins by "; "). ``extra_height`` reserves room under everything for the game's own
    drawing; the returned layout says where that room starts.

    ``compact=True`` draws the one-screen table of :func:`draw_compact_table`
    (at most 790 x 560 for up to 4 players); the default is the classic 880 px table.
    ``notes_below`` (compact only): the notes go under the table, as wide as the
    picture, rather than in the column beside it."""
    players = len(seats)
    if not MIN_SEATS <= players <= MAX_SEATS:
        raise ValueError(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {players}")
    if corner:
        corner = f"{t('Last action')}: {corner}"       # the last-action line says what it is
    if [place.seat for place in seats] != list(range(players)):
        raise ValueError("give the seats in seat order, one each")
    if compact:
        return draw_compact_table(viewer=viewer, to_move=to_move, seats=seats, centre=centre, status=status,
                                  corner=corner, notes=notes, extra_height=extra_height, notes_below=notes_below)
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
    for index, note in enumerate(notes, start=1):
        line = note if isinstance(note, str) else "; ".join(note)
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


def _draw_centre_row(dwg: svgwrite.Drawing, centre: TableCentre, count: int, x0: float, stock_room: float,
                     step: float, y0: float, height: float, count_size: float) -> None:
    """The centre's row, for both tables: the stock (a back clickable as ``stock_id``, named
    for screen readers, with its count under it; a dashed place when empty), then the
    ``count`` places of the centre cards from ``x0``, ``step`` apart (dashed while empty)."""
    group = dwg.g(class_="dz-cards")
    if centre.stock is not None:
        sx = x0 - stock_room
        if centre.stock:
            titled(draw_card(dwg, UNKNOWN_ID, x=sx, y=y0, w=CENTRE_CARD_W, parent=group, data_id=centre.stock_id),
                   t("the pile: {count} cards").format(count=centre.stock))
        else:
            group.add(_empty_place(dwg, sx, y0, height))
        group.add(dwg.text(str(centre.stock), insert=(num(sx + CENTRE_CARD_W / 2), num(y0 + height + 16)),
                           fill="#fff", font_size=count_size, font_weight="bold", text_anchor="middle"))
    for index in range(count):
        x = x0 + index * step
        if index < len(centre.cards):
            element = draw_card(dwg, centre.cards[index], x=x, y=y0, w=CENTRE_CARD_W, parent=group)
            if centre.cards[index] in centre.dimmed:
                grey(dwg, element)
        else:
            group.add(_empty_place(dwg, x, y0, height))
    dwg.add(group)


def _empty_place(dwg: svgwrite.Drawing, x: float, y: float, height: float) -> BaseElement:
    """A dashed outline where a centre card (or the stock) will lie."""
    return dwg.rect((num(x + 1), num(y + 1)), (CENTRE_CARD_W - 2, num(height - 2)), rx=4,
                    fill="none", stroke="#cfe3d6", stroke_width=1.5, stroke_dasharray="4 3")


def _draw_centre(dwg: svgwrite.Drawing, centre: TableCentre) -> None:
    count = max(len(centre.cards), centre.places)
    height = card_height(CENTRE_CARD_W)
    stock_room = CENTRE_CARD_W + 24 if centre.stock is not None else 0
    room = 2 * FELT_RX - 90 - stock_room
    step = _fan(count, CENTRE_CARD_W, room, gap=6)
    width = CENTRE_CARD_W + step * (count - 1) if count else 0
    x0 = CENTRE_X - (width + stock_room) / 2 + stock_room
    y0 = CENTRE_Y - height / 2
    _draw_centre_row(dwg, centre, count, x0, stock_room, step, y0, height, 12)
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


# ------------------------------------------------------------------ the compact table
COMPACT_WIDTH, COMPACT_HEIGHT = 790, 560
"""The compact table's width and the height it keeps to for up to 4 players when it can:
such a picture is drawn at scale 1 beside the move log in a 1366x768 or 1024x768 window
(issue 22)."""
COMPACT_SEAT_W = 146
COMPACT_SEAT_CARD_W = 32
"""A seat's small cards: 32 px wide, so their number is 11.2 px (no name: see ``cards.LABEL_WIDTH``)."""
COMPACT_HAND_CARD_W = 60
"""The bottom seat's cards: 60 px wide (``cards.LABEL_WIDTH``), so they carry their names."""
COMPACT_CLICK = 31
"""The least step between overlapped hand cards: more than half a card, so every card's
middle shows (a click or a tap at its centre hits it) and a covered card leaves at least
the 24 px the issue asks; a longer hand takes more rows."""
COMPACT_RING_W = 450
"""The table part with up to 3 other seats (one row of boxes); the text column lies beside it."""
COMPACT_MARGIN = 4
COMPACT_TOP = 6
COMPACT_LINE = 18
COMPACT_TEXT = 13
"""The least font size of the compact table's own texts (the tags, the subtitle)."""
_HEADER_H = 24
_HEADS = (":", "\u2014")
"""A packed note's item ending so is its head: the next item follows it after a space, not "; "."""


@dataclass(frozen=True)
class CompactGeometry:
    """Where the compact table puts things for ``players`` seats.

    ``boxes`` maps a seat's step after the bottom seat (1, 2, ...) to its box's
    top-left corner and the side it sits on ("top", "left", "right"); ``panel`` is the
    bottom seat's panel (x, y, width, height); ``column`` the room for the status line,
    the notes and the game's own drawing (x, y, width): beside the table for up to 4
    players, under it for more."""

    players: int
    width: float
    seat_h: float
    boxes: dict[int, tuple[float, float, str]]
    centre_x: float
    centre_top: float
    panel: tuple[float, float, float, float]
    height: float
    column: tuple[float, float, float]


def compact_geometry(players: int, *, seat_h: float = 100, played: bool = False,
                     panel_h: float = _HEADER_H + 84 + 12) -> CompactGeometry:
    """The compact table's layout: the other seats in a row across the top (with one or
    two more on each side for 5 or more players), the felt with the centre under them,
    the bottom seat's panel (its hand, large) under the felt. ``played``: leave room for
    cards put on the table in front of the seats; ``panel_h`` the panel's height."""
    others = players - 1
    sides = 0 if others <= 3 else 1 if others <= 7 else 2
    width = COMPACT_RING_W if sides == 0 else COMPACT_WIDTH
    top_row = others - 2 * sides
    band = 34 + (58 if played else 0)
    seat_w = COMPACT_SEAT_W
    boxes: dict[int, tuple[float, float, str]] = {}
    centre_top = COMPACT_TOP + seat_h + band
    cards_mid = centre_top + 24 + card_height(CENTRE_CARD_W) / 2
    panel_y = centre_top + 110 + band
    left_x, right_x = COMPACT_MARGIN, width - COMPACT_MARGIN - seat_w
    step = 1
    # clockwise from the bottom seat: up the left side, along the top, down the right side
    levels = [cards_mid, panel_y + panel_h / 2][:sides]
    for mid in reversed(levels):
        boxes[step] = (left_x, mid - seat_h / 2, "left")
        step += 1
    for index in range(top_row):
        cx = width * (index + 0.5) / top_row
        boxes[step] = (cx - seat_w / 2, COMPACT_TOP, "top")
        step += 1
    for mid in levels:
        boxes[step] = (right_x, mid - seat_h / 2, "right")
        step += 1
    inset = seat_w + 2 * COMPACT_MARGIN if sides == 2 else 0
    panel = (COMPACT_MARGIN + inset, panel_y, width - 2 * COMPACT_MARGIN - 2 * inset, panel_h)
    height = max(panel_y + panel_h, max((y + seat_h for _, y, _ in boxes.values()), default=0)) + COMPACT_TOP
    column = (width + 16, 8, COMPACT_WIDTH - width - 24) if sides == 0 else (16, height + 4, COMPACT_WIDTH - 32)
    return CompactGeometry(players, width, seat_h, boxes, width / 2, centre_top, panel, height, column)


def compact_room(players: int) -> tuple[float, float]:
    """The left edge and the width of the room a game gets for its own drawing on the
    compact table of ``players`` seats (so that it can size it before drawing)."""
    column = compact_geometry(players).column
    return column[0], column[2]


def _seat_text(place: TableSeat, is_viewer: bool, width: float) -> tuple[list[str], bool]:
    """A seat box's lines wrapped to ``width`` and whether its tag fits on the first line."""
    lines = [part for line in place.lines[:2] for part in wrap_to_width(line, width, 12)]
    if is_viewer:
        return lines, True
    tag_inline = not place.tag or (
        text_width(lines[0] if lines else "", 12) + text_width(place.tag, COMPACT_TEXT, True) + 10 <= width)
    return lines, tag_inline


def draw_compact_table(*, viewer: int | None, to_move: int | None, seats: Sequence[TableSeat],
                       centre: TableCentre, status: str, corner: str = "",
                       notes: Sequence[str | Sequence[str]] = (),
                       extra_height: float = 0, notes_below: bool = False) -> tuple[svgwrite.Drawing, TableLayout]:
    """The one-screen table (``draw_table(..., compact=True)``): at most 790 x 560 for up
    to 4 players with a few notes.

    The other seats sit in a row across the top of the felt (for 5 or more players
    also on its sides), clockwise in seat order; the bottom seat (the viewer; seat 0
    for a spectator) is a panel under the felt with its name, lines, tag and dealer
    button in a header and its cards large (60 px, with their names) in one or more
    rows, each covered card showing more than half of it (its middle). The status line, the last action
    (``corner``) and the notes are wrapped in a column beside the table (under it for
    5 or more players; under the table, as wide as the picture, with ``notes_below``
    or when the column is full); the game's own drawing (``extra_height``) goes under them, at
    the returned layout's ``x``, ``bottom`` and ``room``. Texts are at least 12 px."""
    players = len(seats)
    bottom_seat = viewer if viewer is not None else 0
    inner = COMPACT_SEAT_W - 16
    text_lines = 0
    for place in seats:
        if place.seat == bottom_seat:
            continue
        lines, tag_inline = _seat_text(place, False, inner)
        text_lines = max(text_lines, len(lines) + (0 if tag_inline else 1))
    text_lines = max(1, min(text_lines, 4))
    seat_h = 32 + 14 * (text_lines - 1) + 5 + card_height(COMPACT_SEAT_CARD_W) + 5
    played = any(place.played for place in seats)
    bottom = seats[bottom_seat]
    probe = compact_geometry(players, seat_h=seat_h, played=played)
    panel_w = probe.panel[2]
    header = _panel_header(bottom, is_viewer=viewer is not None, width=panel_w - 20)
    per_row = max(1, int((panel_w - 20 - COMPACT_HAND_CARD_W) // COMPACT_CLICK) + 1)
    rows = max(1, math.ceil(len(bottom.cards) / per_row))
    per_row = max(1, math.ceil(len(bottom.cards) / rows))  # as even as the rows can be
    hand_h = rows * card_height(COMPACT_HAND_CARD_W) + (rows - 1) * 6
    panel_h = 8 + 18 * len(header) + hand_h + 10
    geometry = compact_geometry(players, seat_h=seat_h, played=played, panel_h=panel_h)

    column_x, column_y, column_w = geometry.column
    texts: list[tuple[str, float, str]] = []  # text, indent, class
    for line in wrap_to_width(status, column_w, 14, bold=True):
        texts.append((line, 0, "dz-st"))
    for line in wrap_to_width(corner, column_w, 13) if corner else []:
        texts.append((line, 0, "dz-ex"))
    head = len(texts)
    texts += _note_lines(notes, column_w)
    below: list[tuple[str, float, str]] = []
    beside = geometry.column[1] < geometry.height
    if beside and (notes_below or column_y + 16 + COMPACT_LINE * len(texts) + extra_height > COMPACT_HEIGHT):
        # the column beside the table is full: the notes go under the table, as wide as it
        texts = texts[:head]
    first = column_y + 16
    text_bottom = first + COMPACT_LINE * (len(texts) - 1) + 10 if texts else column_y
    below_top = geometry.height + 12
    if beside and len(texts) == head and notes:
        free = text_bottom + extra_height <= below_top
        below = _note_lines(notes, (COMPACT_WIDTH if free else geometry.width) - 24)
    height = max(geometry.height, text_bottom + extra_height + 6 if extra_height else text_bottom + 4,
                 below_top + COMPACT_LINE * len(below) if below else 0)
    dwg = new_drawing(COMPACT_WIDTH, num(height))
    for index, (line, indent, css) in enumerate(below):
        dwg.add(dwg.text(line, insert=(num(12 + indent), num(below_top + 4 + index * COMPACT_LINE)), class_=css))

    felt_top = COMPACT_TOP + seat_h / 2
    felt_bottom = geometry.panel[1] + 24
    felt_cx, felt_cy = geometry.centre_x, (felt_top + felt_bottom) / 2
    felt_rx, felt_ry = geometry.width / 2 - 12, (felt_bottom - felt_top) / 2
    dwg.add(dwg.ellipse((num(felt_cx), num(felt_cy)), (num(felt_rx + 8), num(felt_ry + 8)), fill=FELT_EDGE))
    dwg.add(dwg.ellipse((num(felt_cx), num(felt_cy)), (num(felt_rx), num(felt_ry)), fill=FELT))
    room = geometry.width - 40 - (2 * (COMPACT_SEAT_W + 40) if len(geometry.boxes) > 3 else 0)
    _draw_compact_centre(dwg, centre, geometry.centre_x, geometry.centre_top, room)
    for place in seats:
        if place.seat == bottom_seat:
            continue
        x0, y0, side = geometry.boxes[(place.seat - bottom_seat) % players]
        _draw_compact_seat(dwg, place, x0, y0, seat_h, to_act=place.seat == to_move)
        _draw_compact_front(dwg, place, x0, y0, seat_h, side)
    px, py, pw, ph = geometry.panel
    front_y = geometry.centre_top + 110
    _draw_compact_front(dwg, bottom, geometry.centre_x - COMPACT_SEAT_W / 2, front_y, 0, "top")
    _draw_panel(dwg, bottom, header, (px, py, pw, ph), per_row, is_viewer=viewer is not None,
                to_act=bottom.seat == to_move)

    for index, (line, indent, css) in enumerate(texts):
        dwg.add(dwg.text(line, insert=(num(column_x + indent), num(first + index * COMPACT_LINE)), class_=css))
    return dwg, TableLayout(COMPACT_WIDTH, num(text_bottom) if texts else column_y, column_x, column_w)


def _note_lines(notes: Sequence[str | Sequence[str]], width: float) -> list[tuple[str, float, str]]:
    """The notes wrapped to ``width`` (13 px), each note's later lines indented. A note
    given as a sequence of items is packed: as many items to a line as fit, joined by
    "; ", an item broken only when it is wider than a line by itself."""
    lines: list[tuple[str, float, str]] = []
    for note in notes:
        if isinstance(note, str):
            parts = wrap_to_width(note, width - 10, 13)
        else:
            parts = []
            for item in note:
                joined = (parts[-1] + (" " if parts[-1].endswith(_HEADS) else "; ") + item) if parts else ""
                if parts and text_width(joined, 13) <= width - 10:
                    parts[-1] = joined
                else:
                    parts += wrap_to_width(item, width - 10, 13)
        for index, line in enumerate(parts):
            lines.append((line, 10 if index else 0, "dz-ex"))
    return lines


def _panel_header(place: TableSeat, *, is_viewer: bool, width: float) -> list[list[tuple[str, str]]]:
    """The bottom seat's header as rows of (text, kind): its name, lines, card count and
    tag on one row when they fit, else the lines on a row of their own."""
    name = place.name + (f" ({t('you')})" if is_viewer else "")
    count = len(place.cards)
    extras = [line for line in place.lines[:2] if line]
    extras.append(f"{count} {t('cards') if count != 1 else t('card')}")
    first: list[tuple[str, str]] = [(name, "name")]
    rest = [(line, "line") for line in extras]
    tag = [(place.tag, "tag")] if place.tag else []
    room = width - (28 if place.dealer else 0) - 20

    def wide(row: list[tuple[str, str]]) -> float:
        return sum(text_width(text, 13, kind != "line") + 16 for text, kind in row)
    if wide(first + rest + tag) <= room:
        return [first + rest + tag]
    if wide(first + tag) <= room and wide(rest) <= width:
        return [first + tag, rest]
    return [first + tag] + [[item] for item in rest]


def _draw_panel(dwg: svgwrite.Drawing, place: TableSeat, header: list[list[tuple[str, str]]],
                box: tuple[float, float, float, float], per_row: int, *, is_viewer: bool, to_act: bool) -> None:
    """The bottom seat's panel: header and its cards large (the viewer's hand, clickable)."""
    x0, y0, width, height = box
    group = dwg.g(class_="dz-cards dz-hand" if is_viewer else "dz-cards", **{"data-seat": str(place.seat)})
    group.add(dwg.rect((num(x0), num(y0)), (num(width), num(height)), rx=8, class_="dz-hand-bg",
                       stroke=TURN if to_act else "#b9bec6", stroke_width=3 if to_act else 1.5))
    if to_act:
        group.add(dwg.path(d=f"M{num(x0 + 8)} {num(y0 + 9)}l9 6-9 6z", class_="dz-turn"))
    for row, items in enumerate(header):
        x = x0 + (22 if to_act and row == 0 else 10)
        y = y0 + 20 + row * 18
        for text, kind in items:
            if kind == "name":
                group.add(dwg.text(text, insert=(num(x), num(y)), class_="dz-lb"))
            elif kind == "tag":
                group.add(dwg.text(text, insert=(num(x), num(y)), fill=TAG_COLOUR, font_size=COMPACT_TEXT,
                                   font_weight="bold"))
            else:
                group.add(dwg.text(text, insert=(num(x), num(y)), fill="#444", font_size=COMPACT_TEXT))
            x += text_width(text, 13, kind != "line") + 16
    if place.dealer:
        _dealer(dwg, group, x0 + width - 18, y0 + 16)
    cards = place.cards
    top = y0 + 8 + 18 * len(header)
    if not cards:
        group.add(dwg.text(t("no cards"), insert=(num(x0 + width / 2), num(top + 46)), class_="dz-sm",
                           text_anchor="middle"))
    for row in range(math.ceil(len(cards) / per_row)):
        chunk = cards[row * per_row:(row + 1) * per_row]
        step = _fan(len(chunk), COMPACT_HAND_CARD_W, width - 20, gap=6)
        span = COMPACT_HAND_CARD_W + step * (len(chunk) - 1)
        _draw_cards(dwg, chunk, x=x0 + width / 2 - span / 2,
                    y=top + row * (card_height(COMPACT_HAND_CARD_W) + 6), w=COMPACT_HAND_CARD_W, step=step,
                    parent=group, dimmed=place.dimmed, marked=place.marked, greyed=place.greyed)
    dwg.add(group)


def _dealer(dwg: svgwrite.Drawing, parent: BaseElement, cx: float, cy: float) -> None:
    parent.add(dwg.circle((num(cx), num(cy)), 10, fill="#fff", stroke="#333", stroke_width=1.5))
    parent.add(dwg.text("D", insert=(num(cx), num(cy + 4.5)), font_size=12, font_weight="bold",
                        text_anchor="middle", fill="#333"))


def _draw_compact_seat(dwg: svgwrite.Drawing, place: TableSeat, x0: float, y0: float, height: float, *,
                       to_act: bool) -> None:
    width = COMPACT_SEAT_W
    box = dwg.g(class_="dz-seat", **{"data-seat": str(place.seat)})
    box.add(dwg.rect((num(x0), num(y0)), (width, num(height)), rx=8, fill="#eef0f3",
                     stroke=TURN if to_act else "#b9bec6", stroke_width=3 if to_act else 1.5))
    if to_act:
        box.add(dwg.path(d=f"M{num(x0 + 6)} {num(y0 + 6)}l9 6-9 6z", class_="dz-turn"))
    box.add(dwg.text(place.name, insert=(num(x0 + (19 if to_act else 8)), num(y0 + 17)), class_="dz-lb"))
    lines, tag_inline = _seat_text(place, False, width - 16)
    rows = list(lines)
    if place.tag and not tag_inline:
        rows.append("")
    for index, line in enumerate(rows[:4]):
        if line:
            box.add(dwg.text(line, insert=(num(x0 + 8), num(y0 + 32 + index * 14)), class_="dz-sm"))
    if place.tag:
        tag_y = y0 + 32 + (0 if tag_inline else 14 * (len(rows) - 1))
        box.add(dwg.text(place.tag, insert=(num(x0 + width - 8), num(tag_y)), fill=TAG_COLOUR,
                         font_size=COMPACT_TEXT, font_weight="bold", text_anchor="end"))
    if place.dealer:
        _dealer(dwg, box, x0 + width - 14, y0 + 14)
    card_y = y0 + height - card_height(COMPACT_SEAT_CARD_W) - 5
    if place.cards:
        many = len(place.cards) > 4
        room = width - 16 - (30 if many else 0)
        step = _fan(len(place.cards), COMPACT_SEAT_CARD_W, room)
        _draw_cards(dwg, place.cards, x=x0 + 8, y=card_y, w=COMPACT_SEAT_CARD_W, step=step, parent=box,
                    dimmed=place.dimmed, marked=place.marked, greyed=place.greyed)
        if many:
            box.add(dwg.text(f"\u00d7{len(place.cards)}", insert=(num(x0 + width - 6), num(card_y + 28)),
                             class_="dz-lb", text_anchor="end"))
    dwg.add(box)


def _draw_compact_front(dwg: svgwrite.Drawing, place: TableSeat, x0: float, y0: float, height: float,
                        side: str) -> None:
    """A seat's cards on the table and its chips, on the felt just inside its box."""
    if side == "top":
        fx, fy = x0 + COMPACT_SEAT_W / 2, y0 + height + 6
    elif side == "left":
        fx, fy = x0 + COMPACT_SEAT_W + 26, y0 + height / 2 - 14
    else:
        fx, fy = x0 - 26, y0 + height / 2 - 14
    if place.played:
        width = 36
        step = _fan(len(place.played), width, 90)
        total = width + step * (len(place.played) - 1)
        group = dwg.g(class_="dz-cards")
        _draw_cards(dwg, place.played, x=fx - total / 2, y=fy, w=width, step=step, parent=group)
        dwg.add(group)
        fy += card_height(width) + 4
    if place.front:
        dwg.add(dwg.circle((num(fx), num(fy + 14)), 14, fill="#f6f1e3", stroke="#b8860b", stroke_width=3,
                           stroke_dasharray="5 3"))
        dwg.add(dwg.text(place.front, insert=(num(fx), num(fy + 18.5)), font_size=12, font_weight="bold",
                         text_anchor="middle", fill="#333"))


def _draw_compact_centre(dwg: svgwrite.Drawing, centre: TableCentre, cx: float, top: float, room: float) -> None:
    """Title, stock and centre cards, subtitle: from ``top`` down, 110 px."""
    count = max(len(centre.cards), centre.places)
    height = card_height(CENTRE_CARD_W)
    stock_room = CENTRE_CARD_W + 16 if centre.stock is not None else 0
    step = _fan(count, CENTRE_CARD_W, room - stock_room, gap=6)
    width = CENTRE_CARD_W + step * (count - 1) if count else 0
    x0 = cx - (width + stock_room) / 2 + stock_room
    y0 = top + 24
    _draw_centre_row(dwg, centre, count, x0, stock_room, step, y0, height, COMPACT_TEXT)
    if centre.title:
        dwg.add(dwg.text(centre.title, insert=(num(cx), num(top + 16)), fill="#fff", font_size=15,
                         font_weight="bold", text_anchor="middle"))
    if centre.subtitle:
        dwg.add(dwg.text(centre.subtitle, insert=(num(x0 + width / 2 if centre.stock is not None else cx),
                                                  num(y0 + height + 18)),
                         fill="#e4efe8", font_size=COMPACT_TEXT, text_anchor="middle"))
