"""Open the river-family harness in JupyterLab (Chromium), run it, and play each of
the three Guadalete variants to its end by clicks.

The notebook ``tests/browser/notebooks/guadalete.ipynb`` (served as
``harness/guadalete.ipynb``) shows three ``drezlab.ui.play`` widgets, both seats
human, each from a teacher's near-end position:

* ``guadalete``: White's rook crosses the bridge of planks e4-e5 (a1-e1, Kg8-h8,
  e1-e8 mate);
* ``guadalete-cylinder``: the rook goes down through the seam over the planks a1 and
  a14 and mates on a12 (a3-a12);
* ``guadalete-swimming``: Black's bishop aims at e5 and the current carries it onto
  White's bishop on f5 (the log says so, in words); then a1-a8 mates.

Every move is made the way a pupil makes it: click the highlighted piece, then the
highlighted square. The page helpers are those of test_lesson_browser.py; the
screenshot goes to ``test-artifacts/guadalete-family.png``.
"""

from __future__ import annotations

import time

import pytest
from test_lesson_browser import click_id, screenshot, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "harness/guadalete.ipynb"
GAMES = [
    ("guadalete", [("a1", "e1"), ("g8", "h8"), ("e1", "e8")], None),
    ("guadalete-cylinder", [("a3", "a12")], None),
    ("guadalete-swimming", [("c7", "e5"), ("a1", "a8")], "the current carries it to f5"),
]


def play_by_clicks(page, index: int, origin: str, target: str) -> dict:
    """Click the piece on ``origin``, then ``target``; wait for the move in the log."""
    before = wait_for(page, lambda s: origin in s["highlight"], f"{origin} highlighted", index, timeout=30)
    click_id(page, origin, index, prefer_piece=True)
    chosen = wait_for(page, lambda s: s["selected"] == [origin], f"{origin} selected", index)
    assert target in chosen["highlight"], f"{target} not highlighted after {origin}: {chosen['highlight']}"
    click_id(page, target, index)
    return wait_for(page, lambda s: len(s["log"]) > len(before["log"]), f"{origin}{target} in the log", index,
                    timeout=30)


@pytest.mark.browser
def test_each_river_variant_played_to_its_end_by_clicks(page, run_notebook, timings) -> None:
    index = 0
    try:
        run_notebook(NOTEBOOK)
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        for index, (name, moves, said) in enumerate(GAMES):
            started = time.monotonic()
            state = wait_for(page, lambda s: bool(s["highlight"]), f"{name} ready", index, timeout=30)
            assert state["log"] == []
            for origin, target in moves:
                state = play_by_clicks(page, index, origin, target)
                assert f" to {target}" in state["log"][-1], state["log"]      # "rook to e1", in words
            assert "checkmate" in state["status"] and "White wins" in state["status"], state["status"]
            assert len(state["log"]) == len(moves)
            if name == "guadalete-swimming":
                assert said in state["log"][0], state["log"]
            timings.add(f"{NOTEBOOK}: {name} to its end by clicks ({len(moves)} moves)", time.monotonic() - started)
    finally:
        screenshot(page, "guadalete-family.png", index)
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
