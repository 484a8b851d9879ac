"""Printed pages as SVG in millimetres, and their assembly into one PDF.

A :class:`Page` is one sheet of paper: an SVG root whose user unit is the millimetre
(``width="210mm"`` and ``viewBox="0 0 210 297"`` for A4), so every position in this
package is a length on paper. Pictures drawn by the rest of drezlab (in px) are placed
on a page as nested ``<svg>`` elements with their own viewBox: they keep their look and
are scaled to the size asked for (:meth:`Page.place`).

:func:`write_pdf` turns each page into a one-page PDF with CairoSVG (an existing,
maintained SVG-to-PDF converter on the cairo library) and joins them with pypdf. Both
are imported only when a PDF is written, so ``import drezlab`` never needs them.

Choices: text is DejaVu Sans like every drezlab picture; lines that must be cut along
are black, 0.25 mm wide; every page is vector (no raster images), so it prints sharp at
any size.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from drezlab.core.i18n import OwnWords
from drezlab.render.base import STYLE
from drezlab.render.textwidth import wrap_to_width

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)

FONT = "'DejaVu Sans',Verdana,Arial,sans-serif"
INK = "#000"
CUT_WIDTH = 0.25
"""Width in mm of cut marks and cut lines."""


PREFIX = "printing:"
"""The prefix of this package's translation keys (so they never clash with another module's)."""


#: this package's own words (see :class:`~drezlab.core.i18n.OwnWords`): ``add_words({...})``
#: registers their Spanish, ``say(text)`` is ``text`` in the current language
WORDS = OwnWords(PREFIX)
add_words = WORDS.add
say = WORDS


class PrintingError(ValueError):
    """A request the printing package cannot fulfil (an unknown paper, board or lesson
    without exercises); the message says what is accepted."""


@dataclass(frozen=True)
class Paper:
    """A sheet size in millimetres (portrait)."""

    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
}
"""The two papers every printout comes in: ISO A4 and US Letter."""


def paper_named(paper: str | Paper) -> Paper:
    """The :class:`Paper` called ``paper`` ("a4" or "letter", any case)."""
    if isinstance(paper, Paper):
        return paper
    found = PAPERS.get(str(paper).strip().lower()) if isinstance(paper, str) else None
    if found is None:
        raise PrintingError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    return found


def _tag(name: str) -> str:
    return f"{{{SVG_NS}}}{name}"


def _fmt(value: float) -> str:
    """A length in mm written with at most three decimals (short, stable text)."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


class Page:
    """One sheet: an SVG root in millimetres, with drezlab's stylesheet, to draw on."""

    def __init__(self, paper: Paper) -> None:
        self.paper = paper
        self.root = ET.Element(_tag("svg"), {
            "width": f"{_fmt(paper.width)}mm", "height": f"{_fmt(paper.height)}mm",
            "viewBox": f"0 0 {_fmt(paper.width)} {_fmt(paper.height)}", "class": "dz-svg",
        })
        style = ET.SubElement(self.root, _tag("style"))
        style.text = STYLE
        ET.SubElement(self.root, _tag("rect"), {"x": "0", "y": "0", "width": _fmt(paper.width),
                                                "height": _fmt(paper.height), "fill": "#fff"})

    def add(self, name: str, attrs: dict[str, str | float], text: str | None = None,
            parent: ET.Element | None = None) -> ET.Element:
        """Add an SVG element ``name`` with ``attrs`` (numbers are lengths in mm)."""
        element = ET.SubElement(self.root if parent is None else parent, _tag(name),
                                {key: _fmt(value) if isinstance(value, (int, float)) else value
                                 for key, value in attrs.items()})
        if text is not None:
            element.text = text
        return element

    def line(self, x1: float, y1: float, x2: float, y2: float, *, width: float = CUT_WIDTH,
             colour: str = INK, dash: str | None = None) -> None:
        """A straight line (cut marks, lines to write on, tile edges)."""
        attrs: dict[str, str | float] = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": colour,
                                         "stroke-width": width}
        if dash:
            attrs["stroke-dasharray"] = dash
        self.add("line", attrs)

    def text(self, x: float, y: float, text: str, *, size: float = 3.5, bold: bool = False,
             anchor: str = "start", colour: str = "#111") -> None:
        """One line of text with its baseline at ``y`` (``size`` in mm: 3.5 mm is about 10 pt)."""
        attrs: dict[str, str | float] = {"x": x, "y": y, "font-size": size, "font-family": FONT,
                                         "fill": colour, "text-anchor": anchor}
        if bold:
            attrs["font-weight"] = "bold"
        self.add("text", attrs, text)

    def paragraph(self, x: float, y: float, text: str, width: float, *, size: float = 3.5,
                  bold: bool = False, leading: float = 1.35) -> float:
        """``text`` wrapped to ``width`` mm (measured in DejaVu Sans); returns the y below it."""
        for line in wrap_to_width(text, width, size, bold=bold):
            y += size * leading
            self.text(x, y, line, size=size, bold=bold)
        return y + size * (leading - 1)

    def place(self, svg_text: str, x: float, y: float, width: float, height: float,
              view: tuple[float, float, float, float] | None = None) -> None:
        """Put a drezlab picture (SVG text in px) into the box (x, y, width, height) in mm.

        ``view`` is the part of the picture to show, as (x, y, width, height) in the
        picture's own px (default: its whole viewBox); it is scaled to fill the box
        exactly, so callers keep the proportions. What lies outside ``view`` is clipped.
        """
        picture = ET.fromstring(svg_text)
        one_text_per_glyph(picture)
        if view is None:
            view = picture_box(picture)
        for key in ("width", "height", "x", "y", "preserveAspectRatio"):
            picture.attrib.pop(key, None)
        picture.set("viewBox", " ".join(_fmt(v) for v in view))
        picture.set("x", _fmt(x))
        picture.set("y", _fmt(y))
        picture.set("width", _fmt(width))
        picture.set("height", _fmt(height))
        picture.set("preserveAspectRatio", "none")
        picture.set("overflow", "hidden")
        self.root.append(picture)

    def to_svg(self) -> str:
        """The page as SVG text."""
        return ET.tostring(self.root, encoding="unicode")


def one_text_per_glyph(root: ET.Element) -> None:
    """Split every ``<text>`` whose ``x`` or ``y`` lists one position per character (the
    board coordinates "abcdefgh" are drawn that way) into one ``<text>`` per character.

    Browsers place each character at its own position; CairoSVG anchors the whole string
    (``text-anchor: middle`` moves every letter by half the string's width), so the
    coordinates would land beside the board. One text per character looks the same in both.
    """
    for parent in root.iter():
        for index, child in enumerate(list(parent)):
            if child.tag != _tag("text") or len(child) or not child.text:
                continue
            xs, ys = child.get("x", "0").split(), child.get("y", "0").split()
            if len(xs) < 2 and len(ys) < 2:
                continue
            group = ET.Element(_tag("g"))
            for position, char in enumerate(child.text):
                glyph = ET.SubElement(group, _tag("text"), dict(child.attrib))
                glyph.set("x", xs[min(position, len(xs) - 1)])
                glyph.set("y", ys[min(position, len(ys) - 1)])
                glyph.text = char
            parent.remove(child)
            parent.insert(index, group)


def picture_box(picture: ET.Element | str) -> tuple[float, float, float, float]:
    """The viewBox of a drezlab picture (from its width and height if it has none), in px."""
    element = ET.fromstring(picture) if isinstance(picture, str) else picture
    box = element.get("viewBox")
    if box:
        values = [float(v) for v in box.replace(",", " ").split()]
        return values[0], values[1], values[2], values[3]
    return 0.0, 0.0, float(element.get("width", "0").rstrip("px")), float(element.get("height", "0").rstrip("px"))


def fit(width: float, height: float, room_width: float, room_height: float, most: float = math.inf) -> float:
    """The largest scale (at most ``most``) at which ``width`` x ``height`` fits the room."""
    return min(room_width / width, room_height / height, most)


def write_pdf(pages: Sequence[Page], path: str | Path) -> Path:
    """Write ``pages`` as one PDF at ``path`` (folders are made); returns the path.

    Each page is converted by CairoSVG, the pages are joined by pypdf.
    """
    if not pages:
        raise PrintingError("there is nothing to print: no pages")
    import cairosvg  # optional dependency, needed only to write a PDF
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in pages:
        data = cairosvg.svg2pdf(bytestring=page.to_svg().encode("utf-8"))
        for sheet in PdfReader(io.BytesIO(data)).pages:
            writer.add_page(sheet)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        writer.write(handle)
    return target
