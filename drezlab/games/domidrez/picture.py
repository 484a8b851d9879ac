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
the naming palette is drawn under the notes (beside the table for up to 4 players):
six figures and nine colours.

Clickable ids (``data-id``): every face-up card carries its card id (the viewer's
hand is what a play clicks), the stock carries ``pile`` (the ``draw`` action), the
naming palette ``fig-p`` ... ``fig-j`` and ``col-1`` ... ``col-9``. Card backs
carry none. Drawn from an observation only, so no card the viewer may not see can
reach the picture. Output is deterministic (nbval compares it).
"""

from __future__ import annotations

import svgwrite

from drezlab.core.cards import Card, Color, Figure
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
from drezlab.games.domidrez.words import card_label
from drezlab.render.base import make, num, to_svg
from drezlab.render.table import (
    TableCentre,
    TableSeat,
    compact_room,
    draw_table,
    seat_label,
)
from drezlab.render.textwidth import text_width

#: how many cards of the line the centre shows (the top card last)
LINE_SHOWN = 6
CHIP_H = 30
CHIP_ROW = CHIP_H + 6
CHIP_GAP = 6
CHIP_MIN_W, CHIP_MAX_W = 28, 110


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
        subtitle=f"{t('Under the stock')}: {', '.join(card_label(Card.parse(card)) for card in under)}" if under else f"{t('Hand')} {public['hand_number']}",
        stock=stock_size(observation), stock_id=STOCK_ID)
    notes: list[str | tuple[str, ...]] = [
        (f"{t('Target')} {public['target']}:",
         *(f"{seat_label(seat)} {points}" for seat, points in enumerate(public["scores"])))]
    result = public["result"]
    if result is not None:
        how = t("went out") if result["how"] == "out" else t("closed game")
        notes.append((f"{t('Hand')}: {how} \u2014",
                      *(f"{seat_label(seat)} {result['counts'][seat]} {t('cards')} +{points}"
                        for seat, points in enumerate(result["gained"]))))
    naming = public["phase"] == "name"
    dwg, layout = draw_table(viewer=viewer, to_move=observation.to_move, seats=seats, centre=centre,
                             status=observation.status, corner=observation.last or "", notes=notes,
                             extra_height=palette_height(compact_room(observation.players)[1]) if naming else 0,
                             compact=True)
    if naming:
        _draw_palette(dwg, layout.x, layout.bottom, layout.room)
    return to_svg(dwg)


def _palette_rows(room: float) -> list[list[tuple[str, str, str, float]]]:
    """The palette's rows of chips (id, caption, fill, width): the six figures, then the
    nine colours, each flowed into as few even rows as ``room`` allows."""
    figures = [(f"fig-{figure.letter.lower()}", figure_name(int(figure)), "#fff") for figure in Figure]
    colours = [(f"col-{int(colour)}", str(int(colour)), colour.hex) for colour in Color]
    rows: list[list[tuple[str, str, str, float]]] = []
    for chips, least in ((figures, max(text_width(caption, 13) + 16 for _, caption, _ in figures)),
                         (colours, CHIP_MIN_W)):
        per_row = max(1, int((room + CHIP_GAP) // (least + CHIP_GAP)))
        count = -(-len(chips) // per_row)
        per_row = -(-len(chips) // count)
        width = min(max(least, (room + CHIP_GAP) / per_row - CHIP_GAP), CHIP_MAX_W)
        rows += [[(identifier, caption, fill, width) for identifier, caption, fill in chips[start:start + per_row]]
                 for start in range(0, len(chips), per_row)]
    return rows


def palette_height(room: float) -> float:
    """How tall :func:`_draw_palette` draws in ``room`` px of width."""
    return 24 + CHIP_ROW * len(_palette_rows(room)) + 4


def _draw_palette(dwg: svgwrite.Drawing, left: float, top: float, room: float) -> None:
    """The naming palette: six figures and nine colours to click (after a neutral card)."""
    dwg.add(dwg.text(t("name a figure and a colour"), insert=(num(left), num(top + 14)), class_="dz-lb"))
    y = top + 24
    for row in _palette_rows(room):
        x = left
        for identifier, caption, fill, width in row:
            chip = make(dwg, "g", {"class": "dz-target", "data-id": identifier})
            figure = fill == "#fff"
            chip.add(dwg.rect((num(x), num(y)), (num(width), CHIP_H), rx=6, fill=fill,
                              stroke="#555" if figure else "#333", stroke_width=1.5 if figure else 1))
            chip.add(dwg.text(caption, insert=(num(x + width / 2), num(y + 20)), font_size=13,
                              font_weight="normal" if figure else "bold", text_anchor="middle",
                              fill="#222" if figure else "#fff"))
            dwg.add(chip)
            x += width + CHIP_GAP
        y += CHIP_ROW
