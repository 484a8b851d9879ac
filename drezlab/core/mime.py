"""Display bundles built by hand: a picture that shows in a notebook opened before "Run all".

A lesson opened in JupyterLab before it is run is untrusted (a copy a teacher downloads
is), and an untrusted notebook does not render saved ``image/svg+xml`` outputs: the cell
shows their text (``<IPython.core.display.SVG object>``). Its sanitised ``text/html`` keeps
an ``<img>`` whose source is a ``data:`` URI, so every drezlab picture is displayed as both:
the SVG, and the same SVG inside such an image (JupyterLab draws SVG outputs as images
anyway, so a trusted notebook looks the same).

:func:`svg_bundle` is what ``Game``, ``Observation``, ``HandValue`` and
``drezlab.render.picture`` return from ``_repr_mimebundle_``; the widget's static picture
(``drezlab.ui.play``) uses :func:`img_html` as well. This module imports no Jupyter code:
IPython reads the bundle as plain dictionaries.
"""

from __future__ import annotations

import base64
import html

__all__ = ["img_html", "svg_bundle"]


def img_html(svg: str, alt: str = "") -> str:
    """``<img class="dz-fallback" alt=... src="data:image/svg+xml;base64,...">`` showing ``svg``
    exactly (nothing added, nothing dropped)."""
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<img class="dz-fallback" alt="{html.escape(alt, quote=True)}" '
            f'src="data:image/svg+xml;base64,{encoded}">')


def svg_bundle(svg: str, alt: str = "") -> dict[str, str]:
    """The display bundle of a picture: ``image/svg+xml`` and its ``text/html`` image.
    IPython adds ``text/plain`` (the object's ``repr``) itself."""
    return {"image/svg+xml": svg, "text/html": img_html(svg, alt)}
