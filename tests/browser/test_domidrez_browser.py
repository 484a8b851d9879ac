"""Open a DomiDrez table in JupyterLab (Chromium), run it, and play a whole hand by clicks.

The notebook ``tests/browser/notebooks/domidrez.ipynb`` (served as
``harness/domidrez.ipynb``) shows ``drezlab.ui.play(DomiDrez(seed=5, players=2,
target=1), seats=("human", "greedy"))``: one hand decides the match. The test plays
Player 1 the way a pupil would, through the generic widget only: it clicks a
highlighted card of the hand (or the stock, to draw; or, after a neutral card, a
figure and then a colour on the naming palette), and presses the buttons the
widget offers (pass, next hand) when nothing is highlighted, until the status
line says who won. A screenshot goes to ``test-artifacts/domidrez-hand.png``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOK = "harness/domidrez.ipynb"

TABLE_STATE = """() => {
  const play = document.querySelector('.dz-play');
  if (!play) return null;
  const board = play.querySelector('.dz-board');
  const picture = board && board.querySelector('.dz-picture');
  const ids = (cls) => [...new Set([...board.querySelectorAll('[data-id].' + cls)]
                           .map((n) => n.getAttribute('data-id')))];
  return {
    svg: picture ? picture.innerHTML : '',
    highlight: ids('dz-highlight'),
    selected: ids('dz-selected'),
    log: [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent),
    status: play.querySelector('.dz-status').textContent,
    buttons: [...play.querySelectorAll('.dz-actions button')].map((b) => b.textContent),
  };
}"""


def table_state(page) -> dict:
    state = page.evaluate(TABLE_STATE)
    assert state is not None, "the notebook shows no play() widget"
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


def finished(state: dict) -> bool:
    return "wins" in state["status"] or "match target" in state["status"]


def ready(state: dict) -> bool:
    """Player 1 may act (something highlighted or a button), or the game is over."""
    return finished(state) or bool(state["highlight"]) or bool(state["buttons"])


def click_id(page, data_id: str) -> None:
    page.locator(".dz-play .dz-board").first.locator(f'[data-id="{data_id}"]').first.click()


@pytest.mark.browser
def test_a_whole_domidrez_hand_by_clicks(page, run_notebook, timings) -> None:
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, ready, "Player 1's first decision")
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
                             and ready(s), "the click to take effect")
        assert finished(state), f"the hand did not end: {state['status']}"
        assert "card" in kinds, "no card was played by a click"
        assert len(state["log"]) >= 5 and all(line.startswith("Player ") for line in state["log"])
        timings.add(f"{NOTEBOOK}: a whole hand by clicks ({len(state['log'])} moves)", time.monotonic() - started)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        plays = page.locator(".dz-play")
        if plays.count():
            plays.first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(ARTIFACTS / "domidrez-hand.png"))
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
