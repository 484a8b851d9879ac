"""The SokuDrez grid, drawn from an observation.

The 54 cards lie in 6 rows x 9 columns as dealt (D20), drawn with the shared card
faces of :mod:`drezlab.render.cards`; each card carries its id in ``data-id``, so
a swap is two clicks on two cards. What is wrong is marked with shapes, not only
colours:

* a card whose **figure is repeated in its column** gets a triangle in its top
  right corner (▲), and the column's header lists the figures it lacks;
* a card whose **number (colour) is repeated in its row** gets a square under
  that corner (■), and the row's label lists the numbers it lacks;
* a column that holds all six figures gets a tick under it, a row that holds all
  nine numbers a tick at its right.

The panel on the right shows the swap count, the defects ``Dcol`` and ``Drow``
and D21's lower bound; in the 2-player variant the two totals, whose turn it is
and whether a solving swap would score now (D23). The last swap's two cells are
framed, and the panel lists which of the 8 criteria (D22) it met and its points.
Drawn from an observation only; output is deterministic (nbval compares it).
"""

from __future__ import annotations

from collections import Counter

import svgwrite

from drezlab.core.cards import Card, Figure
from drezlab.core.i18n import get_language, t
from drezlab.core.observation import Observation
from drezlab.core.words import count_words
from drezlab.games.sokudrez.game import add_labels, label
from drezlab.games.sokudrez.grid import COLUMNS, ROWS
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.cards import draw_card

CARD_W = 56
CARD_H = 78
GAP = 8
LEFT = 86
TOP = 46
PANEL_X = LEFT + COLUMNS * (CARD_W + GAP) + 16
WIDTH = PANEL_X + 250
HEIGHT = TOP + ROWS * (CARD_H + GAP) + 70

#: the eight criteria of §4, in order, as the panel lists them
CRITERIA = ("card 1's figure repeated in its column", "card 1's figure absent from card 2's column",
            "card 1's number repeated in its row", "card 1's number absent from card 2's row",
            "card 2's figure repeated in its column", "card 2's figure absent from card 1's column",
            "card 2's number repeated in its row", "card 2's number absent from card 1's row")

add_labels({
    "missing": "faltan",
    "Swaps": "Cambios",
    "lower bound": "cota inferior",
    "Last swap": "Último cambio",
    "figure repeated in its column": "figura repetida en su columna",
    "colour repeated in its row": "color repetido en su fila",
    "not scored: the solving swap scores only as the first of a double turn":
        "no puntúa: el cambio que resuelve solo puntúa si es el primero de un turno doble",
    "Row": "Fila",
    "Column": "Columna",
    "card 1's figure repeated in its column": "figura de la carta 1 repetida en su columna",
    "card 1's figure absent from card 2's column": "figura de la carta 1 ausente de la columna de la carta 2",
    "card 1's number repeated in its row": "número de la carta 1 repetido en su fila",
    "card 1's number absent from card 2's row": "número de la carta 1 ausente de la fila de la carta 2",
    "card 2's figure repeated in its column": "figura de la carta 2 repetida en su columna",
    "card 2's figure absent from card 1's column": "figura de la carta 2 ausente de la columna de la carta 1",
    "card 2's number repeated in its row": "número de la carta 2 repetido en su fila",
    "card 2's number absent from card 1's row": "número de la carta 2 ausente de la fila de la carta 1",
})


def _parse(identifier: str) -> tuple[str, int]:
    return identifier[0], int(identifier[1])


def marks(ids: tuple[str, ...]) -> tuple[set[int], set[int]]:
    """The cells whose figure is repeated in their column, and those whose number is
    repeated in their row (what the triangles and squares mark)."""
    cards = [_parse(identifier) for identifier in ids]
    figure_repeats: set[int] = set()
    number_repeats: set[int] = set()
    for c in range(COLUMNS):
        cells = [r * COLUMNS + c for r in range(ROWS)]
        counts = Counter(cards[i][0] for i in cells)
        figure_repeats.update(i for i in cells if counts[cards[i][0]] > 1)
    for r in range(ROWS):
        cells = [r * COLUMNS + c for c in range(COLUMNS)]
        numbers = Counter(cards[i][1] for i in cells)
        number_repeats.update(i for i in cells if numbers[cards[i][1]] > 1)
    return figure_repeats, number_repeats


def cell_xy(index: int) -> tuple[float, float]:
    """The top-left corner of cell ``index`` in the picture."""
    r, c = divmod(index, COLUMNS)
    return LEFT + c * (CARD_W + GAP), TOP + r * (CARD_H + GAP)


def draw(observation: Observation) -> str:
    """The grid as SVG text (see the module docstring)."""
    public = observation.public
    ids = observation.ids("grid")
    cards = [_parse(identifier) for identifier in ids]
    figure_repeats, number_repeats = marks(ids)
    dwg = new_drawing(WIDTH, HEIGHT)
    last = public["last"]
    framed = set(last["cells"]) if last is not None else set()
    for c in range(COLUMNS):
        x = LEFT + c * (CARD_W + GAP) + CARD_W / 2
        present = {cards[r * COLUMNS + c][0] for r in range(ROWS)}
        missing = "".join(figure.letter for figure in Figure if figure.letter not in present)
        header = "✓" if not missing else f"−{missing}"
        dwg.add(dwg.text(header, insert=(num(x), TOP - 10), class_="dz-note" if missing else "dz-co",
                         font_size=12))
    for r in range(ROWS):
        y = TOP + r * (CARD_H + GAP) + CARD_H / 2
        present_numbers = {cards[r * COLUMNS + c][1] for c in range(COLUMNS)}
        missing_numbers = [n for n in range(1, 10) if n not in present_numbers]
        dwg.add(dwg.text(f"{label('Row')} {r}", insert=(8, num(y - 4)), class_="dz-lb"))
        text = "✓" if not missing_numbers else "−" + "".join(str(n) for n in missing_numbers)
        dwg.add(dwg.text(text, insert=(8, num(y + 14)), class_="dz-sm"))
    for index, identifier in enumerate(ids):
        x, y = cell_xy(index)
        if index in framed:
            dwg.add(dwg.rect((num(x - 4), num(y - 4)), (CARD_W + 8, CARD_H + 8), rx=8, fill="#f4d35e",
                             stroke="#8a6d00", stroke_width=2))
        draw_card(dwg, identifier, x=x, y=y, w=CARD_W, h=CARD_H)
        if index in figure_repeats:
            _triangle(dwg, x + CARD_W - 3, y + 3)
        if index in number_repeats:
            _square(dwg, x + CARD_W - 3, y + 20)
    _legend(dwg, TOP + ROWS * (CARD_H + GAP) + 14)
    _panel(dwg, observation)
    return to_svg(dwg)


def _triangle(dwg: svgwrite.Drawing, right: float, top: float) -> None:
    """▲ in a card's top right corner: its figure is repeated in its column."""
    points = [(num(right - 8), num(top)), (num(right), num(top + 14)), (num(right - 16), num(top + 14))]
    dwg.add(dwg.polygon(points, fill="#c0392b", stroke="#fff", stroke_width=1.5, class_="dz-fig-mark"))


def _square(dwg: svgwrite.Drawing, right: float, top: float) -> None:
    """■ under the triangle's place: the card's number (colour) is repeated in its row."""
    dwg.add(make(dwg, "rect", {"x": num(right - 14), "y": num(top), "width": 13, "height": 13,
                               "fill": "#1b4f9c", "stroke": "#fff", "stroke-width": "1.5",
                               "class": "dz-num-mark"}))


def _legend(dwg: svgwrite.Drawing, y: float) -> None:
    _triangle(dwg, LEFT + 16, y - 2)
    dwg.add(dwg.text(label("figure repeated in its column"), insert=(LEFT + 24, num(y + 10)), class_="dz-sm"))
    _square(dwg, LEFT + 274, y - 1)
    dwg.add(dwg.text(label("colour repeated in its row"), insert=(LEFT + 280, num(y + 10)), class_="dz-sm"))


def _panel(dwg: svgwrite.Drawing, observation: Observation) -> None:
    """Counts, bound, scores and the last swap's criteria, right of the grid."""
    public = observation.public
    x = PANEL_X
    y = TOP + 4
    lines: list[tuple[str, str]] = [(observation.status, "dz-st")]
    budget = f" / {public['max_swaps']}" if public["max_swaps"] is not None else ""
    lines.append((f"{label('Swaps')}: {public['swaps']}{budget}", "dz-lb"))
    lines.append((f"Dcol {public['dcol']}   Drow {public['drow']}", "dz-ex"))
    lines.append((f"D21 {label('lower bound')}: {public['bound']}", "dz-ex"))
    if public["players"] == 2:
        lines.append((f"{t('Player')} 1: {public['scores'][0]} {label('points')}", "dz-lb"))
        lines.append((f"{t('Player')} 2: {public['scores'][1]} {label('points')}", "dz-lb"))
        if observation.outcome is None:
            lines.append((label("a solving swap now scores") if public["solving_scores"]
                          else label("a solving swap now scores nothing"), "dz-sm"))
    for text, css in lines:
        for part in _wrap(text, 30 if css == "dz-st" else 36):
            dwg.add(dwg.text(part, insert=(x, num(y)), class_=css))
            y += 20
    last = public["last"]
    if last is None:
        return
    y += 8
    cards = " ↔ ".join(Card.parse(card).name(get_language()) for card in last["cards"][::-1])
    parts = _wrap(f"{label('Last swap')}: {cards}", 36)
    points = f"= {count_words(last['points'], 'point')}"
    if len(parts[-1]) + 1 + len(points) <= 40:
        parts[-1] += f" {points}"
    else:
        parts.append(points)
    for part in parts:
        dwg.add(dwg.text(part, insert=(x, num(y)), class_="dz-lb"))
        y += 18
    for number, (met, words) in enumerate(zip(last["criteria"], CRITERIA), start=1):
        mark = "✓" if met else "·"
        for index, part in enumerate(_wrap(f"{mark} {number} {label(words)}", 40)):
            dwg.add(dwg.text(part, insert=(x + (12 if index else 0), num(y)), class_="dz-sm",
                             fill="#1d6b2f" if met else "#888"))
            y += 15
    if not last["scored"]:
        for part in _wrap(label("not scored: the solving swap scores only as the first of a double turn"), 40):
            dwg.add(dwg.text(part, insert=(x, num(y)), class_="dz-note", text_anchor="start"))
            y += 15


def _wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return lines + [current] if current else lines
