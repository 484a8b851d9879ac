"""The NeuroDrez picture, drawn from an observation only.

``draw(observation)`` (named by the metadata, so ``game.svg(seat)`` and
``game.view(seat).svg()`` come here) draws, 790 px wide and at most about 560 px high
(issue 22: one screen, drawn unshrunk beside the move log, no text under 12 px):

- **the terrain** on the 7 x 7 board: every tile in the tint of its surface with the
  surface's **symbol** in its lower right corner (earth: mountains, water: waves, air:
  wind, fire: a flame, flora: a leaf, fauna: a paw), so a tile is told by shape, not
  only by colour; its own colour is the **disc** in its upper left corner with the
  colour's letter (the source's "círculo en la esquina superior izquierda"). A
  **conquest marker** covers that disc: a bigger coin with a black double rim and the
  marker colour's letter. A cell without a tile (a **hole**) is a dashed empty square.
  Cells carry their names (``data-id="d4"``), tiles or holes alike, so a tile is
  placed, a piece entered or moved and a tile removed by clicking cells;
- **the pieces**: chess glyphs in their colour (white and black as in chess, red,
  green, blue and yellow filled with it) with the colour's letter on a badge in the
  cell's lower left corner; a piece carries its cell's id;
- **the three dice** (numeric, colour, surface) with what each face means in words,
  "?" before the roll;
- **every seat**: its colours, tiles and cards in hand (a count and backs for the
  others), pieces on the terrain against the side's limit, and its supply (the pieces
  off the terrain), the seat to move framed in orange;
- **the viewer's own tile hand and cards**: the tiles in a band under the board, the
  cards (60 px wide, with their names) under the seats when there is room beside the
  board, else at the band's right end (a seat sees only its own; a spectator none),
  each clickable by its id;
- the status line (whose turn, the result), the last action in words, the terrain's
  tile count and phase (normal or sudden death), and a key of colours and surfaces.

Every word goes through :func:`label` (Spanish with ``drezlab.set_language("es")``).
The clickable ids are the action targets of :mod:`drezlab.games.neurodrez.game`'s
notation; the picture reads them from the observation and never invents one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import Card, short_repr
from drezlab.core.i18n import OwnWords, get_language, t
from drezlab.core.observation import Observation
from drezlab.games.neurodrez.game import (
    LEFTOVER,
    cards_zone,
    piece_name,
    tiles_zone,
    tr,
)
from drezlab.games.neurodrez.tiles import (
    CELLS,
    COLOUR_NAMES,
    COLOURS,
    FIGURE_NAMES,
    FIGURES,
    SURFACE_NAMES,
    SURFACES,
)
from drezlab.render.base import ensure_def, make, new_drawing, num, to_svg, translate
from drezlab.render.cards import draw_card
from drezlab.render.dice import draw_die
from drezlab.render.grid import piece_href
from drezlab.render.pieces import GLYPH_SIZE, glyph_href
from drezlab.render.textwidth import text_width, wrap_to_width

LABEL_PREFIX = "neurodrez picture: "

#: the pictures' colours, keyed by the notation's colour letters (:mod:`.tiles`)
COLOUR_HEX = {"w": "#ffffff", "k": "#222222", "r": "#d63b2f", "g": "#2e9e44", "b": "#2f6fd6", "y": "#f2c400"}
#: ink on a disc of that colour
COLOUR_INK = {"w": "#000000", "k": "#ffffff", "r": "#ffffff", "g": "#ffffff", "b": "#ffffff", "y": "#000000"}
#: the letter on a colour disc, in English and Spanish (the key under the board explains them)
COLOUR_LETTERS = {"w": ("W", "B"), "k": ("K", "N"), "r": ("R", "R"), "g": ("G", "V"), "b": ("B", "A"),
                  "y": ("Y", "Am")}
SURFACE_TINT = {"ea": "#d8b48a", "wa": "#a5cdee", "ai": "#e3eef8", "fi": "#f6b08f", "fl": "#b4dca5",
                "fa": "#ecdcae"}
SURFACE_INK = {"ea": "#6b4423", "wa": "#1f5f9e", "ai": "#5a7a99", "fi": "#c0321b", "fl": "#2d7a2d",
               "fa": "#7a5a1e"}
#: the numeric die's faces in words: 1 pawn ... 5 queen, 6 joker (any piece)
DIE_WORDS = {1: ("pawn", "peón"), 2: ("knight", "caballo"), 3: ("bishop", "alfil"), 4: ("rook", "torre"),
             5: ("queen", "dama"), 6: ("joker: any piece", "jóker: cualquier pieza")}


def named(table: Mapping[Any, tuple[str, str]], key: Any) -> str:
    """A name from one of the (English, Spanish) tables, in the current language."""
    return table[key][1 if get_language() == "es" else 0]


_SPANISH = {
    "Piece": "Pieza", "Colour": "Color", "Surface": "Superficie",
    "Terrain: {count}/36 tiles": "Terreno: {count}/36 losetas",
    "Normal phase": "Fase normal", "Sudden death": "Muerte súbita",
    "Draw pile: {count} cards": "Mazo: {count} cartas",
    "Last: {action}": "Última: {action}",
    "tiles {count}": "losetas {count}", "cards {count}": "cartas {count}",
    "on the terrain {count}/{limit}": "en el terreno {count}/{limit}",
    "supply:": "reserva:", "supply empty": "reserva vacía",
    "Your tiles ({count}):": "Tus losetas ({count}):", "Your cards:": "Tus cartas:",
    "no tiles left": "sin losetas",
    "Colours:": "Colores:", "Surfaces:": "Superficies:",
    "{colour} tile, {surface}": "loseta {colour}, {surface}",
    "{colour} tile, {surface}, conquered by {marker}": "loseta {colour}, {surface}, conquistada por {marker}",
    "hole {cell}": "hueco {cell}",
    "{colour} {figure}": "{figure} {colour}",
    "neutral": "neutral",
    "(you)": "(tú)",
    "36 tiles: a colour and a surface each": "36 losetas: un color y una superficie cada una",
    "36 pieces: six of each colour": "36 piezas: seis de cada color",
    "Three dice:": "Tres dados:", "colour die": "dado de color", "surface die": "dado de superficie",
    "rolled the dice": "tiró los dados",
    "rolled {number} · {colour} · {surface}": "tiró {number} · {colour} · {surface}",
    "removed the tile on {cell}": "retiró la loseta de {cell}",
    "{piece} back to the supply, both cards replaced": "{piece} vuelve a la reserva, cambia las dos cartas",
    "both cards replaced (no move)": "cambió las dos cartas (sin jugada)",
    "called sudden death": "pidió muerte súbita",
    "ended the turn": "terminó el turno",
    "placed the tile {colour}/{surface} on {cell}": "colocó la loseta {colour}/{surface} en {cell}",
    "(card {card})": "(carta {card})",
    "Left-over tiles:": "Losetas sobrantes:",
    "a piece conquering the tile (a full round there marks it)":
        "pieza conquistando la loseta (una ronda entera allí la marca)",
    "a conquest marker: the tile counts as that colour": "ficha de conquista: la loseta cuenta como de ese color",
}
#: ``label(text)``: the picture's own words in the current language (registered above)
label = OwnWords(LABEL_PREFIX)
label.add(_SPANISH)


#: one screen at scale 1 (issue 22): at most about 790 x 560 px with every text >= 12 px
WIDTH = 790
SQUARE = 52
BOARD_X, BOARD_Y = 24, 28
SIZE = 7
FILES = "abcdefg"
PANEL_X = BOARD_X + SIZE * SQUARE + 18
PANEL_W = WIDTH - PANEL_X - 6
DIE = 40
DIE_STEP = 76
HAND_TILE = 36
HAND_STEP = HAND_TILE + 4
#: the viewer's cards, wide enough to carry their names (:data:`drezlab.render.cards.LABEL_WIDTH`)
HAND_CARD_W = 60
HAND_CARD_H = 84
TURN = "#e8a317"
#: the smallest text of the picture (px), and the radius of a colour disc holding a letter that size
SMALL = 12
DISC = 9.5
#: a row of the key
ROW = 20


@dataclass(frozen=True)
class TileLook:
    """A tile as drawn: its own colour, its surface and the conquest marker on it."""

    colour: str
    surface: str
    marker: str | None = None

    @property
    def effective(self) -> str:
        return self.marker or self.colour


@dataclass(frozen=True)
class SeatLook:
    """One seat's row: name, colours, hand counts, pieces on the terrain, the supply.

    ``supply`` lists ``(colour, figure letter, data_id or None)``."""

    seat: int
    name: str
    colours: tuple[str, ...]
    tiles: int
    cards: int
    on_terrain: int
    limit: int
    supply: tuple[tuple[str, str, str | None], ...] = ()
    to_move: bool = False


@dataclass(frozen=True)
class Scene:
    """Everything the picture shows, read from one observation (see :func:`scene`)."""

    status: str
    last: str | None
    tiles: Mapping[str, TileLook]
    pieces: Mapping[str, tuple[str, str]]
    piece_ids: Mapping[str, str]
    dice: tuple[int | None, str | None, str | None]
    seats: tuple[SeatLook, ...]
    hand: tuple[tuple[str, TileLook], ...] = ()
    cards: tuple[str, ...] = ()
    viewer: int | None = None
    shown_hand: int | None = None
    leftover: tuple[tuple[str, TileLook], ...] = ()
    terrain: int = 0
    sudden_death: bool = False
    pile: int = 0
    last_cells: tuple[str, ...] = ()
    marks: frozenset[str] = field(default_factory=frozenset)
    conquering: frozenset[str] = field(default_factory=frozenset)


# ---------------------------------------------------------------- symbols
def _symbol_def(surface: str) -> str:
    return f"dz-nd-{surface}"


def _build_symbol(factory: svgwrite.Drawing, surface: str) -> BaseElement:
    """The surface's symbol in a 20 x 20 box, drawn in the surface's ink."""
    ink = SURFACE_INK[surface]
    group = factory.g(id=_symbol_def(surface), stroke=ink, fill="none", stroke_width=1.6,
                      stroke_linecap="round", stroke_linejoin="round")
    if surface == "ea":      # two mountains
        group.add(factory.path(d="M1 17L7 6l4 6 3-4 5 9Z", fill=ink, fill_opacity=0.55))
    elif surface == "wa":    # two waves
        group.add(factory.path(d="M1 8q2.5-3 5 0t5 0 5 0 4 0M1 14q2.5-3 5 0t5 0 5 0 4 0"))
    elif surface == "ai":      # three gusts with curls
        group.add(factory.path(d="M2 6h10a3 3 0 1 0-3-3M2 11h15a2.5 2.5 0 1 1-2.5 2.5M2 16h8"))
    elif surface == "fi":     # a flame
        group.add(factory.path(d="M10 1C15 6 17 10 16 14A6 6 0 0 1 4 14C3 11 5 8 7 6C8 9 9 9 10 1Z",
                               fill=ink, fill_opacity=0.6))
    elif surface == "fl":    # a leaf with its vein
        group.add(factory.path(d="M3 18C3 9 9 3 18 2C18 11 12 17 3 18Z", fill=ink, fill_opacity=0.45))
        group.add(factory.path(d="M3 18L13 7"))
    else:                       # fauna: a paw print
        paw = factory.g(fill=ink, stroke="none")
        paw.add(factory.ellipse((10, 14), (4.5, 3.6)))
        for cx, cy in ((3.5, 9), (7.5, 5), (12.5, 5), (16.5, 9)):
            paw.add(factory.circle((cx, cy), 2.1))
        group.add(paw)
    return group


def symbol_href(dwg: svgwrite.Drawing, surface: str) -> str:
    """The def of ``surface``'s symbol (added on first use)."""
    return ensure_def(dwg, _symbol_def(surface), lambda factory: _build_symbol(factory, surface))


