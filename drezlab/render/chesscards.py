"""The table of the chess-with-cards games (PokerDrez and its relatives) as one SVG, for N seats.

Layout for two seats (730 x 490 px, taller only when there are many extra lines)::

    +--------------------------+  > Black                    [die]
    | 8                        |  [hand-1: up to 3 cards ]
    |                          |  Common cards
    |        board             |  [c1 ][c2 ][c3 ][c4 ][c5 ]
    |        44 px squares     |  [pile 37]  Pile: 37 / Discard: 4   ([die])
    |                          |  > White                    [die]
    | 1  a  b  c  ...      h   |  [hand-0: up to 3 cards ]
    +--------------------------+
    status line (bold), then the extra lines

Hand and common cards are drawn 60 px wide (:data:`~drezlab.render.cards.LABEL_WIDTH`),
so they carry their names; the pile is a smaller card back. At 730 x 490 the table
is drawn at its own size beside the widget's move log in a 1024 x 768 window (issue 22).

With N seats the seats are listed down the card panel from the top, the common
cards and the pile between the first ``N // 2`` of them and the rest, the bottom
seat last (seat 0, or seat 1 when ``flipped``; ``bottom_seat`` chooses another), and
the picture grows by one row per seat beyond two. Each seat's label carries a stone
in its colour (white and black for two seats, ``seat_colors`` otherwise).

The die is drawn beside the hand of the seat holding it, or beside the pile when
no one holds it; it shows pips for 1-6 and "?" when not rolled. An orange arrow
marks the seat ``to_move``.

Clickable ids (``data-id``): the 64 squares and the pieces on them, each face-up
card (its card id), ``hand-<seat>`` (the whole hand area, for "take a card from
that seat"), ``pile`` and ``die``. Hidden cards arrive as ``Card.unknown()``
placeholders and are drawn as card backs, so no hidden card id can appear in the
markup. With ``plain_chess`` every card is greyed and a note says the cards no
longer matter.

:func:`draw_card_chess_view` draws an :class:`~drezlab.core.observation.Observation`
of a game on the card-chess layer (:mod:`drezlab.kits.cardchess`): zones
``hand-<seat>``, ``common``, ``pile`` and ``discard``, and in its public part ``fen``,
``last_move``, ``die_holder``, ``die_value``, ``plain_chess`` and ``seat_names``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import chess
import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import Card
from drezlab.core.i18n import t
from drezlab.core.observation import Observation
from drezlab.render.base import new_drawing, num, titled, to_svg, translate
from drezlab.render.board import draw_board
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, LABEL_WIDTH, draw_card, grey
from drezlab.render.dice import PIPS, pips_path

WIDTH = 730
HEIGHT = 490

BOARD_X, BOARD_Y, SQUARE = 22, 10, 44

PANEL_X = 394
"""Left edge of the card panel right of the board; the panel is PANEL_W wide."""
PANEL_W = 324

HAND_W = LABEL_WIDTH
HAND_H = round(HAND_W * CARD_HEIGHT / CARD_WIDTH)
HAND_GAP = 6
HAND_SLOTS = 3

COMMON_W = LABEL_WIDTH
COMMON_H = round(COMMON_W * CARD_HEIGHT / CARD_WIDTH)
COMMON_SLOTS = 5

PILE_W = 42
PILE_H = round(PILE_W * CARD_HEIGHT / CARD_WIDTH)

DIE_SIZE = 30
DIE_X = PANEL_X + PANEL_W - DIE_SIZE

TOP_LABEL_Y = 20
COMMON_LABEL_Y, COMMON_Y = 136, 144
PILE_Y = 238
BOTTOM_LABEL_Y = 320
HAND_BELOW_LABEL = 8
SEAT_ROW = 114
"""From one seat's label to the next one's, when a block holds several seats."""
STATUS_Y, LINE_STEP = 442, 18

TWO_SEAT_COLORS = ("#fff", "#222")
SEAT_COLORS = ("#f2c12e", "#2e9a3e", "#d62728", "#1f5fbf", "#7b3fa8", "#ef7d16")
"""Stones for more than two seats, unless the game gives its own colours."""



def seat_rows(seats: int, bottom_seat: int) -> tuple[list[int], list[int]]:
    """The seats above the common cards and those below them, each from the top down:
    turn order runs upwards from ``bottom_seat``, which is drawn last."""
    order = [(bottom_seat + step) % seats for step in range(seats - 1, -1, -1)]
    return order[:seats // 2], order[seats // 2:]


def draw_card_chess(board: chess.Board, *, hands: Sequence[Sequence[Card]], common: Sequence[Card],
                    pile_count: int, discard_count: int, die_holder: int | None,
                    die_value: int | None, to_move: int | None,
                    last_move: chess.Move | None = None, flipped: bool = False,
                    marks: Iterable[str] = (), status: str = "",
                    seat_names: Sequence[str] = ("White", "Black"), plain_chess: bool = False,
                    extra_lines: Sequence[str] = (), seat_colors: Sequence[str] | None = None,
                    bottom_seat: int | None = None) -> str:
    """The whole table as SVG text: board, every seat's hand, common cards, pile, die, turn, status.

    ``hands[seat]`` lists what the viewer may know of that seat's hand: real
    cards are drawn face up, ``Card.unknown()`` placeholders face down; there is
    one hand and one name per seat, as many seats as the game has.
    ``die_holder`` / ``to_move`` are seat numbers or None. ``flipped`` turns the
    board (Black at the bottom) and, unless ``bottom_seat`` is given, puts seat 1
    at the bottom of the panel. ``seat_names``, "Common cards", "Pile", "Discard"
    and the plain-chess note go through :func:`drezlab.core.i18n.t`; ``status``
    and ``extra_lines`` are shown as given (the game composes them in the current
    language). If the side to move is in check its king's square glows red.
    """
    seats = len(hands)
    if seats < 1 or len(seat_names) != seats:
        raise ValueError(f"a chess-with-cards table needs one hand and one name per seat: "
                         f"{seats} hands and {len(seat_names)} names were given")
    colors = tuple(seat_colors) if seat_colors is not None else (
        TWO_SEAT_COLORS if seats == 2 else tuple(SEAT_COLORS[seat % len(SEAT_COLORS)] for seat in range(seats)))
    if len(colors) != seats:
        raise ValueError(f"give one colour per seat ({seats}), not {len(colors)}")
    if bottom_seat is None:
        bottom_seat = 1 if flipped and seats > 1 else 0
    top, bottom = seat_rows(seats, bottom_seat)
    shift = (len(top) - 1) * SEAT_ROW
    status_y = max(STATUS_Y, STATUS_Y + shift + (len(bottom) - 1) * SEAT_ROW)
    height = max(HEIGHT, status_y + LINE_STEP * len(extra_lines) + 12)
    dwg = new_drawing(WIDTH, height)

    king = board.king(board.turn) if board.is_check() else None
    draw_board(dwg, board, x=BOARD_X, y=BOARD_Y, square=SQUARE, flipped=flipped,
               last_move=last_move, check=king, marks=marks)

    cards = dwg.g(class_="dz-cards")
    rows = [(seat, TOP_LABEL_Y + index * SEAT_ROW) for index, seat in enumerate(top)]
    rows += [(seat, BOTTOM_LABEL_Y + shift + index * SEAT_ROW) for index, seat in enumerate(bottom)]
    for seat, label_y in rows:
        hand_y = label_y + HAND_BELOW_LABEL
        _draw_seat_label(dwg, colors[seat], t(seat_names[seat]), label_y, seat == to_move)
        _draw_hand(dwg, cards, seat, hands[seat], hand_y, t(seat_names[seat]))
        if die_holder == seat:
            _draw_die(dwg, cards, DIE_X, hand_y + (HAND_H - DIE_SIZE) / 2, die_value)

    dwg.add(dwg.text(t("Common cards"), insert=(PANEL_X, COMMON_LABEL_Y + shift), class_="dz-lb"))
    _draw_row(dwg, cards, common, x=PANEL_X, y=COMMON_Y + shift, w=COMMON_W, width=PANEL_W,
              slots=COMMON_SLOTS)
    _draw_pile(dwg, cards, pile_count, discard_count, PILE_Y + shift)
    if die_holder is None:
        _draw_die(dwg, cards, DIE_X, PILE_Y + shift + (PILE_H - DIE_SIZE) / 2, die_value)
    dwg.add(cards)
    if plain_chess:
        grey(dwg, cards)
        _draw_plain_chess_note(dwg, COMMON_Y + shift)

    dwg.add(dwg.text(status, insert=(BOARD_X, status_y), class_="dz-st"))
    for index, line in enumerate(extra_lines, start=1):
        dwg.add(dwg.text(line, insert=(BOARD_X, status_y + index * LINE_STEP), class_="dz-ex"))
    return to_svg(dwg)


def draw_card_chess_view(observation: Observation, *, flipped: bool | None = None,
                         extra_lines: Sequence[str] = (), seat_colors: Sequence[str] | None = None,
                         marks: Iterable[str] = ()) -> str:
    """The table as ``observation.seat`` sees it (see the module docstring for the keys
    read). ``flipped`` defaults to "the viewer is seat 1" (Black at the bottom)."""
    public = observation.public
    board = chess.Board(public["fen"])
    last = public.get("last_move")
    hands = [[Card.parse(card_id) for card_id in observation.ids(f"hand-{seat}")]
             for seat in range(observation.players)]
    discard = observation.zone("discard")
    return draw_card_chess(
        board, hands=hands, common=[Card.parse(card_id) for card_id in observation.ids("common")],
        pile_count=observation.zone("pile").count, discard_count=discard.count,
        die_holder=public.get("die_holder"), die_value=public.get("die_value"), to_move=observation.to_move,
        last_move=chess.Move.from_uci(last) if last else None,
        flipped=observation.seat == 1 if flipped is None else flipped, marks=marks,
        status=observation.status, seat_names=tuple(public["seat_names"]),
        plain_chess=bool(public.get("plain_chess")), extra_lines=extra_lines, seat_colors=seat_colors)


def _draw_seat_label(dwg: svgwrite.Drawing, color: str, name: str, y: float, to_move: bool) -> None:
    """The seat's colour (a stone), its name, and the turn arrow when it is to move."""
    if to_move:
        dwg.add(dwg.path(d=f"M{PANEL_X} {y - 11}l9 6-9 6z", class_="dz-turn"))
    dwg.add(dwg.circle((PANEL_X + 19, y - 5), 6, fill=color, stroke="#222", stroke_width=1.5))
    dwg.add(dwg.text(name, insert=(PANEL_X + 31, y), class_="dz-lb"))


def _draw_hand(dwg: svgwrite.Drawing, parent: BaseElement, seat: int, hand: Sequence[Card],
               y: float, who: str) -> None:
    """The hand area ``hand-<seat>``: a pale rounded background (so the whole area takes clicks)
    with the cards on it, face up with their ids or face down with none."""
    area = titled(dwg.g(class_="dz-target dz-hand", **{"data-id": f"hand-{seat}"}),
                  t("the hand of {who}: {count} cards").format(who=who, count=len(hand)))
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
               discard_count: int, pile_y: float) -> None:
    """The draw pile (a card back with its count, clickable as ``pile``; a dashed empty
    place when the pile is used up) and the pile and discard counts beside it."""
    pile = titled(dwg.g(class_="dz-target dz-pile", **{"data-id": "pile"}),
                  t("the pile: {count} cards").format(count=pile_count))
    if pile_count > 0:
        draw_card(dwg, Card.unknown(), x=PANEL_X, y=pile_y, w=PILE_W, parent=pile)
    else:
        pile.add(dwg.rect((PANEL_X + 1, pile_y + 1), (PILE_W - 2, PILE_H - 2), rx=4,
                          class_="dz-empty"))
    centre = (num(PANEL_X + PILE_W / 2), num(pile_y + PILE_H / 2))
    # three digits (two packs: 112 cards) get a wider badge, never a smaller figure
    pile.add(dwg.circle(centre, 16 if pile_count >= 100 else 13, class_="dz-badge"))
    count = dwg.text(str(pile_count), insert=(centre[0], centre[1] + 5), class_="dz-count")
    if pile_count >= 100:
        count["font-size"] = 12
    pile.add(count)
    parent.add(pile)
    text_x = PANEL_X + PILE_W + 12
    parent.add(dwg.text(f"{t('Pile')}: {pile_count}", insert=(text_x, pile_y + 24), class_="dz-sm"))
    parent.add(dwg.text(f"{t('Discard')}: {discard_count}", insert=(text_x, pile_y + 42),
                        class_="dz-sm"))


