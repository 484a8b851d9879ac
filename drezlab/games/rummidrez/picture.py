"""The RummiDrez table, drawn from one seat's observation.

From top to bottom (790 px wide, so that the widget draws it at its own size beside the
move log in a 1024 x 768 window, issue 22):

* the status line (whose turn, and "check my play": which meld is invalid and
  why, or that the play is ready to commit; a long one takes two lines) and the last
  action;
* the seats, two to a line: cards in hand, match points, whether the initial meld is
  made (✓), the seat to move marked with ▶; and the stock's count;
* the table: the melds one after the other in rows, each laid out (ascending, neutral
  cards in the gaps they fill) behind a numbered handle ``m3`` that is the meld's
  click target. Melds changed this turn are framed: green with ✓ (on the handle) when
  valid, red dashed with ✗ when not; cards played from the hand this turn have a gold
  bar. Then the "New meld" box (target ``new``), where a row has room;
* the viewer's hand, sorted (figure, colour, neutral cards last), right of the "Hand"
  box (target ``hand``: where a card played this turn is taken back). Hand cards are
  60 px wide and carry their names; up to 15 lie in one row (overlapping when more
  than 10, at least 44 px apart: each still shows its number, colour and most of its
  figure), more take further rows.

Table cards are drawn as large as the picture allows within 560 px of height: 44 px
wide, then 40, 36 and 34 (they carry no name, see :data:`drezlab.render.cards.LABEL_WIDTH`;
their numbers stay above 11 px). A table still too full for that (some 90 cards late in a
hand) then lets each meld move up into the first row with room for it (every row keeps
the melds' order), brings the hand's cards closer (36 px apart: number, colour and half
the figure show) and at last draws table cards 32 px wide (numbers 11.2 px). Only a
table beyond that (about 100 cards in many short melds) makes the picture taller, by
one row of melds (55 px) at a time: in games between greedy bots, about 1 position in
300, by a few pixels.

With ``hint=True`` (the widget's "Show the numbers" toggle, ``spec.numbers``) the
solver's best play from the start of the turn is written under the hand and its
cards are marked with a gold ring: :func:`drezlab.games.rummidrez.solver.best_play`
reads the same observation, so the hint knows only what the seat knows.

Clickable ids (``data-id``): every face-up card carries its card id, the meld
handles ``m1`` ... ``m40``, ``new`` and ``hand``. Drawn from an observation only,
so no card the viewer may not see can reach the picture; output is deterministic.
"""

from __future__ import annotations

import svgwrite

from drezlab.core.cards import Card
from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.games.rummidrez.game import MELD_ZONES, STOCK_ZONE, hand_zone
from drezlab.games.rummidrez.melds import meld_problem
from drezlab.games.rummidrez.solver import best_play
from drezlab.render.base import make, new_drawing, num, titled, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, LABEL_WIDTH, draw_card

WIDTH = 790
MARGIN = 12
#: the highest picture drawn at its own size beside the move log (issue 22)
MAX_HEIGHT = 560
#: table card widths, tried from the largest down until the picture fits MAX_HEIGHT; the
#: last one only for the most crowded tables (its number is 11.2 px)
TABLE_WIDTHS = (44, 40, 36, 34, 32)
CARD_GAP = 3
HANDLE_W = 24
HANDLE_GAP = 3
MELD_GAP = 10
#: between rows of melds: room for the gold bar under a card played this turn
ROW_GAP = 10
NEW_W = 66
HAND_W = LABEL_WIDTH
HAND_H = HAND_W * CARD_HEIGHT / CARD_WIDTH
HAND_BOX_W = 60
HAND_LEFT = MARGIN + HAND_BOX_W + 10
HAND_STEP = HAND_W + 4
#: the closest hand cards: number, colour and most of the figure still show; a crowded
#: picture brings them to HAND_TIGHT_STEP (number, colour and half the figure)
HAND_MIN_STEP = 44
HAND_TIGHT_STEP = 36
HAND_ROW = HAND_H + 8
STATUS_CHARS = 80
#: a line of the hint (13 px): the melds of the best play wrap at this many characters
HINT_CHARS = 104
LINE = 20

