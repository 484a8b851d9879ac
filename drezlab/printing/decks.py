"""Card sheets: the PokerDrez deck and EDAMI luck-card decks at real poker-card size.

Every card is 63 x 88 mm (the poker size). Nine cards fit a sheet of A4 or Letter in
three rows of three, butted together so one straight cut separates two cards; short
cut marks in the margin continue every cutting line (the cards themselves carry no
line, so a slightly shifted cut never leaves a black edge on a card).

Backs are on their own pages, each right after the faces it belongs to, arranged for
double-sided printing flipped on the long edge: the back of the card in column ``c``
of a row sits in column ``2 - c`` of the same row (mirrored), so the backs of a last,
partly filled sheet still land behind their faces. Print single-sided and glue, or
duplex "flip on long edge"; always at 100 % (actual size).

Faces are drawn by the games' own code: PokerDrez faces by
:func:`drezlab.render.cards.draw_card`, EDAMI faces by
:func:`drezlab.games.edami.picture.draw_luck_card` from a deck read by EDAMI's own
parser (:meth:`~drezlab.games.edami.cards.EdamiDeck.from_text`), so a wrong line of a
teacher's deck text raises the parser's :class:`~drezlab.core.errors.BadRecord` naming
the line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import svgwrite

from drezlab.core.cards import Card
from drezlab.core.i18n import LANGUAGES, get_language, in_language
from drezlab.printing.pages import CUT_WIDTH, Page, Paper, PrintingError
from drezlab.render.base import to_svg
from drezlab.render.cards import draw_card
from drezlab.render.textwidth import text_width

CARD_W, CARD_H = 63.0, 88.0
"""The real size of a poker card in mm."""
COLUMNS, ROWS = 3, 3
PER_SHEET = COLUMNS * ROWS
MARK_GAP = 1.5
"""Space in mm between the cards' edge and the start of a cut mark."""
MARK_LENGTH = 5.0

#: draws one card face (or back) into an svgwrite drawing in mm at (x, y), CARD_W x CARD_H
Drawer = Callable[[svgwrite.Drawing, float, float], None]


def grid_origin(paper: Paper) -> tuple[float, float]:
    """The top-left corner (mm) of the 3 x 3 grid of cards, centred on the sheet."""
    return (paper.width - COLUMNS * CARD_W) / 2, (paper.height - ROWS * CARD_H) / 2


def cut_lines(paper: Paper) -> tuple[list[float], list[float]]:
    """The x of every vertical and the y of every horizontal cutting line, in mm."""
    left, top = grid_origin(paper)
    return ([left + c * CARD_W for c in range(COLUMNS + 1)], [top + r * CARD_H for r in range(ROWS + 1)])


@contextmanager
def language_of(language: str | None) -> Iterator[str]:
    """Draw (and report errors) in ``language`` ("en"/"es", None: the current one) for a
    moment; the library's language is restored afterwards."""
    chosen = get_language() if language is None else language
    if chosen not in LANGUAGES:
        raise PrintingError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")
    with in_language(chosen):
        yield chosen


def card_sheets(faces: Sequence[Drawer], back: Drawer, paper: Paper, title: str) -> list[Page]:
    """Face pages, each followed by its mirrored back page, with cut marks and a caption."""
    sheets = [faces[start:start + PER_SHEET] for start in range(0, len(faces), PER_SHEET)]
    total = 2 * len(sheets)
    pages: list[Page] = []
    left, top = grid_origin(paper)
    for number, sheet in enumerate(sheets):
        for side in ("faces", "backs"):
            dwg = svgwrite.Drawing(size=(paper.width, paper.height), debug=False)
            dwg.viewbox(0, 0, paper.width, paper.height)
            for index, draw in enumerate(sheet):
                row, col = divmod(index, COLUMNS)
                if side == "backs":
                    col = COLUMNS - 1 - col
                (draw if side == "faces" else back)(dwg, left + col * CARD_W, top + row * CARD_H)
            page = Page(paper)
            page.place(to_svg(dwg), 0, 0, paper.width, paper.height)
            _cut_marks(page)
            _caption(page, f"{title} · {len(pages) + 1}/{total} · {side}", top - MARK_GAP - 0.6)
            _caption(page, "print at 100 % · duplex: flip on long edge", top + ROWS * CARD_H + MARK_GAP + 3.2)
            pages.append(page)
    return pages