def _draw_die(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float,
              value: int | None) -> None:
    """The die (``data-id="die"``): pips for 1–6, the number for other values, "?" if not rolled."""
    die = titled(dwg.g(class_="dz-target dz-die", transform=translate(x, y), **{"data-id": "die"}),
                 t("the die, not rolled yet") if value is None else t("the die: {value}").format(value=value))
    die.add(dwg.rect((0, 0), (DIE_SIZE, DIE_SIZE), rx=6, class_="dz-die-face"))
    if value in PIPS:
        die.add(dwg.path(d=pips_path(value, DIE_SIZE), class_="dz-pips"))
    else:
        die.add(dwg.text("?" if value is None else str(value), insert=(DIE_SIZE / 2, 21),
                         class_="dz-lb", text_anchor="middle"))
    parent.add(die)


def _draw_plain_chess_note(dwg: svgwrite.Drawing, common_y: float) -> None:
    """A banner across the greyed common cards: the game has become plain chess."""
    dwg.add(dwg.rect((PANEL_X - 2, common_y + 20), (PANEL_W + 4, 42), rx=6, fill="#fff",
                     fill_opacity=0.92, stroke="#8a1c1c", stroke_width=1.5))
    centre = num(PANEL_X + PANEL_W / 2)
    # dz-note is 11 px; a style beats the class: 13 px, readable at the table's own size
    dwg.add(dwg.text(f"{t('Plain chess')}:", insert=(centre, common_y + 37), class_="dz-note",
                     style="font-size:13px"))
    dwg.add(dwg.text(t("cards no longer matter"), insert=(centre, common_y + 54), class_="dz-note",
                     style="font-size:13px"))
