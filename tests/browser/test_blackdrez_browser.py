"""Open the BlackDrez lesson in JupyterLab (Chromium), run it, and play the lesson's
table to the end of the game by buttons.

The lesson's table (``drezlab.ui.play(BlackDrez(seed=7, players=4),
seats=("human", "exact", "threshold", "random"))``) waits for Player 1. Every
BlackDrez action is a target-less button of the generic widget. The test plays
Player 1 as a careful pupil: it draws while under 8 points (the status line says
the score), stands when standing is offered, retires otherwise, and presses "Next
round" between rounds, until the status line says the game is over. Before the
first move it presses the "Show the numbers" toggle: the stock's figures and the
exact values for Player 1 appear, and a second press hides them again. A
screenshot goes to ``test-artifacts/blackdrez-lesson.png``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSON = "lessons/en/07-blackdrez.ipynb"

TABLE_STATE = """() => {
  const play = document.querySelector('.dz-play');
  if (!play) return null;
  const board = play.querySelector('.dz-board');
  const picture = board && board.querySelector('.dz-picture');
  return {
    svg: picture ? picture.innerHTML : '',
    log: [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent),
    status: play.querySelector('.dz-status').textContent,
    buttons: [...play.querySelectorAll('.dz-actions button')].map((b) => b.textContent),
  };
}"""
OVER = "most cards"


def table_state(page) -> dict:
    state = page.evaluate(TABLE_STATE)
    assert state is not None, "the lesson shows no play() widget"
    return state


def wait_for(page, predicate, what: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        state = table_state(page)
        if predicate(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: "
                                 f"{ {key: value for key, value in state.items() if key != 'svg'} }")
        page.wait_for_timeout(50)


def choose(state: dict) -> str:
    """Player 1's button, as a careful pupil would press it."""
    buttons = state["buttons"]
    if "Next round" in buttons:
        return "Next round"
    points = re.search(r"\((\d+) points\)", state["status"])
    if points and int(points.group(1)) < 8:
        return "Draw a card"
    return "Stand" if "Stand" in buttons else "Retire"


@pytest.mark.browser
def test_play_the_blackdrez_lesson_table_to_the_end(page, run_notebook, timings) -> None:
    try:
        run_notebook(LESSON)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, lambda s: "Draw a card" in s["buttons"] or "Next round" in s["buttons"],
                         "Player 1's buttons")
        assert "Draw a card" in state["buttons"], "Player 1 opens the first round"
        assert "Exact values" not in state["svg"], "a table starts with the numbers hidden"
        toggle = page.locator(".dz-play").first.locator(".dz-numbers", has_text="Show the numbers")
        toggle.scroll_into_view_if_needed()
        toggle.click()
        wait_for(page, lambda s: "Exact values (Player 1)" in s["svg"], "the numbers to be shown")
        toggle.click()
        state = wait_for(page, lambda s: "Exact values" not in s["svg"], "the numbers to be hidden again")
        clicks = 0
        while OVER not in state["status"]:
            label = choose(state)
            before = len(state["log"])
            button = page.locator(".dz-play").first.locator(".dz-actions button", has_text=label).first
            button.scroll_into_view_if_needed()
            button.click()
            clicks += 1
            assert clicks < 200, "the game did not end"
            state = wait_for(page, lambda s, before=before: len(s["log"]) > before
                             and bool(s["buttons"] or OVER in s["status"]),
                             f"{label} played and Player 1's turn again (or the end)")
            assert any(line.startswith("Player 1 ") for line in state["log"][before:])
        assert clicks >= 5 and "Exact values" not in state["svg"]
        assert all(line.startswith("Player ") for line in state["log"])
        timings.add(f"{LESSON}: a whole BlackDrez game by buttons ({clicks} clicks)", time.monotonic() - started)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        plays = page.locator(".dz-play")
        if plays.count():
            plays.first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(ARTIFACTS / "blackdrez-lesson.png"))
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
