"""The Poker7 pictures: the table with its seats, and a hand drawn as its groups.

Table layout (820 px wide, 540 high, plus one 74 px row per hand shown at
showdown)::

                       [seat]        [seat]
            [seat]   .--------------------.   [seat]
                    /   Pot 24             \\
           [seat]  |  [c1][c2][c3][c4][c5]  |  [seat]
                    \\    (bets as chips)   /
            [seat]   '--------------------'   [seat]
                          [seat: you]
    status line, then the pots of the last hand
    Showdown: one row per shown hand, its cards grouped as the best partition

Seats sit on an ellipse around the felt, clockwise in seat order (the order of
play, D1), with the viewer's seat at the bottom (seat 0 for a spectator). A
seat box shows the seat's name, its chips (or "folded", "all-in", "out"), its
2 cards — face up if the viewer may see them, card backs otherwise — and the
dealer button "D". A revealed card has an orange bar under it. The chips a seat
has bet in this round lie on the felt in front of it. The seat to act has an
orange frame.

Clickable ids (``data-id``): every face-up card carries its card id (the
viewer's own cards are what the reveal round clicks); card backs carry none.
The table is drawn from an observation only (``game.view(seat)``, see
:mod:`drezlab.games.poker7.knowledge` for its zones and public data), so no
card the viewer may not see can reach the picture.

Groups: each group of a partition is drawn as its cards on a rounded plate —
framed in the group's colour for a colour group, in dark grey for a figure
group — with a caption ("red 4", "bishops 3", "↗" when ordered).

Only inline attributes and the shared stylesheet's classes are used, so the
pictures of other games are unchanged. Output is deterministic (nbval compares it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import UNKNOWN_ID, Card
from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.games.poker7.hands import HandValue, hand_value
from drezlab.games.poker7.knowledge import board_cards, seat_cards, up_zone
from drezlab.render.base import new_drawing, num, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card, grey

WIDTH = 820
TABLE_HEIGHT = 500
CENTRE_X, CENTRE_Y = 410, 250
FELT_RX, FELT_RY = 245, 125
SEAT_RX, SEAT_RY = 330, 190
SEAT_W, SEAT_H = 140, 92
SEAT_CARD_W = 34
SEAT_CARD_H = SEAT_CARD_W * CARD_HEIGHT / CARD_WIDTH
BOARD_CARD_W = 44
BOARD_CARD_H = BOARD_CARD_W * CARD_HEIGHT / CARD_WIDTH
BOARD_GAP = 6
BET_FRACTION = 0.42
STATUS_Y = 522
LINE_STEP = 18
ROW_H = 74
GROUP_CARD_W = 30
GROUP_CARD_H = GROUP_CARD_W * CARD_HEIGHT / CARD_WIDTH
GROUP_PAD = 5
GROUP_GAP = 8

FELT = "#2f7d4f"
FELT_EDGE = "#6b4a2b"
TURN = "#e8a317"
FIGURE_FRAME = "#555"
WIN_FILL = "#fff4cc"


def seat_centre(seat: int, players: int, bottom: int) -> tuple[float, float]:
    """Centre of a seat box: on an ellipse, clockwise from ``bottom`` in seat order."""
    step = (seat - bottom) % players
    angle = math.pi / 2 + 2 * math.pi * step / players
    return CENTRE_X + SEAT_RX * math.cos(angle), CENTRE_Y + SEAT_RY * math.sin(angle)


def seat_label(seat: int) -> str:
    """A seat's name as the game gives it ('Player 3', 'Jugador 3')."""
    return f"{t('Player')} {seat + 1}"