def colour_letter(colour: str) -> str:
    return named(COLOUR_LETTERS, colour)


def disc_rx(r: float, colour: str) -> float:
    """Half the width of a colour disc of radius ``r``: wider than ``r`` (an oval) when its
    letters need it ("Am", Spanish yellow, at :data:`SMALL` px)."""
    letter = colour_letter(colour)
    size = max(SMALL, r * (1.05 if len(letter) == 1 else 0.85))
    return max(r, text_width(letter, size, True) / 2 + 2.5)


def _disc(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, r: float, colour: str,
          marker: bool = False) -> None:
    """A colour disc with its letter; a conquest ``marker`` is a coin with a black double rim."""
    letter = colour_letter(colour)
    size = max(SMALL, r * (1.05 if len(letter) == 1 else 0.85))
    rx = disc_rx(r, colour)
    if marker:
        parent.add(make(dwg, "ellipse", {"cx": num(x), "cy": num(y), "rx": num(rx + 2.5), "ry": num(r + 2.5),
                                         "fill": "#000"}))
        parent.add(make(dwg, "ellipse", {"cx": num(x), "cy": num(y), "rx": num(rx), "ry": num(r),
                                         "fill": COLOUR_HEX[colour], "stroke": "#fff", "stroke-width": "1.5",
                                         "stroke-dasharray": "2.5 1.5"}))
    else:
        parent.add(make(dwg, "ellipse", {"cx": num(x), "cy": num(y), "rx": num(rx), "ry": num(r),
                                         "fill": COLOUR_HEX[colour], "stroke": "#333", "stroke-width": "1"}))
    parent.add(make(dwg, "text", {"x": num(x), "y": num(y + size * 0.36), "font-size": num(size),
                                  "font-weight": "bold", "text-anchor": "middle",
                                  "fill": COLOUR_INK[colour]}, letter))