def _cut_marks(page: Page) -> None:
    """Marks in the margin continuing every cutting line, never touching a card."""
    xs, ys = cut_lines(page.paper)
    paper = page.paper
    for x in xs:
        page.line(x, ys[0] - MARK_GAP, x, max(0.5, ys[0] - MARK_GAP - MARK_LENGTH), width=CUT_WIDTH)
        page.line(x, ys[-1] + MARK_GAP, x, min(paper.height - 0.5, ys[-1] + MARK_GAP + MARK_LENGTH), width=CUT_WIDTH)
    for y in ys:
        page.line(xs[0] - MARK_GAP, y, max(0.5, xs[0] - MARK_GAP - MARK_LENGTH), y, width=CUT_WIDTH)
        page.line(xs[-1] + MARK_GAP, y, min(paper.width - 0.5, xs[-1] + MARK_GAP + MARK_LENGTH), y, width=CUT_WIDTH)


def _caption(page: Page, text: str, baseline: float) -> None:
    """A small centred line in a margin, between the middle column's cut marks."""
    room = CARD_W - 4
    size = min(2.4, 2.4 * room / max(text_width(text, 2.4), 1e-9))
    page.text(page.paper.width / 2, baseline, text, size=size, anchor="middle", colour="#555")


# --------------------------------------------------------------------------- PokerDrez
def pokerdrez_faces(packs: int, language: str) -> list[Drawer]:
    """One drawer per card of ``packs`` PokerDrez packs (56 cards each), drawn as the
    game draws them (:func:`drezlab.render.cards.draw_card`)."""
    from drezlab.core.cards import Deck  # keeps this module light to import

    if isinstance(packs, bool) or not isinstance(packs, int) or not 1 <= packs <= 4:
        raise PrintingError(f"packs must be 1 to 4, not {packs!r}")

    def drawer(card: Card) -> Drawer:
        def draw(dwg: svgwrite.Drawing, x: float, y: float) -> None:
            draw_card(dwg, card, x=x, y=y, w=CARD_W, h=CARD_H, language=language)
        return draw

    return [drawer(card) for card in Deck.all_cards(packs)]


def pokerdrez_back(dwg: svgwrite.Drawing, x: float, y: float) -> None:
    """The PokerDrez card back, as the game draws a face-down card."""
    draw_card(dwg, Card.unknown(), x=x, y=y, w=CARD_W, h=CARD_H)


# --------------------------------------------------------------------------- EDAMI
#: the px size EDAMI's faces are designed for (the large card of the table), at the 63:88 ratio
EDAMI_DESIGN_W = 120.0
EDAMI_DESIGN_H = EDAMI_DESIGN_W * CARD_H / CARD_W


def edami_faces(text: str) -> list[Drawer]:
    """One drawer per physical card of the deck written in ``text`` (read by EDAMI's
    parser in the current language; a wrong line raises its ``BadRecord``)."""
    from drezlab.games.edami.cards import CardSpec, EdamiDeck
    from drezlab.games.edami.picture import draw_luck_card

    deck = EdamiDeck.from_text(text)
    scale = CARD_W / EDAMI_DESIGN_W

    def drawer(spec: CardSpec) -> Drawer:
        def draw(dwg: svgwrite.Drawing, x: float, y: float) -> None:
            group = dwg.g(transform=f"translate({x:.3f} {y:.3f}) scale({scale:.5f})")
            dwg.add(group)
            draw_luck_card(dwg, spec, x=0, y=0, w=EDAMI_DESIGN_W, h=EDAMI_DESIGN_H, parent=group)
        return draw

    return [drawer(spec) for spec in deck.cards()]


def edami_back(dwg: svgwrite.Drawing, x: float, y: float) -> None:
    """The EDAMI back: the deep blue of the table's draw pile with its white "?"."""
    dwg.add(dwg.rect((x + 0.4, y + 0.4), (CARD_W - 0.8, CARD_H - 0.8), rx=3.5, fill="#1e3a8a",
                     stroke="#0f2445", stroke_width=0.8))
    dwg.add(dwg.rect((x + 4, y + 4), (CARD_W - 8, CARD_H - 8), rx=2.5, fill="none", stroke="#fff",
                     stroke_opacity=0.7, stroke_width=0.5))
    dwg.add(dwg.text("?", insert=(x + CARD_W / 2, y + CARD_H / 2 + 10), fill="#fff", font_size=30,
                     font_weight="bold", text_anchor="middle",
                     font_family="'DejaVu Sans',Verdana,Arial,sans-serif"))
    dwg.add(dwg.text("EDAMI", insert=(x + CARD_W / 2, y + CARD_H - 10), fill="#fff", font_size=5,
                     text_anchor="middle", letter_spacing=1.5,
                     font_family="'DejaVu Sans',Verdana,Arial,sans-serif"))


__all__ = [
    "CARD_H",
    "CARD_W",
    "CUT_WIDTH",
    "PER_SHEET",
    "card_sheets",
    "cut_lines",
    "edami_back",
    "edami_faces",
    "grid_origin",
    "language_of",
    "pokerdrez_back",
    "pokerdrez_faces",
]
