"""Open a notebook in JupyterLab (Chromium), run it, and play a move by clicking the widget.

The PokerDrez test targets ``lessons/en/01a-pokerdrez.ipynb`` (the pupils' first PokerDrez lesson) when it exists, else
the stand-in ``tests/browser/notebooks/pokerdrez.ipynb`` (same call:
``drezlab.ui.play(PokerDrez(seed=...), seats=("human", "random"))`` with
pawn removal off). It clicks a card, a piece (from-square) and a to-square,
then checks that the picture changed and the move log grew. The Race test
does the same with the toy game of tests/toygame.py and also checks the
hot-seat hand-over screen. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
LESSON = REPO / "lessons" / "en" / "01a-pokerdrez.ipynb"
BOARD = ".dz-board"
CHESS_SQUARE = re.compile(r"^[a-h][1-8]$")
RACE_SQUARE = re.compile(r"^t\d$")


def pokerdrez_notebook() -> str:
    """The lesson when it exists, else the stand-in notebook (paths relative to the server root)."""
    if LESSON.is_file():
        return "lessons/en/01a-pokerdrez.ipynb"
    return "harness/pokerdrez.ipynb"


def board_state(page, index: int = 0) -> dict:
    """What the index-th board shows: its SVG, highlighted/selected ids, log lines, overlay."""
    return page.evaluate(
        """(index) => {
          const board = document.querySelectorAll('.dz-board')[index];
          const play = board.closest('.dz-play');
          const ids = (cls) => [...new Set([...board.querySelectorAll('[data-id].' + cls)]
                                   .map((n) => n.getAttribute('data-id')))];
          const overlay = board.querySelector('.dz-overlay');
          return {
            svg: board.querySelector('.dz-picture').innerHTML,
            highlight: ids('dz-highlight'),
            selected: ids('dz-selected'),
            log: play ? [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent) : [],
            status: play ? play.querySelector('.dz-status').textContent : '',
            overlay: overlay.hidden ? '' : overlay.textContent,
            buttons: play ? [...play.querySelectorAll('.dz-actions button')].map((b) => b.textContent) : [],
          };
        }""", index)


def click_id(page, data_id: str, index: int = 0, prefer_piece: bool = False) -> None:
    """Click like a user on the element with that data-id.

    Several elements may share an id (a square and the piece on it): with
    ``prefer_piece`` the one drawn last (on top) is used, else the first.
    Playwright's locator click scrolls the element into view, waits until it
    stops moving and checks that it receives the click: JupyterLab keeps laying
    out later outputs, and a click aimed from coordinates measured a moment
    earlier can land on the neighbouring square.
    """
    elements = page.locator(BOARD).nth(index).locator(f'[data-id="{data_id}"]')
    count = elements.count()
    assert count, f"no element with data-id={data_id!r} on the board"
    elements.nth(count - 1 if prefer_piece else 0).click()


def wait_for(page, predicate, what: str, index: int = 0, timeout: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        state = board_state(page, index)
        if predicate(state):
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; board state: "
                                 f"{ {k: v for k, v in state.items() if k != 'svg'} }")
        page.wait_for_timeout(50)


def pieces_on(page, square: str, index: int = 0) -> int:
    """How many elements carry the square's id: a piece standing there adds one."""
    return page.locator(BOARD).nth(index).locator(f'[data-id="{square}"]').count()


