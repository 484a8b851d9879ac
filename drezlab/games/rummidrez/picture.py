"""The RummiDrez table, drawn from one seat's observation.

From top to bottom (960 px wide):

* the status line (whose turn, and "check my play": which meld is invalid and
  why, or that the play is ready to commit) and the last action;
* one line per seat: cards in hand, match points, whether the initial meld is
  made (✓), the seat to move marked with ▶; and the stock's count;
* the table: the melds in rows, two per row, each laid out (ascending, neutral
  cards in the gaps they fill) behind a numbered handle ``m3`` that is the meld's
  click target. Melds changed this turn are framed: green with ✓ when valid, red
  dashed with ✗ when not; cards played from the hand this turn have a gold bar.
  Then the "New meld" box (target ``new``);
* the viewer's hand, sorted (figure, colour, neutral cards last), under the
  "Hand" box (target ``hand``: where a card played this turn is taken back).

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
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.cards import draw_card

WIDTH = 960
CARD_W = 40
CARD_H = 56
STEP = 43
ROW_H = 70
COLUMN_W = 475
HANDLE_W = 34

add_translations({
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
    rows = max(1, -(-(len(melds) + 1) // 2))
    hand = observation.ids(hand_zone(viewer)) if viewer is not None else ()
    hand_rows = max(1, -(-len(hand) // 20))
    seats_h = 22 * observation.players + 10
    table_top = 60 + seats_h
    hand_top = table_top + rows * ROW_H + 40
    height = hand_top + hand_rows * (CARD_H + 8) + (70 if hint and viewer is not None else 20)
    dwg = new_drawing(WIDTH, height)
    dwg.add(dwg.rect((0, 0), (WIDTH, height), fill="#f4f1e8"))
    dwg.add(dwg.text(observation.status, insert=(12, 24), font_size=15, font_weight="bold", fill="#222"))
    if observation.last:
        dwg.add(dwg.text(f"{t('Last')}: {observation.last}", insert=(12, 44), font_size=12, fill="#555"))
    _draw_seats(dwg, observation, 62)
    staged = set(public["staged"])
    changed = {name for name, before in zip(MELD_ZONES, public["start"]) if list(observation.ids(name)) != before}
    if not melds:
        dwg.add(dwg.text(t("The table is empty"), insert=(16, num(table_top + 36)), font_size=13, fill="#777"))
    for index, (name, ids) in enumerate(melds):
        row, column = divmod(index, 2)
        _draw_meld(dwg, name, ids, 10 + column * COLUMN_W, table_top + row * ROW_H, staged,
                   name in changed and public["phase"] == "play")
    slot = len(melds)
    row, column = divmod(slot, 2)
    _draw_box(dwg, "new", f"+ {t('New meld')}", 10 + column * COLUMN_W,
              table_top + row * ROW_H + 6, 120, CARD_H)
    marked: set[str] = set()
    hint_lines: list[str] = []
    if hint and viewer is not None and public["phase"] == "play":
        play = best_play(observation)
        marked = set(play.played)
        if play.count:
            new_melds = [meld for meld in play.melds if any(card in marked for card in meld)]
            hint_lines = [f"{t('Best play')}: {t('lays down')} {play.count} {t('cards')}",
                          "  |  ".join(" ".join(meld) for meld in new_melds)]
        else:
            hint_lines = [f"{t('Best play')}: {t('no play: draw')}"]
    _draw_box(dwg, "hand", t("Hand"), 10, hand_top, 60, CARD_H)
    for index, identifier in enumerate(hand):
        row, column = divmod(index, 20)
        x, y = 80 + column * STEP, hand_top + row * (CARD_H + 8)
        draw_card(dwg, identifier, x=x, y=y, w=CARD_W)
        if identifier in marked:
            dwg.add(dwg.rect((num(x - 2), num(y - 2)), (CARD_W + 4, CARD_H + 4), rx=5, fill="none",
                             stroke="#e0a800", stroke_width=3))
    for offset, line in enumerate(hint_lines):
        dwg.add(dwg.text(line, insert=(12, num(hand_top + hand_rows * (CARD_H + 8) + 18 + 20 * offset)),
                         font_size=13, fill="#7a5a00", font_weight="bold" if offset == 0 else "normal"))
    return to_svg(dwg)


def _draw_seats(dwg: svgwrite.Drawing, observation: Observation, y: float) -> None:
    """One line per seat (cards, points, initial meld) and the stock's count."""
    public = observation.public
    for seat in range(observation.players):
        count = observation.zone(hand_zone(seat)).count
        mark = "▶ " if observation.to_move == seat else "   "
        you = f" ({t('you')})" if seat == observation.seat else ""
        opened = " ✓" if public["opened"][seat] else ""
        points = "" if public["solitaire"] else f", {public['scores'][seat]} {t('points')}"
        dwg.add(dwg.text(f"{mark}{t('Player')} {seat + 1}{you}: {count} {t('cards')}{points}{opened}",
                         insert=(16, num(y + 16 + 22 * seat)), font_size=13, fill="#222"))
    target = "" if public["target"] is None else f"   {t('target')} {public['target']}"
    dwg.add(dwg.text(f"{t('Stock')}: {observation.zone(STOCK_ZONE).count}{target}", insert=(560, num(y + 16)),
                     font_size=13, fill="#222"))


