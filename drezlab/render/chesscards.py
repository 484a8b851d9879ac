"""The table of the chess-with-cards games (PokerDrez and its relatives) as one SVG.

Layout (620 x 460 px, taller only when there are many extra lines)::

    +--------------------------+  > Black            [die]
    | 8                        |  [hand-1: up to 3 cards ]
    |                          |  Common cards
    |        board             |  [c1][c2][c3][c4][c5]
    |        44 px squares     |  [pile 37]  Pile: 37 / Discard: 4   ([die])
    |                          |  > White            [die]
    | 1  a  b  c  ...      h   |  [hand-0: up to 3 cards ]
    +--------------------------+
    status line (bold), then the extra lines

Seat 1 (Black) sits at the top unless ``flipped``, mirroring the board. The
die is drawn beside the hand of the seat holding it, or beside the pile when
no one holds it; it shows pips for 1–6 and "?" when not rolled. An orange
arrow marks the seat ``to_move``.

Clickable ids (``data-id``): the 64 squares and the pieces on them, each
face-up card (its card id), ``hand-0`` / ``hand-1`` (the whole hand area, for
"take a card from the opponent"), ``pile`` and ``die``. Hidden cards arrive
as ``Card.unknown()`` placeholders and are drawn as card backs, so no hidden
card id can appear in the markup. With ``plain_chess`` every card is greyed
and a note says the cards no longer matter.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import chess
import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import Card
from drezlab.core.i18n import t
from drezlab.render.base import new_drawing, num, to_svg, translate
from drezlab.render.board import draw_board
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card, grey

WIDTH = 620
HEIGHT = 460

BOARD_X, BOARD_Y, SQUARE = 22, 10, 44

PANEL_X = 388
"""Left edge of the card panel right of the board; the panel is PANEL_W wide."""
PANEL_W = 228

HAND_W = 58
HAND_H = round(HAND_W * CARD_HEIGHT / CARD_WIDTH)
HAND_GAP = 6
HAND_SLOTS = 3

COMMON_W = 42
COMMON_H = round(COMMON_W * CARD_HEIGHT / CARD_WIDTH)
COMMON_SLOTS = 5

DIE_SIZE = 30
DIE_X = PANEL_X + PANEL_W - DIE_SIZE

TOP_LABEL_Y, TOP_HAND_Y = 20, 28
COMMON_LABEL_Y, COMMON_Y = 130, 137
PILE_Y = 205
BOTTOM_LABEL_Y, BOTTOM_HAND_Y = 288, 296
STATUS_Y, LINE_STEP = 404, 18

_PIPS = {1: ((15, 15),), 2: ((8, 8), (22, 22)), 3: ((8, 8), (15, 15), (22, 22)),
         4: ((8, 8), (22, 8), (8, 22), (22, 22)),
         5: ((8, 8), (22, 8), (15, 15), (8, 22), (22, 22)),
         6: ((8, 8), (22, 8), (8, 15), (22, 15), (8, 22), (22, 22))}
"""Pip centres of each die face in a 30 x 30 die."""
_PIP_R = 2.8


def draw_card_chess(board: chess.Board, *, hands: Sequence[Sequence[Card]], common: Sequence[Card],
                    pile_count: int, discard_count: int, die_holder: int | None,
                    die_value: int | None, to_move: int | None,
                    last_move: chess.Move | None = None, flipped: bool = False,
                    marks: Iterable[str] = (), status: str = "",
                    seat_names: Sequence[str] = ("White", "Black"), plain_chess: bool = False,
                    extra_lines: Sequence[str] = ()) -> str:
    """The whole table as SVG text: board, both hands, common cards, pile, die, turn, status.

    ``hands[seat]`` lists what the viewer may know of that seat's hand: real
    cards are drawn face up, ``Card.unknown()`` placeholders face down.
    ``die_holder`` / ``to_move`` are seat numbers (0 White, 1 Black) or None.
    ``seat_names``, "Common cards", "Pile", "Discard" and the plain-chess note
    go through :func:`drezlab.core.i18n.t`; ``status`` and ``extra_lines`` are
    shown as given (the game composes them in the current language).
    If the side to move is in check its king's square glows red.
    """
    if len(hands) != 2 or len(seat_names) != 2:
        raise ValueError("a chess-with-cards table has exactly two seats: give two hands and two names")
    height = max(HEIGHT, STATUS_Y + LINE_STEP * len(extra_lines) + 12)
    dwg = new_drawing(WIDTH, height)

    king = board.king(board.turn) if board.is_check() else None
    draw_board(dwg, board, x=BOARD_X, y=BOARD_Y, square=SQUARE, flipped=flipped,
               last_move=last_move, check=king, marks=marks)

    top_seat, bottom_seat = (0, 1) if flipped else (1, 0)
    cards = dwg.g(class_="dz-cards")
    for seat, label_y, hand_y in ((top_seat, TOP_LABEL_Y, TOP_HAND_Y),
                                  (bottom_seat, BOTTOM_LABEL_Y, BOTTOM_HAND_Y)):
        _draw_seat_label(dwg, seat, t(seat_names[seat]), label_y, seat == to_move)
        _draw_hand(dwg, cards, seat, hands[seat], hand_y)
        if die_holder == seat:
            _draw_die(dwg, cards, DIE_X, hand_y + (HAND_H - DIE_SIZE) / 2, die_value)

    dwg.add(dwg.text(t("Common cards"), insert=(PANEL_X, COMMON_LABEL_Y), class_="dz-lb"))
    _draw_row(dwg, cards, common, x=PANEL_X, y=COMMON_Y, w=COMMON_W, width=PANEL_W,
              slots=COMMON_SLOTS)
    _draw_pile(dwg, cards, pile_count, discard_count)
    if die_holder is None:
        _draw_die(dwg, cards, DIE_X, PILE_Y + (COMMON_H - DIE_SIZE) / 2, die_value)
    dwg.add(cards)
    if plain_chess:
        grey(dwg, cards)
        _draw_plain_chess_note(dwg)

    dwg.add(dwg.text(status, insert=(BOARD_X, STATUS_Y), class_="dz-st"))
    for index, line in enumerate(extra_lines, start=1):
        dwg.add(dwg.text(line, insert=(BOARD_X, STATUS_Y + index * LINE_STEP), class_="dz-ex"))
    return to_svg(dwg)


def _draw_seat_label(dwg: svgwrite.Drawing, seat: int, name: str, y: float, to_move: bool) -> None:
    """The seat's colour (a white or black stone), its name, and the turn arrow when it is to move."""
    if to_move:
        dwg.add(dwg.path(d=f"M{PANEL_X} {y - 11}l9 6-9 6z", class_="dz-turn"))
    dwg.add(dwg.circle((PANEL_X + 19, y - 5), 6, fill="#fff" if seat == 0 else "#222",
                       stroke="#222", stroke_width=1.5))
    dwg.add(dwg.text(name, insert=(PANEL_X + 31, y), class_="dz-lb"))


def _draw_hand(dwg: svgwrite.Drawing, parent: BaseElement, seat: int, hand: Sequence[Card],
               y: float) -> None:
    """The hand area ``hand-<seat>``: a pale rounded background (so the whole area takes clicks)
    with the cards on it, face up with their ids or face down with none."""
    area = dwg.g(class_="dz-target dz-hand", **{"data-id": f"hand-{seat}"})
    width = HAND_SLOTS * HAND_W + (HAND_SLOTS - 1) * HAND_GAP
    area.add(dwg.rect((PANEL_X - 4, y - 4), (width + 8, HAND_H + 8), rx=7, class_="dz-hand-bg"))
    _draw_row(dwg, area, hand, x=PANEL_X, y=y, w=HAND_W, width=width, slots=HAND_SLOTS)
    parent.add(area)


def _draw_row(dwg: svgwrite.Drawing, parent: BaseElement, row: Sequence[Card], *, x: float,
              y: float, w: float, width: float, slots: int) -> None:
    """Cards side by side: ``slots`` cards fill ``width`` evenly; more cards overlap to fit."""
    step = (width - w) / max(1, max(slots, len(row)) - 1)
    for index, card in enumerate(row):
        draw_card(dwg, card, x=x + index * step, y=y, w=w, parent=parent)


def _draw_pile(dwg: svgwrite.Drawing, parent: BaseElement, pile_count: int,
               discard_count: int) -> None:
    """The draw pile (a card back with its count, clickable as ``pile``; a dashed empty
    place when the pile is used up) and the pile and discard counts beside it."""
    pile = dwg.g(class_="dz-target dz-pile", **{"data-id": "pile"})
    if pile_count > 0:
        draw_card(dwg, Card.unknown(), x=PANEL_X, y=PILE_Y, w=COMMON_W, parent=pile)
    else:
        pile.add(dwg.rect((PANEL_X + 1, PILE_Y + 1), (COMMON_W - 2, COMMON_H - 2), rx=4,
                          class_="dz-empty"))
    centre = (num(PANEL_X + COMMON_W / 2), num(PILE_Y + COMMON_H / 2))
    pile.add(dwg.circle(centre, 13, class_="dz-badge"))
    count = dwg.text(str(pile_count), insert=(centre[0], centre[1] + 5), class_="dz-count")
    if pile_count >= 100:
        count["font-size"] = 10
    pile.add(count)
    parent.add(pile)
    text_x = PANEL_X + COMMON_W + 10
    parent.add(dwg.text(f"{t('Pile')}: {pile_count}", insert=(text_x, PILE_Y + 24), class_="dz-sm"))
    parent.add(dwg.text(f"{t('Discard')}: {discard_count}", insert=(text_x, PILE_Y + 42),
                        class_="dz-sm"))


def _draw_die(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float,
              value: int | None) -> None:
    """The die (``data-id="die"``): pips for 1–6, the number for other values, "?" if not rolled."""
    die = dwg.g(class_="dz-target dz-die", transform=translate(x, y), **{"data-id": "die"})
    die.add(dwg.rect((0, 0), (DIE_SIZE, DIE_SIZE), rx=6, class_="dz-die-face"))
    if value in _PIPS:
        r = _PIP_R
        d = "".join(f"M{cx - r:g} {cy}a{r} {r} 0 1 0 {2 * r:g} 0a{r} {r} 0 1 0 -{2 * r:g} 0"
                    for cx, cy in _PIPS[value])
        die.add(dwg.path(d=d, class_="dz-pips"))
    else:
        die.add(dwg.text("?" if value is None else str(value), insert=(DIE_SIZE / 2, 21),
                         class_="dz-lb", text_anchor="middle"))
    parent.add(die)


def _draw_plain_chess_note(dwg: svgwrite.Drawing) -> None:
    """A banner across the greyed common cards: the game has become plain chess."""
    dwg.add(dwg.rect((PANEL_X - 2, COMMON_Y + 12), (PANEL_W + 4, 36), rx=6, fill="#fff",
                     fill_opacity=0.92, stroke="#8a1c1c", stroke_width=1.5))
    centre = num(PANEL_X + PANEL_W / 2)
    dwg.add(dwg.text(f"{t('Plain chess')}:", insert=(centre, COMMON_Y + 27), class_="dz-note"))
    dwg.add(dwg.text(t("cards no longer matter"), insert=(centre, COMMON_Y + 42), class_="dz-note"))
