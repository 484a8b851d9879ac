"""The PokerGuess table, drawn from one seat's observation.

Layout (760 px wide)::

    status line
    [community cards, 5 face up]                  Pot 24 (to call 4)
    one row per seat, in seat order: name, chips, bet this phase, its two
      cards (face up if the viewer may see them, backs otherwise; the card
      turned up in the last-card round is marked), its standing prediction;
      the seat to act is framed, the dealer has a "D"
    the prediction pad (only when the viewer must announce a prediction):
      colour counts c1..c6, the 9 colours, figure counts f1..f9, the 6 figures;
      predictions already announced this hand are not offered (their last
      choice is dimmed when nothing is left with it)
    the list of announcements of this hand, then the checks and pots after a hand

Clickable ids (``data-id``): the viewer's own face-down cards in the last-card
round (their card ids) and the pad's ``c4`` / ``red`` / ``f4`` / ``bishops``
buttons, the targets of a prediction action. Only what ``game.view(seat)``
holds is drawn, so no card the viewer may not see can reach the picture.
"""

from __future__ import annotations

from typing import Any

import svgwrite

from drezlab.core.cards import UNKNOWN_ID, Card, Color, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.observation import Observation
from drezlab.games.pokerguess.knowledge import BOARD_ZONE, hand_zone, up_zone
from drezlab.games.pokerguess.predictions import COLOUR_WORDS, FIGURE_WORDS
from drezlab.render.base import make, new_drawing, num, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card

WIDTH = 760
BOARD_CARD_W = 44
SEAT_CARD_W = 30
ROW_H = 52
PAD_BUTTON_W, PAD_BUTTON_H = 62, 24
TURN = "#e8a317"

add_translations({"Player": "Jugador", "Pot": "Bote", "Hand": "Mano", "to call": "para igualar", "you": "tú",
                  "out": "eliminado", "folded": "retirado", "chips": "fichas", "bet": "apuesta",
                  "colour count": "cuántas del color", "colour": "color", "figure count": "cuántas de la figura",
                  "figure": "figura"})
LINE = 17


