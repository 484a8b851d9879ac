"""Open a jumping-bishop chess game in JupyterLab (Chromium) and play it to its end by clicks.

The notebook ``tests/browser/notebooks/jumpingbishop.ipynb`` (served as
``harness/jumpingbishop.ipynb``) shows ``drezlab.ui.play(JumpingBishop(position=...),
seats=("human", "random"))`` on a mate in two: White's bishop jumps b2-e5 with
check (a jump check cannot be blocked, so Black's only legal answer is Kg8), then
Ra1-a8 mates. The test plays White the way a pupil would, through the generic
widget only: it clicks the highlighted piece, checks that the bishop's highlighted
destinations are exactly its jumps, clicks the destination, waits for the bot's
forced answer, and mates, until the status line says White won. The page helpers
are those of test_lesson_browser.py; the screenshot goes to
``test-artifacts/jumpingbishop-mate.png``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/jumpingbishop.ipynb"
BISHOP_JUMPS_FROM_B2 = {"a5", "c5", "e5", "e3", "e1"}


def move(page, origin: str, target: str, before: dict) -> dict:
    """Click a piece and then its destination; return the state once the move is logged."""
    assert origin in before["highlight"], f"{origin} is not highlighted: {before['highlight']}"
    click_id(page, origin, prefer_piece=True)
    chosen = wait_for(page, lambda s: s["selected"] == [origin], f"the piece on {origin} selected")
    if origin == "b2":
        assert set(chosen["highlight"]) == BISHOP_JUMPS_FROM_B2, chosen["highlight"]
    click_id(page, target)
    count = len(before["log"])
    return wait_for(page, lambda s: len(s["log"]) > count, f"{origin}{target} in the log", timeout=30)


@pytest.mark.browser
def test_a_jumping_bishop_mate_in_two_by_clicks(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, lambda s: s["status"].startswith("Your turn") and s["highlight"], "White to move",
                         timeout=30)
        assert state["log"] == [] and state["buttons"] == []
        state = move(page, "b2", "e5", state)
        state = wait_for(page, lambda s: len(s["log"]) >= 2 and s["highlight"], "Black's forced answer", timeout=30)
        assert state["log"][0].startswith("White: ") and " to e5" in state["log"][0], state["log"]
        assert state["log"][1].startswith("Black: ") and " to g8" in state["log"][1], state["log"]
        state = move(page, "a1", "a8", state)
        state = wait_for(page, lambda s: "wins" in s["status"], "the end of the game", timeout=30)
        assert "White wins" in state["status"] and "checkmate" in state["status"], state["status"]
        assert state["log"][2].startswith("White: ") and "a8, checkmate" in state["log"][2], state["log"]
        timings.add(f"{NOTEBOOK}: a mate in two by clicks", time.monotonic() - started)
    finally:
        screenshot(page, "jumpingbishop-mate.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
