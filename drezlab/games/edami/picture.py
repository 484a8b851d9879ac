"""The EDAMI table as one SVG: board, the card just drawn, kept cards, effect, piles, lost pieces.

Layout (640 x 480 px)::

    +--------------------------+   Black's person     kept special cards
    |                          |   [last card, large]   [temporary effect]
    |        board             |   [pile n]  Pile: n / Used: m
    |        44 px squares     |   White's person     kept special cards
    +--------------------------+
    status line; lost pieces of each colour (clickable for Recupera and prizes)

Clickable ids (``data-id``): the 64 squares and their pieces, ``pile`` (draw),
each kept special card and the temporary card (their card ids ``c12``, for the
Comodín), and ``lost-N`` / ``lost-n`` for the lost pieces of White / Black.
Card texts go through :func:`drezlab.core.i18n.t`, so ``set_language("es")``
draws Spanish cards. Nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import chess
import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.i18n import add_translations, t
from drezlab.games.edami.cards import NON_KING_TYPES, CardSpec
from drezlab.render.base import make, new_drawing, num, to_svg, translate
from drezlab.render.board import draw_board
from drezlab.render.pieces import GLYPH_SIZE, glyph_href

if TYPE_CHECKING:
    from drezlab.games.edami.game import Edami

WIDTH, HEIGHT = 640, 480
BOARD_X, BOARD_Y, SQUARE = 22, 10, 44
PANEL_X, PANEL_W = 392, 244
SMALL_W, SMALL_H = 52, 70
LARGE_W, LARGE_H = 118, 158
FILL = {"move": "#dbeafe", "choose": "#dbeafe", "relocate": "#dbeafe", "lose_turn": "#dbeafe",
        "remove": "#fde68a", "bomb": "#fde68a", "recover": "#fde68a", "veto": "#e9d5ff",
        "objective": "#e9d5ff", "temporary": "#fbcfe8", "wildcard": "#e9d5ff", "blank": "#f3f4f6"}


def draw_edami(game: "Edami", *, flipped: bool = False) -> str:
    """The whole table of ``game`` as SVG text."""
    dwg = new_drawing(WIDTH, HEIGHT)
    board = game.board
    king = board.king(board.turn) if game.in_check() else None
    draw_board(dwg, board, x=BOARD_X, y=BOARD_Y, square=SQUARE, flipped=flipped,
               last_move=game.last_move, check=king)
    top, bottom = (0, 1) if flipped else (1, 0)
    for seat, y in ((top, 14), (bottom, 352)):
        _seat_row(dwg, game, seat, y)
    _last_card(dwg, game)
    _temporary(dwg, game)
    _piles(dwg, game)
    dwg.add(dwg.text(game.status_text(), insert=(BOARD_X, 412), class_="dz-st"))
    _lost(dwg, game)
    return to_svg(dwg)


def _seat_row(dwg: svgwrite.Drawing, game: "Edami", seat: int, y: float) -> None:
    """The person's name (with a turn arrow) and the special cards they keep face up."""
    if game.to_move == seat:
        dwg.add(dwg.path(d=f"M{PANEL_X} {y - 11}l9 6-9 6z", class_="dz-turn"))
    color = game.controller(chess.WHITE) != seat
    dwg.add(dwg.circle((PANEL_X + 19, y - 5), 6, fill="#222" if color else "#fff", stroke="#222",
                       stroke_width=1.5))
    dwg.add(dwg.text(f"{game.seat_name(seat)} — {t('kept cards')}", insert=(PANEL_X + 31, y), class_="dz-lb"))
    cards = game.specials[seat]
    step = min(SMALL_W + 6, (PANEL_W - SMALL_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for index, card in enumerate(cards):
        draw_luck_card(dwg, game.spec(card), x=PANEL_X + index * step, y=y + 8, w=SMALL_W, h=SMALL_H,
                       data_id=game.card_id(card))
    if not cards:
        dwg.add(dwg.text(t("none"), insert=(PANEL_X + 4, y + 26), class_="dz-sm"))


def _last_card(dwg: svgwrite.Drawing, game: "Edami") -> None:
    y = 104
    dwg.add(dwg.text(t("Card drawn"), insert=(PANEL_X, y), class_="dz-sm"))
    if game.last_card is None:
        dwg.add(dwg.rect((PANEL_X, y + 6), (LARGE_W, LARGE_H), rx=8, class_="dz-empty"))
        return
    card, seat = game.last_card
    draw_luck_card(dwg, game.spec(card), x=PANEL_X, y=y + 6, w=LARGE_W, h=LARGE_H, data_id=f"drawn-{card + 1}",
                   footer=game.seat_name(seat))


def _temporary(dwg: svgwrite.Drawing, game: "Edami") -> None:
    x, y = PANEL_X + LARGE_W + 8, 104
    dwg.add(dwg.text(t("Temporary effect"), insert=(x, y), class_="dz-sm"))
    if game.temporary is None:
        dwg.add(dwg.rect((x, y + 6), (LARGE_W, LARGE_H), rx=8, class_="dz-empty"))
        return
    card, seat = game.temporary
    draw_luck_card(dwg, game.spec(card), x=x, y=y + 6, w=LARGE_W, h=LARGE_H, data_id=game.card_id(card),
                   footer=f"{t('held by')} {game.seat_name(seat)}")


def _piles(dwg: svgwrite.Drawing, game: "Edami") -> None:
    y = 276
    pile = dwg.g(class_="dz-target dz-pile", **{"data-id": "pile"})
    if game.deck:
        pile.add(dwg.rect((PANEL_X, y), (40, 56), rx=5, fill="#1e3a8a", stroke="#0f2445", stroke_width=1.5))
        pile.add(dwg.text("?", insert=(PANEL_X + 20, y + 36), fill="#fff", font_size=22, text_anchor="middle"))
    else:
        pile.add(dwg.rect((PANEL_X + 1, y + 1), (38, 54), rx=5, class_="dz-empty"))
    dwg.add(pile)
    dwg.add(dwg.text(f"{t('Pile')}: {len(game.deck)}", insert=(PANEL_X + 50, y + 22), class_="dz-sm"))
    dwg.add(dwg.text(f"{t('Used')}: {len(game.used)}", insert=(PANEL_X + 50, y + 40), class_="dz-sm"))


def _lost(dwg: svgwrite.Drawing, game: "Edami") -> None:
    """Lost pieces of each colour: one clickable glyph per type with its count."""
    y = 430
    for row, color in enumerate((chess.WHITE, chess.BLACK)):
        base_y = y + row * 24
        label = t("Lost by White") if color == chess.WHITE else t("Lost by Black")
        dwg.add(dwg.text(f"{label}:", insert=(BOARD_X, base_y + 15), class_="dz-sm"))
        x = BOARD_X + 110
        for ptype in NON_KING_TYPES:
            count = game.lost[color][ptype]
            if count <= 0:
                continue
            symbol = chess.Piece(ptype, color).symbol()
            group = dwg.g(class_="dz-target", **{"data-id": f"lost-{symbol}"})
            group.add(dwg.rect((x, base_y), (44, 22), fill="#fff", fill_opacity=0.01))
            group.add(make(dwg, "use", {"transform": translate(x, base_y, 22 / GLYPH_SIZE)},
                           glyph_href(dwg, symbol)))
            group.add(dwg.text(f"×{count}", insert=(x + 24, base_y + 16), class_="dz-sm"))
            dwg.add(group)
            x += 50


def _wrap(text: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def draw_luck_card(dwg: svgwrite.Drawing, spec: CardSpec, *, x: float, y: float, w: float, h: float,
                   data_id: str | None = None, footer: str = "", parent: BaseElement | None = None) -> BaseElement:
    """One luck card face: title, instructions (wrapped), an icon top right for special cards."""
    attrs = {"class": "dz-target dz-card", "transform": translate(x, y)}
    if data_id is not None:
        attrs["data-id"] = data_id
    group = make(dwg, "g", attrs)
    group.add(dwg.rect((0, 0), (num(w), num(h)), rx=7, fill=FILL.get(spec.kind, "#fff"), stroke="#333",
                       stroke_width=1.2))
    large = w > 80
    title_size = 12 if large else 7.5
    body_size = 10.5 if large else 6.5
    chars = int((w - 8) / (title_size * 0.58))
    line_y = 6 + title_size
    for line in _wrap(spec.title(), chars)[:3]:
        group.add(dwg.text(line, insert=(5, num(line_y)), font_size=title_size, font_weight="bold", fill="#111"))
        line_y += title_size + 2
    line_y += 3
    chars = int((w - 8) / (body_size * 0.55))
    max_lines = int((h - line_y - (16 if footer else 4)) / (body_size + 2))
    body = [line for part in spec.body() for line in _wrap(part, chars)]
    for line in body[:max(0, max_lines)]:
        group.add(dwg.text(line, insert=(5, num(line_y + body_size)), font_size=body_size, fill="#222"))
        line_y += body_size + 2
    if spec.is_special:
        group.add(dwg.circle((num(w - 9), 9), 5, fill="#7c3aed"))
    if footer and large:
        group.add(dwg.text(footer, insert=(5, num(h - 6)), font_size=9.5, fill="#444"))
    (dwg if parent is None else parent).add(group)
    return group


def cards_svg(specs: Sequence[CardSpec], *, columns: int = 6) -> str:
    """A sheet of card faces (for lessons: 'these are the cards of your deck')."""
    rows = (len(specs) + columns - 1) // columns
    dwg = new_drawing(columns * (LARGE_W + 8) + 8, max(1, rows) * (LARGE_H + 8) + 8)
    for index, spec in enumerate(specs):
        draw_luck_card(dwg, spec, x=8 + (index % columns) * (LARGE_W + 8), y=8 + (index // columns) * (LARGE_H + 8),
                       w=LARGE_W, h=LARGE_H)
    return to_svg(dwg)


add_translations({"kept cards": "cartas guardadas", "none": "ninguna", "Card drawn": "Carta sacada",
                  "Temporary effect": "Efecto temporal", "held by": "de", "Used": "Usadas",
                  "Lost by White": "Perdidas blancas", "Lost by Black": "Perdidas negras"})
