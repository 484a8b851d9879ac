"""The TriumfDrez table, drawn from an observation only, on the shared card table
(:mod:`drezlab.render.table`).

* **Seats** round the felt: name, points and tricks this deal, "declarer" on the
  declarer, the dealer button; cards face up where the viewer may see them (its own
  hand; an open contract's hands after the auction), backs with their count otherwise.
* **In front of each seat**: the card it played to the current trick.
* **The centre**: the contract (tricks, trump figure, supertrump colour, open) with
  the declarer, or "Auction"; while a new trick has not started, the last completed
  trick (greyed); the face-down stock with its count (the unseen cards).
* **The viewer's hand** in its own row, sorted as a player sorts it (supertrumps,
  trumps, then the other figures from the Joker down, high to low); during play the
  cards it may not play now are greyed.
* **Notes**: the bids so far, the points of each player or pair, the last deal's result.
* **The bidding panel** (only when the viewer is to bid): one clickable chip per
  tricks number, trump figure, supertrump colour and open/closed, carrying the bid's
  targets (``bid-8``, ``trump-n``, ``super-5``, ``open``...) in ``data-id``; the widget
  narrows the legal bids by the chips clicked, in any order.

Every face-up card carries its id in ``data-id``; backs carry none.
"""

from __future__ import annotations

from typing import Any

import svgwrite

from drezlab.core.cards import Card, Color, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.observation import Observation
from drezlab.core.zones import UNKNOWN_ID
from drezlab.games.triumfdrez.cards import BY_ID, Contract, sort_hand
from drezlab.render.base import num, to_svg
from drezlab.render.table import TableCentre, TableSeat, draw_table, seat_label

add_translations({
    "declarer": "declarante",
    "Auction": "Propuestas",
    "Trick": "Baza",
    "Bids": "Propuestas",
    "target": "objetivo",
    "Your bid: click a number, a trump, a supertrump and open or closed":
        "Tu propuesta: pulsa un número, un triunfo, un supertriunfo y abiertas o cerradas",
})

#: the notes list the last bids, this many to a line (a line must fit the table's width)
BIDS_SHOWN, BIDS_PER_LINE = 8, 4
PANEL_ROW_H = 34
CHIP_H = 24
CHIP_GAP = 6
PANEL_X = 20
CHIP_FILL = "#f6f1e3"
CHIP_EDGE = "#8a6d3b"


def _figure_name(figure: int) -> str:
    return Figure(figure).spanish if get_language() == "es" else Figure(figure).english


def _colour_name(colour: int) -> str:
    return Color(colour).spanish if get_language() == "es" else Color(colour).english


def contract_title(contract: Any) -> str:
    """'9 · trump Bishop · supertrump Cyan · open' for the centre of the table."""
    parts = [str(contract["k"]),
             f"{t('trump')} {_figure_name(contract['trump'])}" if contract["trump"] else t("no trump"),
             f"{t('supertrump')} {_colour_name(contract['supertrump'])}" if contract["supertrump"]
             else t("no supertrump")]
    if contract["open"]:
        parts.append(t("open"))
    return " \u00b7 ".join(parts)


def bid_words(text: str) -> str:
    """A bid in words for the notes ('9 B cyan open'), from its notation."""
    if text == "pass":
        return t("Pass").lower()
    _, k, trump, supertrump, *rest = text.split()
    words = [k, trump.upper() if trump != "-" else "-",
             _colour_name(int(supertrump)).lower() if supertrump != "-" else "-"]
    if rest:
        words.append(t("open"))
    return " ".join(words)


def playable_ids(observation: Observation) -> set[str] | None:
    """The viewer's cards it may play now (follow rule), or ``None`` when it is not
    the viewer's turn to play a card."""
    seat = observation.seat
    if seat is None or observation.to_move != seat or observation.public["phase"] != "play":
        return None
    hand = [card for card in observation.ids(f"hand{seat}") if card != UNKNOWN_ID]
    trick = observation.ids("trick")
    if not trick:
        return set(hand)
    led = BY_ID[trick[0]].figure_number
    following = {card for card in hand if BY_ID[card].figure_number == led}
    return following or set(hand)


def _seat(observation: Observation, seat: int, trump: int, supertrump: int) -> TableSeat:
    public = observation.public
    ids = observation.ids(f"hand{seat}")
    if UNKNOWN_ID not in ids:
        ids = tuple(card.id for card in sort_hand([BY_ID[card] for card in ids], trump, supertrump))
    contract = public["contract"]
    played: tuple[str, ...] = ()
    if seat in public["trick_seats"]:
        played = (observation.ids("trick")[list(public["trick_seats"]).index(seat)],)
    dimmed: frozenset[str] = frozenset()
    if seat == observation.seat:
        allowed = playable_ids(observation)
        if allowed is not None:
            dimmed = frozenset(card for card in ids if card not in allowed)
    points = public["points"][seat]
    lines = [f"{points} {t('points')}"]
    if public["phase"] in ("play", "next", "over") and contract is not None:
        lines.append(f"{t('tricks')}: {public['tricks_won'][seat]}")
    tag = t("declarer") if contract is not None and contract["decided"] and contract["declarer"] == seat else ""
    return TableSeat(seat=seat, name=seat_label(seat), cards=ids, lines=tuple(lines), tag=tag,
                     dealer=seat == public["dealer"], played=played, dimmed=dimmed)


def _centre(observation: Observation) -> TableCentre:
    public = observation.public
    contract = public["contract"]
    if contract is not None and contract["decided"]:
        title = f"{contract_title(contract)} \u2014 {seat_label(contract['declarer'])}"
    else:
        title = t("Auction")
    cards: tuple[str, ...] = ()
    dimmed: frozenset[str] = frozenset()
    if not observation.ids("trick") and public["completed"]:
        played = observation.ids("played")
        cards = played[-observation.players:]
        dimmed = frozenset(cards)
    return TableCentre(cards=cards, title=title, stock=observation.zone("stock").count, stock_id="stock",
                       dimmed=dimmed)


def _notes(observation: Observation) -> list[str]:
    public = observation.public
    deal = f"{t('Deal')} {public['deal_number']}"
    if public["completed"]:
        deal += f" \u00b7 {t('Trick')} {len(public['completed'])}: {seat_label(public['completed'][-1][1])}"
    notes = [deal]
    shown = [f"{seat_label(seat)} {bid_words(text)}" for seat, text in public["bids"][-BIDS_SHOWN:]]
    for start in range(0, len(shown), BIDS_PER_LINE):
        words = ", ".join(shown[start:start + BIDS_PER_LINE])
        notes.append(f"{t('Bids')}: {words}" if start == 0 else f"    {words}")
    sides = public["sides"]
    if len(sides[0]) > 1:
        notes.append(" \u00b7 ".join(f"{' + '.join(seat_label(seat) for seat in side)}: "
                                      f"{public['points'][side[0]]} {t('points')}" for side in sides)
                     + f" ({t('target')} {public['target']})")
    else:
        notes.append(f"{t('target')} {public['target']} {t('points')}")
    result = public["result"]
    if result is not None:
        made = result["made"] >= int(result["contract"].split()[1])
        scorers = ", ".join(seat_label(seat) for seat in result["scorers"])
        notes.append(f"{t('Deal')}: {seat_label(result['declarer'])} {bid_words(result['contract'])}, "
                     f"{result['made']} {t('tricks')} \u2014 {t('made') if made else t('went down')}: "
                     f"{scorers} +{result['value']}")
    return notes


def _bid_rows(observation: Observation) -> list[list[tuple[str, str]]]:
    """The panel's rows of (target id, label)."""
    public = observation.public
    lowest = public["minimum_bid"]
    if public["contract"] is not None:
        lowest = max(lowest, public["contract"]["k"])
    spanish = get_language() == "es"
    return [
        [(f"bid-{k}", str(k)) for k in range(lowest, 14)],
        [("trump-none", t("no trump"))] + [(f"trump-{figure.letter.lower()}",
                                             figure.spanish if spanish else figure.english)
                                            for figure in reversed(Figure)],
        [("super-none", t("no supertrump"))] + [(f"super-{colour.value}", _colour_name(colour.value))
                                                 for colour in Color],
        [("closed", t("closed")), ("open", t("open"))],
    ]


def _draw_panel(dwg: svgwrite.Drawing, observation: Observation, top: float) -> None:
    dwg.add(dwg.text(t("Your bid: click a number, a trump, a supertrump and open or closed"),
                     insert=(PANEL_X, num(top + 2)), class_="dz-lb"))
    for row_index, row in enumerate(_bid_rows(observation)):
        x: float = PANEL_X
        y = top + 12 + row_index * PANEL_ROW_H
        for target, label in row:
            width = 16 + 7.2 * len(label)
            chip = dwg.g(class_="dz-target dz-chip", **{"data-id": target})
            colour = None
            if target.startswith("super-") and target != "super-none":
                colour = Color(int(target.split("-")[1])).hex
            chip.add(dwg.rect((num(x), num(y)), (num(width), CHIP_H), rx=6, fill=colour or CHIP_FILL,
                              stroke=CHIP_EDGE, stroke_width=1.5))
            chip.add(dwg.text(label, insert=(num(x + width / 2), num(y + 16.5)), font_size=12,
                              text_anchor="middle", fill="#fff" if colour else "#333", font_weight="bold"))
            dwg.add(chip)
            x += width + CHIP_GAP


def draw(observation: Observation, **options: Any) -> str:
    """The table as ``observation``'s seat sees it, as SVG text."""
    public = observation.public
    contract = public["contract"]
    decided = contract is not None and contract["decided"]
    trump = contract["trump"] if decided else 0
    supertrump = contract["supertrump"] if decided else 0
    seats = [_seat(observation, seat, trump, supertrump) for seat in range(observation.players)]
    bidding = (observation.seat is not None and observation.to_move == observation.seat
               and public["phase"] == "bid")
    panel_height = 4 * PANEL_ROW_H + 24 if bidding else 0
    last = observation.last
    dwg, layout = draw_table(viewer=observation.seat, to_move=observation.to_move, seats=seats,
                             centre=_centre(observation), status=observation.status,
                             corner=last or "", notes=_notes(observation), extra_height=panel_height)
    if bidding:
        _draw_panel(dwg, observation, layout.bottom + 6)
    return to_svg(dwg)


def sorted_hand(cards: list[str], contract: Contract | None = None) -> list[str]:
    """Card ids sorted as the picture sorts a hand (by the contract, if any)."""
    trump, supertrump = (contract.trump, contract.supertrump) if contract is not None else (0, 0)
    return [card.id for card in sort_hand([Card.parse(card) for card in cards], trump, supertrump)]
