"""Glyphs shared by boards and cards: python-chess's pieces, the joker, the exchange sign.

Every glyph lives in a 45 x 45 box, the coordinate system of python-chess's
piece drawings (``chess.svg.PIECES``), so one ``<defs>`` entry serves a board
square and a card face alike; callers scale it with a transform.

The python-chess markup is reused as is, except that its own ids
(``white-king`` ...) are replaced by ``dz-wk`` style ids: python-chess's
pictures on the same notebook page use the original ids.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import chess.svg
import svgwrite
from svgwrite.base import BaseElement

from drezlab.render.base import Fragment, ensure_def

GLYPH_SIZE = 45
"""Side of the box every glyph is drawn in (python-chess's square size)."""

JOKER = "J"
"""Glyph key of the joker (jester's cap), drawn here since chess has no such piece."""


def glyph_id(symbol: str) -> str:
    """The def id of a glyph: ``"K"`` -> ``dz-wk``, ``"k"`` -> ``dz-bk``, ``"J"`` -> ``dz-wj``.

    The colour is spelt out (``w``/``b``) rather than left to letter case, so
    the ids stay readable and lower-case like every other drezlab id.
    """
    colour = "w" if symbol.isupper() else "b"
    return f"dz-{colour}{symbol.lower()}"


def glyph_href(dwg: svgwrite.Drawing, symbol: str) -> str:
    """Make sure ``dwg`` defines the glyph ``symbol`` (a piece letter or ``"J"``); return its href."""
    def_id = glyph_id(symbol)
    if symbol == JOKER:
        return ensure_def(dwg, def_id, lambda factory: _joker(factory, def_id))
    if symbol not in chess.svg.PIECES:
        raise ValueError(f"{symbol!r} is not a piece symbol; use one of K Q R B N P (white) or k q r b n p")
    return ensure_def(dwg, def_id, lambda factory: Fragment(_python_chess_piece(symbol, def_id), def_id))


def _python_chess_piece(symbol: str, def_id: str) -> ET.Element:
    """python-chess's drawing of ``symbol`` under a drezlab id."""
    element = ET.fromstring(chess.svg.PIECES[symbol])
    element.attrib.pop("class", None)
    element.set("id", def_id)
    return element


def _joker(factory: svgwrite.Drawing, def_id: str) -> BaseElement:
    """A jester (cap with two belled points, face, collar) in python-chess's line style;
    deliberately unlike the queen's upright crown so the two cards never get confused."""
    group = factory.g(id=def_id, fill="#fff", stroke="#000", stroke_width=1.5,
                      stroke_linejoin="round", stroke_linecap="round")
    group.add(factory.path(d="M9 41l3-6 4 3 3-5 3.5 4 3.5-4 3 5 4-3 3 6z"))
    group.add(factory.circle((22.5, 28), 8))
    group.add(factory.path(d="M19 30.5q3.5 3 7 0M19.7 26.3v.1M25.3 26.3v.1", fill="none"))
    group.add(factory.path(d="M15 21C13 15 9 12 4.5 14.5C7 8 14 6 22.5 10.5V21Z", fill="#000"))
    group.add(factory.path(d="M30 21C32 15 36 12 40.5 14.5C38 8 31 6 22.5 10.5V21Z"))
    group.add(factory.rect((13.5, 19.5), (18, 4), rx=1.5))
    group.add(factory.path(d="M4.5 14.3a2.2 2.2 0 1 0 0 4.4a2.2 2.2 0 1 0 0-4.4z"
                             "M40.5 14.3a2.2 2.2 0 1 0 0 4.4a2.2 2.2 0 1 0 0-4.4z"))
    return group


EXCHANGE_ID = "dz-xg"


def exchange_href(dwg: svgwrite.Drawing) -> str:
    """Make sure ``dwg`` defines the exchange sign (two opposed arrows); return its href."""
    return ensure_def(dwg, EXCHANGE_ID, _exchange)


def _exchange(factory: svgwrite.Drawing) -> BaseElement:
    """The sign on the neutral ("betrayal") cards, a drawn ⇄ that needs no font."""
    group = factory.g(id=EXCHANGE_ID, fill="none", stroke="#555", stroke_width=3.5,
                      stroke_linecap="round", stroke_linejoin="round")
    group.add(factory.path(d="M8 16H36M29 9l7 7-7 7"))
    group.add(factory.path(d="M37 30H9M16 23l-7 7 7 7"))
    return group
