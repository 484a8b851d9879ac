"""Open a PokerDrez for 4 table in JupyterLab (Chromium), run it, and play a short game
to its end by clicks, four players at one screen.

The notebook ``tests/browser/notebooks/pokerdrez4.ipynb`` (served as
``harness/pokerdrez4.ipynb``) shows ``drezlab.ui.play(PokerDrez4(...), seats=("human",)
* 4)`` on a teacher's position: Yellow re-enters its knight on e1 (card, reserve piece,
home square), Green, Red and Blue answer with their Jokers, and Yellow mates Green
with Qe4-b7. Before every turn the board is covered with "Pass the screen to ..."
(no card of any hand may show under it) until that player presses "I am ready";
then only that player's cards show. The widget's status line ends the game with
"Yellow, Red win (checkmate)".
Page helpers are those of test_lesson_browser.py; the screenshot goes to
``test-artifacts/pokerdrez4-game.png``.
"""

from __future__ import annotations

import re
import time

import pytest
from test_lesson_browser import BOARD, click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/pokerdrez4.ipynb"
HANDS = {"Yellow": ("N3", "Q5"), "Green": ("J1", "J2"), "Red": ("J3", "J4"), "Blue": ("J5", "J6")}
TURNS = [("Yellow", ("N3", "reserve-0-n", "e1")), ("Green", ("J1", "a11", "a10")), ("Red", ("J3", "g14", "g13")),
         ("Blue", ("J5", "m5", "m6")), ("Yellow", ("Q5", "e4", "b7"))]


def shows(svg: str, card: str) -> bool:
    return re.search(f'data-id="{card}"', svg) is not None


@pytest.mark.browser
def test_a_short_game_for_four_by_clicks_with_the_hand_over_cover(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(f"{BOARD} .dz-picture svg", state="attached")
        for turn, (seat, clicks) in enumerate(TURNS):
            covered = wait_for(page, lambda s, seat=seat: f"Pass the screen to {seat}" in s["overlay"],
                               f"the hand-over to {seat}", timeout=30)
            assert not any(shows(covered["svg"], card) for cards in HANDS.values() for card in cards), \
                "a hand shows under the cover"
            page.locator(BOARD).first.locator(".dz-ready").click()
            state = wait_for(page, lambda s: not s["overlay"] and bool(s["highlight"]), f"{seat}'s view")
            own = HANDS[seat][1] if turn == len(TURNS) - 1 else HANDS[seat][0]
            assert shows(state["svg"], own), f"{seat} does not see its card {own}"
            others = [card for name, cards in HANDS.items() if name != seat for card in cards]
            assert not any(shows(state["svg"], card) for card in others), f"{seat} sees another player's card"
            before = len(state["log"])
            for index, target in enumerate(clicks):
                click_id(page, target, prefer_piece=index == 1)
                if index < len(clicks) - 1:
                    state = wait_for(page, lambda s, n=index + 1: len(s["selected"]) == n, f"{target} selected")
            wait_for(page, lambda s, b=before: len(s["log"]) > b, f"{seat}'s move in the log")
        final = wait_for(page, lambda s: "win" in s["status"], "the end of the game")
        assert "Yellow, Red win (checkmate)" in final["status"], final["status"]
        assert len(final["log"]) == len(TURNS)
        assert final["log"][0].startswith("Yellow: ") and "e1" in final["log"][0], final["log"][0]
        timings.add(f"{NOTEBOOK}: a short game for four by clicks, five hand-overs", time.monotonic() - started)
    finally:
        screenshot(page, "pokerdrez4-game.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