def play_card_piece_square(page, square: re.Pattern, index: int = 0) -> tuple[str, str, str]:
    """Click a highlighted card, then a highlighted piece, then a highlighted to-square.

    Target-less actions shown as buttons (roll the die...) are pressed first
    until cards become clickable.
    """
    state = board_state(page, index)
    for _ in range(5):
        cards = [x for x in state["highlight"] if not square.match(x)]
        if cards:
            break
        assert state["buttons"], f"nothing to click or press: {state['status']}"
        before = len(state["log"])
        page.locator(".dz-play").nth(index).locator(".dz-actions button").first.click()
        state = wait_for(page, lambda s, before=before: len(s["log"]) > before, "a button action", index)
    card = sorted(cards)[0]
    click_id(page, card, index)
    state = wait_for(page, lambda s: s["selected"] == [card], f"card {card} selected", index)
    squares = [x for x in state["highlight"] if square.match(x)]
    occupied = [x for x in squares if pieces_on(page, x, index) > 1]
    assert occupied, f"no highlighted square with a piece after {card}: {squares}"
    origin = sorted(occupied)[0]
    click_id(page, origin, index, prefer_piece=True)
    state = wait_for(page, lambda s: sorted(s["selected"]) == sorted([card, origin]),
                     f"piece on {origin} selected", index)
    targets = sorted(x for x in state["highlight"] if square.match(x))
    assert targets, f"no to-square highlighted after {card} {origin}"
    target = targets[0]
    click_id(page, target, index)
    return card, origin, target


def playable_board(page) -> int:
    """The index of the first board of a play() widget that waits for a human, uncovered."""
    index = page.evaluate(
        """() => [...document.querySelectorAll('.dz-board')].findIndex((board) => {
             const play = board.closest('.dz-play');
             const covered = !board.querySelector('.dz-overlay').hidden;
             const offers = board.querySelector('[data-id].dz-highlight')
                            || (play && play.querySelector('.dz-actions button'));
             return play && !covered && offers;
           })""")
    assert index >= 0, "no play() widget waiting for a human move"
    return index


def assert_move_played(page, notebook: str, square: re.Pattern, timings, index: int | None = None) -> int:
    """Play one move by clicks on the first playable board (or board ``index``); returns its index."""
    started = time.monotonic()
    page.wait_for_selector(f"{BOARD} .dz-picture svg", state="visible")
    if index is None:
        index = playable_board(page)
    before = board_state(page, index)
    assert before["highlight"] or before["buttons"], f"nothing to play: {before['status']}"
    card, origin, target = play_card_piece_square(page, square, index)
    after = wait_for(page, lambda s: len(s["log"]) > len(before["log"]),
                     f"the move {card} {origin}-{target} in the log", index)
    assert after["svg"] != before["svg"], "the board picture did not change"
    first_new = after["log"][len(before["log"])]
    assert card in first_new or origin in first_new or target in first_new, first_new
    timings.add(f"{notebook}: click card + piece + square, move played", time.monotonic() - started)
    return index


def screenshot(page, name: str, index: int) -> None:
    """Save the viewport with the index-th board scrolled into view (Lab scrolls inside a panel)."""
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        boards = page.locator(".dz-play")
        if boards.count() > index:
            boards.nth(index).scroll_into_view_if_needed(timeout=5000)
    finally:
        page.screenshot(path=str(ARTIFACTS / name))


@pytest.mark.browser
def test_play_a_move_in_the_pokerdrez_lesson(page, run_notebook, timings):
    notebook = pokerdrez_notebook()
    index = 0
    try:
        run_notebook(notebook)
        index = assert_move_played(page, notebook, CHESS_SQUARE, timings)
    finally:
        screenshot(page, "pokerdrez-lesson.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors


@pytest.mark.browser
def test_play_a_move_and_hand_over_in_the_toy_game(page, run_notebook, timings):
    notebook = "harness/race.ipynb"
    try:
        run_notebook(notebook)
        page.wait_for_function("() => document.querySelectorAll('.dz-board').length >= 2")
        assert_move_played(page, notebook, RACE_SQUARE, timings, index=0)

        # the hot-seat board starts covered; "I am ready" reveals North's cards only
        covered = wait_for(page, lambda s: bool(s["overlay"]), "the hand-over screen", index=1)
        assert "Pass the screen to North" in covered["overlay"] and "I am ready" in covered["overlay"]
        assert not re.search(r'data-id="(ace|bee|cat|dog|elk|fox)"', covered["svg"])
        page.locator(BOARD).nth(1).locator(".dz-ready").click()
        shown = wait_for(page, lambda s: not s["overlay"] and s["highlight"], "North's view", index=1)
        assert len(re.findall(r'data-id="(ace|bee|cat|dog|elk|fox)"', shown["svg"])) == 3
    finally:
        screenshot(page, "race-toy.png", 0)
