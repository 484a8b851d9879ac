"""A square chess board: 64 clickable squares, python-chess's pieces, coordinates, highlights.

Every square is a ``<rect class="dz-target ..." data-id="e4">`` and the piece
standing on it is a ``<use data-id="e4">``, so a click anywhere on a square,
piece or not, reports the square's name to the widget.

Why it is drawn this way:

- Each piece used appears once in ``<defs>`` (python-chess's drawing) and is
  placed with ``<use>``; the piece layer is one group scaled from python-chess's
  45 px squares to the requested size, so each ``<use>`` needs only x and y.
- Square colours and highlights are classes of the one drezlab stylesheet
  (``dz-l``/``dz-d`` light/dark, ``dz-lm`` last move, ``dz-mk`` marks), not
  per-square style strings.
- Coordinates are two ``<text>`` elements with one position per letter (a–h
  below the board, 1–8 to its left), in a strip of ``COORD_MARGIN * square``.
- ``check`` draws a red radial glow under the king, as python-chess does; it
  ignores the pointer so the square below still takes the click.
"""

from __future__ import annotations

from typing import Iterable

import chess
import svgwrite
from svgwrite.base import BaseElement
from svgwrite.container import Group

from drezlab.render.base import ensure_def, ensure_style, make, new_drawing, num, to_svg, translate
from drezlab.render.pieces import GLYPH_SIZE, glyph_href

COORD_MARGIN = 0.4
"""Width of the coordinate strip left of and below the board, as a fraction of a square."""

CHECK_GRADIENT_ID = "dz-chk"

_GLYPH_OFFSETS = [str(i * GLYPH_SIZE) for i in range(8)]
"""Piece positions in the piece layer's 45-unit grid, as text: svgwrite writes
strings without the number checks it makes on ints and floats."""


def draw_board(dwg: svgwrite.Drawing, board: chess.Board, *, parent: BaseElement | None = None,
               x: float = 0, y: float = 0, square: float = 45, flipped: bool = False,
               last_move: chess.Move | None = None, check: chess.Square | str | None = None,
               marks: Iterable[str] = (), coordinates: bool = True) -> Group:
    """Draw ``board`` into ``parent`` (default: the drawing itself) and return its group.

    ``(x, y)`` is the top-left corner of the top-left square; coordinates, when
    shown, sit in a strip ``COORD_MARGIN * square`` wide to the left and below.
    ``flipped`` puts Black at the bottom. ``last_move`` tints its two squares,
    ``check`` (a square number or name, normally the checked king's square)
    gets a red glow, ``marks`` (square names) are tinted blue, e.g. where a pawn
    was removed. ``dwg`` supplies the element factory and receives the defs.
    """
    ensure_style(dwg)
    tinted_last = set() if last_move is None else {last_move.from_square, last_move.to_square}
    marked = {chess.parse_square(name) for name in marks}
    check_square = chess.parse_square(check) if isinstance(check, str) else check

    group = dwg.g(class_="dz-chessboard")
    (dwg if parent is None else parent).add(group)
    size = str(num(square))
    lefts = [str(num(x + col * square)) for col in range(8)]
    tops = [str(num(y + row * square)) for row in range(8)]
    check_xy: tuple[str, str] | None = None
    for row in range(8):
        top = tops[row]
        for col in range(8):
            sq = _square_at(row, col, flipped)
            classes = "dz-target dz-l" if (chess.square_file(sq) + chess.square_rank(sq)) % 2 else \
                "dz-target dz-d"
            if sq in marked:
                classes += " dz-mk"
            if sq in tinted_last:
                classes += " dz-lm"
            left = lefts[col]
            group.add(make(dwg, "rect", {"x": left, "y": top, "width": size, "height": size,
                                         "class": classes, "data-id": chess.SQUARE_NAMES[sq]}))
            if sq == check_square:
                check_xy = (left, top)

    if check_xy is not None:
        gradient = ensure_def(dwg, CHECK_GRADIENT_ID, _check_gradient)
        group.add(dwg.rect(check_xy, (size, size), fill=f"url({gradient})", pointer_events="none",
                           class_="dz-check"))

    pieces = dwg.g(transform=translate(x, y, square / GLYPH_SIZE))
    group.add(pieces)
    hrefs: dict[str, str] = {}
    for sq, piece in sorted(board.piece_map().items()):
        symbol = piece.symbol()
        href = hrefs.get(symbol) or hrefs.setdefault(symbol, glyph_href(dwg, symbol))
        row, col = _row_col(sq, flipped)
        pieces.add(make(dwg, "use", {"x": _GLYPH_OFFSETS[col], "y": _GLYPH_OFFSETS[row],
                                     "data-id": chess.SQUARE_NAMES[sq]}, href))

    if coordinates:
        _draw_coordinates(dwg, group, x, y, square, flipped)
    return group


def board_svg(board: chess.Board, *, square: float = 45, flipped: bool = False,
              last_move: chess.Move | None = None, check: chess.Square | str | None = None,
              marks: Iterable[str] = (), coordinates: bool = True) -> str:
    """A standalone SVG of ``board`` (options as in :func:`draw_board`), e.g. for a lesson."""
    margin = COORD_MARGIN * square if coordinates else 0
    dwg = new_drawing(margin + 8 * square + 1, 8 * square + margin + 1)
    draw_board(dwg, board, x=margin, y=1, square=square, flipped=flipped, last_move=last_move,
               check=check, marks=marks, coordinates=coordinates)
    return to_svg(dwg)


def _square_at(row: int, col: int, flipped: bool) -> chess.Square:
    """The square drawn at screen row ``row`` (0 = top) and column ``col`` (0 = left)."""
    if flipped:
        return chess.square(7 - col, row)
    return chess.square(col, 7 - row)


def _row_col(sq: chess.Square, flipped: bool) -> tuple[int, int]:
    """Screen row and column of ``sq``: the inverse of :func:`_square_at`."""
    if flipped:
        return chess.square_rank(sq), 7 - chess.square_file(sq)
    return 7 - chess.square_rank(sq), chess.square_file(sq)


def _draw_coordinates(dwg: svgwrite.Drawing, group: Group, x: float, y: float, square: float,
                      flipped: bool) -> None:
    """Files a–h under the board and ranks 1–8 left of it, one ``<text>`` for each row of labels."""
    font = max(8, round(square * 0.27))
    files = "hgfedcba" if flipped else "abcdefgh"
    ranks = "12345678" if flipped else "87654321"
    centres = [num(x + (i + 0.5) * square) for i in range(8)]
    group.add(dwg.text(files, x=centres, y=[num(y + 8 * square + font + square * 0.05)],
                       class_="dz-co", font_size=font))
    middles = [num(y + (i + 0.5) * square + font * 0.36) for i in range(8)]
    left = num(x - COORD_MARGIN * square / 2)
    group.add(dwg.text(ranks, x=[left] * 8, y=middles, class_="dz-co", font_size=font))


def _check_gradient(factory: svgwrite.Drawing) -> BaseElement:
    """python-chess's check glow: opaque red in the middle fading out at the edge."""
    gradient = factory.radialGradient(id=CHECK_GRADIENT_ID)
    gradient.add_stop_color(0, "#ff0000", 1)
    gradient.add_stop_color(0.5, "#e70000", 1)
    gradient.add_stop_color(1, "#9e0000", 0)
    return gradient