def tile_colour(colour: str) -> str:
    """A tile's colour in the current language, agreeing with "loseta" in Spanish ("negra")."""
    name = named(COLOUR_NAMES, colour)
    return name[:-1] + "a" if get_language() == "es" and name.endswith("o") else name


def tile_title(look: TileLook) -> str:
    colour, surface = tile_colour(look.colour), named(SURFACE_NAMES, look.surface)
    if look.marker:
        return label("{colour} tile, {surface}, conquered by {marker}").format(
            colour=colour, surface=surface, marker=named(COLOUR_NAMES, look.marker))
    return label("{colour} tile, {surface}").format(colour=colour, surface=surface)


def draw_tile(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, size: float, look: TileLook,
              data_id: str | None, *, as_group: bool = False) -> None:
    """One tile at (x, y): surface tint, symbol lower right, colour disc (or marker) upper left.

    On the board the clickable part is the bare ``<rect data-id>`` (the decorations
    ignore the pointer), so the widget dims nothing there; in a hand (``as_group``) the
    tile is a ``<g data-id>`` like a card."""
    rect_attrs: dict[str, Any] = {"x": num(x), "y": num(y), "width": num(size), "height": num(size),
                                  "fill": SURFACE_TINT[look.surface], "stroke": "#5b4a36", "stroke-width": "1",
                                  "rx": num(size * 0.06)}
    holder = parent
    if as_group:
        holder = make(dwg, "g", {"data-id": data_id} if data_id else {})
        parent.add(holder)
    elif data_id:
        rect_attrs["data-id"] = data_id
    rect = make(dwg, "rect", rect_attrs)
    rect.set_desc(title=tile_title(look))
    holder.add(rect)
    deco = dwg.g(pointer_events="none")
    holder.add(deco)
    s = size * 0.36
    deco.add(make(dwg, "use", {"transform": translate(x + size - s - size * 0.05, y + size - s - size * 0.05,
                                                      s / 20)}, symbol_href(dwg, look.surface)))
    r = max(DISC, size * 0.13)
    inset = size * 0.04 + (2.5 if look.marker else 0)
    _disc(dwg, deco, x + disc_rx(r, look.effective) + inset, y + r + inset, r, look.effective,
          marker=look.marker is not None)


def draw_hole(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, size: float, cell: str) -> None:
    """An empty cell: a dashed square (still clickable by its name: a tile may go there)."""
    rect = make(dwg, "rect", {"x": num(x + 2), "y": num(y + 2), "width": num(size - 4), "height": num(size - 4),
                              "class": "dz-empty", "rx": num(size * 0.06), "data-id": cell})
    rect.set_desc(title=label("hole {cell}").format(cell=cell))
    parent.add(rect)


def piece_glyph(dwg: svgwrite.Drawing, colour: str, figure: str) -> str:
    """The def of a piece: python-chess's glyphs for white and black, the white glyph
    filled with the colour for the others."""
    if colour == "w":
        return glyph_href(dwg, figure.upper())
    if colour == "k":
        return glyph_href(dwg, figure.lower())
    return piece_href(dwg, COLOURS.index(colour), figure.upper(), tuple(COLOUR_HEX[c] for c in COLOURS))


def draw_piece(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, size: float, colour: str,
               figure: str, data_id: str | None, *, badge: bool = True) -> None:
    """A piece in a ``size`` box at (x, y), with its colour's letter on a badge (lower left)."""
    attrs: dict[str, Any] = {"transform": translate(x, y, size / GLYPH_SIZE)}
    if data_id:
        attrs["data-id"] = data_id
    use = make(dwg, "use", attrs, piece_glyph(dwg, colour, figure))
    use.set_desc(title=label("{colour} {figure}").format(colour=named(COLOUR_NAMES, colour),
                                                         figure=named(FIGURE_NAMES, figure.lower())))
    parent.add(use)
    if badge:
        r = max(5.0, size * 0.17)
        deco = dwg.g(pointer_events="none")
        parent.add(deco)
        _disc(dwg, deco, x + r * 0.7, y + size - r * 0.7, r, colour)


# ---------------------------------------------------------------- the picture
def cell_corner(cell: str) -> tuple[float, float]:
    """Top-left corner of a cell of the 7 x 7 board (a1 lower left)."""
    file, rank = FILES.index(cell[0]), int(cell[1:]) - 1
    return BOARD_X + file * SQUARE, BOARD_Y + (SIZE - 1 - rank) * SQUARE


