"""The EDAMI table as one SVG, drawn from an observation: board, the card just drawn,
kept cards, effect, piles, lost pieces.

Layout (640 x 480 px)::

    +--------------------------+   Black's person     kept special cards
    |                          |   [last card, large]   [temporary effect]
    |        board             |   [pile n]  Pile: n / Used: m  [used pile's last card]
    |        44 px squares     |   White's person     kept special cards
    +--------------------------+
    status line; lost pieces of each colour (clickable for Recupera and prizes)

:func:`draw` reads only an :class:`~drezlab.core.observation.Observation` of
:class:`~drezlab.games.edami.game.Edami` (its zones and public data), so it shows
what that seat may see (D26): the pile's size, the used pile's size and last
card, never a face-down card. Clickable ids (``data-id``): the 64 squares and
their pieces, ``pile`` (draw), each kept special card and the temporary card
(their card ids such as ``card12``, for the Comodín), and ``lost-N`` / ``lost-n`` for the
lost pieces of White / Black. Card texts go through :func:`drezlab.core.i18n.t`,
so ``set_language("es")`` draws Spanish cards.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Sequence

import chess
import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.i18n import add_translations, t
from drezlab.core.observation import Observation
from drezlab.games.edami.cards import NON_KING_TYPES, CardSpec, parse_spec
from drezlab.games.edami.words import PILE_TITLE
from drezlab.render.base import make, new_drawing, num, titled, to_svg, translate
from drezlab.render.board import draw_board
from drezlab.render.pieces import GLYPH_SIZE, glyph_href
from drezlab.render.textwidth import fit_lines, wrap_to_width

WIDTH, HEIGHT = 640, 480
BOARD_X, BOARD_Y, SQUARE = 22, 10, 44
PANEL_X, PANEL_W = 392, 244
SMALL_W, SMALL_H = 52, 70
LARGE_W, LARGE_H = 118, 158
PILE_W, PILE_H = 40, 56
SEAT_NAMES = ("White", "Black")
FILL = {"move": "#dbeafe", "choose": "#dbeafe", "relocate": "#dbeafe", "lose_turn": "#dbeafe",
        "remove": "#fde68a", "bomb": "#fde68a", "recover": "#fde68a", "veto": "#e9d5ff",
        "objective": "#e9d5ff", "temporary": "#fbcfe8", "wildcard": "#e9d5ff", "blank": "#f3f4f6"}


@lru_cache(maxsize=256)
def _face(line: str) -> CardSpec:
    """The card a face-up card line shows (the observation carries lines, not objects)."""
    return parse_spec(line)


def draw(observation: Observation, *, flipped: bool | None = None) -> str:
    """The whole table as ``observation``'s seat sees it, as SVG text (Black's seat sees
    the board from Black's side unless ``flipped`` says otherwise)."""
    public = observation.public
    flip = observation.seat == 1 if flipped is None else bool(flipped)
    dwg = new_drawing(WIDTH, HEIGHT)
    board = chess.Board(public["fen"])
    last_move = None if public["last_move"] is None else chess.Move.from_uci(public["last_move"])
    check = None if public["check"] is None else chess.parse_square(public["check"])
    draw_board(dwg, board, x=BOARD_X, y=BOARD_Y, square=SQUARE, flipped=flip, last_move=last_move, check=check)
    top, bottom = (0, 1) if flip else (1, 0)
    for seat, y in ((top, 14), (bottom, 352)):
        _seat_row(dwg, observation, seat, y)
    _last_card(dwg, observation)
    _temporary(dwg, observation)
    _piles(dwg, observation)
    dwg.add(dwg.text(observation.status, insert=(BOARD_X, 412), class_="dz-st"))
    _lost(dwg, public["lost"])
    return to_svg(dwg)


def _seat_row(dwg: svgwrite.Drawing, observation: Observation, seat: int, y: float) -> None:
    """The person's name (with a turn arrow) and the special cards they keep face up."""
    if observation.to_move == seat:
        dwg.add(dwg.path(d=f"M{PANEL_X} {y - 11}l9 6-9 6z", class_="dz-turn"))
    plays_black = observation.public["white"] != seat
    dwg.add(dwg.circle((PANEL_X + 19, y - 5), 6, fill="#222" if plays_black else "#fff", stroke="#222",
                       stroke_width=1.5))
    dwg.add(dwg.text(f"{t(SEAT_NAMES[seat])} — {t('kept cards')}", insert=(PANEL_X + 31, y), class_="dz-lb"))
    cards = observation.ids(f"kept-{seat}")
    faces = observation.public["faces"]
    step = min(SMALL_W + 6, (PANEL_W - SMALL_W) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
    for index, card in enumerate(cards):
        draw_luck_card(dwg, _face(faces[card]), x=PANEL_X + index * step, y=y + 8, w=SMALL_W, h=SMALL_H,
                       data_id=card)
    if not cards:
        dwg.add(dwg.text(t("none"), insert=(PANEL_X + 4, y + 26), class_="dz-sm"))


def _last_card(dwg: svgwrite.Drawing, observation: Observation) -> None:
    y = 104
    dwg.add(dwg.text(t("Card drawn"), insert=(PANEL_X, y), class_="dz-sm"))
    last: Any = observation.public["last_card"]
    if last is None:
        dwg.add(dwg.rect((PANEL_X, y + 6), (LARGE_W, LARGE_H), rx=8, class_="dz-empty"))
        return
    draw_luck_card(dwg, _face(last["face"]), x=PANEL_X, y=y + 6, w=LARGE_W, h=LARGE_H, data_id="drawn",
                   footer=t(SEAT_NAMES[last["seat"]]))


def _temporary(dwg: svgwrite.Drawing, observation: Observation) -> None:
    x, y = PANEL_X + LARGE_W + 8, 104
    dwg.add(dwg.text(t("Temporary effect"), insert=(x, y), class_="dz-sm"))
    cards = observation.ids("temporary")
    holder = observation.public["holder"]
    if not cards or holder is None:
        dwg.add(dwg.rect((x, y + 6), (LARGE_W, LARGE_H), rx=8, class_="dz-empty"))
        return
    draw_luck_card(dwg, _face(observation.public["faces"][cards[0]]), x=x, y=y + 6, w=LARGE_W, h=LARGE_H,
                   data_id=cards[0], footer=f"{t('held by')} {t(SEAT_NAMES[holder])}")


def _piles(dwg: svgwrite.Drawing, observation: Observation) -> None:
    """The draw pile (face down: its size only) and the used pile (its size and last card, D26)."""
    y = 276
    pile, used = observation.zone("pile"), observation.zone("used")
    group = titled(dwg.g(class_="dz-target dz-pile", **{"data-id": "pile"}),
                   t(PILE_TITLE).format(count=pile.count))
    if pile.count:
        group.add(dwg.rect((PANEL_X, y), (PILE_W, PILE_H), rx=5, fill="#1e3a8a", stroke="#0f2445",
                           stroke_width=1.5))
        group.add(dwg.text("?", insert=(PANEL_X + 20, y + 36), fill="#fff", font_size=22, text_anchor="middle"))
    else:
        group.add(dwg.rect((PANEL_X + 1, y + 1), (PILE_W - 2, PILE_H - 2), rx=5, class_="dz-empty"))
    dwg.add(group)
    dwg.add(dwg.text(f"{t('Pile')}: {pile.count}", insert=(PANEL_X + 50, y + 22), class_="dz-sm"))
    dwg.add(dwg.text(f"{t('Used')}: {used.count}", insert=(PANEL_X + 50, y + 40), class_="dz-sm"))
    if used.ids:
        draw_luck_card(dwg, _face(observation.public["faces"][used.ids[-1]]), x=PANEL_X + 150, y=y,
                       w=PILE_W, h=PILE_H)


def _lost(dwg: svgwrite.Drawing, lost: str) -> None:
    """Lost pieces of each colour: one clickable glyph per type with its count."""
    y = 430
    for row, color in enumerate((chess.WHITE, chess.BLACK)):
        base_y = y + row * 24
        label = t("Lost by White") if color == chess.WHITE else t("Lost by Black")
        dwg.add(dwg.text(f"{label}:", insert=(BOARD_X, base_y + 15), class_="dz-sm"))
        x = BOARD_X + 110
        for ptype in NON_KING_TYPES:
            symbol = chess.Piece(ptype, color).symbol()
            count = lost.count(symbol)
            if count <= 0:
                continue
            group = dwg.g(class_="dz-target", **{"data-id": f"lost-{symbol}"})
            group.add(dwg.rect((x, base_y), (44, 22), fill="#fff", fill_opacity=0.01))
            group.add(make(dwg, "use", {"transform": translate(x, base_y, 22 / GLYPH_SIZE)},
                           glyph_href(dwg, symbol)))
            group.add(dwg.text(f"×{count}", insert=(x + 24, base_y + 16), class_="dz-sm"))
            dwg.add(group)
            x += 50


def draw_luck_card(dwg: svgwrite.Drawing, spec: CardSpec, *, x: float, y: float, w: float, h: float,
                   data_id: str | None = None, footer: str = "", parent: BaseElement | None = None) -> BaseElement:
    """One luck card face: title, instructions (wrapped), an icon top right for special cards.

    Lines are measured in DejaVu Sans (:mod:`drezlab.render.textwidth`) and kept 5 px
    inside the card; a title that does not fit three lines at its size is set smaller.
    """
    attrs = {"class": "dz-target dz-card", "transform": translate(x, y)}
    if data_id is not None:
        attrs["data-id"] = data_id
    group = make(dwg, "g", attrs)
    group.add(dwg.rect((0, 0), (num(w), num(h)), rx=7, fill=FILL.get(spec.kind, "#fff"), stroke="#333",
                       stroke_width=1.2))
    large = w > 80
    room = w - 10  # 5 px of margin on each side
    title_lines, title_size = fit_lines(spec.title(), room, 12 if large else 7.5, 3, bold=True,
                                        smallest=9 if large else 5.5)
    body_size = 10.5 if large else 6.5
    line_y = 6 + title_size
    for line in title_lines:
        group.add(dwg.text(line, insert=(5, num(line_y)), font_size=num(title_size), font_weight="bold",
                           fill="#111"))
        line_y += title_size + 2
    line_y += 3
    max_lines = int((h - line_y - (16 if footer else 4)) / (body_size + 2))
    body = [line for part in spec.body() for line in wrap_to_width(part, room, body_size)]
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
