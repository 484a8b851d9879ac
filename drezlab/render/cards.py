"""Pokerdrez card faces and backs, and a gallery of cards for lessons.

A face-up card is one group::

    <g class="dz-target dz-card" data-id="Q5" color="#1f5fbf" transform="...">
      <use xlink:href="#dz-cQ-en"/>          frame, band, white queen, "Queen"
      <text class="dz-cn">5</text>           the number, big, top left
    </g>

The face of each figure (frame, coloured band, glyph, label) is one shared
def drawn in ``currentColor``; the group's ``color`` attribute paints it in
the card's colour (``Color.hex``), so nine colours need one def per figure.
Glyphs are python-chess's white pieces; the joker is a jester's cap drawn in
:mod:`drezlab.render.pieces`. Neutral cards have a grey face with an
exchange sign and the word "Neutral" and no number.

A face-down card (``card.is_unknown``, the placeholder redacted views put in
place of hidden cards) is a ``<use>`` of the card back and nothing else: no
id, name or number of any card, only the ``data_id`` a caller chooses
(``"pile"``). Callers only ever receive placeholders for hidden cards, so
nothing hidden can leak through a picture.

Cards are designed on a 60 x 84 grid (ratio 5:7) and scaled to the requested
size; label texts follow :func:`drezlab.core.i18n.get_language` unless a
``language`` is given, and the language is part of the face's def id.
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite
from svgwrite.base import BaseElement

from drezlab.core.cards import Card, CardLike, as_card, as_cards
from drezlab.core.i18n import get_language
from drezlab.render.base import (
    ensure_def,
    ensure_style,
    make,
    new_drawing,
    num,
    to_svg,
    translate,
)
from drezlab.render.pieces import GLYPH_SIZE, exchange_href, glyph_href

CARD_WIDTH = 60
CARD_HEIGHT = 84
"""The design grid of a card; any drawn size is a scaling of it."""

LABEL_WIDTH = CARD_WIDTH
"""The least width at which a card carries its name ("Queen") in the band: its 11 px label
is then at least 11 px on the screen. A smaller card shows its figure, number and colour,
and the band stays empty rather than holding words too small to read (issue 22)."""

BACK_ID = "dz-back"
BACK_PATTERN_ID = "dz-lattice"
"""Not ``dz-bp``: that is the black pawn's glyph (:func:`drezlab.render.pieces.glyph_id`)."""
GREY_FILTER_ID = "dz-grey"

_NEUTRAL_FACE = "#ececec"
_NEUTRAL_INK = "#8c8c8c"
_BAND_TOP = 64
_CORNER = 6


def draw_card(dwg: svgwrite.Drawing, card: CardLike, *, x: float, y: float, w: float = CARD_WIDTH,
              h: float | None = None, parent: BaseElement | None = None,
              data_id: str | None = None, language: str | None = None,
              greyed: bool = False, corner: bool = False) -> BaseElement:
    """Draw ``card`` with its top-left corner at (x, y), ``w`` wide and ``h`` high.

    ``card`` is a :class:`Card` or its id (``"Q5"``). ``h`` defaults to the
    5:7 card ratio; another ``h`` stretches the design.
    A face-up card's group carries ``data-id`` = ``card.id`` and the classes
    ``dz-target dz-card``. A face-down card (``Card.unknown()``) carries no card
    id; ``data_id`` (e.g. ``"pile"``) makes it clickable under that name and is
    ignored for face-up cards. ``greyed`` washes the card out (cards that no
    longer matter). ``corner`` adds a small copy of the figure's glyph (the exchange
    sign for a neutral card) in the top-right corner, beside the number, so that a card
    overlapped by the next one in a column (SoloDrez) shows figure, number and colour in
    its visible top strip. Returns the element added to ``parent`` (default ``dwg``).
    """
    ensure_style(dwg)
    card = as_card(card)
    sx = w / CARD_WIDTH
    sy = sx if h is None else h / CARD_HEIGHT
    transform = translate(x, y, sx) if abs(sx - sy) < 1e-9 else \
        f"translate({num(x)} {num(y)}) scale({sx:.4g} {sy:.4g})"
    if card.is_unknown:
        if data_id is None:
            attrs = {"class": "dz-card dz-down", "transform": transform}
        else:
            attrs = {"class": "dz-target dz-card dz-down", "transform": transform, "data-id": data_id}
        element = make(dwg, "use", attrs, back_href(dwg))
    else:
        element = make(dwg, "g", {"class": "dz-target dz-card", "transform": transform,
                                  "data-id": card.id})
        element.add(dwg.use(face_href(dwg, card, language or get_language(), labelled=w >= LABEL_WIDTH - 1e-9)))
        if not card.is_neutral:
            assert card.color is not None
            element["color"] = card.color.hex
            element.add(make(dwg, "text", {"x": "5", "y": "23", "class": "dz-cn"}, str(card.number)))
        if corner:
            element.add(_corner_mark(dwg, card))
    if greyed:
        grey(dwg, element)
    (dwg if parent is None else parent).add(element)
    return element


