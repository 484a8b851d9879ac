"""NeuroDrez on paper: its 36 tiles and its tokens, to cut out for a class without sets.

* **Tiles**: the 36 tiles (6 colours x 6 surfaces, each pair once), drawn as the game's
  picture draws them (surface tint and symbol, colour disc), 33 mm square like the
  squares of the printed 7 x 7 board (:mod:`drezlab.printing.boards`), with cut lines.
  Their backs stay blank: blank backs are all alike, so a hand of tiles stays hidden.
* **Tokens**: the 36 pieces (6 colours x king, queen, rook, bishop, knight, pawn) as round
  tokens with the piece drawn in its colour and the colour's letter, for a class that has
  no coloured chess pieces; 8 conquest markers per colour; the 10 limit tokens.

The pictures come from :mod:`drezlab.games.neurodrez.picture` (the same drawing as on
screen), placed on paper in millimetres.
"""

from __future__ import annotations

import svgwrite

from drezlab.printing.pages import Page, Paper, add_words, say

TILE_MM = 33.0
"""A tile's side: the square of the printed 7 x 7 board."""
TILE_PX = 100.0
PIECE_MM = 24.0
MARKER_MM = 16.0
MARKERS_PER_COLOUR = 8
LIMIT_TOKENS = 10
MARGIN = 12.0
TILE_MARGIN = 7.0
NOTE_SIZE = 3.2

add_words({
    "NeuroDrez tiles: 36 tiles of 33 mm, cut along the lines (blank backs)":
        "Losetas de NeuroDrez: 36 losetas de 33 mm; recorta por las líneas (dorso en blanco)",
    "NeuroDrez tokens: pieces, conquest markers and limit tokens":
        "Fichas de NeuroDrez: piezas, marcadores de conquista y fichas de límite",
    "Pieces": "Piezas",
    "Conquest markers": "Marcadores de conquista",
    "Limit tokens": "Fichas de límite",
    "limit": "límite",
})


def _tile_svg(colour: str, surface: str) -> str:
    """One tile as the game draws it, alone in a picture of TILE_PX x TILE_PX px."""
    from drezlab.games.neurodrez.picture import TileLook, draw_tile
    from drezlab.render.base import new_drawing, to_svg

    drawing = new_drawing(TILE_PX, TILE_PX)
    draw_tile(drawing, drawing, 0, 0, TILE_PX, TileLook(colour, surface), None)
    return to_svg(drawing)


def _piece_svg(colour: str, figure: str) -> str:
    """One piece token: a disc in a light rim with the piece drawn in its colour and badge."""
    from drezlab.games.neurodrez.picture import draw_piece
    from drezlab.render.base import make, new_drawing, num, to_svg

    drawing = new_drawing(TILE_PX, TILE_PX)
    drawing.add(make(drawing, "circle", {"cx": num(TILE_PX / 2), "cy": num(TILE_PX / 2), "r": num(TILE_PX / 2 - 1),
                                         "fill": "#f4efe4", "stroke": "#333", "stroke-width": "1.5"}))
    draw_piece(drawing, drawing, TILE_PX * 0.14, TILE_PX * 0.12, TILE_PX * 0.74, colour, figure, None)
    return to_svg(drawing)


def _disc_svg(fill: str, ink: str, text: str) -> str:
    """A round token of one colour with a word or letter on it."""
    drawing = svgwrite.Drawing(size=(TILE_PX, TILE_PX), viewBox=f"0 0 {TILE_PX:g} {TILE_PX:g}")
    drawing.add(drawing.circle((TILE_PX / 2, TILE_PX / 2), TILE_PX / 2 - 2, fill=fill, stroke="#333",
                               stroke_width=3))
    size = 34 if len(text) <= 2 else max(14, 110 / len(text))
    drawing.add(drawing.text(text, insert=(TILE_PX / 2, TILE_PX / 2 + size * 0.36), font_size=size,
                             font_weight="bold", text_anchor="middle", fill=ink,
                             font_family="DejaVu Sans, sans-serif"))
    return drawing.tostring()


def _grid(paper: Paper, size: float, margin: float = MARGIN) -> tuple[int, float]:
    """How many items of ``size`` mm fit across the page, and the left edge that centres them."""
    columns = int((paper.width - 2 * margin) // size)
    return columns, (paper.width - columns * size) / 2


def tile_pages(paper: Paper) -> list[Page]:
    """The 36 tiles, 33 mm each, with cut lines between them."""
    from drezlab.games.neurodrez.tiles import COLOURS, SURFACES

    tiles = [(colour, surface) for colour in COLOURS for surface in SURFACES]
    top = MARGIN + 8
    columns, left = _grid(paper, TILE_MM, TILE_MARGIN)   # 36 tiles on one sheet of A4 or Letter
    rows = int((paper.height - top - MARGIN) // TILE_MM)
    pages: list[Page] = []
    for start in range(0, len(tiles), columns * rows):
        page = Page(paper)
        page.text(MARGIN, MARGIN + 2, say("NeuroDrez tiles: 36 tiles of 33 mm, cut along the lines (blank backs)"),
                  size=NOTE_SIZE)
        chunk = tiles[start:start + columns * rows]
        for index, (colour, surface) in enumerate(chunk):
            x, y = left + (index % columns) * TILE_MM, top + (index // columns) * TILE_MM
            page.place(_tile_svg(colour, surface), x, y, TILE_MM, TILE_MM)
            for x1, y1, x2, y2 in ((x, y, x + TILE_MM, y), (x, y + TILE_MM, x + TILE_MM, y + TILE_MM),
                                   (x, y, x, y + TILE_MM), (x + TILE_MM, y, x + TILE_MM, y + TILE_MM)):
                page.line(x1, y1, x2, y2)
        pages.append(page)
    return pages


def token_pages(paper: Paper) -> list[Page]:
    """The piece tokens, the conquest markers and the limit tokens, to cut out round."""
    from drezlab.games.neurodrez.picture import COLOUR_HEX, COLOUR_INK, colour_letter
    from drezlab.games.neurodrez.tiles import COLOURS, FIGURES

    groups = [
        (say("Pieces"), PIECE_MM, [_piece_svg(colour, figure) for colour in COLOURS for figure in FIGURES]),
        (say("Conquest markers"), MARKER_MM,
         [_disc_svg(COLOUR_HEX[colour], COLOUR_INK[colour], colour_letter(colour))
          for colour in COLOURS for _ in range(MARKERS_PER_COLOUR)]),
        (say("Limit tokens"), MARKER_MM + 4, [_disc_svg("#dddddd", "#222", say("limit"))] * LIMIT_TOKENS),
    ]
    pages = [Page(paper)]
    pages[0].text(MARGIN, MARGIN + 2, say("NeuroDrez tokens: pieces, conquest markers and limit tokens"),
                  size=NOTE_SIZE)
    y = MARGIN + 8
    for title, size, pictures in groups:
        columns, left = _grid(paper, size + 2)
        if y + 8 + size > paper.height - MARGIN:
            pages.append(Page(paper))
            y = MARGIN
        pages[-1].text(MARGIN, y + 5, title, size=4.0, bold=True)
        y += 8
        for index, picture in enumerate(pictures):
            column = index % columns
            if column == 0 and index:
                y += size + 2
            if y + size > paper.height - MARGIN:
                pages.append(Page(paper))
                y = MARGIN
            pages[-1].place(picture, left + column * (size + 2) + 1, y, size, size)
        y += size + 6
    return pages
