"""Open the PokerGuess lesson in JupyterLab (Chromium), run it, and play its table
to the end by clicks.

The lesson's table (``drezlab.ui.play(PokerGuess(seed=5, players=4, max_hands=6, words="points"),
seats=("human", probability bot, "random", "random"))``) waits for Player 1. On
each of Player 1's decisions the test presses the first action button the generic
widget offers (Drop out when someone went up, else Stay or Stay + new prediction; Next
hand between hands) or, when there is no button, clicks the first highlighted
target of the picture: the four buttons of the prediction pad (a colour count, a
colour, a figure count, a figure) or an own card in the last-card round. It
checks that a prediction made by four clicks reaches the move log, and plays on
until the game is over. A screenshot goes to ``test-artifacts/pokerguess-lesson.png``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSON = "lessons/en/05-pokerguess.ipynb"
PREDICTION_LINE = re.compile(r"^Player 1 predicts at least [0-9]+ [a-z]+ cards? and [0-9]+ [a-z]+$")

TABLE_STATE = """() => {
  const play = document.querySelector('.dz-play');
  if (!play) return null;
  const board = play.querySelector('.dz-board');
  const picture = board && board.querySelector('.dz-picture');
  return {
    svg: picture ? picture.innerHTML : '',
    log: [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent),
    status: play.querySelector('.dz-status').textContent,
    buttons: [...play.querySelectorAll('.dz-actions button')].map((b) => b.textContent),
    highlighted: picture ? [...picture.querySelectorAll('.dz-highlight')].map((n) => n.getAttribute('data-id')) : [],
  };
}"""


#: the prediction pad's rows, in the order they are clicked
PAD = ({f"c{count}" for count in range(1, 7)},
       {"grey", "red", "magenta", "purple", "blue", "yellow", "cyan", "orange", "green"},
       {f"f{count}" for count in range(1, 10)},
       {"pawns", "knights", "bishops", "rooks", "queens", "jokers"})


def click(page, selector: str) -> None:
    element = page.locator(selector).first
    element.scroll_into_view_if_needed()
    element.click()


def table_state(page) -> dict:
    state = page.evaluate(TABLE_STATE)
    assert state is not None, "the lesson shows no play() widget"
    return state


def is_over(state: dict) -> bool:
    return "hand limit" in state["status"] or "all the points" in state["status"]


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


RETRIES: list[str] = []


def answered_or_clicked_again(page, before: int, selector: str) -> dict:
    """The state once a button click has been played. The widget refuses an action
    chosen on a picture that a newer one replaced (no doubled moves) and takes the
    next click; on a loaded CI machine with eight kernels a first click has been
    seen to meet such a race, so after 20 s without an answer the same button is
    clicked once more, and the retry is recorded in the timings artifact."""
    try:
        return wait_for(page, lambda s: len(s["log"]) > before, "the button's action in the log", timeout=20)
    except AssertionError:
        RETRIES.append(selector)
        click(page, selector)
        return table_state(page)


@pytest.mark.browser
def test_play_the_pokerguess_lesson_table_to_the_end(page, run_notebook, timings) -> None:
    try:
        run_notebook(LESSON)
        started = time.monotonic()
        page.wait_for_selector(".dz-play .dz-board .dz-picture svg", state="attached")
        state = wait_for(page, lambda s: "Stay + new prediction" in s["buttons"], "Player 1's first turn")
        assert state["buttons"][0] == "Stay + new prediction" and state["log"] == []
        clicks = 0
        while not is_over(state):
            before = len(state["log"])
            if state["buttons"]:
                click(page, ".dz-play .dz-actions button")
                clicks += 1
                state = answered_or_clicked_again(page, before, ".dz-play .dz-actions button")
            elif set(state["highlighted"]) & PAD[0]:
                for row in PAD:                       # a colour count, a colour, a figure count, a figure
                    shown = wait_for(page, lambda s, row=row, before=before: bool(set(s["highlighted"]) & row) or len(s["log"]) > before,
                                     "the next row of the prediction pad")
                    if len(shown["log"]) > before:
                        break
                    choice = next(identifier for identifier in shown["highlighted"] if identifier in row)
                    click(page, f'.dz-play .dz-picture [data-id="{choice}"]')
                    clicks += 1
            else:                                     # the last-card round: one of Player 1's cards
                click(page, f'.dz-play .dz-picture [data-id="{state["highlighted"][0]}"]')
                clicks += 1
            assert clicks < 800, "the game did not end"
            state = wait_for(page, lambda s, before=before: len(s["log"]) > before
                             and (s["buttons"] or s["highlighted"] or is_over(s)),
                             "the click to be played and Player 1's next decision (or the end)")
        log = state["log"]
        assert any(PREDICTION_LINE.match(line) for line in log), "no prediction made by clicks reached the log"
        assert any(line.startswith("Player 2 ") for line in log) and clicks >= 10
        timings.add(f"{LESSON}: a whole game by {clicks} clicks ({len(RETRIES)} clicked again)",
                    time.monotonic() - started)
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        plays = page.locator(".dz-play")
        if plays.count():
            plays.first.scroll_into_view_if_needed(timeout=5000)
        page.screenshot(path=str(ARTIFACTS / "pokerguess-lesson.png"))
    assert not [error for error in page.console_errors if "drezlab" in error or "dz-" in error], \
        page.console_errors
