"""Open the VikingDrez lesson in JupyterLab (Chromium), run it, and play a Brandubh move by clicks.

The lesson's play() widget seats the pupil as White against the search bot,
which opens as Black. The test clicks a highlighted square holding a White
piece, then a highlighted destination, and checks that the move reached the
log (before the bot's reply), that the picture changed and that the piece now
stands on its new square. It reuses the fixtures of conftest.py and the
helpers of test_lesson_browser.py; the screenshot goes to test-artifacts/.
"""

from __future__ import annotations

import re
import time

import pytest
from test_lesson_browser import BOARD, pieces_on, playable_board, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "lessons/en/03-vikingdrez.ipynb"
SQUARE = re.compile(r"^[a-g][1-7]$")


def click_square(page, square: str, index: int) -> None:
    """Click the square like a user, on the piece standing there if any (it is drawn on top).

    Playwright's locator click scrolls the element into view, waits until it stops
    moving and checks that it receives the click: JupyterLab keeps laying out the
    lesson's later outputs while the board is scrolled to, and a click aimed from a
    position measured a moment earlier can land on the neighbouring square.
    """
    elements = page.locator(BOARD).nth(index).locator(f'[data-id="{square}"]')
    elements.nth(elements.count() - 1).click()


@pytest.mark.browser
def test_play_a_brandubh_move_by_clicks(page, run_notebook, timings):
    index = 0
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(f"{BOARD} .dz-picture svg", state="visible")
        index = playable_board(page)
        before = wait_for(page, lambda s: s["status"].startswith("Your turn: White") and s["highlight"],
                          "White to move", index)
        assert len(before["log"]) == 1 and before["log"][0].startswith("Black: "), before["log"]
        assert before["buttons"] == [], "a Brandubh move is made by clicks only"

        origins = sorted(x for x in before["highlight"] if SQUARE.match(x) and pieces_on(page, x, index) > 1)
        assert origins, f"no highlighted square with a piece: {before['highlight']}"
        origin = origins[0]
        click_square(page, origin, index)
        chosen = wait_for(page, lambda s: s["selected"] == [origin], f"piece on {origin} selected", index)
        targets = sorted(x for x in chosen["highlight"] if SQUARE.match(x))
        assert targets, f"no destination highlighted after {origin}"
        assert all(pieces_on(page, x, index) == 1 for x in targets), "a destination must be an empty square"
        target = targets[0]
        click_square(page, target, index)

        after = wait_for(page, lambda s: len(s["log"]) >= 2, f"the move {origin}-{target} in the log", index)
        assert after["log"][1].startswith("White: ") and f"from {origin} to {target}" in after["log"][1], after["log"]
        assert after["svg"] != before["svg"], "the board picture did not change"
        assert pieces_on(page, target, index) == 2 or len(after["log"]) >= 3
        timings.add(f"{NOTEBOOK}: click piece + square, move played", time.monotonic() - started)
    finally:
        screenshot(page, "vikingdrez-lesson.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors
