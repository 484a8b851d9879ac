"""Open a TriumfDrez table in JupyterLab (Chromium), run it, and play a whole deal by clicks.

The harness notebook ``tests/browser/notebooks/triumfdrez.ipynb`` shows
``drezlab.ui.play(TriumfDrez(seed=6, players=2, max_deals=1), seats=("human", "rules"))``:
one deal, so the match ends with it. Player 1 opens the auction: the test clicks
the highlighted chips of the bidding panel (a number, a trump, a supertrump,
open or closed) until the bid is made, presses "Pass" when it may, and in the
play clicks a highlighted card each turn, until the status says who won. It
checks the log and that greyed cards were never highlighted. The screenshot goes
to ``test-artifacts/triumfdrez-table.png``.
"""

from __future__ import annotations

import re
import time

import pytest
from test_lesson_browser import (
    click_id,
    playable_board,
    screenshot,
    wait_for,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/triumfdrez.ipynb"
CARD = re.compile(r"^[PNBRQJ][1-9]$")
MAX_CLICKS = 120


def _pick(choices: list[str]) -> str:
    """The target to click: the lowest number of tricks on the bidding panel, else the first id."""
    bids = [target for target in choices if target.startswith("bid-")]
    if bids:
        return min(bids, key=lambda target: int(target.split("-")[1]))
    return min(choices)


def _over(state: dict) -> bool:
    return "wins" in state["status"] or "deal limit" in state["status"]


@pytest.mark.browser
def test_a_whole_triumfdrez_deal_by_clicks(page, run_notebook, timings) -> None:
    index = 0
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-board .dz-picture svg", state="visible")
        index = playable_board(page)
        state = wait_for(page, lambda s: bool(s["highlight"]), "the bidding panel", index)
        assert "bid-7" in state["highlight"] and state["buttons"] == [], "Player 1 must bid: no Pass button"
        clicks = 0
        cards_played = 0
        while not _over(state):
            clicks += 1
            assert clicks <= MAX_CLICKS, f"the deal did not end after {MAX_CLICKS} clicks: {state['status']}"
            before = len(state["log"])
            choices = [target for target in state["highlight"] if target not in state["selected"]]
            if "Pass" in state["buttons"]:
                choices = []
            if choices:
                target = _pick(choices)
                if CARD.match(target):
                    cards_played += 1
                click_id(page, target, index)
                state = wait_for(page, lambda s, before=before, target=target: len(s["log"]) > before
                                 or target in s["selected"] or _over(s), f"the click on {target}", index)
            else:
                assert state["buttons"], f"nothing to click or press: {state['status']}"
                label = "Pass" if "Pass" in state["buttons"] else state["buttons"][0]
                page.locator(".dz-play").nth(index).locator(".dz-actions button", has_text=label).first.click()
                state = wait_for(page, lambda s, before=before: len(s["log"]) > before or _over(s),
                                 "a button action", index)
            if not _over(state):
                state = wait_for(page, lambda s: bool(s["highlight"]) or bool(s["buttons"]) or _over(s),
                                 "the bot's answer", index)
        assert cards_played == 13, f"Player 1 played {cards_played} cards, not 13"
        assert state["log"][0].startswith("Player 1 bids 7 tricks"), state["log"][:2]
        assert sum(1 for line in state["log"] if line.startswith(("Player 1 leads the ", "Player 1 plays the "))) == 13
        timings.add(f"{NOTEBOOK}: a whole deal by clicks ({clicks} clicks)", time.monotonic() - started)
    finally:
        screenshot(page, "triumfdrez-table.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors
