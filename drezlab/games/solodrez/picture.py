"""The SoloDrez table, drawn from an observation: nine overlapping columns.

Layout (780 px wide, at most 560 high while no column holds more than 14 cards: drawn at
its own size beside the widget's move log in a 1024 x 768 window, issue 22): the status
line on top; under it nine column tabs ("Column 1" ... "Column 9") and the nine columns of
66 px cards (wide enough for their names), bottom card (the "first card", touching the
table) at the top and each later card 32 px lower, so every card shows a strip with its
number, its colour (the frame) and a small glyph of its figure in the corner (a neutral
card: the exchange sign): every card stays identifiable (§3). A column of more than 11
cards draws its strips closer (down to 25 px, still the whole number and glyph, and more
than the 24 px a pupil needs to click) so that the picture keeps its height; only a column
of 15 cards or more makes the picture taller, by 25 px a card. The top card of each
column is shown whole. An empty column is a dashed slot. Under the columns: the face-down
pile of removed cards with its count and the last action, and, with the picture option
``hint`` (the spec's ``numbers``, the widget's "Show the numbers" toggle), the solver's
hint beside them.

Clickable ids (``data-id``): every card carries its id (a run is picked by clicking its
bottom card), each column tab and each empty slot carries the column id ``c1`` ... ``c9``
(the destination). The removal and resigning actions are buttons. Drawn from the
observation only; the output is deterministic (nbval compares it).

The hint: :func:`drezlab.games.solodrez.solver.hint` on the observation's columns. The
hinted run gets an orange frame and the hinted column's tab an orange
frame; the line under the table says the move in words, or "this deal can no longer be
won" once the solver has proven it.
"""

from __future__ import annotations

import svgwrite

from drezlab.core.cards import Card
from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.games.solodrez.game import COLUMNS, REMOVED_ZONE, column_id, column_zone
from drezlab.games.solodrez.solver import HINT_BUDGET, Hint, hint
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card

WIDTH = 780
MARGIN = 12
SLOT = (WIDTH - 2 * MARGIN) / COLUMNS
CARD_W = 66
CARD_H = CARD_W * CARD_HEIGHT / CARD_WIDTH
#: how much of each covered card shows: enough for its number and its corner glyph
STRIP = 32
#: the closest strips of a long column: the number and the corner glyph end 25.3 px down a
#: 66 px card; at least the 24 px a pupil needs to click a covered card
MIN_STRIP = 25
TAB_Y = 34
TAB_H = 24
COLUMNS_Y = TAB_Y + TAB_H + 8
PILE_W = 40
FOOTER_H = 12 + PILE_W * CARD_HEIGHT / CARD_WIDTH + 8
#: the height the picture keeps (one screen, issue 22) while its columns fit
HEIGHT = 560
HINT_COLOUR = "#ef7d16"


def strip_for(longest: int) -> float:
    """How far apart the cards of every column lie when the longest holds ``longest`` cards:
    :data:`STRIP`, closer for a long column so that the picture stays :data:`HEIGHT` high,
    never closer than :data:`MIN_STRIP`."""
    if longest <= 1:
        return STRIP
    room = (HEIGHT - FOOTER_H - COLUMNS_Y - CARD_H) / (longest - 1)
    return max(MIN_STRIP, min(STRIP, int(room)))


def draw(observation: Observation, *, hint: bool | None = None) -> str:
    """The nine columns as ``observation`` shows them, as SVG text. ``hint``: add the
    solver's hint (``None``: as the game option ``hint`` says)."""
    show_hint = bool(observation.public["hint"]) if hint is None else hint
    columns = [observation.ids(column_zone(index)) for index in range(COLUMNS)]
    found = _hint(columns) if show_hint and not observation.is_over else None
    longest = max([len(column) for column in columns] + [1])
    strip = strip_for(longest)
    bottom = COLUMNS_Y + (longest - 1) * strip + CARD_H
    height = bottom + FOOTER_H
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.rect((0, 0), (WIDTH, num(height)), fill="#e9f0e6"))
    dwg.add(dwg.text(observation.status, insert=(MARGIN, 22), class_="dz-st"))
    target, card = _hinted(found)
    for index, column in enumerate(columns):
        _draw_column(dwg, index, column, strip, marked_card=card, marked_column=target == index)
    _draw_footer(dwg, observation, bottom + 12, found)
    return to_svg(dwg)