def draw_cards(cards: Sequence[CardLike], *, columns: int = 9, language: str | None = None,
               card_width: float = CARD_WIDTH, gap: float = 8) -> str:
    """A standalone SVG showing ``cards`` in rows of ``columns`` (a hand, the common cards,
    the whole 56-card pack: ``draw_cards(full_pack())`` gives one figure per row).

    Cards may be given as ids (``"Q5"``); ``Card.unknown()`` draws a card back.
    """
    if columns < 1:
        raise ValueError(f"columns must be at least 1, not {columns!r}")
    parsed = as_cards(cards)
    card_height = card_width * CARD_HEIGHT / CARD_WIDTH
    shown_columns = max(1, min(columns, len(parsed)))
    rows = max(1, -(-len(parsed) // columns))
    dwg = new_drawing(gap + shown_columns * (card_width + gap), gap + rows * (card_height + gap))
    for index, card in enumerate(parsed):
        row, col = divmod(index, columns)
        draw_card(dwg, card, x=gap + col * (card_width + gap), y=gap + row * (card_height + gap),
                  w=card_width, language=language)
    return to_svg(dwg)


def face_href(dwg: svgwrite.Drawing, card: Card, language: str, labelled: bool = True) -> str:
    """Make sure ``dwg`` defines the face of ``card``'s figure in ``language`` (with its name
    in the band, or without: ``labelled=False``, see :data:`LABEL_WIDTH`); return its href."""
    spanish = language == "es"
    suffix = ("es" if spanish else "en") if labelled else "bare"
    if card.is_neutral:
        def_id = f"dz-cX-{suffix}"
        glyph = exchange_href(dwg)
        return ensure_def(dwg, def_id, lambda factory: _neutral_face(factory, def_id, glyph, labelled))
    figure = card.figure
    assert figure is not None
    def_id = f"dz-c{figure.letter}-{suffix}"
    glyph = glyph_href(dwg, figure.letter)
    label = (figure.spanish if spanish else figure.english) if labelled else ""
    return ensure_def(dwg, def_id, lambda factory: _figure_face(factory, def_id, glyph, label))


#: the size and place of the corner mark on the 60 x 84 design grid
_CORNER_GLYPH = 19
_CORNER_X, _CORNER_Y = 37, 3


def _corner_mark(dwg: svgwrite.Drawing, card: Card) -> BaseElement:
    """The small glyph of ``draw_card(..., corner=True)``: the figure (outlined white piece
    on a disc of the card's colour, so it reads on the white face) or the exchange sign."""
    if card.is_neutral:
        return dwg.use(exchange_href(dwg), transform=translate(_CORNER_X, _CORNER_Y, _CORNER_GLYPH / GLYPH_SIZE))
    assert card.figure is not None
    mark = dwg.g()
    radius = _CORNER_GLYPH / 2 + 1
    mark.add(make(dwg, "circle", {"cx": num(_CORNER_X + radius - 1), "cy": num(_CORNER_Y + radius - 1),
                                  "r": num(radius), "fill": "currentColor"}))
    mark.add(dwg.use(glyph_href(dwg, card.figure.letter),
                     transform=translate(_CORNER_X, _CORNER_Y, _CORNER_GLYPH / GLYPH_SIZE)))
    return mark


def back_href(dwg: svgwrite.Drawing) -> str:
    """Make sure ``dwg`` defines the card back (and its pattern); return its href."""
    pattern = ensure_def(dwg, BACK_PATTERN_ID, _back_pattern)
    return ensure_def(dwg, BACK_ID, lambda factory: _back(factory, pattern))


def grey(dwg: svgwrite.Drawing, element: BaseElement) -> None:
    """Wash ``element`` out: no colour and pale (an SVG filter), but opaque, so that
    nothing beneath a greyed card shows through it."""
    href = ensure_def(dwg, GREY_FILTER_ID, _grey_filter)
    element["filter"] = f"url({href})"
    classes = element.attribs.get("class")
    element["class"] = f"{classes} dz-off" if classes else "dz-off"


def _figure_face(factory: svgwrite.Drawing, def_id: str, glyph: str, label: str) -> BaseElement:
    """Frame and band in ``currentColor``, the white glyph in the middle, the name in the band."""
    face = factory.g(id=def_id)
    face.add(factory.rect((1.5, 1.5), (CARD_WIDTH - 3, CARD_HEIGHT - 3), rx=_CORNER, fill="#fff",
                          stroke="currentColor", stroke_width=3))
    face.add(factory.path(d=_band_path(), fill="currentColor"))
    scale = 36 / GLYPH_SIZE
    face.add(factory.use(glyph, transform=translate(14, 20, scale)))
    if label:
        face.add(factory.text(label, insert=(CARD_WIDTH / 2, 78), class_="dz-cl"))
    return face


def _neutral_face(factory: svgwrite.Drawing, def_id: str, glyph: str, labelled: bool = True) -> BaseElement:
    """The grey face of the two neutral cards: the exchange sign and "Neutral" (same in Spanish)."""
    face = factory.g(id=def_id)
    face.add(factory.rect((1.5, 1.5), (CARD_WIDTH - 3, CARD_HEIGHT - 3), rx=_CORNER,
                          fill=_NEUTRAL_FACE, stroke=_NEUTRAL_INK, stroke_width=3))
    face.add(factory.path(d=_band_path(), fill=_NEUTRAL_INK))
    face.add(factory.use(glyph, transform=translate(7.5, 13)))
    if labelled:
        face.add(factory.text("Neutral", insert=(CARD_WIDTH / 2, 78), class_="dz-cl"))
    return face


def _band_path() -> str:
    """The label band along the bottom edge, following the frame's rounded corners."""
    right, bottom, r = CARD_WIDTH - 1.5, CARD_HEIGHT - 1.5, _CORNER
    return (f"M1.5 {_BAND_TOP}H{right}V{bottom - r}a{r} {r} 0 0 1-{r} {r}"
            f"H{1.5 + r}a{r} {r} 0 0 1-{r}-{r}Z")


def _back(factory: svgwrite.Drawing, pattern: str) -> BaseElement:
    """The back: a blue frame around a diamond lattice and a white lozenge, no text at all."""
    back = factory.g(id=BACK_ID)
    back.add(factory.rect((1, 1), (CARD_WIDTH - 2, CARD_HEIGHT - 2), rx=_CORNER, fill="#1e3f73",
                          stroke="#0f2445", stroke_width=2))
    back.add(factory.rect((6, 6), (CARD_WIDTH - 12, CARD_HEIGHT - 12), rx=3, fill=f"url({pattern})",
                          stroke="#fff", stroke_opacity=0.7))
    back.add(factory.path(d="M30 28l11 14-11 14-11-14z", fill="#fff", fill_opacity=0.85))
    return back


def _back_pattern(factory: svgwrite.Drawing) -> BaseElement:
    """An 8 x 8 tile of the back's diamond lattice."""
    pattern = factory.pattern(id=BACK_PATTERN_ID, size=(8, 8), patternUnits="userSpaceOnUse")
    pattern.add(factory.rect((0, 0), (8, 8), fill="#2a5596"))
    pattern.add(factory.path(d="M4 0l4 4-4 4-4-4z", fill="#3b6fbd"))
    return pattern


def _grey_filter(factory: svgwrite.Drawing) -> BaseElement:
    """An SVG filter removing all colour and paling what is left, alpha untouched (CSS
    ``grayscale`` is not reliable on SVG elements; opacity would show what lies beneath)."""
    grey_filter = factory.filter(id=GREY_FILTER_ID)
    grey_filter.feColorMatrix(type_="matrix", values=" ".join(
        ["0.165 0.33 0.055 0 0.45"] * 3 + ["0 0 0 1 0"]))
    return grey_filter
