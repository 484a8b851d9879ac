"""A lesson opened in JupyterLab before "Run all" shows a picture in its game cell.

What Lab does with a saved widget output when no kernel has run the cell (checked
with this test's page, JupyterLab 4 in Chromium): the widget renderer is not
used for outputs rendered when the notebook opens, so Lab shows the next mime type
of the output. The notebook is untrusted (a copy a teacher downloads is), so
``image/svg+xml`` is not rendered either; before the fix the cell showed the text
``<drezlab play: PokerDrez, seats: human, random>``. The sanitised ``text/html``
keeps an ``<img>`` with a ``data:`` URI, which ``PlayWidget._repr_mimebundle_`` now
adds. The test opens a fresh copy of lesson 1 without running it and checks that
the game cell shows that picture (loaded, visible); then it runs the lesson and
checks that the live widget, not the picture, is what the cell shows.
Screenshots: ``test-artifacts/lesson-unrun-fallback.png`` and
``test-artifacts/lesson-run-live.png``.

The other diagrams (cards, positions drawn with ``drezlab.render.picture``; games and
observations shown bare do the same) showed ``<IPython.core.display.SVG object>`` in an
unrun lesson for the same reason. The second test opens another fresh copy without
running it and checks that every diagram output of the lesson is shown as a loaded image
of readable size, not as text. Screenshot: ``test-artifacts/lesson-unrun-diagram.png``.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pytest

from labjs import FIND_PANEL

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSON = "en/01a-pokerdrez.ipynb"

GAME_CELL = """
async (path) => {""" + FIND_PANEL + """  const isGame = (cell) => {
    if (cell.model.type !== 'code') return false;
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const data = outputs.get(i).toJSON().data || {};
      const text = [].concat(data['text/plain'] || []).join('');
      if (data['application/vnd.jupyter.widget-view+json'] && text.includes('drezlab play')) return true;
    }
    return false;
  };
  while (Date.now() < deadline) {
    const cell = panel.content.widgets.find(isGame);
    if (cell) {
      const node = cell.outputArea.node;
      // Lab lays out only the cells near the viewport: bring this one to the middle first
      await panel.content.scrollToCell(cell, 'center');
      await sleep(300);
      const img = node.querySelector('img.dz-fallback');
      const box = img ? img.getBoundingClientRect() : null;
      const state = {
        fallback: !!img,
        loaded: !!img && img.complete && img.naturalWidth > 0,
        shownWidth: box ? box.width : 0,
        boards: node.querySelectorAll('.dz-board .dz-picture svg').length,
        text: node.innerText.trim().slice(0, 200),
        trusted: cell.model.trusted,
      };
      if (state.loaded || state.boards) return state;
    }
    await sleep(200);
  }
  const cell = panel.content.widgets.find(isGame);
  return {fallback: false, loaded: false, shownWidth: 0, boards: 0,
          text: cell ? cell.outputArea.node.innerText.trim().slice(0, 200) : 'no game cell', trusted: null};
}
"""


DIAGRAM_CELLS = """
async (path) => {""" + FIND_PANEL + """  // the code cells whose saved outputs hold a diagram (an SVG) that is not a widget
  const diagrams = (cell) => {
    if (cell.model.type !== 'code') return 0;
    let count = 0;
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) {
      const data = outputs.get(i).toJSON().data || {};
      if (data['image/svg+xml'] && !data['application/vnd.jupyter.widget-view+json']) count++;
    }
    return count;
  };
  let cells = [];
  while (!cells.length && Date.now() < deadline) {
    cells = panel.content.widgets.filter((cell) => diagrams(cell) > 0);
    if (!cells.length) await sleep(200);
  }
  const states = [];
  for (const cell of cells) {
    const index = panel.content.widgets.indexOf(cell);
    const expected = diagrams(cell);
    // Lab lays out only the cells near the viewport: bring this one to the middle first
    await panel.content.scrollToCell(cell, 'center');
    let state = {cell: index, expected, images: 0, loaded: 0, narrowest: 0, text: '', trusted: cell.model.trusted};
    const enough = Math.min(deadline, Date.now() + 5000);   // a picture that shows loads in well under a second
    while (Date.now() < enough) {
      await sleep(150);
      const node = cell.outputArea.node;
      const images = [...node.querySelectorAll('img.dz-fallback')];
      const loaded = images.filter((img) => img.complete && img.naturalWidth > 0);
      state = {
        cell: index, expected, images: images.length, loaded: loaded.length,
        narrowest: loaded.length ? Math.min(...loaded.map((img) => img.getBoundingClientRect().width)) : 0,
        text: node.innerText.trim().slice(0, 200), trusted: cell.model.trusted,
      };
      if (state.loaded >= expected) break;
    }
    states.push(state);
  }
  return states;
}
"""


def fresh_copy(lab_server) -> str:
    """A copy of the saved lesson under a new name (no other test has opened or autosaved it)."""
    folder = lab_server.root / "unrun"
    folder.mkdir(exist_ok=True)
    name = f"{int(time.monotonic() * 1000)}-{Path(LESSON).name}"
    shutil.copy(REPO / "lessons" / LESSON, folder / name)
    return f"unrun/{name}"


def open_unrun(page, lab_server) -> str:
    """Open a fresh, never-run copy of the lesson in Lab without running it; its path."""
    path = fresh_copy(lab_server)
    ARTIFACTS.mkdir(exist_ok=True)
    page.set_default_timeout(90_000)
    page.goto(f"{lab_server.url}/lab/tree/{path}")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    return path


def test_an_unrun_lesson_shows_the_board_and_the_run_lesson_the_live_widget(page, lab_server, notebook_runner, timings):
    started = time.monotonic()
    path = open_unrun(page, lab_server)
    before = page.evaluate(GAME_CELL, path)
    page.screenshot(path=str(ARTIFACTS / "lesson-unrun-fallback.png"))
    assert before["trusted"] is False, "the copy should open untrusted, as a downloaded lesson does"
    assert before["fallback"] and before["loaded"], f"no picture in the unrun game cell: {before}"
    assert before["shownWidth"] > 300, f"the picture is not shown at a readable size: {before}"
    assert "<drezlab play" not in before["text"], before
    assert before["boards"] == 0, "no kernel has run: the live widget cannot be there yet"
    timings.add(f"{path}: opened unrun, fallback picture shown", time.monotonic() - started)

    notebook_runner(page, path)
    after = page.evaluate(GAME_CELL, path)
    page.screenshot(path=str(ARTIFACTS / "lesson-run-live.png"))
    assert after["boards"] == 1 and not after["fallback"], f"after Run all the live widget must win: {after}"


def test_an_unrun_lesson_shows_every_diagram_as_an_image(page, lab_server, timings):
    """Card rows and positions drawn with ``picture(...)`` (lesson 1a: the pack, the start)
    are images in an unrun, untrusted lesson, not object text."""
    started = time.monotonic()
    path = open_unrun(page, lab_server)
    states = page.evaluate(DIAGRAM_CELLS, path)
    saved = json.loads((REPO / "lessons" / LESSON).read_text())["cells"]
    diagram_cells = [cell for cell in saved if any(
        "image/svg+xml" in output.get("data", {}) and
        "application/vnd.jupyter.widget-view+json" not in output.get("data", {}) for output in cell.get("outputs", []))]
    assert len(states) == len(diagram_cells) >= 2, f"the lesson's diagram cells: {states}"
    first = states[0]
    page.evaluate(DIAGRAM_CELLS.replace("for (const cell of cells)", "for (const cell of cells.slice(0, 1))"), path)
    page.screenshot(path=str(ARTIFACTS / "lesson-unrun-diagram.png"))
    unshown = [state for state in states if state["loaded"] < state["expected"]]
    assert not unshown, f"diagrams not shown as images in the unrun lesson: {unshown}"
    assert all(state["trusted"] is False for state in states), "the copy should open untrusted"
    assert not [state for state in states if "<IPython" in state["text"] or "<drezlab picture" in state["text"]], states
    assert min(state["narrowest"] for state in states) > 100, f"a diagram is not shown at a readable size: {states}"
    assert first["expected"] == 1 and first["narrowest"] > 300, f"the whole pack (cell {first['cell']}): {first}"
    timings.add(f"{path}: opened unrun, {sum(state['loaded'] for state in states)} diagrams shown as images",
                time.monotonic() - started)
