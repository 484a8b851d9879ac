"""The DomiDrez table, drawn from one seat's observation.

Layout (820 px wide)::

            [seat]      [seat]      [seat]          other seats round the table:
       .----------------------------------.         name, points, cards held
       |  [stock 27] [under]   ..[line][TOP] |      (backs, or faces once the
       |  named: Rook or Green               |       hand is over), dealer "D"
       '----------------------------------'
       [your hand, sorted, face up; cards that do not follow are dimmed]
       [naming palette: 6 figures, 9 colours]       (after a neutral card)
       status line / last hand / scores

The viewer's seat sits at the bottom (seat 0 for a spectator); the others sit
on an arc above the felt clockwise in seat order (the order of play, D1). The
seat to move has an orange frame. The line shows its last cards with the top
card largest; the start of the line is on the left. A neutral top card has the
named figure and colour written beside it.

Clickable ids (``data-id``): every face-up card carries its card id (the
viewer's hand cards are what a play clicks); the naming palette carries
``fig-p`` ... ``fig-j`` and ``col-1`` ... ``col-9``. Card backs carry none.
Drawn from an observation only, so no card the viewer may not see can reach the
picture. Output is deterministic (nbval compares it).
"""

from __future__ import annotations

import math

import svgwrite

from drezlab.core.cards import UNKNOWN_ID, Card, Color, Figure
from drezlab.core.i18n import get_language, t
from drezlab.core.observation import Observation
from drezlab.games.domidrez.knowledge import (LINE_ZONE, STOCK_ZONE, UNDER_ZONE, hand_sizes, hand_zone, named_of,
                                              playable_ids)
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card

WIDTH = 820
FELT_TOP, FELT_H = 150, 170
SEAT_W, SEAT_H = 132, 84
SMALL_W = 22
LINE_W = 50
TOP_W = 66
HAND_W = 48
FELT = "#2f7d4f"
FELT_EDGE = "#6b4a2b"
TURN = "#e8a317"
LINE_SHOWN = 7


def _height(card_w: float) -> float:
    return card_w * CARD_HEIGHT / CARD_WIDTH


def _seat_name(seat: int) -> str:
    return f"{t('Player')} {seat + 1}"


def _figure_name(figure: int) -> str:
    return Figure(figure).spanish if get_language() == "es" else Figure(figure).english


def _colour_name(colour: int) -> str:
    return Color(colour).spanish if get_language() == "es" else Color(colour).english


def draw(observation: Observation) -> str:
    """The table as ``observation``'s seat sees it, as SVG text."""
    public = observation.public
    viewer = observation.seat
    bottom = viewer if viewer is not None else 0
    naming = public["phase"] == "name"
    hand_y = FELT_TOP + FELT_H + 22
    palette_y = hand_y + _height(HAND_W) + 34
    status_y = palette_y + (96 if naming else 10)
    height = status_y + 70
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.rect((20, FELT_TOP), (WIDTH - 40, FELT_H), rx=60, fill=FELT, stroke=FELT_EDGE, stroke_width=8))
    _draw_centre(dwg, observation)
    others = [(bottom + step) % observation.players for step in range(1, observation.players)]
    for place, seat in enumerate(others):
        _draw_seat(dwg, observation, seat, _seat_box_centre(place, len(others)))
    _draw_own(dwg, observation, bottom, hand_y)
    if naming:
        _draw_palette(dwg, palette_y)
    dwg.add(dwg.text(observation.status, insert=(20, status_y), class_="dz-st"))
    if observation.last is not None:
        dwg.add(dwg.text(observation.last, insert=(WIDTH - 20, status_y), class_="dz-ex", text_anchor="end"))
    scores = "   ".join(f"{_seat_name(seat)}: {points}" for seat, points in enumerate(public["scores"]))
    dwg.add(dwg.text(f"{t('Target')} {public['target']} — {scores}", insert=(20, status_y + 22), class_="dz-ex"))
    result = public["result"]
    if result is not None:
        gained = "   ".join(f"{_seat_name(seat)}: {result['counts'][seat]} {t('cards')} +{points}"
                           for seat, points in enumerate(result["gained"]))
        dwg.add(dwg.text(f"{t('Hand')} {public['hand_number']}: {gained}", insert=(20, status_y + 44),
                         class_="dz-ex"))
    return to_svg(dwg)


def _seat_box_centre(place: int, count: int) -> tuple[float, float]:
    """Other seats on an arc above the felt, left to right in play order."""
    if count == 1:
        return WIDTH / 2, 70
    angle = math.pi * (0.92 - 0.84 * place / (count - 1))
    return WIDTH / 2 + 330 * math.cos(angle), 118 - 70 * math.sin(angle)


def _draw_centre(dwg: svgwrite.Drawing, observation: Observation) -> None:
    """The stock with its count, the known cards under it, the line and what is named."""
    y = FELT_TOP + 22
    stock = observation.zones[STOCK_ZONE].count
    if stock:
        draw_card(dwg, Card.unknown(), x=44, y=y, w=LINE_W)
    else:
        dwg.add(dwg.rect((45, y + 1), (LINE_W - 2, num(_height(LINE_W) - 2)), rx=4, fill="none",
                         stroke="#cfe3d6", stroke_dasharray="4 3"))
    dwg.add(dwg.text(f"{t('Stock')} {stock}", insert=(44 + LINE_W / 2, num(y + _height(LINE_W) + 16)),
                     fill="#fff", font_size=12, text_anchor="middle"))
    for index, card in enumerate(observation.ids(UNDER_ZONE)):
        draw_card(dwg, card, x=104 + index * 18, y=y + 10, w=SMALL_W + 8)
    line = observation.ids(LINE_ZONE)
    shown = line[-LINE_SHOWN:]
    top_x = WIDTH - 60 - TOP_W
    x = top_x - 10 - (len(shown) - 1) * (LINE_W * 0.62) - LINE_W * 0.38
    for card in shown[:-1]:
        draw_card(dwg, card, x=x, y=y + 10, w=LINE_W)
        x += LINE_W * 0.62
    if len(line) > LINE_SHOWN:
        dwg.add(dwg.text(f"+{len(line) - LINE_SHOWN}", insert=(num(x - LINE_W * 0.62 * len(shown) + 4), y + 4),
                         fill="#cfe3d6", font_size=11))
    draw_card(dwg, shown[-1], x=top_x, y=y, w=TOP_W)
    named = named_of(observation)
    if named is not None:
        figure, colour = named
        text = f"{t('Named')}: {_figure_name(figure)} {t('or')} {_colour_name(colour)}"
        dwg.add(dwg.rect((num(top_x - 190), FELT_TOP + FELT_H - 34), (180, 22), rx=6, fill="#fff",
                         stroke=Color(colour).hex, stroke_width=3))
        dwg.add(dwg.text(text, insert=(num(top_x - 100), FELT_TOP + FELT_H - 18), font_size=12,
                         text_anchor="middle", fill="#333"))


def _draw_seat(dwg: svgwrite.Drawing, observation: Observation, seat: int, centre: tuple[float, float]) -> None:
    """One other seat: name, points, cards held (backs, or faces when public), dealer button."""
    public = observation.public
    cx, cy = centre
    x0, y0 = cx - SEAT_W / 2, cy - SEAT_H / 2
    to_act = observation.to_move == seat
    box = dwg.g(class_="dz-seat")
    box.add(dwg.rect((num(x0), num(y0)), (SEAT_W, SEAT_H), rx=8, fill="#eef0f3",
                     stroke=TURN if to_act else "#b9bec6", stroke_width=3 if to_act else 1.5))
    box.add(dwg.text(_seat_name(seat), insert=(num(x0 + 8), num(y0 + 16)), class_="dz-lb"))
    count = hand_sizes(observation)[seat]
    box.add(dwg.text(f"{public['scores'][seat]} {t('points')} · {count} {t('cards')}",
                     insert=(num(x0 + 8), num(y0 + 31)), class_="dz-sm"))
    ids = observation.ids(hand_zone(seat))
    step = min(SMALL_W + 2, (SEAT_W - 16 - SMALL_W) / max(1, len(ids) - 1))
    for index, card in enumerate(ids):
        draw_card(dwg, card, x=x0 + 8 + index * step, y=y0 + 38, w=SMALL_W, parent=box)
    if seat == public["dealer"]:
        _dealer_button(dwg, box, x0 + SEAT_W - 14, y0 + 14)
    dwg.add(box)


def _dealer_button(dwg: svgwrite.Drawing, parent: svgwrite.container.Group, x: float, y: float) -> None:
    parent.add(dwg.circle((num(x), num(y)), 10, fill="#fff", stroke="#333", stroke_width=1.5))
    parent.add(dwg.text("D", insert=(num(x), num(y + 4.5)), font_size=12, font_weight="bold",
                        text_anchor="middle", fill="#333"))


def _draw_own(dwg: svgwrite.Drawing, observation: Observation, seat: int, y: float) -> None:
    """The bottom seat's hand in a row (face up for its owner), dimming what does not follow."""
    public = observation.public
    ids = observation.ids(hand_zone(seat))
    playable = playable_ids(observation) if observation.seat == seat and observation.to_move == seat else set()
    to_act = observation.to_move == seat
    name = _seat_name(seat) + (f" ({t('you')})" if observation.seat == seat else "")
    label = f"{name} — {public['scores'][seat]} {t('points')} · {len(ids)} {t('cards')}"
    dwg.add(dwg.text(label, insert=(24, num(y - 6)), class_="dz-lb", fill=TURN if to_act else "#222"))
    if seat == public["dealer"]:
        group = dwg.g()
        _dealer_button(dwg, group, 14 + 7.5 * len(label) + 30, y - 10)
        dwg.add(group)
    step = min(HAND_W + 4, (WIDTH - 48 - HAND_W) / max(1, len(ids) - 1))
    for index, card in enumerate(ids):
        dim = card != UNKNOWN_ID and public["phase"] == "play" and to_act and observation.seat == seat \
            and card not in playable
        draw_card(dwg, card, x=24 + index * step, y=y, w=HAND_W, greyed=dim)


def _draw_palette(dwg: svgwrite.Drawing, y: float) -> None:
    """The naming palette: six figures and nine colours to click (after a neutral card)."""
    dwg.add(dwg.text(t("name a figure and a colour"), insert=(24, num(y - 6)), class_="dz-lb"))
    for index, figure in enumerate(Figure):
        x = 24 + index * 72
        chip = make(dwg, "g", {"class": "dz-target", "data-id": f"fig-{figure.letter.lower()}"})
        chip.add(dwg.rect((x, num(y)), (66, 30), rx=6, fill="#fff", stroke="#555", stroke_width=1.5))
        chip.add(dwg.text(_figure_name(int(figure)), insert=(x + 33, num(y + 20)), font_size=12,
                          text_anchor="middle", fill="#222"))
        dwg.add(chip)
    for index, colour in enumerate(Color):
        x = 24 + index * 52
        chip = make(dwg, "g", {"class": "dz-target", "data-id": f"col-{int(colour)}"})
        chip.add(dwg.rect((x, num(y + 40)), (46, 30), rx=6, fill=colour.hex, stroke="#333", stroke_width=1))
        chip.add(dwg.text(str(int(colour)), insert=(x + 23, num(y + 60)), font_size=13, font_weight="bold",
                          text_anchor="middle", fill="#fff"))
        dwg.add(chip)