#: the accessible name of a meld's handle (the click target ``m3``)
MELD_TITLE = "meld {number}: {count} cards"

add_translations({
    MELD_TITLE: "grupo {number}: {count} cartas",
    "Stock": "Mazo",
    "Table": "Mesa",
    "Your hand": "Tu mano",
    "Hand": "Mano",
    "points": "puntos",
    "cards": "cartas",
    "Best play": "Mejor jugada",
    "no play: draw": "ninguna jugada: roba",
    "lays down": "baja",
    "The table is empty": "La mesa está vacía",
    "Last": "Última",
    "target": "objetivo",
})


def draw(observation: Observation, hint: bool = False) -> str:
    """The table as ``observation``'s seat sees it, as SVG text (``hint``: add the best play)."""
    public = observation.public
    viewer = observation.seat
    melds = [(name, observation.ids(name)) for name in MELD_ZONES if observation.ids(name)]
    hand = observation.ids(hand_zone(viewer)) if viewer is not None else ()
    status = _wrap(observation.status, STATUS_CHARS)
    seats_top = 22 + LINE * len(status)
    table_top = seats_top + 22 + LINE * -(-observation.players // 2)
    marked: set[str] = set()
    hint_lines: list[str] = []
    if hint and viewer is not None and public["phase"] == "play":
        play = best_play(observation)
        marked = set(play.played)
        if play.count:
            new_melds = [meld for meld in play.melds if any(card in marked for card in meld)]
            hint_lines = [f"{t('Best play')}: {t('lays down')} {play.count} {t('cards')}",
                          *_wrap("  |  ".join(" ".join(meld) for meld in new_melds), HINT_CHARS)]
        else:
            hint_lines = [f"{t('Best play')}: {t('no play: draw')}"]
    sizes = [len(ids) for _, ids in melds]
    # the layouts tried, the best first: table cards from the largest down, then (a crowded
    # table) melds moving up into rows with room, then hand cards closer together
    tried = [(card_w, False, HAND_MIN_STEP) for card_w in TABLE_WIDTHS[:-1]]
    tried += [(TABLE_WIDTHS[-2], True, HAND_MIN_STEP), (TABLE_WIDTHS[-2], True, HAND_TIGHT_STEP),
              (TABLE_WIDTHS[-1], True, HAND_TIGHT_STEP)]
    for card_w, first_fit, least_step in tried:
        places = _flow(sizes, card_w, first_fit)
        hand_rows = _hand_rows(len(hand), least_step)
        below = 14 + len(hand_rows) * HAND_ROW + (8 + LINE * len(hint_lines) if hint_lines else 4)
        if table_top + _table_height(places, card_w) + below <= MAX_HEIGHT:
            break
    hand_top = table_top + _table_height(places, card_w) + 14
    height = hand_top + len(hand_rows) * HAND_ROW + (8 + LINE * len(hint_lines) if hint_lines else 4)
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.rect((0, 0), (WIDTH, num(height)), fill="#f4f1e8"))
    for index, line in enumerate(status):
        dwg.add(dwg.text(line, insert=(MARGIN, 22 + LINE * index), font_size=15, font_weight="bold", fill="#222"))
    if observation.last:
        dwg.add(dwg.text(f"{t('Last')}: {observation.last}", insert=(MARGIN, seats_top), font_size=13,
                         fill="#555"))
    _draw_seats(dwg, observation, seats_top + 4)
    staged = set(public["staged"])
    changed = {name for name, before in zip(MELD_ZONES, public["start"]) if list(observation.ids(name)) != before}
    card_h = card_w * CARD_HEIGHT / CARD_WIDTH
    row_h = card_h + ROW_GAP
    for (name, ids), (x, row) in zip(melds, places):
        _draw_meld(dwg, name, ids, x, table_top + row * row_h, card_w, staged,
                   name in changed and public["phase"] == "play")
    x, row = places[-1]
    first, _, rest = t("New meld").partition(" ")
    _draw_box(dwg, "new", [f"+ {first}", rest], x, table_top + row * row_h, NEW_W, card_h)
    if not melds:
        dwg.add(dwg.text(t("The table is empty"), insert=(num(x + NEW_W + 16), num(table_top + card_h / 2 + 5)),
                         font_size=13, fill="#777"))
    _draw_box(dwg, "hand", [t("Hand")], MARGIN, hand_top, HAND_BOX_W, HAND_H)
    start = 0
    for row, count in enumerate(hand_rows):
        step = HAND_STEP if count <= 1 else min(HAND_STEP, (WIDTH - MARGIN - HAND_LEFT - HAND_W) / (count - 1))
        for index, identifier in enumerate(hand[start:start + count]):
            x, y = HAND_LEFT + index * step, hand_top + row * HAND_ROW
            draw_card(dwg, identifier, x=x, y=y, w=HAND_W)
            if identifier in marked:
                dwg.add(dwg.rect((num(x - 2), num(y - 2)), (HAND_W + 4, num(HAND_H + 4)), rx=5, fill="none",
                                 stroke="#e0a800", stroke_width=3))
        start += count
    for offset, line in enumerate(hint_lines):
        dwg.add(dwg.text(line, insert=(MARGIN, num(hand_top + len(hand_rows) * HAND_ROW + 12 + LINE * offset)),
                         font_size=13, fill="#7a5a00", font_weight="bold" if offset == 0 else "normal"))
    return to_svg(dwg)


