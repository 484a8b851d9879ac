"""The PokerGuess table, drawn from one seat's observation with the shared card
table (:func:`drezlab.render.table.draw_table`).

* Seats round the felt: name, chips (or "out"), the seat's standing prediction
  in words, "folded", the dealer button, its two cards (face up where the viewer
  may see them; the card turned up in the last-card round has an orange bar) and
  the chips it has put in during this phase in front of it.
* The centre: the 5 community cards, the pot and the phase.
* The viewer's own cards, large and sorted by figure then colour, under the table;
  in the last-card round they are what the viewer clicks (``data-id`` = card id).
* Notes: every prediction announced this hand in order (replaced ones too, so a
  pupil sees what may not be said again, D13), then after a hand the checks in
  D14 order with true/false and who took each pot.
* The prediction pad, only when the viewer must announce a prediction, beside the
  table under the notes: four groups of buttons ``c1``..``c6`` (colour count), the 9 colours (``red``...), ``f1``..``f9``
  (figure count) and the 6 figures (``bishops``...): the targets of the prediction
  actions, so a pupil makes "4 red 4 bishops" with four clicks.
* ``odds=True``: each standing prediction gets the exact chance, as the viewer
  sees the table, that it is true (computed from the observation only). This is
  the game's ``spec.numbers``: the widget's "Show the numbers" toggle turns it on.

Only what ``game.view(seat)`` holds is drawn, so no card the viewer may not see
can reach the picture.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import svgwrite

from drezlab.core.cards import UNKNOWN_ID, Card, Color, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.observation import Observation
from drezlab.games.pokerguess.game import action_words
from drezlab.games.pokerguess.knowledge import (
    BOARD_ZONE,
    hand_zone,
    up_zone,
    view_truth_probability,
)
from drezlab.games.pokerguess.predictions import COLOUR_WORDS, FIGURE_WORDS
from drezlab.kits.tablewords import in_words_of
from drezlab.render.base import make, num, titled, to_svg
from drezlab.render.table import TableCentre, TableSeat, compact_room, draw_table
from drezlab.render.textwidth import text_width

PAD_BUTTON_H = 26
PAD_MIN_W, PAD_MAX_W = 30, 110
PAD_GAP = 4
PAD_ROW = PAD_BUTTON_H + 4
PAD_TITLE = 18

#: the accessible names of the prediction pad's count chips (``c3``: a colour count, ``f4``: a figure count)
COUNT_TITLES = {"c": "at least {count} cards of one colour", "f": "at least {count} cards of one figure"}
#: the same for a count of one ("at least 1 card of one colour")
COUNT_TITLES_ONE = {"c": "at least 1 card of one colour", "f": "at least 1 card of one figure"}

add_translations({COUNT_TITLES["c"]: "al menos {count} cartas de un color",
                  COUNT_TITLES["f"]: "al menos {count} cartas de una figura",
                  COUNT_TITLES_ONE["c"]: "al menos 1 carta de un color",
                  COUNT_TITLES_ONE["f"]: "al menos 1 carta de una figura",
                  "Player": "Jugador", "Pot": "Bote", "Hand": "Mano", "out": "eliminado",
                  "folded": "retirado", "chips": "fichas", "Phase": "Fase", "Last card": "Última carta",
                  "Announced": "Anunciadas", "chance true": "probabilidad de acierto",
                  "Your prediction": "Tu predicción",
                  "colour count": "cuántas del color", "colour": "color", "figure count": "cuántas de la figura",
                  "figure": "figura"})


def _name(seat: int) -> str:
    return f"{t('Player')} {seat + 1}"


def _percent(chance: Fraction) -> str:
    """A chance as a short percentage that never rounds a possible event to 0 % or a doubtful one to 100 %."""
    if 0 < chance < Fraction(1, 1000):
        return "<0.1%"
    if Fraction(999, 1000) < chance < 1:
        return ">99.9%"
    return f"{float(chance):.1%}"


def _sorted_cards(identifiers: tuple[str, ...]) -> tuple[str, ...]:
    """Face-up cards by figure then colour, as a player sorts them; backs after them."""
    up = sorted((Card.parse(identifier) for identifier in identifiers if identifier != UNKNOWN_ID),
                key=lambda card: (card.figure_number, card.number))
    return tuple(card.id for card in up) + tuple(identifier for identifier in identifiers if identifier == UNKNOWN_ID)


def _seat(view: Observation, seat: int, odds: bool) -> TableSeat:
    public = view.public
    label = public["labels"][seat]
    lines = [t("out") if public["out"][seat] else f"{public['stacks'][seat]} {t('chips')}"]
    if label:
        if odds and view.seat is not None:
            chance = view_truth_probability(view, public["predictions"][seat])
            label += f" ({_percent(chance)})"
        lines.append(label)
    bet = public["phase_bets"][seat]
    return TableSeat(seat=seat, name=_name(seat),
                     cards=_sorted_cards(view.ids(up_zone(seat)) + view.ids(hand_zone(seat))),
                     lines=tuple(lines), tag=t("folded") if public["folded"][seat] else "",
                     dealer=seat == public["dealer"], front=str(bet) if bet else "",
                     marked=frozenset(view.ids(up_zone(seat))), greyed=bool(public["folded"][seat]))


def draw(view: Observation, *, odds: bool = False, **_: Any) -> str:
    """The SVG of the table as ``view``'s seat sees it (``odds``: show each standing
    prediction's exact chance of being true for that seat), in the table's words (chips or points)."""
    with in_words_of(view.public):
        return _draw(view, odds)


def _draw(view: Observation, odds: bool) -> str:
    public = view.public
    predicting = view.to_move is not None and view.to_move == view.seat and public["step"] == "predict"
    phase = t("Last card") if public["step"] == "reveal" else f"{t('Phase')} {'AB'[public['stage'] - 1]}"
    centre = TableCentre(cards=view.ids(BOARD_ZONE), places=5, title=f"{t('Pot')} {public['pot']}",
                         subtitle=f"{t('Hand')} {public['hand_number']} · {phase}")
    announced = [f"{_name(seat)}: {action_words(text)}" for seat, text in public["announced"]]
    notes: list[str | tuple[str, ...]] = [(f"{t('Announced')}:", *announced)] if announced else []
    notes += list(public["results"])
    dwg, layout = draw_table(viewer=view.seat, to_move=view.to_move,
                             seats=[_seat(view, seat, odds) for seat in range(view.players)], centre=centre,
                             status=view.status, corner=view.last or "", notes=notes,
                             extra_height=pad_height(compact_room(view.players)[1]) if predicting else 0,
                             compact=True)
    if predicting:
        _pad(dwg, layout.x, layout.bottom, layout.room)
    return to_svg(dwg)


def _pad_rows(room: float) -> list[tuple[str, list[list[tuple[str, str, float]]]]]:
    """The pad's four groups (title and rows of (id, caption, width) buttons) in ``room``."""
    spanish = get_language() == "es"
    groups = [(t("colour count"), [(f"c{count}", str(count)) for count in range(1, 7)]),
              (t("colour"), [(word, Color(number).spanish if spanish else Color(number).english)
                             for number, word in COLOUR_WORDS.items()]),
              (t("figure count"), [(f"f{count}", str(count)) for count in range(1, 10)]),
              (t("figure"), [(word, Figure(rank).spanish if spanish else Figure(rank).english)
                             for rank, word in FIGURE_WORDS.items()])]
    laid = []
    for title, buttons in groups:
        least = max(PAD_MIN_W, max(text_width(caption, 12) + 14 for _, caption in buttons))
        per_row = max(1, int((room + PAD_GAP) // (least + PAD_GAP)))
        rows = -(-len(buttons) // per_row)
        per_row = -(-len(buttons) // rows)
        width = min(max(least, (room + PAD_GAP) / per_row - PAD_GAP), PAD_MAX_W)
        laid.append((title, [[(identifier, caption, width) for identifier, caption in buttons[start:start + per_row]]
                             for start in range(0, len(buttons), per_row)]))
    return laid


def pad_height(room: float) -> float:
    """How tall :func:`_pad` draws in ``room`` px of width."""
    return 22 + sum(PAD_TITLE + PAD_ROW * len(rows) for _, rows in _pad_rows(room)) + 4


def _pad(dwg: svgwrite.Drawing, left: float, top: float, room: float) -> None:
    """The four groups of prediction buttons (the targets of the prediction actions),
    each under its title, flowed into rows of ``room`` px."""
    paint = {word: Color(number).hex for number, word in COLOUR_WORDS.items()}
    dwg.add(dwg.text(t("Your prediction"), insert=(num(left), num(top + 14)), class_="dz-lb"))
    y = top + 22
    for title, rows in _pad_rows(room):
        dwg.add(dwg.text(title, insert=(num(left), num(y + 13)), class_="dz-ex"))
        y += PAD_TITLE
        for row in rows:
            x = left
            for identifier, caption, width in row:
                group = make(dwg, "g", {"class": "dz-target", "data-id": identifier})
                if identifier[0] in "cf" and identifier[1:].isdigit():
                    titles = COUNT_TITLES_ONE if identifier[1:] == "1" else COUNT_TITLES
                    titled(group, t(titles[identifier[0]]).format(count=identifier[1:]))
                group.add(make(dwg, "rect", {"x": num(x), "y": num(y), "width": num(width),
                                             "height": PAD_BUTTON_H, "rx": 5,
                                             "fill": paint.get(identifier, "#e4e4dc"), "stroke": "#555"}))
                group.add(make(dwg, "text", {"x": num(x + width / 2), "y": num(y + 17.5), "font-size": 13,
                                             "text-anchor": "middle",
                                             "fill": "#fff" if identifier in paint else "#222"}, caption))
                dwg.add(group)
                x += width + PAD_GAP
            y += PAD_ROW
