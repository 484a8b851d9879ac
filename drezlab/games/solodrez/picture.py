"""The SoloDrez table, drawn from an observation: nine overlapping columns.

Layout (960 px wide): the status line on top; under it nine column tabs ("Column 1" ...
"Column 9") and the nine columns, bottom card (the "first card", touching the table) at
the top and each later card 34 px lower, so every card shows a strip with its number,
its colour (the frame) and a small glyph of its figure in the corner (a neutral card: the
exchange sign): every card stays identifiable (§3). The top card of each column is shown
whole. An empty column is a dashed slot. Under the columns: the face-down pile of removed
cards with its count, and, with the picture option ``hint`` (the spec's ``numbers``, the
widget's "Show the numbers" toggle), the solver's hint.

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

WIDTH = 960
MARGIN = 12
SLOT = (WIDTH - 2 * MARGIN) / COLUMNS
CARD_W = 84
CARD_H = CARD_W * CARD_HEIGHT / CARD_WIDTH
#: how much of each covered card shows: enough for its number and its corner glyph
STRIP = 34
TAB_Y = 34
TAB_H = 24
COLUMNS_Y = TAB_Y + TAB_H + 8
HINT_COLOUR = "#ef7d16"


def draw(observation: Observation, *, hint: bool | None = None) -> str:
    """The nine columns as ``observation`` shows them, as SVG text. ``hint``: add the
    solver's hint (``None``: as the game option ``hint`` says)."""
    show_hint = bool(observation.public["hint"]) if hint is None else hint
    columns = [observation.ids(column_zone(index)) for index in range(COLUMNS)]
    found = _hint(columns) if show_hint and not observation.is_over else None
    longest = max([len(column) for column in columns] + [1])
    bottom = COLUMNS_Y + (longest - 1) * STRIP + CARD_H
    height = bottom + 86 + (24 if found is not None else 0)
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.rect((0, 0), (WIDTH, num(height)), fill="#e9f0e6"))
    dwg.add(dwg.text(observation.status, insert=(MARGIN, 22), class_="dz-st"))
    target, card = _hinted(found)
    for index, column in enumerate(columns):
        _draw_column(dwg, index, column, marked_card=card, marked_column=target == index)
    _draw_footer(dwg, observation, bottom + 14, found)
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


def _draw_column(dwg: svgwrite.Drawing, index: int, column: tuple[str, ...], *, marked_card: str | None,
                 marked_column: bool) -> None:
    """One column: its tab (the destination id) and its cards, the bottom card first."""
    x = MARGIN + index * SLOT
    tab = make(dwg, "g", {"class": "dz-target", "data-id": column_id(index)})
    tab.add(make(dwg, "rect", {"x": num(x + 4), "y": TAB_Y, "width": num(SLOT - 8), "height": TAB_H, "rx": 5,
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
        draw_card(dwg, Card.parse(card_id), x=left, y=COLUMNS_Y + place * STRIP, w=CARD_W, corner=True)
    if marked_card in column:
        first = column.index(marked_card)
        top = COLUMNS_Y + first * STRIP
        dwg.add(make(dwg, "rect", {"x": num(left - 4), "y": num(top - 4), "width": CARD_W + 8,
                                   "height": num((len(column) - 1 - first) * STRIP + CARD_H + 8), "rx": 9,
                                   "fill": "none", "stroke": HINT_COLOUR, "stroke-width": 4}))


def _draw_footer(dwg: svgwrite.Drawing, observation: Observation, y: float, found: Hint | None) -> None:
    """The removed pile with its count, the moves made, and the hint."""
    removed = observation.zones[REMOVED_ZONE].count
    if removed:
        draw_card(dwg, Card.unknown(), x=MARGIN, y=y, w=44)
    else:
        dwg.add(make(dwg, "rect", {"x": MARGIN, "y": num(y), "width": 44, "height": num(44 * CARD_HEIGHT / CARD_WIDTH),
                                   "rx": 5, "class": "dz-empty"}))
    dwg.add(dwg.text(f"{t('Cards set aside')}: {removed}", insert=(MARGIN + 56, num(y + 20)), class_="dz-lb"))
    if observation.last:
        dwg.add(dwg.text(f"{t('Last action')}: {observation.last}", insert=(MARGIN + 56, num(y + 42)), class_="dz-sm"))
    if found is not None:
        fill = "#8a1c1c" if found.status == "lost" else "#1d1d1d"
        dwg.add(make(dwg, "text", {"x": MARGIN, "y": num(y + 82), "class": "dz-lb", "style": f"fill:{fill}"},
                     found.text))
