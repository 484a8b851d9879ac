"""Open the NeuroDrez lesson in JupyterLab (Chromium), run it, and play a whole turn by clicks.

The lesson's play() widget seats the pupil as Player 1 (white, red, green) against the greedy
bot in the seeded game of the lesson (seed 5: Player 1 starts). The test plays the turn the
way a pupil would, through the generic widget only: it presses "Roll the three dice" (a
target-less action, offered as a button), clicks a highlighted tile of the hand and then a
highlighted cell beside the terrain, then a highlighted piece of the supply and a highlighted
cell to enter it on. With fewer than 18 tiles on the terrain the turn then ends by itself, and
the bot answers with its own turn (roll, tile, piece); the test waits for the roll button to
come back. The page helpers are those of test_lesson_browser.py; the screenshot goes to
``test-artifacts/neurodrez-lesson.png``.
"""

from __future__ import annotations

import re
import time

import pytest
from test_lesson_browser import (
    board_state,
    click_id,
    playable_board,
    screenshot,
    wait_for,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "lessons/en/17a-neurodrez.ipynb"
ROLL = "Roll the three dice"
TILE = re.compile(r"^[wkrgby](ea|wa|ai|fi|fl|fa)$")
CELL = re.compile(r"^[a-g][1-7]$")
PIECE = re.compile(r"^[wkrgby][kqrbnp]$")
ME = "Player 1 (white, red, green) "
ROLLED = "rolled the three dice"


def select(page, index: int, pattern: re.Pattern, what: str) -> tuple[str, list[str]]:
    """Click the first highlighted id matching ``pattern`` (a tile, a piece); wait until it is
    selected; return it and the cells then highlighted (where it may go)."""
    state = wait_for(page, lambda s: any(pattern.match(x) for x in s["highlight"]), f"a {what} highlighted", index)
    chosen = min(x for x in state["highlight"] if pattern.match(x))
    click_id(page, chosen, index)
    state = wait_for(page, lambda s: s["selected"] == [chosen], f"{what} {chosen} selected", index)
    cells = sorted(x for x in state["highlight"] if CELL.match(x))
    assert cells, f"no cell highlighted for the {what} {chosen}"
    return chosen, cells


def press(page, index: int, text: str) -> None:
    button = page.locator(".dz-play").nth(index).locator(".dz-actions button", has_text=text).first
    button.scroll_into_view_if_needed()
    button.click()


@pytest.mark.browser
def test_play_a_neurodrez_turn_by_clicks(page, run_notebook, timings) -> None:
    index = 0
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        index = playable_board(page)
        state = wait_for(page, lambda s: ROLL in s["buttons"], "the roll button", index, timeout=30)
        assert state["status"].startswith("Your turn: Player 1"), state["status"]
        assert state["log"] == [], "Player 1 starts the seeded game"

        press(page, index, ROLL)
        # a click the board never received (a redraw of the buttons under the pointer: the board
        # then shows no "Playing…") is pressed again, as a pupil would; a press the board sent
        # and the kernel did not answer still fails below
        page.wait_for_timeout(1500)
        board = page.locator(".dz-play").nth(index).locator(".dz-board")
        if not board.evaluate("(node) => node.classList.contains('dz-pending')") and \
                page.locator(".dz-play").nth(index).locator(".dz-log li").count() == 0:
            press(page, index, ROLL)
        state = wait_for(page, lambda s: len(s["log"]) == 1 and s["highlight"], "the dice rolled", index, timeout=60)
        assert state["log"][0] == ME + ROLLED, state["log"]
        tile, cells = select(page, index, TILE, "tile")
        cell = cells[0]
        click_id(page, cell, index)
        state = wait_for(page, lambda s: len(s["log"]) == 2 and s["highlight"], f"the tile placed on {cell}", index)
        assert state["log"][1].startswith(f"{ME}placed a ") and state["log"][1].endswith(f" tile on {cell}"), state["log"]

        piece, targets = select(page, index, PIECE, "piece")
        target = targets[0]
        before = board_state(page, index)["svg"]
        click_id(page, target, index)

        after = wait_for(page, lambda s: len(s["log"]) >= 4 and ROLL in s["buttons"],
                         "the piece entered and the bot's whole turn", index, timeout=40)
        assert after["log"][2].startswith(ME) and f" {target}" in after["log"][2], after["log"]
        replies = after["log"][3:]
        assert replies[0].startswith("Player 2 (black, blue, yellow) " + ROLLED), replies
        assert len(replies) >= 3, f"the bot rolls, places a tile and plays a piece: {replies}"
        assert after["status"].startswith("Your turn: Player 1"), after["status"]
        assert after["svg"] != before, "the board picture did not change"
        assert page.locator(".dz-board").nth(index).locator(f'[data-id="{piece}"]').count() == 1, \
            f"the {piece} stands on the terrain, clickable by its id"
        timings.add(f"{NOTEBOOK}: roll, tile + cell, piece + cell, the bot's turn", time.monotonic() - started)
    finally:
        screenshot(page, "neurodrez-lesson.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors
