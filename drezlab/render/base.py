"""Shared SVG plumbing for every drezlab picture: drawings, one stylesheet, shared defs.

All pictures are drawn with svgwrite in ``debug=False`` mode: it is about three
times faster than validation mode and it is the only mode that accepts the
``data-id`` attributes the widget reads clicks from.

Choices made here, and why:

- **One stylesheet for everything.** An inline SVG's ``<style>`` applies to
  the whole HTML page in Jupyter, so every class is prefixed ``dz-`` and every
  drezlab picture carries the very same :data:`STYLE` text: two pictures on a
  page can never restyle each other, and nothing outside them is touched.
  The names ``dz-board``, ``dz-picture``, ``dz-overlay``, ``dz-highlight`` and
  ``dz-selected`` belong to the widget and are not used here.
- **Shared drawings go in ``<defs>`` once** (chess pieces, card faces, the card
  back) and are placed with ``<use>``. Ids in ``<defs>`` are page-global too,
  so an id always names exactly one drawing: whatever varies (the language of
  a card label) is part of the id (``dz-cQ-es``).
- **Static defs are built once per process.** They are drawn with svgwrite the
  first time they are needed, turned into an ElementTree element and kept; a
  :class:`Fragment` puts that element into later drawings as is. This keeps a
  full table well inside its time budget without giving up svgwrite.
- **Deterministic output**: fixed ids, rounded numbers, svgwrite's sorted
  attributes; the same input gives byte-identical text (nbval compares it).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable, Mapping

import svgwrite
from svgwrite.base import BaseElement

STYLE = (
    ".dz-svg,.dz-chessboard,.dz-card{font-family:'DejaVu Sans',Verdana,Arial,sans-serif}"
    ".dz-l{fill:#f0d9b5}.dz-d{fill:#b58863}"
    ".dz-l.dz-mk{fill:#a9cbe8}.dz-d.dz-mk{fill:#7a9fc4}"
    ".dz-l.dz-lm{fill:#cdd26a}.dz-d.dz-lm{fill:#aaa23a}"
    ".dz-co{fill:#6b5a45;font-weight:bold;text-anchor:middle}"
    ".dz-cn{fill:currentColor;font-size:21px;font-weight:bold}"
    ".dz-cl{fill:#fff;font-size:11px;font-weight:bold;text-anchor:middle}"
    ".dz-lb{fill:#333;font-size:13px;font-weight:bold}"
    ".dz-sm{fill:#444;font-size:12px}"
    ".dz-st{fill:#1d1d1d;font-size:14px;font-weight:bold}"
    ".dz-ex{fill:#333;font-size:13px}"
    ".dz-note{fill:#8a1c1c;font-size:11px;font-weight:bold;text-anchor:middle}"
    ".dz-hand-bg{fill:#eef0f3}"
    ".dz-turn{fill:#e8a317}"
    ".dz-die-face{fill:#fff;stroke:#333;stroke-width:1.5}"
    ".dz-pips{fill:#222}"
    ".dz-empty{fill:#f7f7f7;stroke:#999;stroke-width:1.5;stroke-dasharray:4 3}"
    ".dz-badge{fill:#fff;stroke:#0f2445;stroke-width:1.5}"
    ".dz-count{fill:#0f2445;font-size:13px;font-weight:bold;text-anchor:middle}"
)
"""The single stylesheet every drezlab picture embeds (see the module docstring)."""

STYLE_ID = "dz-style"


class Fragment(BaseElement):  # type: ignore[misc]  # svgwrite ships no type hints
    """A finished piece of SVG (an ElementTree element) placed into a drawing as is.

    Used for drawings that never change (chess pieces, card faces), which are
    drawn with svgwrite once and then reused in every picture. The element is
    shared, never modified, so reusing it in many trees is safe.
    """

    elementname = "g"

    def __init__(self, xml: ET.Element, def_id: str) -> None:
        super().__init__(debug=False)
        self._xml = xml
        self.def_id = def_id

    def get_xml(self) -> ET.Element:
        return self._xml


_FROZEN: dict[str, Fragment] = {}


def frozen(def_id: str, build: Callable[[svgwrite.Drawing], BaseElement]) -> Fragment:
    """The def ``def_id``, drawn by ``build`` with svgwrite on first use and kept.

    ``build`` receives a scratch drawing to use as its element factory and
    returns the element; it must give it the id ``def_id``.
    """
    fragment = _FROZEN.get(def_id)
    if fragment is None:
        element = build(_scratch())
        fragment = Fragment(element.get_xml(), def_id)
        _FROZEN[def_id] = fragment
    return fragment


def _scratch() -> svgwrite.Drawing:
    """An element factory for defs built outside any particular picture."""
    return svgwrite.Drawing(debug=False)


def has_def(dwg: svgwrite.Drawing, def_id: str) -> bool:
    """Whether ``dwg`` already holds the def ``def_id`` (a drawing has few defs)."""
    for element in dwg.defs.elements:
        if getattr(element, "def_id", None) == def_id:
            return True
    return False


def ensure_def(dwg: svgwrite.Drawing, def_id: str,
               build: Callable[[svgwrite.Drawing], BaseElement]) -> str:
    """Put the def ``def_id`` into ``dwg`` unless it is there; return ``"#" + def_id``."""
    if not has_def(dwg, def_id):
        dwg.defs.elements.append(frozen(def_id, build))
    return "#" + def_id


def ensure_style(dwg: svgwrite.Drawing) -> None:
    """Give ``dwg`` the drezlab stylesheet (once), so callers' own drawings work too."""
    ensure_def(dwg, STYLE_ID, lambda factory: factory.style(STYLE, id=STYLE_ID))