def _draw_box(dwg: svgwrite.Drawing, data_id: str, label: str, x: float, y: float, w: float, h: float) -> None:
    """A clickable labelled box (``new``, ``hand``)."""
    box = make(dwg, "g", {"class": "dz-target", "data-id": data_id})
    box.add(dwg.rect((num(x), num(y)), (w, h), rx=6, fill="#ffffff", stroke="#555", stroke_width=1.5,
                     stroke_dasharray="5,3"))
    box.add(dwg.text(label, insert=(num(x + w / 2), num(y + h / 2 + 4)), font_size=12, text_anchor="middle",
                     fill="#222"))
    dwg.add(box)


def _draw_meld(dwg: svgwrite.Drawing, name: str, ids: tuple[str, ...], x: float, y: float, staged: set[str],
               changed: bool) -> None:
    """One meld: its numbered handle (the click target ``m3``), its cards, its frame when changed."""
    problem = meld_problem([Card.parse(identifier) for identifier in ids]) if changed else None
    handle = make(dwg, "g", {"class": "dz-target", "data-id": name})
    handle.add(dwg.rect((num(x), num(y + 6)), (HANDLE_W, CARD_H), rx=6, fill="#e6e0cc", stroke="#555",
                        stroke_width=1.2))
    handle.add(dwg.text(name[1:], insert=(num(x + HANDLE_W / 2), num(y + 6 + CARD_H / 2 + 5)), font_size=14,
                        font_weight="bold", text_anchor="middle", fill="#222"))
    dwg.add(handle)
    left = x + HANDLE_W + 6
    for index, identifier in enumerate(ids):
        cx = left + index * STEP
        draw_card(dwg, identifier, x=cx, y=y + 6, w=CARD_W)
        if identifier in staged:
            dwg.add(dwg.rect((num(cx), num(y + 6 + CARD_H + 2)), (CARD_W, 4), fill="#e0a800"))
    if changed:
        valid = problem is None
        dwg.add(dwg.rect((num(left - 4), num(y + 2)), (len(ids) * STEP + 5, CARD_H + 12), rx=6, fill="none",
                         stroke="#2e9a3e" if valid else "#d62728", stroke_width=2,
                         stroke_dasharray="none" if valid else "6,3"))
        dwg.add(dwg.text("✓" if valid else "✗", insert=(num(left + len(ids) * STEP + 6), num(y + 30)),
                         font_size=18, font_weight="bold", fill="#2e9a3e" if valid else "#d62728"))