def draw(observation: Observation) -> str:
    """The table as ``observation``'s seat sees it (its seat at the bottom; seat 0
    for a spectator), as SVG text; after a showdown, every shown hand drawn as
    its best partition."""
    public = observation.public
    viewer = observation.seat
    cards = [seat_cards(observation, seat) for seat in range(observation.players)]
    board = board_cards(observation)
    shown_seats = [seat for seat in range(observation.players)
                   if public["shown"][seat] and cards[seat] and UNKNOWN_ID not in cards[seat]]
    lines = list(public["results"])
    rows_y = STATUS_Y + LINE_STEP * (len(lines) + 1)
    height = rows_y + (ROW_H * len(shown_seats) + 24 if shown_seats else 0)
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.ellipse((CENTRE_X, CENTRE_Y), (FELT_RX + 8, FELT_RY + 8), fill=FELT_EDGE))
    dwg.add(dwg.ellipse((CENTRE_X, CENTRE_Y), (FELT_RX, FELT_RY), fill=FELT))
    _draw_board(dwg, board, public)
    bottom = viewer if viewer is not None else 0
    for seat in range(observation.players):
        _draw_seat(dwg, observation, seat, cards[seat], seat_centre(seat, observation.players, bottom))
    dwg.add(dwg.text(observation.status, insert=(20, STATUS_Y), class_="dz-st"))
    if public["last"] is not None:
        last_seat, label = public["last"]
        dwg.add(dwg.text(f"{seat_label(last_seat)}: {label}", insert=(WIDTH - 20, STATUS_Y),
                         class_="dz-ex", text_anchor="end"))
    for index, line in enumerate(lines, start=1):
        dwg.add(dwg.text(line, insert=(20, STATUS_Y + index * LINE_STEP), class_="dz-ex"))
    if shown_seats:
        dwg.add(dwg.text(t("Showdown"), insert=(20, rows_y + 4), class_="dz-lb"))
        winners = {seat for _, _, takers in public["pots"] for seat in takers}
        for index, seat in enumerate(shown_seats):
            label = seat_label(seat)
            if public["won"][seat]:
                label += f" +{public['won'][seat]}"
            _draw_partition_row(dwg, hand_value(cards[seat] + board), x=20, y=rows_y + 14 + index * ROW_H,
                                label=label, winner=seat in winners)
    return to_svg(dwg)


def _draw_board(dwg: svgwrite.Drawing, board: list[str], public: Any) -> None:
    """The 5 community-card places (dashed until dealt) and the pot above them."""
    width = 5 * BOARD_CARD_W + 4 * BOARD_GAP
    x0 = CENTRE_X - width / 2
    y0 = CENTRE_Y - BOARD_CARD_H / 2
    cards = dwg.g(class_="dz-cards")
    for index in range(5):
        x = x0 + index * (BOARD_CARD_W + BOARD_GAP)
        if index < len(board):
            draw_card(dwg, board[index], x=x, y=y0, w=BOARD_CARD_W, parent=cards)
        else:
            cards.add(dwg.rect((num(x + 1), num(y0 + 1)), (BOARD_CARD_W - 2, num(BOARD_CARD_H - 2)), rx=4,
                               fill="none", stroke="#cfe3d6", stroke_width=1.5, stroke_dasharray="4 3"))
    dwg.add(cards)
    pot = public["pot"]
    pots = public["pots"]
    text = f"{t('Pot')} {pot}" if pot or not pots else f"{t('Pot')} {sum(p[0] for p in pots)}"
    dwg.add(dwg.text(text, insert=(CENTRE_X, num(y0 - 12)), fill="#fff", font_size=15, font_weight="bold",
                     text_anchor="middle"))
    dwg.add(dwg.text(f"{t('Hand')} {public['hand_number']}", insert=(CENTRE_X, num(y0 + BOARD_CARD_H + 22)),
                     fill="#cfe3d6", font_size=12, text_anchor="middle"))


