"""PokerDrez for 4's picture: the cross board, the four hands in its corners, the cards beside it.

``draw(observation)`` is looked up from the metadata (``SPEC.picture``) and sees
nothing but the observation, so a picture can only show what its seat may know.

Layout (at most 790 x 560 px, so that the widget draws it at its own size in a
1366 x 768 laptop window and a 1024 x 768 tablet, issue 22)::

     14 .------.                .------.  |  status line
        | Green|  Red's arm     | Red  |  |  last move
        '------'                '------'  |  your cards (large, with their names)
     ...  Green's arm  centre  Blue's arm |  common cards + the pile
        .------.                .------.  |  pile and discard counts
        |Yellow|  Yellow's arm  | Blue |  |  the four reserves
      1 '------'                '------'  |
          a  b  c  ...              m  n

* **The board** (38 px squares) through the shared grid drawing
  :mod:`drezlab.render.grid` (holes for the corners, pieces in their seat's colour,
  last move, marks, the checked king of the seat to move), with a band in each
  player's colour along the outer edge of its arm and the coordinates in a strip left
  of and under it.
* **The four seats** sit in the board's empty 3 x 3 corners, each in the corner on its
  own left (Yellow south-west, Green north-west, Red north-east, Blue south-east):
  name, partner, "in check", and its cards (backs, or faces where the viewer may see
  them, small); the seat to move has an orange frame and a marker. The viewer's own
  cards are drawn large in the panel beside the board (its box says how many).
* **The panel** right of the board: the status line, the last move, the viewer's
  cards, the common cards with the pile (a back with its count), the pile and discard
  counts (or the plain-chess note), and each colour's reserve (its pieces with their
  counts).

Colours are never the only clue to a piece's owner: a small mark in the corner of
each occupied square has the owner's shape (Yellow circle, Green diamond, Red
square, Blue hexagon), the same shape stands before the seat's name, and the seats'
boxes say who partners whom.

Clickable ids (``data-id``): the 160 squares and the pieces on them, each face-up
card, ``pile``, ``hand-<seat>`` on every other seat's box (a neutral card's exchange
(c)), and ``reserve-<seat>-<kind letter>`` on each reserve piece (a re-entry).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import chess
import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.core.words import piece_name
from drezlab.core.zones import UNKNOWN_ID
from drezlab.games.pokerdrez4.cross import (
    COLOUR_NAMES,
    CORNER,
    GRID,
    KIND_LETTERS,
    KING,
    SIZE,
    square_name,
)
from drezlab.games.pokerdrez4.position import parse_placement
from drezlab.kits.gridchess import board_description
from drezlab.render.base import make, new_drawing, num, titled, to_svg
from drezlab.render.cards import CARD_HEIGHT, CARD_WIDTH, draw_card
from drezlab.render.grid import CROSS_COLOURS, draw_grid_board, piece_href
from drezlab.render.pieces import GLYPH_SIZE
from drezlab.render.textwidth import wrap_to_width

#: the accessible name of a piece in a reserve (click it, then an empty square, to put it back)
RESERVE_TITLE = "{who} reserve: {piece} ({count})"

add_translations({"Your cards": "Tus cartas", "Last move": "Última jugada",
                  RESERVE_TITLE: "reserva de {who}: {piece} ({count})"})

SQUARE = 38
BOARD = board_description(GRID)
#: the rank numbers' strip left of the board, the file letters' strip under it
RANK_STRIP, FILE_STRIP = 20, 16
BOARD_X, BOARD_Y = RANK_STRIP, 2
BOARD_SIDE = SIZE * SQUARE
COORD_FONT = 12
HOLE = CORNER * SQUARE

PANEL_X = BOARD_X + BOARD_SIDE + 14
WIDTH = 790
PANEL_W = WIDTH - PANEL_X
#: the viewer's cards and the common cards: wide enough to carry their names
CARD_W = CARD_WIDTH
CARD_H = CARD_HEIGHT
CARD_GAP = 8
LINE = 17
RESERVE_SQUARE = 30
RESERVE_STEP = RESERVE_SQUARE + 3
RESERVE_LABEL_W = 68

#: a seat's box in its corner: inset in the hole, its small cards
BOX_INSET = 2
BOX = HOLE - 2 * BOX_INSET
SEAT_CARD_W = 40
SEAT_CARD_H = SEAT_CARD_W * CARD_HEIGHT / CARD_WIDTH
BOX_FILL, BOX_EDGE, TURN, TAG = "#eef0f3", "#b9bec6", "#e8a317", "#8a1c1c"

#: the corner (file, rank of its lower-left cell) on each seat's left: Yellow south-west,
#: Green north-west, Red north-east, Blue south-east
SEAT_CORNERS = {0: (0, 0), 1: (0, SIZE - CORNER), 2: (SIZE - CORNER, SIZE - CORNER), 3: (SIZE - CORNER, 0)}


def draw(observation: Observation, **options: Any) -> str:
    """The board, the seats and the cards as ``observation.seat`` sees them (``marks``:
    square names to tint)."""
    public = observation.public
    zones = observation.zones
    viewer = observation.seat
    panel = _Panel(observation)
    height = max(BOARD_Y + BOARD_SIDE + FILE_STRIP + 4, panel.height)
    dwg = new_drawing(WIDTH, height)
    _draw_board(dwg, dict(public, to_move=observation.to_move), set(options.get("marks", ())))
    for seat in range(4):
        _draw_seat(dwg, seat, zones[f"hand-{seat}"].ids, viewer=viewer, to_move=observation.to_move,
                   in_check=seat in public["in_check"])
    panel.draw(dwg)
    return to_svg(dwg)


def hole_origin(seat: int) -> tuple[float, float]:
    """The top-left corner (px) of the board's empty corner where ``seat``'s box sits."""
    file, rank = SEAT_CORNERS[seat]
    return BOARD_X + file * SQUARE, BOARD_Y + (SIZE - rank - CORNER) * SQUARE


def arm_band(seat: int) -> tuple[float, float, float, float]:
    """Where the band of an arm's outer edge lies, relative to the board's cell area:
    (x, y, width, height) in squares. Public because the print-and-play cross board
    (:mod:`drezlab.printing.boards`) draws the same bands."""
    return {0: (3, SIZE - 0.15, 8, 0.15), 1: (0, 3, 0.15, 8), 2: (3, 0, 8, 0.15), 3: (SIZE - 0.15, 3, 0.15, 8)}[seat]


def _draw_board(dwg: svgwrite.Drawing, public: dict[str, Any], marks: Iterable[str]) -> None:
    """The board through the shared grid drawing, then the arm bands, the owners' marks
    and the coordinates."""
    pieces, _ = parse_placement(public["position"])
    to_move_king = next((square for square, piece in pieces.items()
                         if piece.kind == KING and piece.seat in public["in_check"]
                         and piece.seat == public.get("to_move")), None)
    placed = [[square_name(square), piece.seat, KIND_LETTERS[piece.kind].upper()] for square, piece in pieces.items()]
    draw_grid_board(dwg, BOARD, placed, x=BOARD_X, y=BOARD_Y, square=SQUARE, tag_styles={},
                    last_move=public["last_squares"], marks=marks, seat_colours=CROSS_COLOURS,
                    check=None if to_move_king is None else square_name(to_move_king), coordinates=False)
    marks_group = dwg.g(pointer_events="none")
    for seat in range(4):
        bx, by, bw, bh = arm_band(seat)
        marks_group.add(dwg.rect((num(BOARD_X + bx * SQUARE), num(BOARD_Y + by * SQUARE)),
                                 (num(bw * SQUARE), num(bh * SQUARE)), fill=CROSS_COLOURS[seat]))
    for square, piece in pieces.items():
        file, rank = GRID.coords[square]
        x = BOARD_X + file * SQUARE + 0.15 * SQUARE
        y = BOARD_Y + (SIZE - 1 - rank) * SQUARE + 0.15 * SQUARE
        marks_group.add(_owner_mark(dwg, piece.seat, x, y, 0.11 * SQUARE))
    dwg.add(marks_group)
    coords = dwg.g(class_="dz-co", font_size=COORD_FONT, pointer_events="none")
    files = "abcdefghijklmnopqrstuvwxyz"[:SIZE]
    coords.add(dwg.text(files, x=[num(BOARD_X + (i + 0.5) * SQUARE) for i in range(SIZE)],
                        y=[num(BOARD_Y + BOARD_SIDE + COORD_FONT + 1)]))
    for rank in range(SIZE):
        coords.add(dwg.text(str(rank + 1), insert=(num(RANK_STRIP / 2 - 1),
                                                   num(BOARD_Y + (SIZE - 0.5 - rank) * SQUARE + COORD_FONT * 0.36))))
    dwg.add(coords)


def _owner_mark(dwg: svgwrite.Drawing, seat: int, cx: float, cy: float, r: float) -> Any:
    """The owner's shape: circle (Yellow), diamond (Green), square (Red), hexagon (Blue)."""
    style = {"fill": CROSS_COLOURS[seat], "stroke": "#222", "stroke_width": 0.8}
    if seat == 0:
        return dwg.circle((num(cx), num(cy)), num(r), **style)
    if seat == 1:
        points = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif seat == 2:
        side = r * 0.9
        points = [(cx - side, cy - side), (cx + side, cy - side), (cx + side, cy + side), (cx - side, cy + side)]
    else:
        points = [(cx + r * dx, cy + r * dy) for dx, dy in
                  ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87))]
    return dwg.polygon([(num(px), num(py)) for px, py in points], **style)


def _draw_seat(dwg: svgwrite.Drawing, seat: int, cards: Sequence[str], *, viewer: int | None,
               to_move: int | None, in_check: bool) -> None:
    """A seat's box in its corner of the board: the owner's shape and name, its partner,
    its cards (small: the viewer's own are drawn large in the panel) and "in check"."""
    hx, hy = hole_origin(seat)
    x0, y0 = hx + BOX_INSET, hy + BOX_INSET
    to_act = seat == to_move
    box = dwg.g(class_="dz-seat", **{"data-seat": str(seat)})
    box.add(dwg.rect((num(x0), num(y0)), (BOX, BOX), rx=8, fill=BOX_FILL,
                     stroke=TURN if to_act else BOX_EDGE, stroke_width=3 if to_act else 1.5))
    x = x0 + 7
    if to_act:
        box.add(dwg.path(d=f"M{num(x)} {num(y0 + 6)}l9 6-9 6z", class_="dz-turn"))
        x += 12
    box.add(_owner_mark(dwg, seat, x + 5, y0 + 12, 5.5))
    box.add(dwg.text(t(COLOUR_NAMES[seat]), insert=(num(x + 14), num(y0 + 17)), class_="dz-lb"))
    box.add(dwg.text(f"{t('Partner')}: {t(COLOUR_NAMES[(seat + 2) % 4])}", insert=(num(x0 + 7), num(y0 + 32)),
                     class_="dz-sm"))
    if seat == viewer:
        count = len(cards)
        box.add(dwg.text(f"({t('you')})", insert=(num(x0 + 7), num(y0 + 50)), class_="dz-lb"))
        box.add(dwg.text(f"{count} {t('cards') if count != 1 else t('card')}", insert=(num(x0 + 7), num(y0 + 68)),
                         class_="dz-sm"))
    elif cards:
        room = BOX - 14
        step = min(SEAT_CARD_W + 4, (room - SEAT_CARD_W) / max(1, len(cards) - 1))
        group = dwg.g(class_="dz-cards")
        for index, card in enumerate(cards):
            draw_card(dwg, card, x=x0 + 7 + index * step, y=y0 + 37, w=SEAT_CARD_W, parent=group)
        box.add(group)
    if in_check:
        box.add(dwg.text(t("in check"), insert=(num(x0 + BOX - 7), num(y0 + BOX - 4)), fill=TAG, font_size=13,
                         font_weight="bold", text_anchor="end"))
    dwg.add(box)
    if seat != viewer:
        # the target of X1>hand-N: a frame over the whole box (cards included)
        dwg.add(titled(dwg.rect((num(x0), num(y0)), (BOX, BOX), rx=8, fill="#fff", fill_opacity=0,
                                **{"data-id": f"hand-{seat}"}),
                       t("the hand of {who}: {count} cards").format(who=t(COLOUR_NAMES[seat]), count=len(cards))))


class _Panel:
    """The column right of the board, laid out once (its height decides the picture's)."""

    def __init__(self, observation: Observation) -> None:
        public = observation.public
        zones = observation.zones
        self.viewer = observation.seat
        self.status = wrap_to_width(observation.status, PANEL_W, 14, bold=True)
        last = public["last_move"] or ""
        self.last = f"{t('Last move')}: {last}" if last else ""
        self.hand: tuple[str, ...] = zones[f"hand-{self.viewer}"].ids if self.viewer is not None else ()
        self.common = zones["common"].ids
        self.pile = zones["pile"].count
        self.discard = zones["discard"].count
        self.plain = public["plain_chess"]
        self.reserves = public["reserves"]
        y = LINE * len(self.status)
        if self.last:
            y += LINE
        self.hand_y = y + 22 if self.viewer is not None else None
        if self.hand_y is not None:
            y = self.hand_y + CARD_H + 6
        self.common_y = y + 22
        rows = max(2, -(-(len(self.common) + 1) // 3))
        y = self.common_y + rows * (CARD_H + 6) - 6
        self.counts = (wrap_to_width(t("Plain chess: the cards no longer matter"), PANEL_W, 13, bold=True)
                       if self.plain else [f"{t('Pile')}: {self.pile} \u00b7 {t('Discard')}: {self.discard}"])
        self.counts_y = y + 16
        y = self.counts_y + LINE * (len(self.counts) - 1)
        self.reserve_y = y + 28
        self.height = self.reserve_y + 6 + 4 * RESERVE_STEP + 2

    def draw(self, dwg: svgwrite.Drawing) -> None:
        for index, line in enumerate(self.status):
            dwg.add(dwg.text(line, insert=(PANEL_X, 14 + index * LINE), class_="dz-st"))
        if self.last:
            dwg.add(dwg.text(self.last, insert=(PANEL_X, num(13 + LINE * len(self.status))), class_="dz-ex"))
        cards = dwg.g(class_="dz-cards")
        if self.hand_y is not None:
            dwg.add(dwg.text(t("Your cards"), insert=(PANEL_X, num(self.hand_y - 6)), class_="dz-lb"))
            step = min(CARD_W + CARD_GAP, (PANEL_W - CARD_W) / max(1, len(self.hand) - 1))
            for index, card in enumerate(self.hand):
                draw_card(dwg, card, x=PANEL_X + index * step, y=self.hand_y, w=CARD_W, parent=cards)
            if not self.hand:
                dwg.add(dwg.text(t("no cards"), insert=(PANEL_X, num(self.hand_y + 20)), class_="dz-sm"))
        dwg.add(dwg.text(t("Common cards"), insert=(PANEL_X, num(self.common_y - 6)), class_="dz-lb"))
        slots = max(5, len(self.common))
        for index in range(slots):
            x, y = self._slot(index)
            if index < len(self.common):
                draw_card(dwg, self.common[index], x=x, y=y, w=CARD_W, parent=cards)
            else:
                cards.add(dwg.rect((num(x + 1), num(y + 1)), (CARD_W - 2, num(CARD_H - 2)), rx=4, class_="dz-empty"))
        dwg.add(cards)
        self._draw_pile(dwg, *self._slot(slots))
        for index, line in enumerate(self.counts):
            dwg.add(dwg.text(line, insert=(PANEL_X, num(self.counts_y + index * LINE)),
                             class_="dz-lb" if self.plain else "dz-sm"))
        self._draw_reserves(dwg)

    def _slot(self, index: int) -> tuple[float, float]:
        row, col = divmod(index, 3)
        return PANEL_X + col * (CARD_W + CARD_GAP), self.common_y + row * (CARD_H + 6)

    def _draw_pile(self, dwg: svgwrite.Drawing, x: float, y: float) -> None:
        """The pile: a back clickable as ``pile`` with its count on a badge (a dashed place when empty)."""
        pile = titled(dwg.g(class_="dz-target dz-pile", **{"data-id": "pile"}),
                      t("the pile: {count} cards").format(count=self.pile))
        if self.pile:
            draw_card(dwg, UNKNOWN_ID, x=x, y=y, w=CARD_W, parent=pile, data_id="pile")
        else:
            pile.add(dwg.rect((num(x + 1), num(y + 1)), (CARD_W - 2, num(CARD_H - 2)), rx=4, class_="dz-empty"))
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        pile.add(dwg.circle((num(cx), num(cy)), 16 if self.pile >= 100 else 13, class_="dz-badge"))
        pile.add(dwg.text(str(self.pile), insert=(num(cx), num(cy + 5)), class_="dz-count"))
        dwg.add(pile)

    def _draw_reserves(self, dwg: svgwrite.Drawing) -> None:
        """One row per colour: its shape and name, then each kind of piece in its reserve
        (clickable as ``reserve-<seat>-<letter>``) with a count badge above 1."""
        dwg.add(dwg.text(t("Reserve"), insert=(PANEL_X, num(self.reserve_y - 6)), class_="dz-lb"))
        group = dwg.g(class_="dz-reserves")
        scale = RESERVE_SQUARE / GLYPH_SIZE
        for seat in range(4):
            top = self.reserve_y + seat * RESERVE_STEP
            group.add(_owner_mark(dwg, seat, PANEL_X + 5, top + RESERVE_SQUARE / 2, 5))
            name = t(COLOUR_NAMES[seat])
            group.add(dwg.text(name, insert=(PANEL_X + 13, num(top + RESERVE_SQUARE / 2 + 4.5)), class_="dz-sm"))
            counts: dict[str, int] = {}
            for code in self.reserves[seat]:
                counts[code[1].upper()] = counts.get(code[1].upper(), 0) + 1
            x = PANEL_X + RESERVE_LABEL_W
            if not counts:
                group.add(dwg.text("\u2014", insert=(num(x + 4), num(top + RESERVE_SQUARE / 2 + 4.5)), class_="dz-sm"))
            for letter in "PNBRQ":
                if letter not in counts:
                    continue
                data_id = f"reserve-{seat}-{letter.lower()}"
                group.add(titled(make(dwg, "rect", {"x": str(num(x)), "y": str(num(top)),
                                                    "width": str(RESERVE_SQUARE), "height": str(RESERVE_SQUARE),
                                                    "class": "dz-target dz-l", "data-id": data_id}),
                                 t(RESERVE_TITLE).format(who=name, piece=piece_name(chess.Piece.from_symbol(letter)
                                                                                   .piece_type),
                                                         count=counts[letter])))
                piece = dwg.g(transform=f"translate({num(x)} {num(top)}) scale({scale:.4g})")
                piece.add(make(dwg, "use", {"data-id": data_id}, piece_href(dwg, seat, letter, CROSS_COLOURS)))
                group.add(piece)
                if counts[letter] > 1:
                    _badge(dwg, group, x + RESERVE_SQUARE - 6, top + 6, counts[letter])
                x += RESERVE_SQUARE + 2
        dwg.add(group)


def _badge(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, count: int) -> None:
    parent.add(dwg.circle((num(x), num(y)), 8, class_="dz-badge", pointer_events="none"))
    parent.add(dwg.text(str(count), insert=(num(x), num(y + 4.5)), class_="dz-count", font_size=12,
                        pointer_events="none"))
