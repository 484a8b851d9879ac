"""The BlackDrez picture: the shared card table (:mod:`drezlab.render.table`).

Each seat box shows the seat's name, its score and the cards in its pile, a tag
("bust", "retired", "stands"), the dealer button and the cards in front of it, all
face up (nothing is hidden in BlackDrez), sorted by figure then colour. The
viewer's cards are also drawn large under the table. The centre shows the round,
the stock (a count: its order is unknown) and how many cards lie on the table.
Between rounds the seats show the hands as the round ended them. Under the table:
the status line, the last action, and notes: how the last round ended and, with
the picture option ``hints=True`` (the spec's ``numbers``, the widget's "Show the
numbers" toggle), the stock's figures and the exact values of drawing and retiring
for the player to move (:func:`~drezlab.games.blackdrez.knowledge.view_values`).
Every card is face up, so these numbers are computed from the observation alone
and are the same for every viewer. Without the picture option the game option
``hints`` decides (it turns the numbers on by default).

Drawn from an observation only. Every face-up card carries its id in ``data-id``;
no action has a card target (draw, retire, stand and next are buttons).
"""

from __future__ import annotations

from drezlab.core.cards import Card
from drezlab.core.i18n import get_language, t
from drezlab.core.observation import Observation
from drezlab.games.blackdrez.knowledge import (
    STOCK_ZONE,
    cards_on_table,
    pile_zone,
    table_cards,
    view_values,
)
from drezlab.games.blackdrez.odds import FIGURE_ORDER
from drezlab.render.base import to_svg
from drezlab.render.table import TableCentre, TableSeat, draw_table, seat_label

_TAGS = {"bust": "bust", "retired": "retired"}


def sorted_cards(ids: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """Cards as a player sorts them: by figure (pawn to joker), then colour, then pack."""
    def key(identifier: str) -> tuple[int, int, int]:
        card = Card.parse(identifier)
        return (int(card.figure or 0), card.number or 0, card.pack)
    return tuple(sorted(ids, key=key))


def _table_seat(view: Observation, seat: int) -> TableSeat:
    public = view.public
    between = public["phase"] != "play"
    cards = public["shown"][seat] if between else table_cards(view, seat)
    tag = "" if between else t(_TAGS.get(public["status"][seat], ""))
    if not between and public["standing"][seat]:
        tag = t("stands")
    score = "" if between else f"{public['scores'][seat]} {t('points')}"
    pile = f"{view.zones[pile_zone(seat)].count} {t('in pile')}"
    return TableSeat(seat=seat, name=seat_label(seat), cards=sorted_cards(cards),
                     lines=tuple(line for line in (score, pile) if line), tag=tag,
                     dealer=seat == public["dealer"], greyed=public["status"][seat] == "bust" and not between)


def hint_lines(view: Observation) -> list[str]:
    """The stock's figures and the exact values for the player to move."""
    counts = view.public["stock_figures"]
    spanish = get_language() == "es"
    letters = [figure.spanish[0] if spanish else figure.letter for figure in FIGURE_ORDER]
    lines = [f"{t('Stock')}: " + ", ".join(f"{count} {letter}" for letter, count in zip(letters, counts))]
    if view.public["phase"] == "play" and view.to_move is not None:
        values = view_values(view, view.to_move)
        lines.append(f"{t('Exact values')} ({seat_label(view.to_move)}): {values}")
    return lines


def draw(observation: Observation, *, hints: bool | None = None) -> str:
    """The table as ``observation``'s seat sees it, as SVG text. ``hints``: add the
    stock's figures and the exact values (``None``: as the game option ``hints`` says)."""
    public = observation.public
    notes = list(public["results"])
    shown = public["hints"] if hints is None else hints
    if shown and observation.outcome is None:
        notes += hint_lines(observation)
    corner = ""
    if public["last"] is not None:
        corner = f"{seat_label(public['last'][0])}: {public['last'][1]}"
    centre = TableCentre(title=f"{t('Round')} {public['round']}: {cards_on_table(observation)} {t('on the table')}",
                         stock=observation.zones[STOCK_ZONE].count)
    dwg, _layout = draw_table(viewer=observation.seat, to_move=observation.to_move,
                              seats=[_table_seat(observation, seat) for seat in range(observation.players)],
                              centre=centre, status=observation.status, corner=corner, notes=notes, compact=True,
                              notes_below=True)
    return to_svg(dwg)
