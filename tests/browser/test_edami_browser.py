"""Open the Spanish EDAMI lesson (the special cards, 02b) in JupyterLab (Chromium), run it, draw a luck card and obey it by clicks.

The lesson's game is ``drezlab.ui.play(Edami(seed=14), seats=("human", "random"))``:
with seed 14 the top card of the deck is *Mueve una: Peón* (Move one: Pawn).
The test clicks the deck (``data-id="pile"``: drawing is an action with the
target ``pile``, so the widget offers it as a click on the deck rather than as
a button), checks that the drawn card is shown and logged, then clicks a
highlighted pawn and a highlighted square, and checks that the pawn moved, the
picture changed and the log shows the move and the bot's answer.
A screenshot goes to ``test-artifacts/edami-lesson.png``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSON = "lessons/es/02b-edami-special-cards.ipynb"
BOARD = ".dz-board"
SQUARE = re.compile(r"^[a-h][1-8]$")

STATE = """(index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const play = board.closest('.dz-play');
  const ids = (cls) => [...new Set([...board.querySelectorAll('[data-id].' + cls)]
                           .map((n) => n.getAttribute('data-id')))];
  return {
    svg: board.querySelector('.dz-picture').innerHTML,
    texts: [...board.querySelectorAll('.dz-picture text')].map((n) => n.textContent),
    highlight: ids('dz-highlight'),
    selected: ids('dz-selected'),
    log: [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent),
    status: play.querySelector('.dz-status').textContent,
    buttons: [...play.querySelectorAll('.dz-actions button')].map((b) => b.textContent),
  };
}"""

FIRST_PLAYABLE = """() => [...document.querySelectorAll('.dz-board')].findIndex((board) => {
  const play = board.closest('.dz-play');
  return play && board.querySelector('[data-id="pile"].dz-highlight');
})"""


def state(page, index: int) -> dict:
    return page.evaluate(STATE, index)


def wait_for(page, index: int, predicate, what: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        current = state(page, index)
        if predicate(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: "
                                 f"{ {k: v for k, v in current.items() if k not in ('svg', 'texts')} }")
        page.wait_for_timeout(50)


HIT = """([x, y, id]) => {
  const hit = document.elementFromPoint(x, y);
  const owner = hit && hit.closest('[data-id]');
  return owner ? owner.getAttribute('data-id') === id : false;
}"""


def click_id(page, index: int, data_id: str, prefer_piece: bool = False) -> None:
    """Click the centre of the element with that data-id, like a user (the piece on a square is drawn last).

    The lesson is long and JupyterLab renders far-away cells lazily, so the page may still
    shift after scrolling: click only once the element's box is steady and the point hits it."""
    elements = page.locator(BOARD).nth(index).locator(f'[data-id="{data_id}"]')
    count = elements.count()
    assert count, f"no element with data-id={data_id!r}"
    element = elements.nth(count - 1 if prefer_piece else 0)
    deadline = time.monotonic() + 15
    previous = None
    while True:
        element.scroll_into_view_if_needed()
        box = element.bounding_box()
        assert box, f"the element {data_id!r} is not visible"
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if box == previous and page.evaluate(HIT, [x, y, data_id]):
            break
        assert time.monotonic() < deadline, f"the element {data_id!r} does not stay in place to be clicked"
        previous = box
        page.wait_for_timeout(150)
    page.mouse.click(x, y)


def pieces_on(page, index: int, square: str) -> int:
    return page.locator(BOARD).nth(index).locator(f'[data-id="{square}"]').count()


@pytest.mark.browser
def test_draw_a_luck_card_and_obey_it_by_clicks(page, run_notebook, timings) -> None:
    index = 0
    try:
        run_notebook(LESSON)
        started = time.monotonic()
        page.wait_for_selector(f"{BOARD} .dz-picture svg", state="attached")
        page.wait_for_function(f"() => ({FIRST_PLAYABLE})() >= 0")
        index = page.evaluate(FIRST_PLAYABLE)
        before = state(page, index)
        assert before["log"] == [] and before["status"].startswith("Tu turno"), before["status"]
        assert "Carta sacada" in before["texts"] and "Mueve una" not in before["texts"]

        # 1. draw: click the deck
        click_id(page, index, "pile")
        drawn = wait_for(page, index, lambda s: len(s["log"]) == 1, "the draw in the log")
        assert drawn["log"] == ["Blancas: tomó una carta"], drawn["log"]
        assert "Mueve una" in drawn["texts"] and "Mueve: Peón" in drawn["texts"], drawn["texts"]
        assert drawn["svg"] != before["svg"]
        assert drawn["highlight"] and all(SQUARE.match(x) for x in drawn["highlight"]), drawn["highlight"]

        # 2. obey "Mueve una: Peón": click a highlighted pawn, then a highlighted square
        origins = sorted(x for x in drawn["highlight"] if pieces_on(page, index, x) > 1)
        assert origins and all(x[1] == "2" for x in origins), origins      # only the white pawns
        origin = "e2" if "e2" in origins else origins[0]
        click_id(page, index, origin, prefer_piece=True)
        chosen = wait_for(page, index, lambda s: s["selected"] == [origin], f"the pawn on {origin} selected")
        targets = sorted(x for x in chosen["highlight"] if SQUARE.match(x))
        assert targets and all(x[0] == origin[0] for x in targets), targets
        target = targets[-1]
        click_id(page, index, target)
        after = wait_for(page, index, lambda s: len(s["log"]) >= 3, "the pawn move and the bot's answer")
        assert after["log"][1].startswith(f"Blancas: peón a {target}"), after["log"]
        assert after["log"][2].startswith("Negras: "), after["log"]
        assert pieces_on(page, index, origin) == 1 and pieces_on(page, index, target) > 1
        assert after["svg"] != drawn["svg"]
        timings.add(f"{LESSON}: draw a card + obey it by clicks", time.monotonic() - started)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        plays = page.locator(".dz-play")
        if plays.count() > index:
            plays.nth(index).scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(ARTIFACTS / "edami-lesson.png"))
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
