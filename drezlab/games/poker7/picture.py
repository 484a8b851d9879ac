"""The Poker7 pictures: the table with its seats, and a hand drawn as its groups.

The table is the shared card table (:mod:`drezlab.render.table`): seats round the
felt, clockwise in seat order (the order of play, D1), the viewer's seat at the
bottom (seat 0 for a spectator) and the viewer's two cards large under the table.
A seat box shows the seat's chips (or "out"), its 2 cards -- face up if the viewer
may see them, card backs otherwise -- "folded" / "all-in", and the dealer button.
A revealed card has an orange bar under it; a folded hand is greyed. The chips a
seat has bet in this round lie on the felt in front of it. The centre holds the 5
community-card places (dashed until dealt) under the pot. After a showdown every
shown hand is drawn as its best partition beside the table (the compact table of
:mod:`drezlab.render.table`, issue 22: 790 px wide, at most 560 high for 4 players).

Clickable ids (``data-id``): every face-up card carries its card id (the viewer's
own cards are what the reveal round clicks); card backs carry none. The table is
drawn from an observation only (``game.view(seat)``, see
:mod:`drezlab.games.poker7.knowledge` for its zones and public data), so no card
the viewer may not see can reach the picture.

Groups: each group of a partition is drawn as its cards on a rounded plate --
framed in the group's colour for a colour group, in dark grey for a figure
group -- with a caption ("red 4", "bishops 3", "\u2197" when ordered).

Output is deterministic (nbval compares it).
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import UNKNOWN_ID, Card
from drezlab.core.i18n import get_language, t
from drezlab.core.observation import Observation
from drezlab.games.poker7.hands import HandValue, hand_value
from drezlab.games.poker7.knowledge import board_cards, seat_cards, up_zone
from drezlab.games.poker7.words import colour_word
from drezlab.kits.tablewords import in_words_of
from drezlab.render.base import new_drawing, num, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card
from drezlab.render.table import (
    TableCentre,
    TableSeat,
    compact_room,
    draw_table,
    seat_label,
)
from drezlab.render.textwidth import text_width

ROW_H = 74
GROUP_CARD_W = 30
GROUP_CARD_H = GROUP_CARD_W * CARD_HEIGHT / CARD_WIDTH
GROUP_PAD = 5
GROUP_GAP = 8
FIGURE_FRAME = "#555"
WIN_FILL = "#fff4cc"


def _table_seat(observation: Observation, seat: int, cards: list[str]) -> TableSeat:
    public = observation.public
    folded = bool(public["folded"][seat])
    tag = ""
    if cards and folded:
        tag = t("folded")
    elif cards and public["stacks"][seat] == 0 and public["in_hand"][seat]:
        tag = t("all-in")
    bet = public["round_bets"][seat]
    return TableSeat(
        seat=seat, name=seat_label(seat), cards=tuple(cards),
        lines=(t("out") if public["out"][seat] else f"{public['stacks'][seat]} {t('chips')}",),
        tag=tag, dealer=seat == public["dealer"], front=str(bet) if bet else "",
        marked=frozenset(observation.ids(up_zone(seat))), greyed=folded)


def draw(observation: Observation) -> str:
    """The table as ``observation``'s seat sees it, as SVG text; after a showdown,
    every shown hand drawn as its best partition, in the table's words (chips or points)."""
    with in_words_of(observation.public):
        return _draw(observation)


def _draw(observation: Observation) -> str:
    public = observation.public
    cards = [seat_cards(observation, seat) for seat in range(observation.players)]
    board = board_cards(observation)
    shown_seats = [seat for seat in range(observation.players)
                   if public["shown"][seat] and cards[seat] and UNKNOWN_ID not in cards[seat]]
    pot, pots = public["pot"], public["pots"]
    centre = TableCentre(cards=tuple(board), places=5,
                         title=f"{t('Pot')} {pot}" if pot or not pots else f"{t('Pot')} {sum(p[0] for p in pots)}",
                         subtitle=f"{t('Hand')} {public['hand_number']}")
    corner = ""
    if public["last"] is not None:
        last_seat, label = public["last"]
        corner = f"{seat_label(last_seat)}: {label}"
    values = {seat: hand_value(cards[seat] + board) for seat in shown_seats}
    room = compact_room(observation.players)[1]
    columns = max(1, int((room + SHOWN_GAP) // (SHOWN_W + SHOWN_GAP)))
    heights = [_shown_height(values[seat]) for seat in shown_seats]
    row_heights = [max(heights[start:start + columns]) for start in range(0, len(heights), columns)]
    dwg, layout = draw_table(
        viewer=observation.seat, to_move=observation.to_move,
        seats=[_table_seat(observation, seat, cards[seat]) for seat in range(observation.players)],
        centre=centre, status=observation.status, corner=corner, notes=list(public["results"]),
        extra_height=20 + sum(row_heights) if shown_seats else 0, compact=True)
    if shown_seats:
        rows_y = layout.bottom
        dwg.add(dwg.text(t("Showdown"), insert=(num(layout.x), num(rows_y + 14)), class_="dz-lb"))
        winners = {seat for _, _, takers in pots for seat in takers}
        for index, seat in enumerate(shown_seats):
            label = seat_label(seat)
            if public["won"][seat]:
                label += f" +{public['won'][seat]}"
            row, column = divmod(index, columns)
            _draw_shown(dwg, values[seat], x=layout.x + column * (SHOWN_W + SHOWN_GAP),
                        y=rows_y + 20 + sum(row_heights[:row]), label=label, winner=seat in winners)
    return to_svg(dwg)


# ------------------------------------------------------------------ a shown hand on the table
SHOWN_W = 312
SHOWN_GAP = 14
SHOWN_CARD_W = 32
"""The showdown's cards: 32 px, so their number is 11.2 px."""
SHOWN_PAD = 4
SHOWN_GROUP_GAP = 4


def _captions(value: HandValue) -> list[tuple[float, float, str, int]]:
    """Each group's plate (x offset, width), caption and caption line (0, or 1 when the
    caption would run into the one before it on line 0)."""
    placed: list[tuple[float, float, str, int]] = []
    x, ends = 0.0, [-1e9, -1e9]
    for index, group in enumerate(value.groups):
        plate_w = len(group) * (SHOWN_CARD_W + 2) + 2 * SHOWN_PAD - 2
        caption = _group_caption(value, index)
        half = text_width(caption, 12) / 2
        middle = x + plate_w / 2
        line = 0 if middle - half >= ends[0] + 4 else 1
        ends[line] = middle + half
        placed.append((x, plate_w, caption, line))
        x += plate_w + SHOWN_GROUP_GAP
    return placed


def _shown_height(value: HandValue) -> float:
    lines = 1 + max(line for *_, line in _captions(value))
    return 18 + SHOWN_CARD_W * CARD_HEIGHT / CARD_WIDTH + 2 * SHOWN_PAD + 14 * lines + 8


def _draw_shown(dwg: svgwrite.Drawing, value: HandValue, *, x: float, y: float, label: str, winner: bool) -> None:
    """A shown hand in the showdown column: the player (and what it won), S and F on one
    line, its groups under it on plates, each with its caption (12 px)."""
    height = _shown_height(value)
    if winner:
        dwg.add(dwg.rect((num(x - 4), num(y)), (SHOWN_W + 8, num(height - 4)), rx=6, fill=WIN_FILL))
    dwg.add(dwg.text(label, insert=(num(x), num(y + 15)), class_="dz-lb"))
    dwg.add(dwg.text(f"S {_dotted(value.sizes)}   F {_dotted(value.ordered)}",
                     insert=(num(x + SHOWN_W), num(y + 15)), class_="dz-sm", text_anchor="end"))
    card_h = SHOWN_CARD_W * CARD_HEIGHT / CARD_WIDTH
    top = y + 20
    for index, (offset, plate_w, caption, line) in enumerate(_captions(value)):
        left = x + offset
        dwg.add(dwg.rect((num(left), num(top)), (num(plate_w), num(card_h + 2 * SHOWN_PAD)), rx=6,
                         fill="#fff", stroke=_group_frame(value, index), stroke_width=2.5))
        for position, card in enumerate(value.groups[index]):
            draw_card(dwg, card, x=left + SHOWN_PAD + position * (SHOWN_CARD_W + 2), y=top + SHOWN_PAD,
                      w=SHOWN_CARD_W)
        dwg.add(dwg.text(caption, insert=(num(left + plate_w / 2), num(top + card_h + 2 * SHOWN_PAD + 13 + 14 * line)),
                         font_size=12, text_anchor="middle", fill="#333"))


# ------------------------------------------------------------------ groups
def _group_caption(value: HandValue, index: int) -> str:
    group = value.groups[index]
    size = value.sizes[index]
    first = group[0]
    if value.hier[index][0] == 7:
        assert first.color is not None
        colour = colour_word(first.color)
        caption = f"{colour} {size}" if size > 1 else colour
    else:
        assert first.figure is not None
        caption = f"{first.figure.plural_in(get_language())} {size}"
    return caption + (" \u2197" if value.ordered[index] else "")


def _group_frame(value: HandValue, index: int) -> str:
    first = value.groups[index][0]
    if value.hier[index][0] == 7:
        assert first.color is not None
        return first.color.hex
    return FIGURE_FRAME


def partition_width(value: HandValue) -> float:
    """How wide :func:`draw_groups` draws ``value``'s groups."""
    return sum(len(group) * (GROUP_CARD_W + 2) + 2 * GROUP_PAD for group in value.groups) \
        + GROUP_GAP * (len(value.groups) - 1)


def draw_groups(dwg: svgwrite.Drawing, value: HandValue, *, x: float, y: float,
                parent: BaseElement | None = None) -> float:
    """Draw the groups of ``value`` left to right from (x, y); returns the right edge."""
    target = dwg if parent is None else parent
    for index, group in enumerate(value.groups):
        plate_w = len(group) * (GROUP_CARD_W + 2) + 2 * GROUP_PAD - 2
        target.add(dwg.rect((num(x), num(y)), (num(plate_w), num(GROUP_CARD_H + 2 * GROUP_PAD)), rx=6,
                            fill="#fff", stroke=_group_frame(value, index), stroke_width=2.5))
        for position, card in enumerate(group):
            draw_card(dwg, card, x=x + GROUP_PAD + position * (GROUP_CARD_W + 2), y=y + GROUP_PAD,
                      w=GROUP_CARD_W, parent=target)
        target.add(dwg.text(_group_caption(value, index),
                            insert=(num(x + plate_w / 2), num(y + GROUP_CARD_H + 2 * GROUP_PAD + 12)),
                            font_size=10, text_anchor="middle", fill="#333"))
        x += plate_w + 2 + GROUP_GAP
    return x


def _dotted(values: Sequence[int]) -> str:
    return "\u00b7".join(str(int(value)) for value in values)


def _draw_partition_row(dwg: svgwrite.Drawing, value: HandValue, *, x: float, y: float, label: str,
                        winner: bool, width: float) -> None:
    """One showdown row: the player's name, the groups, and S and F; a gold band for a winner."""
    if winner:
        dwg.add(dwg.rect((num(x - 6), num(y - 4)), (num(width - 2 * x + 12), ROW_H - 4), rx=6, fill=WIN_FILL))
    dwg.add(dwg.text(label, insert=(num(x), num(y + 30)), class_="dz-lb"))
    right = draw_groups(dwg, value, x=x + 120, y=y)
    dwg.add(dwg.text(f"S {_dotted(value.sizes)}", insert=(num(right + 8), num(y + 22)), class_="dz-sm"))
    dwg.add(dwg.text(f"F {_dotted(value.ordered)}", insert=(num(right + 8), num(y + 40)), class_="dz-sm"))


def partition_svg(value: HandValue, *, label: str = "", winner: bool = False) -> str:
    """A hand drawn as its best partition (``HandValue.svg()``), with S and F beside it."""
    label_w = 120 if label else 0
    width = 16 + label_w + partition_width(value) + 110
    dwg = new_drawing(width, ROW_H + 4)
    if label:
        _draw_partition_row(dwg, value, x=8, y=6, label=label, winner=winner, width=width)
    else:
        right = draw_groups(dwg, value, x=8, y=6)
        dwg.add(dwg.text(f"S {_dotted(value.sizes)}", insert=(num(right + 8), 28), class_="dz-sm"))
        dwg.add(dwg.text(f"F {_dotted(value.ordered)}", insert=(num(right + 8), 46), class_="dz-sm"))
    return to_svg(dwg)


def hands_svg(values: Sequence[HandValue], labels: Sequence[str], *, winner: int | None = None) -> str:
    """Several hands, one row each (a lesson's "which hand wins?" picture)."""
    if len(values) != len(labels):
        raise ValueError("give one label per hand")
    width = max([16 + 120 + partition_width(value) + 110 for value in values] + [300])
    dwg = new_drawing(width, 8 + ROW_H * len(values))
    for index, (value, label) in enumerate(zip(values, labels)):
        _draw_partition_row(dwg, value, x=8, y=6 + index * ROW_H, label=label, winner=index == winner,
                            width=width)
    return to_svg(dwg)


def card_row_svg(cards: Sequence[Card], *, card_width: float = 44, gap: float = 6) -> str:
    """Cards in one row, no grouping (the community cards of an exercise)."""
    height = card_width * CARD_HEIGHT / CARD_WIDTH
    dwg = new_drawing(gap + len(cards) * (card_width + gap), height + 2 * gap)
    for index, card in enumerate(cards):
        draw_card(dwg, card, x=gap + index * (card_width + gap), y=gap, w=card_width)
    return to_svg(dwg)
