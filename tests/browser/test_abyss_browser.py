"""Open an Abyss table in JupyterLab (Chromium), run it, and play a whole game by clicks.

The notebook ``tests/browser/notebooks/abyss.ipynb`` (served as
``harness/abyss.ipynb``) shows ``drezlab.ui.play(Abyss(seed=13, placer=1),
seats=("human", "perfect"))``: the perfect bot places the twelve pieces, and the
pupil, Player 1, is the chooser. The test plays Player 1 the way a pupil would,
through the generic widget only: it presses the option button ("I move first")
and, in the play, clicks a highlighted piece and then a highlighted square where
the push stops, until the status line gives the result. The page helpers are
those of test_lesson_browser.py; the screenshot goes to
``test-artifacts/abyss-game.png``.
"""

from __future__ import annotations

import re
import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/abyss.ipynb"
SQUARE = re.compile(r"^[a-e][1-5]$")


def finished(state: dict) -> bool:
    return "wins" in state["status"] or state["status"].startswith("Draw")


def ready(state: dict) -> bool:
    """Player 1 may act (something highlighted or a button), or the game is over."""
    return finished(state) or bool(state["highlight"]) or bool(state["buttons"])


@pytest.mark.browser
def test_a_whole_abyss_game_by_clicks(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, ready, "Player 1's choice", timeout=30)
        assert len(state["log"]) == 12 and all(line.startswith("Player 2 ") for line in state["log"])
        assert state["buttons"][0].startswith("I move first"), state["buttons"]
        pushes = 0
        for _ in range(60):
            if finished(state):
                break
            before = state
            if state["highlight"]:
                target = min(state["highlight"])
                assert SQUARE.match(target), target
                if state["selected"]:
                    pushes += 1
                click_id(page, target, prefer_piece=True)
            else:
                page.locator(".dz-play .dz-actions button").first.click()
            state = wait_for(page, lambda s, b=before: (s["log"] != b["log"] or s["selected"] != b["selected"])
                             and ready(s), "the click to take effect", timeout=30)
        assert finished(state), f"the game did not end: {state['status']}"
        assert pushes >= 1, "no push was made by clicks"
        assert "no push left" in state["status"]
        timings.add(f"{NOTEBOOK}: a whole game by clicks ({len(state['log'])} log lines, {pushes} pushes)",
                    time.monotonic() - started)
    finally:
        screenshot(page, "abyss-game.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