def fit(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` px."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def render(scene: Scene) -> str:
    """The SVG of a :class:`Scene` (see the module docstring for the layout): the board on
    the left, the dice, the last action and the seats beside it, then a band across the
    picture with the viewer's tiles and the key, the viewer's cards in its right corner
    (issue 22: one screen, about 790 x 560 px, no text under 12 px)."""
    dwg = new_drawing(WIDTH, 560)
    dwg.add(make(dwg, "text", {"x": BOARD_X, "y": 20, "class": "dz-st"},
                 fit(scene.status, WIDTH - BOARD_X - 8, 14, True)))
    _board(dwg, scene)
    y = _dice(dwg, scene, PANEL_X, BOARD_Y)
    if scene.last:
        dwg.add(make(dwg, "text", {"x": PANEL_X, "y": num(y + 13), "class": "dz-lb"},
                     fit(label("Last: {action}").format(action=scene.last), PANEL_W, 13, True)))
        y += 19
    y = _seats(dwg, scene, y + 5)
    board_bottom = BOARD_Y + SIZE * SQUARE + 19
    cards_w = 0.0                            # the cards' column in the band under the board
    if scene.viewer is not None:
        if y + 4 + 19 + HAND_CARD_H <= board_bottom:       # room beside the board, under the seats
            _own_cards(dwg, scene, PANEL_X, y + 4)
        else:
            cards_w = max(len(scene.cards) * (HAND_CARD_W + 8) - 8, text_width(label("Your cards:"), 13, True))
    top = max(board_bottom, y) + 2
    room = WIDTH - BOARD_X - 6 - (cards_w + 16 if cards_w else 0)
    bottom = top
    if scene.viewer is not None or scene.leftover:
        bottom = _own_tiles(dwg, scene, BOARD_X, top, room)
    cards_bottom = _own_cards(dwg, scene, WIDTH - 6 - cards_w, top) if cards_w else top
    bottom = max(cards_bottom, _key(dwg, BOARD_X, bottom + 2, room, wide=(WIDTH - BOARD_X - 6, cards_bottom + 2)))
    height = bottom + 6
    dwg["height"] = num(height)
    dwg.viewbox(0, 0, WIDTH, num(height))
    return to_svg(dwg)


def _board(dwg: svgwrite.Drawing, scene: Scene) -> None:
    cells = dwg.g()
    dwg.add(cells)
    for rank in range(SIZE, 0, -1):
        for file in FILES:
            cell = f"{file}{rank}"
            x, y = cell_corner(cell)
            look = scene.tiles.get(cell)
            if look is None:
                draw_hole(dwg, cells, x, y, SQUARE, cell)
            else:
                draw_tile(dwg, cells, x, y, SQUARE, look, cell)
    tints = [cell for cell in scene.last_cells] + sorted(scene.marks)
    if tints:
        layer = dwg.g(pointer_events="none")
        dwg.add(layer)
        for cell in scene.last_cells:
            x, y = cell_corner(cell)
            layer.add(make(dwg, "rect", {"x": num(x + 1.5), "y": num(y + 1.5), "width": SQUARE - 3,
                                         "height": SQUARE - 3, "fill": "none", "stroke": "#7a5cc4",
                                         "stroke-width": "3", "stroke-dasharray": "6 3"}))
        for cell in sorted(scene.marks):
            x, y = cell_corner(cell)
            layer.add(make(dwg, "rect", {"x": num(x + 3), "y": num(y + 3), "width": SQUARE - 6, "height": SQUARE - 6,
                                         "fill": "#3b82f6", "fill-opacity": ".15", "stroke": "#1f5fbf",
                                         "stroke-width": "4", "rx": "4"}))
    pieces = dwg.g()
    dwg.add(pieces)
    glyph = SQUARE * 0.7
    for cell in sorted(scene.pieces):
        colour, figure = scene.pieces[cell]
        x, y = cell_corner(cell)
        piece_id = scene.piece_ids.get(cell)
        # the viewer's own pieces are clicked by their id; any other piece lets a click
        # through to its cell (a capture is a click on the cell)
        holder = pieces if piece_id else make(dwg, "g", {"pointer-events": "none"})
        if holder is not pieces:
            pieces.add(holder)
        draw_piece(dwg, holder, x + SQUARE - glyph - SQUARE * 0.08, y + SQUARE * 0.12, glyph, colour, figure,
                   piece_id, badge=False)
        deco = dwg.g(pointer_events="none")
        pieces.add(deco)
        _disc(dwg, deco, x + disc_rx(DISC, colour) + SQUARE * 0.04, y + SQUARE - DISC - SQUARE * 0.04, DISC, colour)
        if cell in scene.conquering:
            _flag(dwg, deco, x + SQUARE - 15, y + 3, colour)
    font = 14
    for index, file in enumerate(FILES):
        dwg.add(make(dwg, "text", {"x": num(BOARD_X + (index + 0.5) * SQUARE), "y": BOARD_Y + SIZE * SQUARE + 15,
                                   "class": "dz-co", "font-size": font}, file))
    for rank in range(1, SIZE + 1):
        _, y = cell_corner(f"a{rank}")
        dwg.add(make(dwg, "text", {"x": BOARD_X / 2, "y": num(y + SQUARE / 2 + 5), "class": "dz-co",
                                   "font-size": font}, str(rank)))


def _flag(dwg: svgwrite.Drawing, parent: BaseElement, x: float, y: float, colour: str) -> None:
    """A small pennant in the piece's colour: the piece is conquering this tile (§9.8)."""
    parent.add(make(dwg, "path", {"stroke": "#000", "stroke-width": "1.6"}, f"M{num(x + 2)} {num(y + 16)}V{num(y)}"))
    parent.add(make(dwg, "path", {"fill": COLOUR_HEX[colour], "stroke": "#000", "stroke-width": "1"},
                    f"M{num(x + 2)} {num(y)}l10 3.5-10 3.5Z"))


def _dice(dwg: svgwrite.Drawing, scene: Scene, left: float, y: float) -> float:
    """The three dice with their names and faces in words, the terrain's facts beside them;
    returns the block's bottom."""
    number, colour, surface = scene.dice
    rows = 1
    for index, kind in enumerate(("Piece", "Colour", "Surface")):
        x = left + 4 + index * DIE_STEP
        if kind == "Piece":
            draw_die(dwg, None, x, y, number, size=DIE)
            words = named(DIE_WORDS, number) if number in DIE_WORDS else ""
        elif kind == "Colour":
            die = draw_die(dwg, None, x, y, None, size=DIE, fill=COLOUR_HEX[colour] if colour else None,
                           show_value=colour is None)
            if colour:
                _disc(dwg, die, DIE / 2, DIE / 2, DIE * 0.26, colour)
            words = named(COLOUR_NAMES, colour) if colour else ""
        else:
            die = draw_die(dwg, None, x, y, None, size=DIE, fill=SURFACE_TINT[surface] if surface else None,
                           show_value=surface is None)
            if surface:
                die.add(make(dwg, "use", {"transform": translate(DIE * 0.15, DIE * 0.15, DIE * 0.7 / 20)},
                             symbol_href(dwg, surface)))
            words = named(SURFACE_NAMES, surface) if surface else ""
        dwg.add(make(dwg, "text", {"x": num(x + DIE / 2), "y": y + DIE + 14, "class": "dz-sm",
                                   "text-anchor": "middle"}, label(kind)))
        lines = wrap_to_width(words, DIE_STEP - 4, 13, bold=True) if words else []
        for row, line in enumerate(lines):
            dwg.add(make(dwg, "text", {"x": num(x + DIE / 2), "y": y + DIE + 29 + 15 * row, "class": "dz-lb",
                                       "text-anchor": "middle"}, fit(line, DIE_STEP - 4, 13, True)))
        rows = max(rows, len(lines))
    info_x = left + 8 + 3 * DIE_STEP
    lines = [label("Terrain: {count}/36 tiles").format(count=scene.terrain),
             label("Sudden death") if scene.sudden_death else label("Normal phase"),
             label("Draw pile: {count} cards").format(count=scene.pile)]
    for index, line in enumerate(lines):
        attrs: dict[str, Any] = {"x": num(info_x), "y": y + 12 + index * 18, "class": "dz-sm"}
        if scene.sudden_death and index == 1:
            attrs["style"] = "fill:#8a1c1c;font-weight:bold"
        dwg.add(make(dwg, "text", attrs, fit(line, WIDTH - info_x - 4, 12, bold="style" in attrs)))
    return y + DIE + 14 + 15 * rows + 5


def _seats(dwg: svgwrite.Drawing, scene: Scene, top: float) -> float:
    """One row per seat (hand): its colours, name and counts, then its supply and its card
    backs at the row's right end -- on two lines, the pieces on the terrain moving to the
    supply's line when the first is full, or on three. Returns the bottom."""
    y = top
    right = PANEL_X + PANEL_W
    piece = 20.0
    for seat in scene.seats:
        name = seat.name + (" " + label("(you)") if seat.seat == scene.viewer else "")
        counts = " · ".join((label("tiles {count}").format(count=seat.tiles),
                             label("cards {count}").format(count=seat.cards)))
        terrain = label("on the terrain {count}/{limit}").format(count=seat.on_terrain, limit=seat.limit)
        facts = f"{counts} · {terrain}"
        name_x = PANEL_X + 6 + sum(2 * disc_rx(DISC, colour) + 2 for colour in seat.colours) + 3
        facts_x = name_x + text_width(name, 13, True) + 10
        supply_word = label("supply:") if seat.supply else label("supply empty")
        supply_w = text_width(supply_word, SMALL) + 5 + len(seat.supply) * (piece + 2)
        if facts_x + text_width(facts, SMALL) <= right - 4:
            shape, first, second = "two", facts, ""
        elif (facts_x + text_width(counts, SMALL) <= right - 4
              and PANEL_X + 8 + supply_w + 8 + text_width("· " + terrain, SMALL) <= right - 32):
            shape, first, second = "split", counts, "· " + terrain
        else:
            shape, first, second = "three", "", ""
        step = 62.0 if shape == "three" else 46.0
        if seat.to_move:
            dwg.add(make(dwg, "rect", {"x": PANEL_X - 4, "y": num(y), "width": num(PANEL_W + 8),
                                       "height": num(step - 4), "rx": 6, "fill": "#fff6e0", "stroke": TURN,
                                       "stroke-width": "2.5"}))
        dx: float = PANEL_X + 6
        for colour in seat.colours:
            _disc(dwg, dwg, dx + disc_rx(DISC, colour), y + 13, DISC, colour)
            dx += 2 * disc_rx(DISC, colour) + 2
        dwg.add(make(dwg, "text", {"x": num(name_x), "y": num(y + 18), "class": "dz-lb"}, name))
        if shape == "three":
            dwg.add(make(dwg, "text", {"x": PANEL_X + 8, "y": num(y + 35), "class": "dz-sm"},
                         fit(facts, PANEL_W - 40, SMALL)))
            line = y + 40
        else:
            dwg.add(make(dwg, "text", {"x": num(facts_x), "y": num(y + 18), "class": "dz-sm"}, first))
            line = y + 22
        for back in range(min(seat.cards, 2)):
            draw_card(dwg, Card.unknown(), x=right - 26 + back * 9, y=line - (18 if shape == "three" else 0), w=14)
        sx: float = PANEL_X + 8
        dwg.add(make(dwg, "text", {"x": num(sx), "y": num(line + 15), "class": "dz-sm"}, supply_word))
        sx += text_width(supply_word, SMALL) + 5
        if seat.supply:
            end = right - (4 if shape == "three" else 32) - piece       # the card backs end the line
            gap = min(piece + 2, (end - sx) / max(1, len(seat.supply) - 1))
            for colour, figure, data_id in seat.supply:
                draw_piece(dwg, dwg, sx, line, piece, colour, figure, data_id, badge=False)
                sx += gap
            sx += piece - gap
        if second:
            dwg.add(make(dwg, "text", {"x": num(sx + 8), "y": num(line + 15), "class": "dz-sm"}, second))
        y += step
    return y


def _own_tiles(dwg: svgwrite.Drawing, scene: Scene, left: float, top: float, room: float) -> float:
    """The left-over tiles of a 4-player game while they wait to be placed, and the viewer's
    tiles, each under its title, in rows of ``room`` px, large enough to click. Returns the bottom."""
    sections = [(label("Left-over tiles:"), scene.leftover)] if scene.leftover else []
    if scene.viewer is not None:
        sections.append((label("Your tiles ({count}):").format(count=len(scene.hand)), scene.hand))
    x, y, bottom = left, top, top
    per_row = max(1, int((room + 4) // HAND_STEP))
    for title, tiles in sections:
        rows = max(1, (len(tiles) + per_row - 1) // per_row)
        width = max(min(len(tiles), per_row) * HAND_STEP, text_width(title, 13, True))
        if x > left and x + width > left + room:       # the next row
            x, y = left, bottom + 4
        dwg.add(make(dwg, "text", {"x": num(x), "y": num(y + 13), "class": "dz-lb"}, title))
        if not tiles:                        # one line: the title and "no tiles left"
            width = text_width(title, 13, True) + 8 + text_width(label("no tiles left"), SMALL)
            dwg.add(make(dwg, "text", {"x": num(x + width - text_width(label("no tiles left"), SMALL)),
                                       "y": num(y + 13), "class": "dz-sm"}, label("no tiles left")))
            bottom = max(bottom, y + 18)
            x += width + 18
            continue
        for index, (tile_id, look) in enumerate(tiles):
            draw_tile(dwg, dwg, x + (index % per_row) * HAND_STEP, y + 19 + (index // per_row) * HAND_STEP,
                      HAND_TILE, look, tile_id, as_group=True)
        bottom = max(bottom, y + 19 + rows * HAND_STEP - 4)
        x += width + 18
    return bottom


def _own_cards(dwg: svgwrite.Drawing, scene: Scene, x: float, top: float) -> float:
    """The viewer's cards, with their names; returns their bottom."""
    dwg.add(make(dwg, "text", {"x": num(x), "y": num(top + 13), "class": "dz-lb"}, label("Your cards:")))
    for index, card in enumerate(scene.cards):
        draw_card(dwg, card, x=x + index * (HAND_CARD_W + 8), y=top + 19, w=HAND_CARD_W)
    return top + 19 + HAND_CARD_H


def _key(dwg: svgwrite.Drawing, left: float, top: float, room: float,
         wide: tuple[float, float] | None = None) -> float:
    """The colours' letters and the surfaces' symbols with their names, the conquering flag
    and the conquest marker, in rows no wider than ``room`` (``wide``: a wider room and the
    y below which it holds, under the cards); returns the bottom."""
    right = left + room
    x: float = left
    y = top + 10                      # the middle of the row
    dwg.add(make(dwg, "text", {"x": x, "y": num(y + 4), "class": "dz-sm", "font-weight": "bold"},
                 label("Colours:")))
    x += text_width(label("Colours:"), SMALL, True) + 8
    for colour in COLOURS:
        word = named(COLOUR_NAMES, colour)
        rx = disc_rx(DISC, colour)
        if x + 2 * rx + 3 + text_width(word, SMALL) > right:
            x, y = left + 12, y + ROW
        _disc(dwg, dwg, x + rx, y, DISC, colour)
        dwg.add(make(dwg, "text", {"x": num(x + 2 * rx + 3), "y": num(y + 4), "class": "dz-sm"}, word))
        x += 2 * rx + 3 + text_width(word, SMALL) + 10
    x, y = left, y + ROW
    dwg.add(make(dwg, "text", {"x": num(x), "y": num(y + 4), "class": "dz-sm", "font-weight": "bold"},
                 label("Surfaces:")))
    x += text_width(label("Surfaces:"), SMALL, True) + 8
    for surface in SURFACES:
        word = named(SURFACE_NAMES, surface)
        if x + 21 + text_width(word, SMALL) > right:
            x, y = left + 12, y + ROW
        dwg.add(make(dwg, "rect", {"x": num(x), "y": num(y - 9), "width": 18, "height": 18, "rx": 2,
                                   "fill": SURFACE_TINT[surface]}))
        dwg.add(make(dwg, "use", {"transform": translate(x + 1, y - 8, 16 / 20)}, symbol_href(dwg, surface)))
        dwg.add(make(dwg, "text", {"x": num(x + 21), "y": num(y + 4), "class": "dz-sm"}, word))
        x += 21 + text_width(word, SMALL) + 10
    flag = label("a piece conquering the tile (a full round there marks it)")
    marker = label("a conquest marker: the tile counts as that colour")
    x, y = left, y + ROW
    if wide is not None and y - ROW / 2 >= wide[1]:
        room, right = wide[0], left + wide[0]
    flag_lines = wrap_to_width(flag, room - 18, SMALL)
    _flag(dwg, dwg, x, y - 10, "r")
    for index, line in enumerate(flag_lines):
        dwg.add(make(dwg, "text", {"x": num(x + 18), "y": num(y + 4 + 16 * index), "class": "dz-sm"}, line))
    x += 18 + text_width(flag_lines[-1], SMALL) + 14
    y += 16 * (len(flag_lines) - 1)
    marker_w = 2 * DISC + 10 + text_width(marker, SMALL)
    if x + marker_w > right:
        x, y = left, y + ROW
    _disc(dwg, dwg, x + DISC + 2.5, y, DISC, "r", marker=True)
    dwg.add(make(dwg, "text", {"x": num(x + 2 * DISC + 10), "y": num(y + 4), "class": "dz-sm"}, marker))
    return y + DISC + 3


def _hand_name(public: Mapping[str, Any], hand: int) -> str:
    """'Player 2', or in the solo game 'Hand white' (one seat plays six colour hands)."""
    if public["mode"] == "solo":
        return f"{tr('Hand')} {named(COLOUR_NAMES, public['hands'][hand]['colours'][0])}"
    return f"{t('Player')} {public['hands'][hand]['seat'] + 1}"


def _last_words(public: Mapping[str, Any], last: str | None) -> tuple[str | None, tuple[str, ...]]:
    """The last action in words and the cells it touched (see the notation in :mod:`.game`)."""
    if not last:
        return None, ()
    words = last.split()
    head = words[0]
    if head == "roll":
        dice = public["dice"]
        if dice is None:
            return label("rolled the dice"), ()
        return label("rolled {number} · {colour} · {surface}").format(
            number=dice["number"], colour=named(COLOUR_NAMES, dice["colour"]),
            surface=named(SURFACE_NAMES, dice["surface"])), ()
    if head == "take":
        return label("removed the tile on {cell}").format(cell=words[1]), (words[1],)
    if head == "remove":
        return label("{piece} back to the supply, both cards replaced").format(piece=piece_name(words[1])), ()
    if head == "replace":
        return label("both cards replaced (no move)"), ()
    if head == "sudden":
        return label("called sudden death"), ()
    if head == "end":
        return label("ended the turn"), ()
    if len(head) == 3 and head[0] in COLOURS and head[1:] in SURFACES:
        return label("placed the tile {colour}/{surface} on {cell}").format(
            colour=named(COLOUR_NAMES, head[0]), surface=named(SURFACE_NAMES, head[1:]), cell=words[1]), (words[1],)
    if len(head) == 2 and len(words) >= 2:
        text = f"{piece_name(head)} → {words[1]}"
        if len(words) > 2:
            code = words[2][:-1].upper() + "b" if words[2].endswith("b") else words[2].upper()
            text += " " + label("(card {card})").format(card=Card.parse(code).name(get_language()))
        return text, (words[1],)
    return last, ()


def scene(observation: Observation, marks: Iterable[str] = ()) -> Scene:
    """The :class:`Scene` of an observation: its public part, and the tiles and cards of the
    viewer's own hands (its zones show nobody else's)."""
    public = observation.public
    viewer = observation.seat
    tiles = {cell: TileLook(info["colour"], info["surface"], info["marker"]) for cell, info in public["board"].items()}
    where = public["pieces"]
    pieces = {cell: (piece[0], piece[1]) for piece, cell in where.items() if cell is not None}
    piece_ids = {cell: piece for piece, cell in where.items() if cell is not None}
    hands = public["hands"]
    mine = {colour for hand in hands if hand["seat"] == viewer for colour in hand["colours"]}
    clickable = {cell: piece for cell, piece in piece_ids.items() if piece[0] in mine}
    rows = []
    for index, hand in enumerate(hands):
        side = public["sides"][hand["side"]]
        own = hand["seat"] == viewer
        supply = tuple((piece[0], piece[1], piece if own else None)
                       for colour in hand["colours"] for piece in (colour + figure for figure in FIGURES)
                       if where[piece] is None)
        rows.append(SeatLook(seat=hand["seat"], name=_hand_name(public, index), colours=tuple(hand["colours"]),
                             tiles=public["tiles_in_hands"][index], cards=observation.zones[cards_zone(index)].count,
                             on_terrain=side["on_terrain"], limit=side["limit"], supply=supply,
                             to_move=index == public["hand"] and public["phase"] != "over"))
    shown_hand: int | None = None
    if viewer is not None:
        own_hands = [index for index, hand in enumerate(hands) if hand["seat"] == viewer]
        shown_hand = public["hand"] if public["hand"] in own_hands else own_hands[0]
    own_tiles: tuple[tuple[str, TileLook], ...] = ()
    cards: tuple[str, ...] = ()
    if shown_hand is not None:
        own_tiles = tuple((tile, TileLook(tile[0], tile[1:])) for tile in observation.ids(tiles_zone(shown_hand)))
        cards = tuple(observation.ids(cards_zone(shown_hand)))
    leftover = tuple((tile, TileLook(tile[0], tile[1:])) for tile in observation.ids(LEFTOVER))
    dice = public["dice"]
    words, cells = _last_words(public, observation.last)
    return Scene(status=observation.status, last=words, tiles=tiles, pieces=pieces, piece_ids=clickable,
                 dice=(None, None, None) if dice is None else (dice["number"], dice["colour"], dice["surface"]),
                 seats=tuple(rows), hand=own_tiles, cards=cards, viewer=viewer, shown_hand=shown_hand,
                 leftover=leftover, terrain=public["tiles_placed"], sudden_death=public["sudden"],
                 pile=public["pile"], last_cells=cells, marks=frozenset(marks),
                 conquering=frozenset(public["conquering"]))


def draw(observation: Observation, *, marks: Iterable[str] = ()) -> str:
    """The SVG of a NeuroDrez observation (see the module docstring); ``marks``: cells
    to tint blue (where a piece may go, in a lesson)."""
    if isinstance(marks, str):
        marks = [marks]
    marks = list(marks)
    bad = [cell for cell in marks if cell not in CELLS]
    if bad:
        raise ValueError(f"marks are cells of the 7x7 board (a1 to g7), not {short_repr(bad[0])}")
    return render(scene(observation, marks))


def draw_components() -> str:
    """The components for a lesson (§9.1): the 36 tiles (a row per colour, a column per
    surface), the six figures in each colour, and the three dice with what their faces mean."""
    tile, gap = 46, 6
    left, top = 96, 40
    figures_x = left + 6 * (tile + gap) + 30
    dwg = new_drawing(WIDTH, top + 6 * (tile + gap) + 120)
    dwg.add(make(dwg, "text", {"x": left, "y": 18, "class": "dz-lb"}, label("36 tiles: a colour and a surface each")))
    dwg.add(make(dwg, "text", {"x": figures_x, "y": 18, "class": "dz-lb"}, label("36 pieces: six of each colour")))
    for column, surface in enumerate(SURFACES):
        dwg.add(make(dwg, "text", {"x": num(left + column * (tile + gap) + tile / 2), "y": top - 6, "class": "dz-sm",
                                   "text-anchor": "middle"}, named(SURFACE_NAMES, surface)))
    for row, colour in enumerate(COLOURS):
        y = top + row * (tile + gap)
        dwg.add(make(dwg, "text", {"x": left - 10, "y": num(y + tile / 2 + 4), "class": "dz-sm",
                                   "text-anchor": "end"}, named(COLOUR_NAMES, colour)))
        for column, surface in enumerate(SURFACES):
            draw_tile(dwg, dwg, left + column * (tile + gap), y, tile, TileLook(colour, surface), None)
        for index, figure in enumerate(FIGURES):
            draw_piece(dwg, dwg, figures_x + index * (tile - 4), y + 2, tile - 6, colour, figure, None,
                       badge=index == 0)
    y = top + 6 * (tile + gap) + 16
    dwg.add(make(dwg, "text", {"x": left, "y": num(y), "class": "dz-lb"}, label("Three dice:")))
    x = left
    for number in range(1, 7):
        draw_die(dwg, None, x, y + 10, number, size=34)
        dwg.add(make(dwg, "text", {"x": num(x + 17), "y": num(y + 60), "class": "dz-sm", "text-anchor": "middle"},
                     fit(named(DIE_WORDS, number).split(":")[0], 60, 12)))
        x += 62
    x += 20
    for colour in COLOURS[:3]:
        die = draw_die(dwg, None, x, y + 10, None, size=34, fill=COLOUR_HEX[colour], show_value=False)
        _disc(dwg, die, 17, 17, 9, colour)
        x += 40
    dwg.add(make(dwg, "text", {"x": num(x - 60), "y": num(y + 60), "class": "dz-sm", "text-anchor": "middle"},
                 label("colour die")))
    x += 20
    for surface in SURFACES[:3]:
        die = draw_die(dwg, None, x, y + 10, None, size=34, fill=SURFACE_TINT[surface], show_value=False)
        die.add(make(dwg, "use", {"transform": translate(5, 5, 24 / 20)}, symbol_href(dwg, surface)))
        x += 40
    dwg.add(make(dwg, "text", {"x": num(x - 60), "y": num(y + 60), "class": "dz-sm", "text-anchor": "middle"},
                 label("surface die")))
    return to_svg(dwg)
