"""Every diagram of a lesson shows before "Run all", and a bare game shows only what a spectator sees.

A lesson opened in JupyterLab before it is run is untrusted, and an untrusted notebook does
not render saved ``image/svg+xml`` outputs: a cell made with IPython's ``SVG(...)`` showed the
text ``<IPython.core.display.SVG object>``. What it does render: ``image/png`` and the
sanitised ``text/html``, which keeps an ``<img>`` with a ``data:`` URI. So:

* every saved output in ``lessons/`` holding ``image/svg+xml`` also holds ``text/html`` with
  an ``<img src="data:image/svg+xml;base64,...">`` of exactly that SVG (or an ``image/png``);
  no output is left showing only an object's text (``<IPython.core.display.SVG object>``);
  no lesson uses IPython's ``SVG`` (``drezlab.render.picture`` replaces it);
* ``Game``, ``Observation`` and Poker7's ``HandValue`` build that bundle themselves
  (``_repr_mimebundle_``, by hand: ``import drezlab`` loads no Jupyter code), and a game with
  hidden cards displayed bare pictures the spectator's view only, in both forms;
* ``drezlab.render.picture(svg_text)`` returns the same bundle, with a stable ``repr``.

Nothing is executed here but drezlab itself; that JupyterLab shows these images in an unrun
lesson is checked in the browser (tests/browser/test_lesson_fallback_browser.py).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import drezlab
from drezlab.render import Picture, picture

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(path for path in LESSONS.rglob("*.ipynb") if ".ipynb_checkpoints" not in path.parts)
WIDGET = "application/vnd.jupyter.widget-view+json"
IMG = re.compile(r'<img class="dz-fallback" alt="([^"]*)" src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)">')
BARE_OBJECT = re.compile(r"^<[\w.]+ object( at 0x[0-9a-fA-F]+)?>$")
IPYTHON_SVG = re.compile(r"\bfrom IPython\.display import[^\n]*\bSVG\b|(?<![\w.])SVG\(|IPython\.display\.SVG\b")


def _text(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


def _outputs(path: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        if cell["cell_type"] == "code":
            for output in cell.get("outputs", []):
                yield index, output


def img_svg(html: str) -> str | None:
    """The SVG inside a fallback ``<img>`` (the whole HTML must be that image), else ``None``."""
    match = IMG.fullmatch(html)
    return base64.b64decode(match.group(2)).decode("utf-8") if match else None


def unshown_diagrams(path: Path) -> list[tuple[int, str]]:
    """(cell, why) for each saved output an untrusted notebook would show as text only."""
    problems = []
    for index, output in _outputs(path):
        data = output.get("data", {})
        if not data or WIDGET in data:  # widget outputs: test_lesson_layout.test_game_cells_carry_a_static_picture
            continue
        plain = _text(data.get("text/plain", "")).strip()
        if "image/svg+xml" in data:
            if "image/png" in data:
                continue
            svg = img_svg(_text(data.get("text/html", "")))
            if svg is None:
                problems.append((index, f"SVG without an <img> fallback, shown as {plain[:60]!r}"))
            elif svg != _text(data["image/svg+xml"]):
                problems.append((index, "the <img> fallback is not the same picture as the SVG"))
        elif set(data) == {"text/plain"} and BARE_OBJECT.match(plain):
            problems.append((index, f"only an object's text: {plain[:60]!r}"))
    return problems


def test_the_check_sees_a_bare_svg_output() -> None:
    """An output saved the way IPython's ``SVG(...)`` saves it is reported; a picture's is not."""
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    old = {"output_type": "execute_result", "data": {"image/svg+xml": svg,
                                                       "text/plain": "<IPython.core.display.SVG object>"}}
    new = {"output_type": "execute_result", "data": {**picture(svg)._repr_mimebundle_(), "text/plain": "<drezlab picture>"}}
    other = {"output_type": "execute_result", "data": {"image/svg+xml": svg,
                                                         "text/html": picture(svg.replace("10", "12"))._repr_html_()}}
    bare = {"output_type": "execute_result", "data": {"text/plain": "<IPython.core.display.SVG object>"}}

    def notebook(*outputs: dict[str, Any]) -> dict[str, Any]:
        return {"cells": [{"cell_type": "code", "source": "", "outputs": list(outputs)}]}

    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lesson.ipynb"
        path.write_text(json.dumps(notebook(old, new, other, bare)), encoding="utf-8")
        assert [why.split(",")[0].split(":")[0] for _, why in unshown_diagrams(path)] == [
            "SVG without an <img> fallback", "the <img> fallback is not the same picture as the SVG",
            "only an object's text"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_every_saved_diagram_shows_in_an_unrun_lesson(path: Path) -> None:
    problems = unshown_diagrams(path)
    assert not problems, (f"{path.name}: diagrams an unrun (untrusted) lesson would not show (cell, why): "
                          f"{problems}; draw them with drezlab.render.picture(...) and re-run the lesson")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: str(path.relative_to(LESSONS)))
def test_lessons_draw_with_picture_not_ipython_svg(path: Path) -> None:
    found = [(index, match.group()) for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"])
             if cell["cell_type"] == "code" for match in IPYTHON_SVG.finditer(_text(cell["source"]))]
    assert not found, f"{path.name}: IPython's SVG (cell, text): {found}; use drezlab.render.picture"


# ------------------------------------------------------------ the objects' bundles
def hidden_ids(game: Any, seat: int) -> list[str]:
    return [card.id for card in game.hands[seat]]


def test_a_bare_game_with_hidden_cards_shows_the_spectator_picture_only() -> None:
    game = drezlab.PokerDrez(seed=2024)
    game.play("remove d7")
    game.play("remove e2")  # the pawns are removed: the cards are dealt
    bundle = game._repr_mimebundle_()
    assert set(bundle) == {"image/svg+xml", "text/html"}
    spectator = game.svg(None)
    assert bundle["image/svg+xml"] == spectator
    assert img_svg(bundle["text/html"]) == spectator
    assert IMG.fullmatch(bundle["text/html"]).group(1) == "PokerDrez"
    hidden = hidden_ids(game, 0) + hidden_ids(game, 1)
    assert hidden
    for shown in (bundle["image/svg+xml"], img_svg(bundle["text/html"])):
        assert not [card for card in hidden if f'"{card}"' in shown], "a hidden card in a bare game's picture"
    assert f'"{hidden_ids(game, 0)[0]}"' in game.svg(0), "the check must be able to see a card"


def test_an_observation_shows_its_own_seat_and_nothing_more() -> None:
    game = drezlab.PokerDrez(seed=2024)
    game.play("remove d7")
    game.play("remove e2")
    view = game.view(0)
    bundle = view._repr_mimebundle_()
    assert bundle["image/svg+xml"] == view.svg() == img_svg(bundle["text/html"])
    assert all(f'"{card}"' in bundle["image/svg+xml"] for card in hidden_ids(game, 0))
    assert not [card for card in hidden_ids(game, 1) if f'"{card}"' in img_svg(bundle["text/html"])]


def test_ipython_shows_a_game_as_svg_image_and_text() -> None:
    """What a cell ending in ``game`` saves: the three mime types, the picture drawn once."""
    formatters = pytest.importorskip("IPython.core.formatters")
    game = drezlab.new("abyss", seed=1)
    data, _ = formatters.DisplayFormatter().format(game)
    assert set(data) == {"image/svg+xml", "text/html", "text/plain"}
    assert data["text/plain"] == repr(game)
    assert img_svg(data["text/html"]) == data["image/svg+xml"] == game.svg()


def test_a_poker7_hand_carries_the_image_too() -> None:
    from drezlab.games.poker7.hands import hand_value

    best = hand_value("B2 B5 R2 Q2 N2 P9 B7")
    bundle = best._repr_mimebundle_()
    assert bundle["image/svg+xml"] == best.svg() == img_svg(bundle["text/html"])


def test_the_bundles_are_built_without_jupyter_code() -> None:
    """``drezlab.core.mime`` (which Game and Observation use) imports nothing of Jupyter."""
    import subprocess
    import sys

    code = ("import sys, drezlab; g = drezlab.new('abyss', seed=1); g._repr_mimebundle_(); "
            "g.view(0)._repr_mimebundle_(); import drezlab.render; drezlab.render.picture(g.svg())._repr_mimebundle_(); "
            "print([m for m in sys.modules if m.split('.')[0] in ('IPython', 'ipywidgets', 'anywidget')])")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout


# ------------------------------------------------------------------------ picture()
def test_picture_shows_the_svg_and_its_image() -> None:
    svg = drezlab.new("abyss", seed=1).svg()
    shown = picture(svg)
    assert isinstance(shown, Picture) and shown.svg == svg
    assert shown._repr_svg_() == svg
    assert shown._repr_mimebundle_() == {"image/svg+xml": svg, "text/html": shown._repr_html_()}
    assert img_svg(shown._repr_html_()) == svg
    assert repr(shown) == "<drezlab picture>"  # stable: nbval compares it
    assert repr(picture(svg, alt='Abyss "start"')) == '<drezlab picture: Abyss "start">'
    assert IMG.fullmatch(picture(svg, alt='Abyss "start"')._repr_html_()).group(1) == "Abyss &quot;start&quot;"
    assert picture(svg) == picture(svg) and hash(picture(svg)) == hash(picture(svg))
    with pytest.raises(AttributeError):
        shown.svg = "<svg/>"  # type: ignore[misc]


@pytest.mark.parametrize("wrong", [None, 3, "not a drawing", b"<svg/>"])
def test_picture_refuses_what_is_not_svg_text(wrong: Any) -> None:
    with pytest.raises(TypeError, match="SVG text"):
        picture(wrong)