def _hand_rows(count: int, least_step: float = HAND_MIN_STEP) -> list[int]:
    """How many hand cards lie in each row: as few rows as cards ``least_step`` apart allow,
    filled evenly."""
    per_row = 1 + int((WIDTH - MARGIN - HAND_LEFT - HAND_W) // least_step)
    rows = max(1, -(-count // per_row))
    return [count // rows + (1 if row < count % rows else 0) for row in range(rows)]


def _meld_width(cards: int, card_w: float) -> float:
    return HANDLE_W + HANDLE_GAP + cards * (card_w + CARD_GAP) - CARD_GAP


def _flow(meld_sizes: list[int], card_w: float, first_fit: bool = False) -> list[tuple[float, int]]:
    """The left edge and row of every meld, then of the "New meld" box: melds follow each
    other along a row and wrap to the next one when the row is full; ``first_fit``: each
    goes into the first row with room for it (a crowded table: fewer rows, and each row
    still in the melds' order)."""
    places: list[tuple[float, int]] = []
    ends: list[float] = [MARGIN]
    for width in [_meld_width(size, card_w) for size in meld_sizes] + [NEW_W]:
        rows = range(len(ends)) if first_fit else [len(ends) - 1]
        row = next((row for row in rows if ends[row] == MARGIN or ends[row] + width <= WIDTH - MARGIN), None)
        if row is None:
            ends.append(MARGIN)
            row = len(ends) - 1
        places.append((ends[row], row))
        ends[row] += width + MELD_GAP
    return places


def _table_height(places: list[tuple[float, int]], card_w: float) -> float:
    return (max(row for _, row in places) + 1) * (card_w * CARD_HEIGHT / CARD_WIDTH + ROW_GAP) - ROW_GAP


def _wrap(text: str, width: int) -> list[str]:
    """``text`` cut into lines of at most ``width`` characters, at spaces."""
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return lines + [current] if current else lines or [""]


def _draw_seats(dwg: svgwrite.Drawing, observation: Observation, y: float) -> None:
    """The seats, two to a line (cards, points, initial meld), and the stock's count."""
    public = observation.public
    for seat in range(observation.players):
        count = observation.zone(hand_zone(seat)).count
        mark = "▶ " if observation.to_move == seat else "   "
        you = f" ({t('you')})" if seat == observation.seat else ""
        opened = " ✓" if public["opened"][seat] else ""
        points = "" if public["solitaire"] else f", {public['scores'][seat]} {t('points')}"
        row, column = divmod(seat, 2)
        dwg.add(dwg.text(f"{mark}{t('Player')} {seat + 1}{you}: {count} {t('cards')}{points}{opened}",
                         insert=(MARGIN + 270 * column, num(y + 16 + LINE * row)), font_size=13, fill="#222"))
    target = "" if public["target"] is None else f"   {t('target')} {public['target']}"
    dwg.add(dwg.text(f"{t('Stock')}: {observation.zone(STOCK_ZONE).count}{target}",
                     insert=(MARGIN + 270 * 2, num(y + 16)), font_size=13, fill="#222"))


def _draw_box(dwg: svgwrite.Drawing, data_id: str, lines: list[str], x: float, y: float, w: float,
              h: float) -> None:
    """A clickable box (``new``, ``hand``) with its label in one or more lines."""
    box = make(dwg, "g", {"class": "dz-target", "data-id": data_id})
    box.add(dwg.rect((num(x), num(y)), (w, num(h)), rx=6, fill="#ffffff", stroke="#555", stroke_width=1.5,
                     stroke_dasharray="5,3"))
    lines = [line for line in lines if line]
    for index, line in enumerate(lines):
        baseline = y + h / 2 + 5 + 15 * (index - (len(lines) - 1) / 2)
        box.add(dwg.text(line, insert=(num(x + w / 2), num(baseline)), font_size=13, text_anchor="middle",
                         fill="#222"))
    dwg.add(box)


def _draw_meld(dwg: svgwrite.Drawing, name: str, ids: tuple[str, ...], x: float, y: float, card_w: float,
               staged: set[str], changed: bool) -> None:
    """One meld: its numbered handle (the click target ``m3``, with ✓ or ✗ when changed this
    turn), its cards ``card_w`` wide, its frame when changed."""
    problem = meld_problem([Card.parse(identifier) for identifier in ids]) if changed else None
    valid = problem is None
    card_h = card_w * CARD_HEIGHT / CARD_WIDTH
    colour = "#2e9a3e" if valid else "#d62728"
    handle = titled(make(dwg, "g", {"class": "dz-target", "data-id": name}),
                    t(MELD_TITLE).format(number=name[1:], count=len(ids)))
    handle.add(dwg.rect((num(x), num(y)), (HANDLE_W, num(card_h)), rx=6, fill="#e6e0cc",
                        stroke=colour if changed else "#555", stroke_width=2 if changed else 1.2))
    handle.add(dwg.text(name[1:], insert=(num(x + HANDLE_W / 2), num(y + (card_h / 2 - 2 if changed else card_h / 2 + 5))),
                        font_size=14, font_weight="bold", text_anchor="middle", fill="#222"))
    if changed:
        handle.add(dwg.text("✓" if valid else "✗", insert=(num(x + HANDLE_W / 2), num(y + card_h / 2 + 16)),
                            font_size=16, font_weight="bold", text_anchor="middle", fill=colour))
    dwg.add(handle)
    left = x + HANDLE_W + HANDLE_GAP
    step = card_w + CARD_GAP
    for index, identifier in enumerate(ids):
        cx = left + index * step
        draw_card(dwg, identifier, x=cx, y=y, w=card_w)
        if identifier in staged:
            dwg.add(dwg.rect((num(cx), num(y + card_h + 2)), (num(card_w), 4), fill="#e0a800"))
    if changed:
        dwg.add(dwg.rect((num(left - 2), num(y - 3)), (num(len(ids) * step + 1), num(card_h + 6)), rx=5,
                         fill="none", stroke=colour, stroke_width=2, stroke_dasharray="none" if valid else "6,3"))
