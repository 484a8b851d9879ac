"""Play PokerDrez against Stockfish in JupyterLab (Chromium) by clicks and see the engine's reply.

The notebook ``tests/browser/notebooks/engine.ipynb`` shows
``drezlab.ui.play(PokerDrez(seed=1, pawn_removal=False), seats=("human", "stockfish-low"))``.
The test clicks a card, a piece and a square (the helpers of test_lesson_browser.py),
gives a card back when it used a common one, then waits for Black's move in the log
and checks on the board that exactly one black piece left its square and one square
gained a black piece, and that the widget is back to White's turn. A screenshot goes
to ``test-artifacts/engine-pokerdrez.png``.

Without Stockfish the test skips with the install instruction; with ``CI=true`` it fails.
"""

from __future__ import annotations

import os
import re
import time

import pytest
from test_lesson_browser import (
    CHESS_SQUARE,
    board_state,
    play_card_piece_square,
    screenshot,
    wait_for,
)

from drezlab.kits.enginebots import INSTALL_HINT, find_stockfish

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/engine.ipynb"

#: squares holding a piece, by colour, read from the pieces' drawing (a piece repeats its square's data-id)
PIECES = """(index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const found = {};
  for (const node of board.querySelectorAll('[data-id]')) {
    const id = node.getAttribute('data-id');
    if (/^[a-h][1-8]$/.test(id)) found[id] = (found[id] || 0) + 1;
  }
  return Object.keys(found).filter((id) => found[id] > 1).sort();
}"""


def occupied(page, index: int) -> set[str]:
    return set(page.evaluate(PIECES, index))


@pytest.fixture
def stockfish() -> str:
    path = find_stockfish()
    if path is None:
        message = f"Stockfish is not installed; install it with: {INSTALL_HINT}"
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(message + " (CI=true: the engine tests may not be skipped)", pytrace=False)
        pytest.skip(message)
    return path


@pytest.mark.browser
def test_play_pokerdrez_against_stockfish_by_clicks(stockfish, page, run_notebook, timings) -> None:
    index = 0
    try:
        run_notebook(NOTEBOOK)
        started = time.monotonic()
        page.wait_for_selector(".dz-board .dz-picture svg", state="visible")
        before = board_state(page, index)
        assert before["log"] == [] and before["highlight"], before["status"]
        start_squares = occupied(page, index)
        card, origin, target = play_card_piece_square(page, CHESS_SQUARE, index)
        deadline = time.monotonic() + 30
        while True:
            state = board_state(page, index)
            if any(line.startswith("Black: ") for line in state["log"]) and state["highlight"]:
                break
            cards = sorted(x for x in state["highlight"] if not CHESS_SQUARE.match(x))
            if state["log"] and cards:      # a common card was used: give a hand card back
                returned = len(state["log"])
                page.locator(".dz-board").nth(index).locator(f'[data-id="{cards[0]}"]').first.click()
                wait_for(page, lambda s, returned=returned: len(s["log"]) > returned, f"card {cards[0]} given back", index)
            assert time.monotonic() < deadline, f"no reply from Stockfish: {state['log']} {state['status']}"
            page.wait_for_timeout(100)
        assert state["log"][0].startswith("White: ") and (target in state["log"][0] or card in state["log"][0])
        reply = next(line for line in state["log"] if line.startswith("Black: "))     # then maybe a card returned
        after_white = (start_squares - {origin}) | {target}
        now = occupied(page, index)
        vacated = after_white - now
        assert len(vacated) == 1 and target not in vacated, (reply, vacated)     # one black piece left its square
        destination = "c8" if "O-O-O" in reply else "g8" if "O-O" in reply else re.findall(r"[a-h][1-8]", reply)[-1]
        assert destination in now, (reply, sorted(now))                          # and stands where the log says
        timings.add(f"{NOTEBOOK}: a move by clicks + Stockfish's reply", time.monotonic() - started)
    finally:
        screenshot(page, "engine-pokerdrez.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors
