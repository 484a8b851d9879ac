"""Play Dejarik and Courtier to their end by clicks in JupyterLab (Chromium).

The notebooks ``tests/browser/notebooks/dejarik.ipynb`` (a whole seeded game from the
army lottery: placing, moving, attacking with dice through the game's seeded chance,
pushing) and ``courtier.ipynb`` (a seeded endgame position) show ``drezlab.ui.play``
with the pupil as South against the greedy bot. The test plays South the way a pupil
would, through the generic widget only: with nothing selected it clicks the first
highlighted cell (a creature, a placing cell, a push target); with a creature
selected it clicks a highlighted cell holding a piece (an attack) if there is one,
else the first highlighted cell (a move); with nothing highlighted it presses the first
button (pass). It stops when the status line says who won, or a draw. The page helpers
are those of test_lesson_browser.py; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, pieces_on, screenshot, wait_for

pytestmark = pytest.mark.browser


def finished(state: dict) -> bool:
    return "wins" in state["status"] or "Draw" in state["status"]


def ready(state: dict) -> bool:
    """South may act (something highlighted or a button), or the game is over."""
    return finished(state) or bool(state["highlight"]) or bool(state["buttons"])


def play_to_the_end(page, limit: int = 120) -> tuple[dict, set[str]]:
    """Click South's decisions until the game ends; the kinds of click made."""
    state = wait_for(page, ready, "South's first decision", timeout=30)
    kinds: set[str] = set()
    for _ in range(limit):
        if finished(state):
            break
        before = state
        if state["highlight"] and not state["selected"]:
            target = min(state["highlight"])
            kinds.add("first click")
        elif state["highlight"]:
            occupied = sorted(cell for cell in state["highlight"] if pieces_on(page, cell) > 1)
            target = occupied[0] if occupied else min(state["highlight"])
            kinds.add("attack" if occupied else "move")
        else:
            target = ""
            kinds.add("button")
            page.locator(".dz-play .dz-actions button").first.click()
        if target:
            click_id(page, target, prefer_piece=True)
        state = wait_for(page, lambda s, b=before: (s["log"] != b["log"] or s["selected"] != b["selected"]
                                                    or finished(s)) and ready(s),
                         "the click to take effect", timeout=30)
    return state, kinds


def play_harness(page, run_notebook, timings, name: str) -> tuple[dict, set[str]]:
    """Open ``harness/<name>.ipynb``, run it, play South to the end; screenshot and console checked."""
    try:
        run_notebook(f"harness/{name}.ipynb")
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state, kinds = play_to_the_end(page)
        assert finished(state), f"the game did not end: {state['status']}"
        timings.add(f"{name}: a whole game by clicks ({len(state['log'])} actions)", time.monotonic() - started)
    finally:
        screenshot(page, f"{name}-game.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
    return state, kinds


@pytest.mark.browser
def test_a_whole_dejarik_game_by_clicks(page, run_notebook, timings) -> None:
    state, kinds = play_harness(page, run_notebook, timings, "dejarik")
    assert {"first click", "attack"} <= kinds, kinds
    assert any(line.startswith("South:") and " moved the " in line for line in state["log"]), state["log"]
    assert any(" attacked the " in line for line in state["log"] if line.startswith("South")), state["log"]


@pytest.mark.browser
def test_a_courtier_endgame_by_clicks(page, run_notebook, timings) -> None:
    state, kinds = play_harness(page, run_notebook, timings, "courtier")
    assert "move" in kinds and "king captured" in state["status"], (kinds, state["status"])
