"""``picture(svg_text)``: a diagram for a lesson cell that shows before "Run all" as well.

In a lesson, write ``picture(game.svg(viewer=0))`` (or ``display(picture(...))`` in the
middle of a cell) instead of IPython's ``SVG(...)``. Both show the same drawing once the
cell runs; but a lesson opened in JupyterLab before "Run all" is untrusted, and there a
saved ``SVG(...)`` output shows only the text ``<IPython.core.display.SVG object>``,
while a :class:`Picture` output also carries the drawing as an ``<img>`` with a ``data:``
URI in ``text/html``, which an untrusted notebook shows (``drezlab.core.mime``). Game
objects, observations and Poker7 hands shown as a cell's last expression do the same on
their own (``game`` alone shows the spectator's picture).

The picture is exactly the SVG text given: a lesson decides which seat's view it draws.
Its ``repr`` is stable (no memory address), so nbval can compare it.
"""

from __future__ import annotations

from typing import Any

from drezlab.core.mime import img_html, svg_bundle

__all__ = ["Picture", "picture"]


class Picture:
    """An SVG diagram for a notebook: ``_repr_svg_``, ``_repr_html_`` (the ``<img>``) and
    ``_repr_mimebundle_`` (both). ``svg``: the SVG text; ``alt``: the image's alternative text."""

    __slots__ = ("alt", "svg")
    svg: str
    alt: str

    def __init__(self, svg: str, alt: str = "") -> None:
        if not isinstance(svg, str) or "<svg" not in svg:
            raise TypeError("picture() takes the SVG text of a drawing, such as game.svg() or "
                            f"draw_cards(...), not {type(svg).__name__}")
        if not isinstance(alt, str):
            raise TypeError(f"the alternative text of a picture is text, not {type(alt).__name__}")
        object.__setattr__(self, "svg", svg)
        object.__setattr__(self, "alt", alt)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a picture cannot be changed")

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return img_html(self.svg, self.alt)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return svg_bundle(self.svg, self.alt)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Picture) and (self.svg, self.alt) == (other.svg, other.alt)

    def __hash__(self) -> int:
        return hash((self.svg, self.alt))

    def __repr__(self) -> str:
        return f"<drezlab picture: {self.alt}>" if self.alt else "<drezlab picture>"


def picture(svg: str, alt: str = "") -> Picture:
    """A diagram for a lesson cell: ``picture(game.svg(viewer=0))``, ``display(picture(
    draw_cards(cards)))``. Shows as the SVG once run, and as an image in a lesson opened
    before "Run all" (where IPython's ``SVG(...)`` shows only its text)."""
    return Picture(svg, alt)
