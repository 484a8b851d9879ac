"""The widget in Notebook 7 (issue 8): the same anywidget board, served by the same
Jupyter server at ``/notebooks/``, plays a move by clicks and shows the bot's reply.

    DREZLAB_CHROMIUM=/usr/bin/chromium PYTHONPATH=$PWD .venv/bin/python -m pytest -s \\
        tests/browser/test_notebook7_browser.py
"""

from __future__ import annotations

from pathlib import Path

import pytest

import drezlab
import drezlab.ui

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
LOG = "() => [...document.querySelectorAll('.dz-play .dz-log li')].map((li) => li.textContent)"


def test_one_move_by_clicks_in_notebook_7(page, notebook_runner) -> None:
    notebook_runner(page, "harness/notebook7.ipynb", front_end="notebooks")
    try:
        assert "/notebooks/" in page.url and page.locator("#main-panel, .jp-NotebookPanel").count() >= 1
        page.wait_for_function("() => document.querySelectorAll('.dz-play .dz-board svg [data-id]').length > 0")
        mirror = drezlab.ui.play(drezlab.new("vikingdrez", seed=5), seats=("human", "random"), seed=5)
        page.wait_for_function("(n) => document.querySelectorAll('.dz-play .dz-log li').length === n",
                               arg=len(mirror.log))
        assert page.evaluate(LOG) == mirror.log, "the page and this process should show the same game"
        move = mirror.game.legal_actions()[0]
        for target in move.targets:
            page.locator(f".dz-board [data-id='{target}']").last.click()
            mirror.click(target)
        page.wait_for_function("(n) => document.querySelectorAll('.dz-play .dz-log li').length >= n",
                               arg=len(mirror.log))
        page.wait_for_timeout(300)
        assert page.evaluate(LOG) == mirror.log, "the pupil's move and the bot's reply, as in this process"
        assert mirror.log[-2].startswith("White: ") and mirror.log[-1].startswith("Black: ")
        assert page.locator(".dz-status").first.text_content().startswith("Your turn: White")
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "notebook7-move.png"))
