"""Open a SokuDrez solitaire in JupyterLab (Chromium), run it, and solve it by clicks.

The notebook ``tests/browser/notebooks/sokudrez.ipynb`` (served as
``harness/sokudrez.ipynb``) shows ``drezlab.ui.play(SokuDrez(seed=4, scramble=3),
seats=("human",))``: the solved grid with 3 random swaps. The test asks the solver
for a proven shortest solution of the same deal and makes each swap the way a pupil
would, through the generic widget only: it clicks the first card (which the widget
then shows as selected) and the second card, and waits for the move log to grow,
until the status line says the grid is solved. The page helpers are those of
test_lesson_browser.py; the screenshot goes to ``test-artifacts/sokudrez-solved.png``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

from drezlab.games.sokudrez import SokuDrez
from drezlab.games.sokudrez.grid import card_id
from drezlab.games.sokudrez.solver import exact

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/sokudrez.ipynb"


@pytest.mark.browser
def test_a_sokudrez_solitaire_solved_by_clicks(page, run_notebook, timings) -> None:
    deal = SokuDrez(seed=4, scramble=3)
    result = exact(deal.grid, time_limit=30)
    assert result.proven
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, lambda s: bool(s["highlight"]), "the first click's highlight", timeout=30)
        assert state["log"] == [] and "Player 1" in state["status"]
        for number, (p, q) in enumerate(result.swaps, start=1):
            first, second = card_id(deal.grid[p]), card_id(deal.grid[q])
            click_id(page, first)
            wait_for(page, lambda s, f=first: s["selected"] == [f], f"{first} selected", timeout=30)
            click_id(page, second)
            state = wait_for(page, lambda s, n=number: len(s["log"]) == n, f"swap {number} played", timeout=30)
            deal.play(deal.swap_action(p, q))
        assert "solved" in state["status"], state["status"]
        assert deal.is_over and all(line.startswith("Player 1") for line in state["log"])
        timings.add(f"{NOTEBOOK}: a solitaire solved by clicks ({len(state['log'])} swaps)", time.monotonic() - started)
    finally:
        screenshot(page, "sokudrez-solved.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