def _hint(columns: list[tuple[str, ...]]) -> Hint:
    return hint([list(column) for column in columns], budget=HINT_BUDGET)


def _hinted(found: Hint | None) -> tuple[int | None, str | None]:
    """The column (0-8) and the card id the hint points at."""
    if found is None or found.action is None:
        return None, None
    words = found.action.split()
    column = int(words[1][1:]) - 1
    return (column, None) if words[0] == "remove" else (column, words[0].upper())


def _draw_column(dwg: svgwrite.Drawing, index: int, column: tuple[str, ...], strip: float, *,
                 marked_card: str | None, marked_column: bool) -> None:
    """One column: its tab (the destination id) and its cards, the bottom card first, ``strip`` apart."""
    x = MARGIN + index * SLOT
    tab = make(dwg, "g", {"class": "dz-target", "data-id": column_id(index)})
    tab.add(make(dwg, "rect", {"x": num(x + 2), "y": TAB_Y, "width": num(SLOT - 4), "height": TAB_H, "rx": 5,
                               "fill": "#fff", "stroke": HINT_COLOUR if marked_column else "#555",
                               "stroke-width": 3.5 if marked_column else 1.2}))
    tab.add(make(dwg, "text", {"x": num(x + SLOT / 2), "y": TAB_Y + 17, "class": "dz-count"},
                 f"{t('Column')} {index + 1}"))
    dwg.add(tab)
    left = x + (SLOT - CARD_W) / 2
    if not column:
        slot = make(dwg, "g", {"class": "dz-target", "data-id": column_id(index)})
        slot.add(make(dwg, "rect", {"x": num(left), "y": COLUMNS_Y, "width": CARD_W, "height": num(CARD_H),
                                    "rx": 8, "class": "dz-empty"}))
        dwg.add(slot)
        return
    for place, card_id in enumerate(column):
        draw_card(dwg, Card.parse(card_id), x=left, y=COLUMNS_Y + place * strip, w=CARD_W, corner=True)
    if marked_card in column:
        first = column.index(marked_card)
        top = COLUMNS_Y + first * strip
        dwg.add(make(dwg, "rect", {"x": num(left - 4), "y": num(top - 4), "width": CARD_W + 8,
                                   "height": num((len(column) - 1 - first) * strip + CARD_H + 8), "rx": 9,
                                   "fill": "none", "stroke": HINT_COLOUR, "stroke-width": 4}))


def _draw_footer(dwg: svgwrite.Drawing, observation: Observation, y: float, found: Hint | None) -> None:
    """The removed pile with its count and, beside it, the last action and the hint."""
    removed = observation.zones[REMOVED_ZONE].count
    if removed:
        draw_card(dwg, Card.unknown(), x=MARGIN, y=y, w=PILE_W)
    else:
        dwg.add(make(dwg, "rect", {"x": MARGIN, "y": num(y), "width": PILE_W,
                                   "height": num(PILE_W * CARD_HEIGHT / CARD_WIDTH), "rx": 5, "class": "dz-empty"}))
    text_x = MARGIN + PILE_W + 12
    dwg.add(dwg.text(f"{t('Cards set aside')}: {removed}", insert=(text_x, num(y + 14)), class_="dz-lb"))
    if observation.last:
        dwg.add(dwg.text(f"{t('Last action')}: {observation.last}", insert=(text_x, num(y + 33)), class_="dz-sm"))
    if found is not None:
        fill = "#8a1c1c" if found.status == "lost" else "#1d1d1d"
        dwg.add(make(dwg, "text", {"x": text_x, "y": num(y + 53), "class": "dz-lb", "style": f"fill:{fill}"},
                     found.text))
