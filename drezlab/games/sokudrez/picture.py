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

The status line runs along the top. The panel on the right shows the swap count,
the defects ``Dcol`` and ``Drow`` and D21's lower bound; in the 2-player variant
the two totals and whether a solving swap would score now (D23). The last swap's two
cells are framed, and the panel gives its points and a table of the 8 criteria
(D22): four rows (figure repeated in its column, figure absent from the other card's
column, number repeated in its row, number absent from the other card's row), one
column per card, each mark carrying the criterion's number (1-4 card 1, 5-8 card 2).

The picture is 790 x 540 px: drawn at its own size beside the widget's move log in a
1024 x 768 window (issue 22), every text at least 12 px. The 50 px cards carry figure,
number and colour but no name (:data:`drezlab.render.cards.LABEL_WIDTH`): 54 cards
with labels and the panel do not fit one screen.
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

CARD_W = 50
CARD_H = 70
GAP = 6
LEFT = 60
TOP = 52
PANEL_X = LEFT + COLUMNS * (CARD_W + GAP) - GAP + 16
WIDTH = 790
PANEL_W = WIDTH - PANEL_X - 6
HEIGHT = TOP + ROWS * (CARD_H + GAP) - GAP + 38
#: the notes' class (dz-note) is 11 px and centred; a style beats the class
NOTE_STYLE = "font-size:13px"

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
    "card": "carta",
    "figure absent from the other card's column": "figura ausente de la columna de la otra carta",
    "number repeated in its row": "número repetido en su fila",
    "number absent from the other card's row": "número ausente de la fila de la otra carta",
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
    dwg.add(dwg.text(observation.status, insert=(8, 20), class_="dz-st"))
    last = public["last"]
    framed = set(last["cells"]) if last is not None else set()
    for c in range(COLUMNS):
        x = LEFT + c * (CARD_W + GAP) + CARD_W / 2
        present = {cards[r * COLUMNS + c][0] for r in range(ROWS)}
        missing = "".join(figure.letter for figure in Figure if figure.letter not in present)
        if missing:
            dwg.add(dwg.text(f"−{missing}", insert=(num(x), TOP - 8), class_="dz-note", style=NOTE_STYLE))
        else:
            dwg.add(dwg.text("✓", insert=(num(x), TOP - 8), class_="dz-co", font_size=14))
    for r in range(ROWS):
        y = TOP + r * (CARD_H + GAP) + CARD_H / 2
        present_numbers = {cards[r * COLUMNS + c][1] for c in range(COLUMNS)}
        missing_numbers = "".join(str(n) for n in range(1, 10) if n not in present_numbers)
        dwg.add(dwg.text(f"{label('Row')} {r}", insert=(6, num(y - 8)), class_="dz-lb"))
        # "−1356"; more than five numbers missing take a second line
        parts = [f"−{missing_numbers[:5]}", missing_numbers[5:]] if missing_numbers else ["✓"]
        for line, part in enumerate(part for part in parts if part):
            dwg.add(dwg.text(part, insert=(6 + 7 * line, num(y + 9 + 15 * line)), class_="dz-sm"))
    for index, identifier in enumerate(ids):
        x, y = cell_xy(index)
        if index in framed:
            dwg.add(dwg.rect((num(x - 3), num(y - 3)), (CARD_W + 6, CARD_H + 6), rx=7, fill="#f4d35e",
                             stroke="#8a6d00", stroke_width=2))
        draw_card(dwg, identifier, x=x, y=y, w=CARD_W, h=CARD_H)
        if index in figure_repeats:
            _triangle(dwg, x + CARD_W - 3, y + 3)
        if index in number_repeats:
            _square(dwg, x + CARD_W - 3, y + 20)
    _legend(dwg, TOP + ROWS * (CARD_H + GAP) + 8)
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
    _square(dwg, LEFT + 284, y - 1)
    dwg.add(dwg.text(label("colour repeated in its row"), insert=(LEFT + 290, num(y + 10)), class_="dz-sm"))


def _panel(dwg: svgwrite.Drawing, observation: Observation) -> None:
    """Counts, bound, scores and the last swap's points and criteria, right of the grid."""
    public = observation.public
    x = PANEL_X
    y: float = TOP + 10
    lines: list[tuple[str, str]] = []
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
        for part in _wrap(text, 24 if css == "dz-lb" else 33):
            dwg.add(dwg.text(part, insert=(x, num(y)), class_=css))
            y += 18
        y += 2
    last = public["last"]
    if last is None:
        return
    y += 10
    cards = " ↔ ".join(Card.parse(card).name(get_language()) for card in last["cards"][::-1])
    parts = _wrap(f"{label('Last swap')}: {cards}", 24)
    points = f"= {count_words(last['points'], 'point')}"
    if len(parts[-1]) + 1 + len(points) <= 24:
        parts[-1] += f" {points}"
    else:
        parts.append(points)
    for part in parts:
        dwg.add(dwg.text(part, insert=(x, num(y)), class_="dz-lb"))
        y += 18
    y = _criteria(dwg, last["criteria"], x, y + 6)
    if not last["scored"]:
        for part in _wrap(label("not scored: the solving swap scores only as the first of a double turn"), 26):
            dwg.add(dwg.text(part, insert=(x, num(y)), class_="dz-note", style=f"{NOTE_STYLE};text-anchor:start"))
            y += 17


#: the criteria table's rows: criteria 1-4 for card 1, 5-8 for card 2 (CRITERIA's order)
CRITERIA_ROWS = ("figure repeated in its column", "figure absent from the other card's column",
                 "number repeated in its row", "number absent from the other card's row")


def _criteria(dwg: svgwrite.Drawing, met: list[bool], x: float, y: float) -> float:
    """The 8 criteria as a table: a row per criterion, a column per card ("card 1 2"), each
    mark with the criterion's number ("✓1" met, "·5" not). Returns the y under the table."""
    mark_x = (x + PANEL_W - 50, x + PANEL_W - 16)
    dwg.add(dwg.text(label("card"), insert=(num(mark_x[0] - 16), num(y)), class_="dz-sm", text_anchor="end"))
    for column in range(2):
        dwg.add(dwg.text(str(column + 1), insert=(num(mark_x[column]), num(y)), class_="dz-lb",
                         text_anchor="middle"))
    y += 18
    for row, words in enumerate(CRITERIA_ROWS):
        for column in range(2):
            number = row + 1 + 4 * column
            done = met[number - 1]
            dwg.add(dwg.text(f"{'✓' if done else '·'}{number}", insert=(num(mark_x[column]), num(y)),
                             class_="dz-lb", text_anchor="middle", fill="#1d6b2f" if done else "#888"))
        for part in _wrap(label(words), 20):
            dwg.add(dwg.text(part, insert=(x, num(y)), class_="dz-sm"))
            y += 15
        y += 5
    return y + 4


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
