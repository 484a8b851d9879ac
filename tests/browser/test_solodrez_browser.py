"""Open a SoloDrez deal in JupyterLab (Chromium), ask for the hint, and win it by clicks.

The notebook ``tests/browser/notebooks/solodrez.ipynb`` (served as
``harness/solodrez.ipynb``) shows ``drezlab.ui.play(SoloDrez(...), seats=("human",))``
on the hand-made deal ``WINNABLE`` of ``tests/solodrez_deals.py``. The test presses the
"Show the numbers" toggle and reads the solver's hint in the picture, then plays the
line worked out by hand the way a pupil would, through the generic widget only: a move
is a click on the first card of the run (in its visible top strip) and a click on the tab of the destination
column; a removal is its button. It ends when the status line says the game is won.
The page helpers are those of test_lesson_browser.py; the screenshot goes to
``test-artifacts/solodrez-won.png``.
"""

from __future__ import annotations

import time

import pytest
from solodrez_deals import WINNABLE_LINE
from test_lesson_browser import BOARD, click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/solodrez.ipynb"


def click_card(page, card: str) -> None:
    """Click a card where a pupil sees it: in its top strip, which the next card of its
    column leaves uncovered (the middle of a covered card lies under the next one)."""
    page.locator(BOARD).first.locator(f'[data-id="{card}"]').first.click(position={"x": 12, "y": 12})


@pytest.mark.browser
def test_a_solodrez_deal_won_by_clicks_with_the_hint(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, lambda s: "Remove column 3" in s["buttons"], "the removal buttons", timeout=30)
        assert state["log"] == [] and "Solver's hint" not in state["svg"]
        toggle = page.locator(".dz-play .dz-numbers", has_text="Show the numbers")
        toggle.scroll_into_view_if_needed()
        toggle.click()
        state = wait_for(page, lambda s: "Solver's hint: set aside column 3" in s["svg"], "the solver's hint")
        for action in WINNABLE_LINE:
            before = len(state["log"])
            words = action.split()
            if words[0] == "remove":
                button = page.locator(".dz-play .dz-actions button", has_text=f"Remove column {words[1][1:]}").first
                button.scroll_into_view_if_needed()
                button.click()
            else:
                card, column = words[0].upper(), words[1]
                assert card in state["highlight"], f"{card} is not offered: {state['highlight']}"
                click_card(page, card)
                wait_for(page, lambda s, card=card, column=column: card in s["selected"] and column in s["highlight"],
                         f"{card} selected and column {column} offered")
                click_id(page, column)
            state = wait_for(page, lambda s, before=before: len(s["log"]) > before, f"{action} played", timeout=30)
        assert "wins" in state["status"] and "all cards removed" in state["status"], state["status"]
        assert len(state["log"]) == len(WINNABLE_LINE)
        timings.add(f"{NOTEBOOK}: a deal won by clicks ({len(state['log'])} actions)", time.monotonic() - started)
    finally:
        screenshot(page, "solodrez-won.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
