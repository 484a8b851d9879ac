"""The lessons' saved pictures fit a notebook's output area, without running the lessons.

Every lesson in ``lessons/`` is read as JSON; nothing is executed. The checks:

* every SVG (``image/svg+xml`` outputs, inline ``<svg>`` in HTML, and SVGs carried as
  ``data:image/svg+xml;base64`` images such as the game cells' static fallback) and every
  PNG is at most 960 px wide (JupyterLab's output area in a 1280 px window; wider
  pictures get a scroll bar or are squeezed);
* the EDAMI deck gallery fits that width, and no card title or line of card text runs
  off its card in English or Spanish (text measured in DejaVu Sans, the pictures' font);
* a progress bar shows its whole label; a chart legend sits beside the plot, never
  over the bars;
* a game cell saved with a widget also carries a static picture (for a notebook opened
  before "Run all");
* an exercise ships blank: no lesson prints a verdict ("Correct!" / "Not yet") before a
  pupil answers, and every lesson with exercises has teacher's notes saying what
  "Run all" prints.
"""

from __future__ import annotations

import base64
import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from drezlab.games.edami.cards import EdamiDeck
from drezlab.games.edami.gallery import deck_gallery
from drezlab.render.textwidth import text_width

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
OUTPUT_WIDTH = 960
NOTEBOOKS = sorted(path for path in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)
WIDGET = "application/vnd.jupyter.widget-view+json"
SVG_TAG = re.compile(r"<svg\b[^>]*>")
DATA_SVG = re.compile(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)")


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _outputs(notebook: dict[str, Any]) -> Iterator[tuple[int, dict[str, Any]]]:
    """(cell index, output) for every output of every code cell."""
    for index, cell in enumerate(notebook["cells"]):
        if cell["cell_type"] == "code":
            for output in cell.get("outputs", []):
                yield index, output


def svg_width(tag: str) -> float:
    """The displayed width of an ``<svg ...>`` start tag: its width attribute, else its viewBox."""
    width = re.search(r'\swidth="([\d.]+)(px)?"', tag)
    if width:
        return float(width.group(1))
    box = re.search(r'viewBox="[\d.\-]+[ ,]+[\d.\-]+[ ,]+([\d.]+)', tag)
    return float(box.group(1)) if box else 0.0


def png_size(data: str) -> tuple[int, int]:
    """Width and height of a base64 PNG, from its IHDR chunk."""
    raw = base64.b64decode(data)
    assert raw[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", raw[16:24])


def picture_widths(notebook: dict[str, Any]) -> list[tuple[int, str, float]]:
    """(cell, kind, width in px) of every picture in the saved outputs."""
    found: list[tuple[int, str, float]] = []
    for index, output in _outputs(notebook):
        data = output.get("data", {})
        for mime, value in data.items():
            text = _text(value) if mime != "image/png" else ""
            if mime == "image/png":
                width, _ = png_size(_text(value))
                shown = output.get("metadata", {}).get("image/png", {}).get("width")
                found.append((index, "png", float(shown or width)))
            elif mime in ("image/svg+xml", "text/html"):
                found += [(index, f"{mime} svg", svg_width(tag)) for tag in SVG_TAG.findall(text)]
                for encoded in DATA_SVG.findall(text):
                    tag = SVG_TAG.search(base64.b64decode(encoded).decode("utf-8"))
                    if tag:
                        found.append((index, f"{mime} data-uri svg", svg_width(tag.group())))
    return found


def test_the_width_check_sees_a_wide_picture() -> None:
    """The measuring helpers find a 1020 px SVG and a PNG's width (so the check below can fail)."""
    wide = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "display_data", "data": {
        "image/svg+xml": '<svg baseProfile="full" height="10" viewBox="0,0,1020,10" width="1020">'}}]}]}
    assert picture_widths(wide) == [(0, "image/svg+xml svg", 1020.0)]
    one_pixel = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\0\0\0\rIHDR" + struct.pack(">II", 1200, 3)).decode()
    assert png_size(one_pixel) == (1200, 3)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_every_saved_picture_fits_the_output_area(path: Path) -> None:
    pictures = picture_widths(_load(path))
    too_wide = [(cell, kind, width) for cell, kind, width in pictures if width > OUTPUT_WIDTH]
    assert not too_wide, (f"{path.name}: pictures wider than {OUTPUT_WIDTH} px (cell, kind, width): {too_wide}; "
                          "make the picture narrower in its drawing code, then re-run the lesson")


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_edami_gallery_fits_and_its_card_texts_stay_on_their_cards(language: str) -> None:
    """The default deck's gallery (1020 px before) is at most 960 px wide, and every text line on a
    card ends at least 3 px inside it (titles such as 'Choose and move one' ran off before)."""
    svg = deck_gallery(EdamiDeck.default(), language)
    tag = SVG_TAG.search(svg)
    assert tag and svg_width(tag.group()) <= OUTPUT_WIDTH, tag.group() if tag else svg[:200]
    cards = re.findall(r'<g class="dz-target dz-card" transform="translate\([\d.]+[ ,][\d.]+\)">(.*?)</g>', svg, re.DOTALL)
    assert len(cards) >= 20, "the gallery should show every different card of the default deck"
    overflowing = []
    for card in cards:
        card_width = float(re.search(r'<rect[^>]*\swidth="([\d.]+)"', card).group(1))
        for attributes, line in re.findall(r"<text([^>]*)>([^<]*)</text>", card):
            size = float(re.search(r'font-size="([\d.]+)"', attributes).group(1))
            left = float(re.search(r'\sx="([\d.]+)"', attributes).group(1))
            line = line.replace("&amp;", "&").replace("&#x27;", "'").replace("&apos;", "'").replace("&quot;", '"')
            right = left + text_width(line, size, bold="bold" in attributes)
            if right > card_width - 3:
                overflowing.append((line, round(right, 1), card_width))
    assert not overflowing, f"text running off EDAMI cards ({language}): {overflowing}"


def test_text_width_measures_like_the_font() -> None:
    """A few widths checked against DejaVu Sans' own advance widths (em = 1000)."""
    assert text_width("M", 10) == pytest.approx(8.63)
    assert text_width("Choose and move", 12, bold=True) == pytest.approx(119.4, abs=0.1)
    assert text_width("ñ", 10) == text_width("n", 10)
    assert text_width("\u2603", 10) >= text_width("W", 10)  # a character not in the table counts as the widest


def test_progress_bars_show_their_whole_label() -> None:
    """A tournament's progress bar takes the width its label needs ('Carta Obligatoria' was cut)."""
    ipywidgets = pytest.importorskip("ipywidgets")
    from drezlab.sim import progress

    shown: list[Any] = []
    original = progress.in_jupyter
    progress.in_jupyter = lambda: True  # type: ignore[assignment]
    try:
        import IPython.display

        real_display = IPython.display.display
        IPython.display.display = shown.append  # type: ignore[assignment]
        try:
            bar = progress.Progress(20, "Carta Obligatoria", enabled=True)
        finally:
            IPython.display.display = real_display  # type: ignore[assignment]
    finally:
        progress.in_jupyter = original  # type: ignore[assignment]
    widget = bar._widget
    assert isinstance(widget, ipywidgets.IntProgress) and shown == [widget]
    assert widget.description == "Carta Obligatoria"
    assert widget.style.description_width == "initial"


LEGEND = re.compile(r"\.legend\(([^)]*)\)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_chart_legends_sit_beside_the_plot(path: Path) -> None:
    """A legend inside the axes covered bars (lessons 1 and 3); each legend is anchored outside
    the plot: to its right (``bbox_to_anchor=(x >= 1, ...)``), above or below it (``y`` outside
    0..1) or with an ``outside`` location."""
    inside = []
    for index, cell in enumerate(_load(path)["cells"]):
        if cell["cell_type"] != "code":
            continue
        for arguments in LEGEND.findall(_text(cell["source"])):
            anchor = re.search(r"bbox_to_anchor=\(\s*(-?[\d.]+)\s*,\s*(-?[\d.]+)", arguments)
            beside = anchor is not None and float(anchor.group(1)) >= 1
            below_or_above = anchor is not None and not 0 <= float(anchor.group(2)) <= 1
            if not (beside or below_or_above or "outside" in arguments):
                inside.append((index, arguments))
    assert not inside, f"{path.name}: legends inside the plot (cell, arguments): {inside}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_game_cells_carry_a_static_picture(path: Path) -> None:
    """A saved play() output has, besides the widget, an <img> of the board (what an unrun
    lesson shows); a lesson saved before ``PlayWidget`` offered it gets it when re-executed."""
    missing = []
    for index, output in _outputs(_load(path)):
        data = output.get("data", {})
        if WIDGET in data and "drezlab play" in _text(data.get("text/plain", "")):
            html = _text(data.get("text/html", ""))
            encoded = DATA_SVG.search(html)
            if not (encoded and "<svg" in base64.b64decode(encoded.group(1)).decode("utf-8")):
                missing.append(index)
    assert not missing, f"{path.name}: game cells without a static picture (re-run the lesson): {missing}"
