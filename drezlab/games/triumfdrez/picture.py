"""The TriumfDrez table, drawn from an observation only, wide and low enough to be drawn at
its own size in a 1366 x 768 laptop window and a 1024 x 768 tablet (at most 790 x 560 px
with four players, issue 22)::

    [Player 2 box]          [Player 3 box]          [Player 4 box]     the others, in turn order
    .--------------------------------------.
    |  contract (or "Auction")             |   notes: the deal and the last trick,
    |             [P3 card]                |   the bids, the points, the last deal's
    |  [P2 card]             [P4 card]     |   result
    | [stock]     [P1 card]                |
    '--------------------------------------'
    [bidding panel: numbers, open/closed / trumps / supertrumps]   (the viewer bids)
    > Player 1 (you) · 0 points · tricks: 5   declarer  (D)
    [the viewer's 13 cards, large, with their names]
    status line                                             last action

* **The other seats** in a row across the top, in turn order from the viewer's left:
  name, points and tricks this deal, "declarer" on the declarer, the dealer button;
  cards face up where the viewer may see them (an open contract's hands after the
  auction: small, in rows, each leaving at least 24 px to click), backs with their
  count otherwise. The seat to act has an orange frame and a marker.
* **The felt**: the contract (tricks, trump figure, supertrump colour, open) with the
  declarer, or "Auction"; the card each seat played to the current trick, in the
  seat's place round the middle (the viewer's at the bottom, the others as in the top
  row: left, across, right); while a new trick has not started, the last completed
  trick in the same places (greyed); the face-down stock with its count (the unseen
  cards).
* **Notes** beside the felt: the deal and the last trick's winner, the bids so far, the
  points of each player or pair, the last deal's result.
* **The viewer's hand** in its own row, large (60 px cards carry their names), sorted as
  a player sorts it (supertrumps, trumps, then the other figures from the Joker down,
  high to low); during play the cards it may not play now are greyed. Above it, the
  viewer's own seat line (points, tricks, declarer, dealer, turn).
* **The bidding panel** (only when the viewer is to bid): one clickable chip per
  tricks number, trump figure, supertrump colour and open/closed, carrying the bid's
  targets (``bid-8``, ``trump-n``, ``super-5``, ``open``...) in ``data-id``; the widget
  narrows the legal bids by the chips clicked, in any order.

Every face-up card carries its id in ``data-id``; backs carry none (the stock carries
``stock``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import Card, Color, Figure
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.observation import Observation
from drezlab.core.zones import UNKNOWN_ID
from drezlab.games.triumfdrez.cards import BY_ID, Contract, sort_hand
from drezlab.render.base import new_drawing, num, titled, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card, grey
from drezlab.render.table import seat_label
from drezlab.render.textwidth import text_width, wrap_to_width

#: the accessible name of a number chip of the bidding panel
BID_TITLE = "bid {count} tricks"

add_translations({
    BID_TITLE: "apostar {count} bazas",
    "declarer": "declarante",
    "Auction": "Propuestas",
    "Trick": "Baza",
    "Bids": "Propuestas",
    "target": "objetivo",
    "Your bid: click a number, a trump, a supertrump and open or closed":
        "Tu propuesta: pulsa un número, un triunfo, un supertriunfo y abiertas o cerradas",
})

#: the notes list the last bids, this many
BIDS_SHOWN = 8
WIDTH = 790
#: the margin round everything (so that no frame is cut at the picture's edge), the width inside it
MARGIN = 3
INNER = WIDTH - 2 * MARGIN
GAP = 10
LINE = 17
FONT = 13
#: the other seats' boxes across the top
BOX_PAD = 8
BOX_TEXT_H = 40
BACK_W, BACK_STEP = 30, 7
OPEN_W, OPEN_STEP, OPEN_ROW_GAP = 32, 24, 3
#: the felt and, beside it, the notes
FELT_W = 440
FELT_PAD = 10
TRICK_W = CARD_WIDTH
TRICK_H = CARD_HEIGHT
TRICK_SIDE = 38
STOCK_W = 36
NOTES_X = MARGIN + FELT_W + 14
NOTES_W = WIDTH - MARGIN - NOTES_X
#: the viewer's hand: cards wide enough to carry their names
HAND_W = CARD_WIDTH
HAND_H = CARD_HEIGHT
HAND_GAP = 6
#: the bidding panel
PANEL_ROW_H = 32
CHIP_H = 26
CHIP_GAP = 6
CHIP_PAD = 14
CHIP_FONT = 12
ROW_GAP = 24
CHIP_FILL = "#f6f1e3"
CHIP_EDGE = "#8a6d3b"

FELT = "#2f7d4f"
FELT_EDGE = "#6b4a2b"
FELT_INK = "#cfe3d6"
BOX_FILL, BOX_EDGE, TURN, TAG = "#eef0f3", "#b9bec6", "#e8a317", "#8a1c1c"


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


@dataclass(frozen=True)
class _Seat:
    """One seat as the viewer sees it: its cards (``UNKNOWN_ID`` for a back, sorted when
    seen), the cards that may not be played now, its text."""

    seat: int
    cards: tuple[str, ...]
    dimmed: frozenset[str]
    info: str
    tag: str
    dealer: bool
    to_act: bool


def _seat(observation: Observation, seat: int, trump: int, supertrump: int) -> _Seat:
    public = observation.public
    ids = observation.ids(f"hand{seat}")
    if UNKNOWN_ID not in ids:
        ids = tuple(card.id for card in sort_hand([BY_ID[card] for card in ids], trump, supertrump))
    contract = public["contract"]
    dimmed: frozenset[str] = frozenset()
    if seat == observation.seat:
        allowed = playable_ids(observation)
        if allowed is not None:
            dimmed = frozenset(card for card in ids if card not in allowed)
    info = f"{public['points'][seat]} {t('points')}"
    if public["phase"] in ("play", "next", "over") and contract is not None:
        info += f" \u00b7 {t('tricks')}: {public['tricks_won'][seat]}"
    tag = t("declarer") if contract is not None and contract["decided"] and contract["declarer"] == seat else ""
    return _Seat(seat=seat, cards=tuple(ids), dimmed=dimmed, info=info, tag=tag,
                 dealer=seat == public["dealer"], to_act=seat == observation.to_move)


def _notes(observation: Observation) -> list[str]:
    """The notes as paragraphs (wrapped to the notes' width when drawn)."""
    public = observation.public
    deal = f"{t('Deal')} {public['deal_number']}"
    if public["completed"]:
        deal += f" \u00b7 {t('Trick')} {len(public['completed'])}: {seat_label(public['completed'][-1][1])}"
    notes = [deal]
    shown = [f"{seat_label(seat)} {bid_words(text)}" for seat, text in public["bids"][-BIDS_SHOWN:]]
    if shown:
        notes.append(f"{t('Bids')}: {', '.join(shown)}")
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


def _chip_width(label: str) -> float:
    return CHIP_PAD + text_width(label, CHIP_FONT, bold=True)


def _panel_lines(observation: Observation) -> list[list[tuple[str, str]]]:
    """The chips in lines no wider than the picture: the numbers with open/closed on the
    first line when they fit, then the trumps, then the supertrumps (a row too wide for
    one line goes on over the next)."""
    numbers, trumps, supers, openness = _bid_rows(observation)

    def width(row: list[tuple[str, str]]) -> float:
        return sum(_chip_width(label) for _, label in row) + CHIP_GAP * (len(row) - 1)

    groups = ([numbers + [("", "")] + openness] if width(numbers) + ROW_GAP + width(openness) <= INNER
              else [numbers, openness])
    lines: list[list[tuple[str, str]]] = []
    for row in groups + [trumps, supers]:
        line: list[tuple[str, str]] = []
        used = 0.0
        for target, label in row:
            chip = ROW_GAP - CHIP_GAP if not target else _chip_width(label)
            if line and used + CHIP_GAP + chip > INNER:
                lines.append(line)
                line, used = [], 0.0
            used += (CHIP_GAP if line else 0) + chip
            line.append((target, label))
        lines.append(line)
    return lines


def _draw_panel(dwg: svgwrite.Drawing, lines: list[list[tuple[str, str]]], top: float) -> None:
    dwg.add(dwg.text(t("Your bid: click a number, a trump, a supertrump and open or closed"),
                     insert=(MARGIN, num(top + 13)), class_="dz-lb"))
    for row_index, row in enumerate(lines):
        x: float = MARGIN
        y = top + 20 + row_index * PANEL_ROW_H
        for target, label in row:
            if not target:
                x += ROW_GAP - CHIP_GAP
                continue
            width = _chip_width(label)
            chip = dwg.g(class_="dz-target dz-chip", **{"data-id": target})
            colour = None
            if target.startswith("super-") and target != "super-none":
                colour = Color(int(target.split("-")[1])).hex
            chip.add(dwg.rect((num(x), num(y)), (num(width), CHIP_H), rx=6, fill=colour or CHIP_FILL,
                              stroke=CHIP_EDGE, stroke_width=1.5))
            chip.add(dwg.text(label, insert=(num(x + width / 2), num(y + 17.5)), font_size=CHIP_FONT,
                              text_anchor="middle", fill="#fff" if colour else "#333", font_weight="bold"))
            if target.startswith("bid-"):
                titled(chip, t(BID_TITLE).format(count=label))
            dwg.add(chip)
            x += width + CHIP_GAP


class _Box:
    """An other seat's box in the top row: where it is and how its cards are laid."""

    def __init__(self, place: _Seat, x: float, width: float) -> None:
        self.place, self.x, self.width = place, x, width
        cards = place.cards
        self.face_up = bool(cards) and UNKNOWN_ID not in cards
        room = width - 2 * BOX_PAD
        if self.face_up:
            per_row = max(1, int((room - OPEN_W) // OPEN_STEP) + 1)
            rows = -(-len(cards) // per_row)
            self.per_row = -(-len(cards) // rows)
            self.step = min(OPEN_W + 4, (room - OPEN_W) / max(1, self.per_row - 1))
            self.rows = rows
            self.card_h = OPEN_W * CARD_HEIGHT / CARD_WIDTH
        else:
            self.per_row, self.rows = len(cards), 1 if cards else 0
            self.step = BACK_STEP
            self.card_h = BACK_W * CARD_HEIGHT / CARD_WIDTH
        content = self.rows * (self.card_h + OPEN_ROW_GAP) - OPEN_ROW_GAP if cards else 16
        self.height = BOX_TEXT_H + content + BOX_PAD

    def draw(self, dwg: svgwrite.Drawing, y: float, height: float) -> float:
        """Draw the box at ``y``, ``height`` high; return the x of its middle."""
        place, x0 = self.place, self.x
        box = dwg.g(class_="dz-seat", **{"data-seat": str(place.seat)})
        box.add(dwg.rect((num(x0), num(y)), (num(self.width), num(height)), rx=8, fill=BOX_FILL,
                         stroke=TURN if place.to_act else BOX_EDGE, stroke_width=3 if place.to_act else 1.5))
        _seat_text(dwg, box, place, x0 + BOX_PAD, y, self.width - 2 * BOX_PAD)
        cards = place.cards
        top = y + BOX_TEXT_H
        group = dwg.g(class_="dz-cards")
        if self.face_up:
            for index, card in enumerate(cards):
                row, col = divmod(index, self.per_row)
                draw_card(dwg, card, x=x0 + BOX_PAD + col * self.step, y=top + row * (self.card_h + OPEN_ROW_GAP),
                          w=OPEN_W, parent=group)
        elif cards:
            for index, card in enumerate(cards):
                draw_card(dwg, card, x=x0 + BOX_PAD + index * self.step, y=top, w=BACK_W, parent=group)
            box.add(dwg.text(f"\u00d7{len(cards)}", insert=(num(x0 + BOX_PAD + BACK_W + self.step * (len(cards) - 1)
                                                                + 8), num(top + self.card_h / 2 + 5)),
                             class_="dz-lb"))
        else:
            box.add(dwg.text(t("no cards"), insert=(num(x0 + BOX_PAD), num(top + 12)), class_="dz-sm"))
        box.add(group)
        dwg.add(box)
        return x0 + self.width / 2


def _seat_text(dwg: svgwrite.Drawing, parent: BaseElement, place: _Seat, x: float, y: float, width: float, *,
               you: bool = False, one_line: bool = False) -> None:
    """The seat's turn marker, name ("(you)" for the viewer), dealer button (first line) and
    its points, tricks and "declarer" (second line, or after the name on ``one_line``)."""
    if place.to_act:
        parent.add(dwg.path(d=f"M{num(x)} {num(y + 7)}l9 6-9 6z", class_="dz-turn"))
        x += 13
    name = seat_label(place.seat) + (f" ({t('you')})" if you else "")
    parent.add(dwg.text(name, insert=(num(x), num(y + 18)), class_="dz-lb"))
    right = x + width - (13 if place.to_act else 0)
    if place.dealer:
        parent.add(dwg.circle((num(right - 10), num(y + 13)), 10, fill="#fff", stroke="#333", stroke_width=1.5))
        parent.add(dwg.text("D", insert=(num(right - 10), num(y + 17.5)), font_size=12, font_weight="bold",
                            text_anchor="middle", fill="#333"))
    if one_line:
        info_x, info_y = x + text_width(name, FONT, bold=True) + 12, y + 18
        tag_x, tag_y = right - (26 if place.dealer else 0), y + 18
    else:
        info_x, info_y = x, y + 34
        tag_x, tag_y = right, y + 34
    parent.add(dwg.text(place.info, insert=(num(info_x), num(info_y)), class_="dz-sm"))
    if place.tag:
        parent.add(dwg.text(place.tag, insert=(num(tag_x), num(tag_y)), fill=TAG, font_size=12, font_weight="bold",
                            text_anchor="end"))


def _trick_places(players: int) -> list[tuple[float, float]]:
    """Where each seat's trick card lies, by its step from the bottom seat, relative to
    the middle of the trick (the top-left corner of a card)."""
    bottom = (-TRICK_W / 2, 2.0)
    top = (-TRICK_W / 2, -TRICK_H - 2.0)
    left = (-TRICK_W / 2 - TRICK_W - 8, -TRICK_H / 2)
    right = (TRICK_W / 2 + 8, -TRICK_H / 2)
    return {2: [bottom, top], 3: [bottom, left, right], 4: [bottom, left, top, right]}[players]


def _trick_cards(observation: Observation) -> tuple[dict[int, str], bool]:
    """The card in front of each seat: the current trick's, or (greyed) the last completed
    trick's while the next has not started."""
    public = observation.public
    trick = observation.ids("trick")
    if trick:
        return dict(zip(public["trick_seats"], trick)), False
    if public["completed"]:
        players = observation.players
        leader = public["completed"][-1][0]
        played = observation.ids("played")[-players:]
        return {(leader + index) % players: card for index, card in enumerate(played)}, True
    return {}, False


def draw(observation: Observation, **options: Any) -> str:
    """The table as ``observation``'s seat sees it, as SVG text."""
    public = observation.public
    players = observation.players
    contract = public["contract"]
    decided = contract is not None and contract["decided"]
    trump = contract["trump"] if decided else 0
    supertrump = contract["supertrump"] if decided else 0
    seats = [_seat(observation, seat, trump, supertrump) for seat in range(players)]
    bottom = observation.seat if observation.seat is not None else 0
    order = [(bottom + step) % players for step in range(players)]
    bidding = (observation.seat is not None and observation.to_move == observation.seat
               and public["phase"] == "bid")

    # the other seats across the top
    count = players - 1
    box_w = (INNER - GAP * (count - 1)) / count
    boxes = [_Box(seats[seat], MARGIN + index * (box_w + GAP), box_w) for index, seat in enumerate(order[1:])]
    top_h = max(box.height for box in boxes)

    # the felt and the notes
    title = f"{contract_title(contract)} \u2014 {seat_label(contract['declarer'])}" if decided else t("Auction")
    title_lines = wrap_to_width(title, FELT_W - 2 * FELT_PAD, 14, bold=True)
    in_front, last_trick = _trick_cards(observation)
    with_trick = public["phase"] != "bid"
    felt_top = MARGIN + top_h + GAP
    trick_top = felt_top + FELT_PAD + 18 * len(title_lines)
    felt_h = (trick_top - felt_top) + (2 * TRICK_H + 6 + FELT_PAD if with_trick else STOCK_W * 1.4 + 2 * FELT_PAD)
    notes = [line for note in _notes(observation) for line in wrap_to_width(note, NOTES_W, FONT)]
    middle_h = max(felt_h, LINE * len(notes) + 4)
    felt_h = middle_h

    panel_lines = _panel_lines(observation) if bidding else []
    panel_top = felt_top + middle_h + GAP
    panel_h = 20 + PANEL_ROW_H * len(panel_lines) if bidding else 0
    hand_top = panel_top + panel_h + (GAP if bidding else 0)
    cards_top = hand_top + 26
    status_y = cards_top + HAND_H + 22
    dwg = new_drawing(WIDTH, status_y + 5)

    for box in boxes:
        box.draw(dwg, MARGIN, top_h)
    dwg.add(dwg.rect((MARGIN + 2, num(felt_top + 2)), (FELT_W - 4, num(felt_h - 4)), rx=18, fill=FELT, stroke=FELT_EDGE,
                     stroke_width=4))
    for index, line in enumerate(title_lines):
        dwg.add(dwg.text(line, insert=(MARGIN + FELT_W / 2, num(felt_top + FELT_PAD + 14 + 18 * index)), fill="#fff",
                         font_size=14, font_weight="bold", text_anchor="middle"))
    group = dwg.g(class_="dz-cards")
    if with_trick:
        mx, my = MARGIN + FELT_W / 2, trick_top + 4 + TRICK_H
        for place, (dx, dy) in enumerate(_trick_places(players)):
            card = in_front.get(order[place])
            if card is None:
                continue
            element = draw_card(dwg, card, x=mx + dx, y=my + dy, w=TRICK_W, parent=group)
            if last_trick:
                grey(dwg, element)
    stock = observation.zone("stock").count
    sx, sy = MARGIN + FELT_PAD + 6, felt_top + felt_h - FELT_PAD - STOCK_W * CARD_HEIGHT / CARD_WIDTH - 2
    if stock:
        draw_card(dwg, UNKNOWN_ID, x=sx, y=sy, w=STOCK_W, parent=group, data_id="stock")
    dwg.add(group)
    dwg.add(dwg.text(str(stock), insert=(num(sx + STOCK_W + 8), num(sy + STOCK_W * 0.7 + 5)), fill="#fff",
                     font_size=13, font_weight="bold"))
    for index, line in enumerate(notes):
        dwg.add(dwg.text(line, insert=(NOTES_X, num(felt_top + 13 + LINE * index)), class_="dz-ex"))

    if bidding:
        _draw_panel(dwg, panel_lines, panel_top)

    # the viewer's seat line and hand
    me = seats[bottom]
    _seat_text(dwg, dwg, me, MARGIN + 1, hand_top, INNER - 2, you=observation.seat is not None, one_line=True)
    hand = dwg.g(class_="dz-cards dz-hand")
    if me.cards:
        step: float = min(HAND_W + HAND_GAP, (INNER - HAND_W) / max(1, len(me.cards) - 1))
        width: float = HAND_W + step * (len(me.cards) - 1)
        for index, card in enumerate(me.cards):
            element = draw_card(dwg, card, x=(WIDTH - width) / 2 + index * step, y=cards_top, w=HAND_W, parent=hand)
            if card in me.dimmed:
                grey(dwg, element)
    else:
        hand.add(dwg.text(t("no cards"), insert=(WIDTH / 2, num(cards_top + HAND_H / 2)), class_="dz-sm",
                          text_anchor="middle"))
    dwg.add(hand)
    dwg.add(dwg.text(observation.status, insert=(MARGIN + 1, num(status_y)), class_="dz-st"))
    if observation.last:
        dwg.add(dwg.text(observation.last, insert=(WIDTH - MARGIN - 1, num(status_y)), class_="dz-ex", text_anchor="end"))
    return to_svg(dwg)


def sorted_hand(cards: list[str], contract: Contract | None = None) -> list[str]:
    """Card ids sorted as the picture sorts a hand (by the contract, if any)."""
    trump, supertrump = (contract.trump, contract.supertrump) if contract is not None else (0, 0)
    return [card.id for card in sort_hand([Card.parse(card) for card in cards], trump, supertrump)]