def _draw_seat(dwg: svgwrite.Drawing, observation: Observation, seat: int, cards: list[str],
               centre: tuple[float, float]) -> None:
    """One seat box, its dealer button and the chips it has bet in this round."""
    public = observation.public
    cx, cy = centre
    x0, y0 = cx - SEAT_W / 2, cy - SEAT_H / 2
    to_act = observation.to_move == seat
    box = dwg.g(class_="dz-seat")
    box.add(dwg.rect((num(x0), num(y0)), (SEAT_W, SEAT_H), rx=8, fill="#eef0f3",
                     stroke=TURN if to_act else "#b9bec6", stroke_width=3 if to_act else 1.5))
    name = seat_label(seat) + (f" ({t('you')})" if seat == observation.seat else "")
    if to_act:
        box.add(dwg.path(d=f"M{num(x0 + 6)} {num(y0 + 6)}l9 6-9 6z", class_="dz-turn"))
    box.add(dwg.text(name, insert=(num(x0 + (19 if to_act else 8)), num(y0 + 17)), class_="dz-lb"))
    state = t("out") if public["out"][seat] else f"{public['stacks'][seat]} {t('chips')}"
    box.add(dwg.text(state, insert=(num(x0 + 8), num(y0 + 33)), class_="dz-sm"))
    folded = public["folded"][seat]
    revealed = observation.ids(up_zone(seat))
    card_y = y0 + 38
    for index, card in enumerate(cards):
        x = x0 + 8 + index * (SEAT_CARD_W + 6)
        element = draw_card(dwg, card, x=x, y=card_y, w=SEAT_CARD_W, parent=box)
        if folded:
            grey(dwg, element)
        if card in revealed:
            box.add(dwg.rect((num(x), num(card_y + SEAT_CARD_H + 1)), (SEAT_CARD_W, 3), fill=TURN))
    tag = ""
    if cards and folded:
        tag = t("folded")
    elif cards and public["stacks"][seat] == 0 and public["in_hand"][seat]:
        tag = t("all-in")
    if tag:
        box.add(dwg.text(tag, insert=(num(x0 + 88), num(y0 + 66)), fill="#8a1c1c", font_size=11,
                         font_weight="bold"))
    if seat == public["dealer"]:
        box.add(dwg.circle((num(x0 + SEAT_W - 14), num(y0 + 14)), 10, fill="#fff", stroke="#333",
                           stroke_width=1.5))
        box.add(dwg.text("D", insert=(num(x0 + SEAT_W - 14), num(y0 + 18.5)), font_size=12,
                         font_weight="bold", text_anchor="middle", fill="#333"))
    dwg.add(box)
    bet = public["round_bets"][seat]
    if bet:
        bx = cx + (CENTRE_X - cx) * BET_FRACTION
        by = cy + (CENTRE_Y - cy) * BET_FRACTION
        dwg.add(dwg.circle((num(bx), num(by)), 14, fill="#f6f1e3", stroke="#b8860b", stroke_width=3,
                           stroke_dasharray="5 3"))
        dwg.add(dwg.text(str(bet), insert=(num(bx), num(by + 4.5)), font_size=12, font_weight="bold",
                         text_anchor="middle", fill="#333"))


# ------------------------------------------------------------------ groups
def _group_caption(value: HandValue, index: int) -> str:
    group = value.groups[index]
    size = value.sizes[index]
    first = group[0]
    if value.hier[index][0] == 7:
        assert first.color is not None
        caption = f"{first.color.english.lower()} {size}" if size > 1 else first.color.english.lower()
    else:
        assert first.figure is not None
        caption = f"{first.figure.english.lower()}s {size}"
    return caption + (" \u2197" if value.ordered[index] else "")


def _group_frame(value: HandValue, index: int) -> str:
    first = value.groups[index][0]
    if value.hier[index][0] == 7:
        assert first.color is not None
        return first.color.hex
    return FIGURE_FRAME


def partition_width(value: HandValue) -> float:
    """How wide :func:`draw_groups` draws ``value``'s groups."""
    return sum(len(group) * (GROUP_CARD_W + 2) + 2 * GROUP_PAD for group in value.groups) \
        + GROUP_GAP * (len(value.groups) - 1)