def draw(view: Observation, **_: Any) -> str:
    """The SVG of the table as ``view``'s seat sees it."""
    public = view.public
    players = view.players
    predicting = (view.to_move is not None and view.to_move == view.seat and public["step"] == "predict")
    results = list(public["results"])
    announced = list(public["announced"])
    height = 40 + BOARD_CARD_W * CARD_HEIGHT / CARD_WIDTH + 20 + players * ROW_H + 10
    height += (4 * (PAD_BUTTON_H + 6) + 16) if predicting else 0
    height += LINE * (2 + (len(announced) + 5) // 6 + len(results))
    dwg = new_drawing(WIDTH, height)
    _text(dwg, 10, 22, view.status, size=15, weight="bold")
    y = 34.0
    for index, identifier in enumerate(view.ids(BOARD_ZONE)):
        draw_card(dwg, identifier, x=10 + index * (BOARD_CARD_W + 6), y=y, w=BOARD_CARD_W)
    pot_line = f"{t('Pot')} {public['pot']}"
    if public["to_call"]:
        pot_line += f" ({public['to_call']} {t('to call')})"
    _text(dwg, 300, y + 24, pot_line, size=15, weight="bold")
    _text(dwg, 300, y + 46, f"{t('Hand')} {public['hand_number']}", size=13)
    y += BOARD_CARD_W * CARD_HEIGHT / CARD_WIDTH + 20
    for seat in range(players):
        _seat_row(dwg, view, seat, y)
        y += ROW_H
    y += 10
    if predicting:
        y = _pad(dwg, view, y)
    if announced:
        _text(dwg, 10, y + 12, "; ".join(f"{_name(seat)}: {text}" for seat, text in announced[:6]), size=12)
        for start in range(6, len(announced), 6):
            y += LINE
            _text(dwg, 10, y + 12, "; ".join(f"{_name(seat)}: {text}" for seat, text in announced[start:start + 6]),
                  size=12)
        y += LINE
    for line in results:
        y += LINE
        _text(dwg, 10, y, line, size=13)
    return to_svg(dwg)


def _name(seat: int) -> str:
    return f"{t('Player')} {seat + 1}"


def _text(dwg: svgwrite.Drawing, x: float, y: float, text: str, *, size: int = 13, weight: str = "normal",
          fill: str = "#222") -> None:
    dwg.add(make(dwg, "text", {"x": num(x), "y": num(y), "font-size": size, "font-weight": weight, "fill": fill,
                               "font-family": "DejaVu Sans, sans-serif"}, text))


def _seat_row(dwg: svgwrite.Drawing, view: Observation, seat: int, y: float) -> None:
    public = view.public
    frame = TURN if view.to_move == seat else "#bbb"
    dwg.add(make(dwg, "rect", {"x": 6, "y": num(y), "width": WIDTH - 12, "height": ROW_H - 6, "rx": 6,
                               "fill": "#f7f7f2" if seat != view.seat else "#eef5ff", "stroke": frame,
                               "stroke-width": 3 if view.to_move == seat else 1}))
    name = _name(seat) + (f" ({t('you')})" if seat == view.seat else "")
    _text(dwg, 14, y + 18, name + ("  D" if public["dealer"] == seat else ""), weight="bold")
    if public["out"][seat]:
        state = t("out")
    elif public["folded"][seat]:
        state = t("folded")
    else:
        state = f"{public['stacks'][seat]} {t('chips')}"
        if public["phase_bets"][seat]:
            state += f", {t('bet')} {public['phase_bets'][seat]}"
    _text(dwg, 14, y + 36, state, size=12)
    x = 200.0
    up = view.ids(up_zone(seat))
    down = view.ids(hand_zone(seat))
    for identifier in up + down:
        card = Card.unknown() if identifier == UNKNOWN_ID else identifier
        draw_card(dwg, card, x=x, y=y + 2, w=SEAT_CARD_W)
        if identifier in up:
            dwg.add(make(dwg, "rect", {"x": num(x), "y": num(y + ROW_H - 8), "width": SEAT_CARD_W, "height": 3,
                                       "fill": TURN}))
        x += SEAT_CARD_W + 4
    label = public["labels"][seat]
    if label:
        _text(dwg, 290, y + 28, label, size=14, weight="bold")


def _pad(dwg: svgwrite.Drawing, view: Observation, y: float) -> float:
    """The four rows of prediction buttons (targets of the prediction actions)."""
    rows = [[(f"c{count}", str(count)) for count in range(1, 7)],
            [(word, Color(number).spanish if get_language() == "es" else Color(number).english)
             for number, word in COLOUR_WORDS.items()],
            [(f"f{count}", str(count)) for count in range(1, 10)],
            [(word, Figure(rank).spanish if get_language() == "es" else Figure(rank).english)
             for rank, word in FIGURE_WORDS.items()]]
    titles = [t("colour count"), t("colour"), t("figure count"), t("figure")]
    colours = {word: Color(number).hex for number, word in COLOUR_WORDS.items()}
    for title, row in zip(titles, rows):
        _text(dwg, 10, y + 16, title, size=12)
        for index, (identifier, caption) in enumerate(row):
            x = 110 + index * (PAD_BUTTON_W + 4)
            group = make(dwg, "g", {"class": "dz-target", "data-id": identifier})
            group.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": PAD_BUTTON_W, "height": PAD_BUTTON_H,
                                         "rx": 4, "fill": colours.get(identifier, "#ddd"), "stroke": "#555"}))
            group.add(make(dwg, "text", {"x": num(x + PAD_BUTTON_W / 2), "y": num(y + 16), "font-size": 11,
                                         "text-anchor": "middle", "fill": "#fff" if identifier in colours else "#222",
                                         "font-family": "DejaVu Sans, sans-serif"}, caption))
            dwg.add(group)
        y += PAD_BUTTON_H + 6
    return y + 16