def new_drawing(width: float, height: float) -> svgwrite.Drawing:
    """A drawing of ``width`` x ``height`` px with a matching viewBox and the stylesheet."""
    dwg = svgwrite.Drawing(size=(num(width), num(height)), debug=False, class_="dz-svg")
    dwg.viewbox(0, 0, num(width), num(height))
    ensure_style(dwg)
    return dwg


def to_svg(dwg: svgwrite.Drawing) -> str:
    """The drawing as SVG text (no XML declaration), ready for ``_repr_svg_``."""
    return ET.tostring(dwg.get_xml(), encoding="unicode")


def titled(element: BaseElement, words: str) -> BaseElement:
    """Give ``element`` its accessible name: a ``<title>`` as its first child. A screen
    reader says it, and the board's keyboard names a clickable id by the ``<title>`` of
    the first element carrying that ``data-id`` ("the pile of luck cards: 20 left"), where
    the id alone (``pile``) would say nothing to a pupil."""
    element.set_desc(title=words)
    return element


def num(value: float) -> float | int:
    """A coordinate rounded to 0.1 px, written without a trailing ``.0``: short, stable text."""
    rounded = round(value, 1)
    return int(rounded) if rounded == int(rounded) else rounded


def translate(x: float, y: float, scale: float = 1.0) -> str:
    """A ``transform`` value moving to (x, y) and scaling by ``scale`` (omitted when 1)."""
    if abs(scale - 1.0) < 1e-9:
        return f"translate({num(x)} {num(y)})"
    return f"translate({num(x)} {num(y)}) scale({scale:.4g})"



def make(dwg: svgwrite.Drawing, kind: str, attrs: Mapping[str, object], *args: object) -> BaseElement:
    """A svgwrite element of ``kind`` (``"rect"``, ``"use"``, ``"g"``...) with ``attrs`` set at once.

    svgwrite's keyword arguments pass one by one through name rewriting and a
    debug check even with ``debug=False``; the board's 64 squares and 32 pieces
    are built this way because it takes about a third less time. ``args`` are
    the factory's positional arguments (the href of a ``use``, the text of a
    ``text``); ``attrs`` use SVG's own names (``"data-id"``, ``"class"``).
    """
    element: BaseElement = getattr(dwg, kind)(*args)
    element.attribs.update(attrs)
    return element