def draw_groups(dwg: svgwrite.Drawing, value: HandValue, *, x: float, y: float,
                parent: BaseElement | None = None) -> float:
    """Draw the groups of ``value`` left to right from (x, y); returns the right edge."""
    target = dwg if parent is None else parent
    for index, group in enumerate(value.groups):
        plate_w = len(group) * (GROUP_CARD_W + 2) + 2 * GROUP_PAD - 2
        target.add(dwg.rect((num(x), num(y)), (num(plate_w), num(GROUP_CARD_H + 2 * GROUP_PAD)), rx=6,
                            fill="#fff", stroke=_group_frame(value, index), stroke_width=2.5))
        for position, card in enumerate(group):
            draw_card(dwg, card, x=x + GROUP_PAD + position * (GROUP_CARD_W + 2), y=y + GROUP_PAD,
                      w=GROUP_CARD_W, parent=target)
        target.add(dwg.text(_group_caption(value, index),
                            insert=(num(x + plate_w / 2), num(y + GROUP_CARD_H + 2 * GROUP_PAD + 12)),
                            font_size=10, text_anchor="middle", fill="#333"))
        x += plate_w + 2 + GROUP_GAP
    return x


def _dotted(values: Sequence[int]) -> str:
    return "\u00b7".join(str(int(value)) for value in values)


def _draw_partition_row(dwg: svgwrite.Drawing, value: HandValue, *, x: float, y: float, label: str,
                        winner: bool, width: float = WIDTH) -> None:
    """One showdown row: the player's name, the groups, and S and F; a gold band for a winner."""
    if winner:
        dwg.add(dwg.rect((num(x - 6), num(y - 4)), (num(width - 2 * x + 12), ROW_H - 4), rx=6, fill=WIN_FILL))
    dwg.add(dwg.text(label, insert=(num(x), num(y + 30)), class_="dz-lb"))
    right = draw_groups(dwg, value, x=x + 120, y=y)
    dwg.add(dwg.text(f"S {_dotted(value.sizes)}", insert=(num(right + 8), num(y + 22)), class_="dz-sm"))
    dwg.add(dwg.text(f"F {_dotted(value.ordered)}", insert=(num(right + 8), num(y + 40)), class_="dz-sm"))


def partition_svg(value: HandValue, *, label: str = "", winner: bool = False) -> str:
    """A hand drawn as its best partition (``HandValue.svg()``), with S and F beside it."""
    label_w = 120 if label else 0
    width = 16 + label_w + partition_width(value) + 110
    dwg = new_drawing(width, ROW_H + 4)
    if label:
        _draw_partition_row(dwg, value, x=8, y=6, label=label, winner=winner, width=width)
    else:
        right = draw_groups(dwg, value, x=8, y=6)
        dwg.add(dwg.text(f"S {_dotted(value.sizes)}", insert=(num(right + 8), 28), class_="dz-sm"))
        dwg.add(dwg.text(f"F {_dotted(value.ordered)}", insert=(num(right + 8), 46), class_="dz-sm"))
    return to_svg(dwg)


def hands_svg(values: Sequence[HandValue], labels: Sequence[str], *, winner: int | None = None) -> str:
    """Several hands, one row each (a lesson's "which hand wins?" picture)."""
    if len(values) != len(labels):
        raise ValueError("give one label per hand")
    width = max([16 + 120 + partition_width(value) + 110 for value in values] + [300])
    dwg = new_drawing(width, 8 + ROW_H * len(values))
    for index, (value, label) in enumerate(zip(values, labels)):
        _draw_partition_row(dwg, value, x=8, y=6 + index * ROW_H, label=label, winner=index == winner,
                            width=width)
    return to_svg(dwg)


def card_row_svg(cards: Sequence[Card], *, card_width: float = 44, gap: float = 6) -> str:
    """Cards in one row, no grouping (the community cards of an exercise)."""
    height = card_width * CARD_HEIGHT / CARD_WIDTH
    dwg = new_drawing(gap + len(cards) * (card_width + gap), height + 2 * gap)
    for index, card in enumerate(cards):
        draw_card(dwg, card, x=gap + index * (card_width + gap), y=gap, w=card_width)
    return to_svg(dwg)
