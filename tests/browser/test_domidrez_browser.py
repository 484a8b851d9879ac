"""Open a DomiDrez table in JupyterLab (Chromium), run it, and play a whole hand by clicks.

The notebook ``tests/browser/notebooks/domidrez.ipynb`` (served as
``harness/domidrez.ipynb``) shows ``drezlab.ui.play(DomiDrez(seed=5, players=2,
target=1), seats=("human", "greedy"))``: one hand decides the match. The test plays
Player 1 the way a pupil would, through the generic widget only: it clicks a
highlighted card of the hand (or the stock, to draw; or, after a neutral card, a
figure and then a colour on the naming palette), and presses the buttons the
widget offers (pass, next hand) when nothing is highlighted, until the status
line says who won. The page helpers are those of test_lesson_browser.py; the
screenshot goes to ``test-artifacts/domidrez-hand.png``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/domidrez.ipynb"


def finished(state: dict) -> bool:
    return "wins" in state["status"] or "match target" in state["status"]


def ready(state: dict) -> bool:
    """Player 1 may act (something highlighted or a button), or the game is over."""
    return finished(state) or bool(state["highlight"]) or bool(state["buttons"])


@pytest.mark.browser
def test_a_whole_domidrez_hand_by_clicks(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, ready, "Player 1's first decision", timeout=30)
        assert state["log"] == [] and "Player 1" in state["status"]
        kinds = set()
        for _ in range(300):
            if finished(state):
                break
            before = state
            if state["highlight"]:
                target = min(state["highlight"])
                kinds.add("palette" if target.startswith(("fig-", "col-")) else
                          "stock" if target == "pile" else "card")
                click_id(page, target)
            else:
                kinds.add(state["buttons"][0])
                page.locator(".dz-play .dz-actions button").first.click()
            state = wait_for(page, lambda s, b=before: (s["log"] != b["log"] or s["selected"] != b["selected"])
                             and ready(s), "the click to take effect", timeout=30)
        assert finished(state), f"the hand did not end: {state['status']}"
        assert "card" in kinds, "no card was played by a click"
        assert len(state["log"]) >= 5 and all(line.startswith("Player ") for line in state["log"])
        timings.add(f"{NOTEBOOK}: a whole hand by clicks ({len(state['log'])} moves)", time.monotonic() - started)
    finally:
        screenshot(page, "domidrez-hand.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
