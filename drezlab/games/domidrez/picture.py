"""The DomiDrez table, drawn from one seat's observation on the shared card table.

The table is :mod:`drezlab.render.table`: seats round the felt clockwise in seat
order (the order of play, D1), the viewer's seat at the bottom (seat 0 for a
spectator) and the viewer's hand large under the table, sorted as a player sorts
it (figure, then colour, neutral cards last). Cards that do not follow the line
are greyed when it is the viewer's turn. A seat box shows the seat's match points
and how many cards it holds, its cards face down (face up once a hand is over),
and the dealer button.

The centre holds the face-down stock with its count (click it to draw) and the
last cards of the line, the top card last (on the right). The title above says
what the next card must match (the top card's figure and colour, or the figure
and colour named after a neutral card); the subtitle names any known cards under
the stock (D41). Under the table: the status line, the last action, the match
scores against the target and the result of the last hand. After a neutral card
the naming palette is drawn under everything: six figures and nine colours.

Clickable ids (``data-id``): every face-up card carries its card id (the viewer's
hand is what a play clicks), the stock carries ``pile`` (the ``draw`` action), the
naming palette ``fig-p`` ... ``fig-j`` and ``col-1`` ... ``col-9``. Card backs
carry none. Drawn from an observation only, so no card the viewer may not see can
reach the picture. Output is deterministic (nbval compares it).
"""

from __future__ import annotations

import svgwrite

from drezlab.core.cards import Color, Figure
from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.games.domidrez.game import STOCK_ID
from drezlab.games.domidrez.knowledge import (
    LINE_ZONE,
    UNDER_ZONE,
    colour_name,
    figure_name,
    hand_zone,
    named_of,
    playable_ids,
    stock_size,
    top_card,
)
from drezlab.render.base import make, num, to_svg
from drezlab.render.table import TableCentre, TableSeat, draw_table, seat_label

#: how many cards of the line the centre shows (the top card last)
LINE_SHOWN = 6
PALETTE_HEIGHT = 100


def requirement_text(observation: Observation) -> str:
    """What the next card must match, in words ('Follow: Joker or Purple')."""
    named = named_of(observation)
    if named is not None:
        return f"{t('Named')}: {figure_name(named[0])} {t('or')} {colour_name(named[1])}"
    top = top_card(observation)
    if top.is_neutral:
        return t("name a figure and a colour")
    return f"{t('Follow')}: {figure_name(top.figure_number)} {t('or')} {colour_name(top.number or 1)}"


def draw(observation: Observation) -> str:
    """The table as ``observation``'s seat sees it, as SVG text."""
    public = observation.public
    viewer = observation.seat
    my_turn = viewer is not None and observation.to_move == viewer and public["phase"] == "play"
    playable = playable_ids(observation) if my_turn else set()
    seats = []
    for seat in range(observation.players):
        cards = observation.ids(hand_zone(seat))
        dimmed = frozenset(card for card in cards if card not in playable) if my_turn and seat == viewer \
            else frozenset()
        seats.append(TableSeat(
            seat=seat, name=seat_label(seat), cards=cards,
            lines=(f"{public['scores'][seat]} {t('points')}",),
            dealer=seat == public["dealer"], dimmed=dimmed))
    line = observation.ids(LINE_ZONE)
    under = observation.ids(UNDER_ZONE)
    centre = TableCentre(
        cards=line[-LINE_SHOWN:], title=requirement_text(observation) if public["phase"] in ("play", "name") else "",
        subtitle=f"{t('Under the stock')}: {' '.join(under)}" if under else f"{t('Hand')} {public['hand_number']}",
        stock=stock_size(observation), stock_id=STOCK_ID)
    notes = [f"{t('Target')} {public['target']}: " + "   ".join(
        f"{seat_label(seat)} {points}" for seat, points in enumerate(public["scores"]))]
    result = public["result"]
    if result is not None:
        how = t("went out") if result["how"] == "out" else t("closed game")
        gained = "   ".join(f"{seat_label(seat)} {result['counts'][seat]} {t('cards')} +{points}"
                           for seat, points in enumerate(result["gained"]))
        notes.append(f"{t('Hand')}: {how} — {gained}")
    naming = public["phase"] == "name"
    dwg, layout = draw_table(viewer=viewer, to_move=observation.to_move, seats=seats, centre=centre,
                             status=observation.status, corner=observation.last or "", notes=notes,
                             extra_height=PALETTE_HEIGHT if naming else 0)
    if naming:
        _draw_palette(dwg, layout.bottom + 22)
    return to_svg(dwg)


def _draw_palette(dwg: svgwrite.Drawing, y: float) -> None:
    """The naming palette: six figures and nine colours to click (after a neutral card)."""
    dwg.add(dwg.text(t("name a figure and a colour"), insert=(20, num(y - 6)), class_="dz-lb"))
    for index, figure in enumerate(Figure):
        x = 20 + index * 76
        chip = make(dwg, "g", {"class": "dz-target", "data-id": f"fig-{figure.letter.lower()}"})
        chip.add(dwg.rect((x, num(y)), (70, 30), rx=6, fill="#fff", stroke="#555", stroke_width=1.5))
        chip.add(dwg.text(figure_name(int(figure)), insert=(x + 35, num(y + 20)), font_size=12,
                          text_anchor="middle", fill="#222"))
        dwg.add(chip)
    for index, colour in enumerate(Color):
        x = 20 + index * 54
        chip = make(dwg, "g", {"class": "dz-target", "data-id": f"col-{int(colour)}"})
        chip.add(dwg.rect((x, num(y + 40)), (48, 30), rx=6, fill=colour.hex, stroke="#333", stroke_width=1))
        chip.add(dwg.text(str(int(colour)), insert=(x + 24, num(y + 60)), font_size=13, font_weight="bold",
                          text_anchor="middle", fill="#fff"))
        dwg.add(chip)
