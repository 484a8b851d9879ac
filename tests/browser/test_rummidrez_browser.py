"""Open a RummiDrez table in JupyterLab (Chromium), run it, and play a whole game by clicks.

The notebook ``tests/browser/notebooks/rummidrez.ipynb`` (served as
``harness/rummidrez.ipynb``) shows ``drezlab.ui.play(RummiDrez(seed=18, players=2,
turn_limit=4), seats=("human", "greedy"))``: a match played by time, four turns.
Player 1 plays the way a pupil would, through the generic widget only: first a
card into a new meld, where "check my play" (the status line at the top of the
picture) must say the meld is too short, then
the whole initial meld the solver's hint gives (12 cards, neutral cards included),
each move as two clicks — a card of the hand, then a meld's handle or "New meld"
— then the "Commit the play" button; after the bot's turn it presses "Draw and end
the turn" until the time is up. The moves are mirrored in a Python copy of the game
to pick the next one. The page helpers are those of test_lesson_browser.py; the
screenshot goes to ``test-artifacts/rummidrez-game.png``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

from drezlab.games.rummidrez import RummiDrez, best_play
from drezlab.games.rummidrez.bots import next_move

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/rummidrez.ipynb"


def finished(state: dict) -> bool:
    return "time limit" in state["status"] or "wins" in state["status"]


def ready(state: dict) -> bool:
    """Player 1 may act (something highlighted or a button), or the game is over."""
    return finished(state) or bool(state["highlight"]) or bool(state["buttons"])


def click_move(page, move: str, state: dict) -> dict:
    """Make the move ``b4 new`` / ``b4 m3`` by two clicks and wait until it is logged."""
    card, place = move.split()
    card_id = card[:2].upper() + card[2:]
    click_id(page, card_id)
    wait_for(page, lambda s: card_id in s["selected"] and place in s["highlight"], f"{card_id} selected")
    click_id(page, place)
    return wait_for(page, lambda s, b=state: len(s["log"]) > len(b["log"]) and ready(s), f"the move {move}",
                    timeout=30)


@pytest.mark.browser
def test_a_whole_rummidrez_game_by_clicks(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, ready, "Player 1's first decision", timeout=30)
        assert state["log"] == [] and "Player 1" in state["status"]
        mirror = RummiDrez(seed=18, players=2, turn_limit=4)
        plan = best_play(mirror.view(0)).melds
        assert sum(len(meld) for meld in plan) == 12
        first = next_move(mirror.view(0), plan)
        assert first is not None and first.endswith(" new")
        state = click_move(page, first, state)
        mirror.play(first)
        assert "has only 1 card" in state["svg"], "check my play is not in the picture"
        assert "Commit the play" not in state["buttons"]
        while (move := next_move(mirror.view(0), plan)) is not None:
            state = click_move(page, move, state)
            mirror.play(move)
        assert "Commit the play" in state["buttons"], state["status"]
        page.locator(".dz-play .dz-actions button", has_text="Commit the play").first.click()
        state = wait_for(page, lambda s: s["log"][-1:] != state["log"][-1:] and ("Draw and end the turn" in
                                                                                 s["buttons"] or finished(s)),
                         "the commit and the bot's turn", timeout=40)
        for _ in range(4):
            if finished(state):
                break
            before = state
            page.locator(".dz-play .dz-actions button", has_text="Draw and end the turn").first.click()
            state = wait_for(page, lambda s, b=before: len(s["log"]) > len(b["log"]) and ready(s),
                             "the draw", timeout=40)
        assert finished(state), f"the game did not end: {state['status']}"
        assert sum("in a new meld" in line for line in state["log"]) >= 3
        timings.add(f"{NOTEBOOK}: a whole game by clicks ({len(state['log'])} moves)", time.monotonic() - started)
    finally:
        screenshot(page, "rummidrez-game.png", 0)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
