"""The widget as a class uses it, in JupyterLab (Chromium): issue 8, points 1 to 6 and 8.

One run of ``tests/browser/notebooks/widget.ipynb`` serves every test here
(a module-scoped page): board 0 is VikingDrez for bursts of clicks, board 1
PokerDrez for the bot's reply, board 2 PokerDrez behind a kernel that handles
every message from the browser 150 ms late, board 3 a finished VikingDrez game
with a long move log, board 4 EDAMI, which offers Resign. Clicks are dispatched as DOM
events so that their timing is the page's own, not Playwright's. Figures go to
``test-artifacts/widget-latency.txt`` and screenshots to ``test-artifacts/``::

    DREZLAB_CHROMIUM=/usr/bin/chromium PYTHONPATH=$PWD .venv/bin/python -m pytest -s \\
        tests/browser/test_widget_interaction.py
"""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

import drezlab
import drezlab.ui

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
NOTEBOOK = "harness/widget.ipynb"
BURST, REPLY, SLOW, FINISHED, RESIGN = 0, 1, 2, 3, 4
LATENCY_MS = 150.0
SQUARE = re.compile(r"^[a-h][1-8]$")

STATE = """(index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const play = board.closest('.dz-play');
  const ids = (cls) => [...new Set([...board.querySelectorAll('[data-id].' + cls)]
                           .map((n) => n.getAttribute('data-id')))];
  return {
    highlight: ids('dz-highlight'),
    selected: ids('dz-selected'),
    mine: ids('dz-last-mine'),
    theirs: ids('dz-last-theirs'),
    log: [...play.querySelectorAll('.dz-log li')].map((li) => li.textContent),
    status: play.querySelector('.dz-status').textContent,
    hint: board.querySelector('.dz-hint').textContent,
    busy: board.classList.contains('dz-busy'),
    pieces: Object.fromEntries([...board.querySelectorAll('[data-id]')].map((n) => n.getAttribute('data-id'))
                               .map((id, _, all) => [id, all.filter((x) => x === id).length])),
  };
}"""

# dispatch clicks on the topmost element of each id, as fast as the page can
BURST_CLICKS = """([index, ids]) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const started = performance.now();
  for (const id of ids) {
    const nodes = board.querySelectorAll(`[data-id="${id}"]`);
    nodes[nodes.length - 1].dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
  return performance.now() - started;
}"""

# click one id and measure, frame by frame, until the check holds (ms; null after 5 s)
TIMED_CLICK = """async ([index, id, check]) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const nodes = board.querySelectorAll(`[data-id="${id}"]`);
  const node = nodes[nodes.length - 1];
  const svg = board.querySelector('.dz-picture svg');
  const done = {
    selected: () => node.classList.contains('dz-selected'),
    unselected: () => !node.classList.contains('dz-selected'),
    repainted: () => board.querySelector('.dz-picture svg') !== svg,
  }[check];
  const started = performance.now();
  node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  while (!done()) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - started > 5000) return null;
  }
  return performance.now() - started;
}"""

# record, frame by frame, what board ``index`` shows until stopped
RECORD = """(index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const play = board.closest('.dz-play');
  const frames = [];
  window.dzFrames = frames;
  window.dzRecording = true;
  const step = () => {
    frames.push({ t: performance.now(), log: play.querySelectorAll('.dz-log li').length,
                  busy: board.classList.contains('dz-busy'),
                  status: play.querySelector('.dz-status').textContent,
                  reply: board.querySelectorAll('.dz-reply').length });
    if (window.dzRecording) requestAnimationFrame(step);
  };
  step();
}"""
STOP = "() => { window.dzRecording = false; return window.dzFrames; }"

# a bare round trip through the same kernel: press Copy, wait for its answer (ms)
PING = """async (index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const copy = board.querySelector('.dz-copy');
  const record = board.querySelector('.dz-record');
  copy.textContent = '';
  record.hidden = true;
  const started = performance.now();
  copy.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  while (copy.textContent === '' && record.hidden) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (performance.now() - started > 5000) return null;
  }
  return performance.now() - started;
}"""


def state(page, index: int) -> dict[str, Any]:
    return page.evaluate(STATE, index)


def wait_for(page, index: int, predicate: Callable[[dict], bool], what: str, timeout: float = 30.0) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        current = state(page, index)
        if predicate(current):
            return current
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}: "
                                 f"{ {k: v for k, v in current.items() if k != 'pieces'} }")
        page.wait_for_timeout(30)


def settled(page, index: int, what: str) -> dict:
    """The board once no bot is thinking and a human may play."""
    return wait_for(page, index, lambda s: not s["busy"] and s["status"].startswith("Your turn"), what)


def screenshot(page, name: str, index: int) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    plays = page.locator(".dz-play")
    if plays.count() > index:
        plays.nth(index).scroll_into_view_if_needed(timeout=5000)
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture(scope="module")
def harness(browser_context, notebook_runner) -> Iterator[Any]:
    """The harness notebook, run once in one tab for every test of this module."""
    page = browser_context.new_page()
    page.console_errors = []
    page.on("console", lambda message: page.console_errors.append(message.text)
            if message.type == "error" else None)
    page.on("pageerror", lambda error: page.console_errors.append(str(error)))
    notebook_runner(page, NOTEBOOK)
    page.wait_for_function("() => document.querySelectorAll('.dz-play .dz-board svg').length >= 5")
    yield page
    errors = [error for error in page.console_errors if "drezlab" in error or "dz-" in error]
    page.close()
    assert not errors, errors


def test_fifty_clicks_in_one_burst_play_one_action(harness) -> None:
    """Point 5: a burst of clicks naming many moves plays the first one only.

    The 50 clicks are dispatched in one synchronous loop of the page, so no message
    from the kernel can arrive between them however long the loop takes on a busy
    machine (its duration is recorded, not asserted: about 2-16 ms here)."""
    page = harness
    try:
        mirror = drezlab.ui.play(drezlab.new("vikingdrez", seed=5), seats=("human", "random"), seed=5)
        before = settled(page, BURST, "White to move in VikingDrez")
        assert before["log"] == mirror.log, "the page and this process should show the same game"
        moves, origins = [], set()
        for action in mirror.game.legal_actions():
            if action.targets[0] not in origins:
                origins.add(action.targets[0])
                moves.append(action)
        ids = [target for action in moves for target in action.targets] * 25
        ids = ids[:50]
        assert len({action.text for action in moves}) >= 2, "the burst must name several moves"
        expected = mirror.game.describe(moves[0])
        took = page.evaluate(BURST_CLICKS, [BURST, ids])
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "widget-burst.txt").write_text(f"50 clicks dispatched in {took:.1f} ms\n")
        after = wait_for(page, BURST, lambda s: len(s["log"]) >= len(before["log"]) + 2 and not s["busy"],
                         "the move and the bot's reply")
        page.wait_for_timeout(1500)   # anything else the burst might have started would show by now
        final = state(page, BURST)
        new_lines = final["log"][len(before["log"]):]
        human = [line for line in new_lines if line.startswith("White: ")]
        assert human == [expected], f"the burst played {human}, expected only {expected!r}"
        assert final["log"] == after["log"]
    finally:
        screenshot(page, "widget-burst.png", BURST)


def straight_to_the_bot(game) -> Any:
    """A card move after which the bot is to move (no card to return first)."""
    for action in game.legal_actions():
        if len(action.targets) == 3:
            trial = game.copy()
            trial.play(action)
            if trial.to_move == 1:
                return action
    raise AssertionError("no card move hands the turn straight to the bot")


def test_the_bots_reply_is_a_separate_named_step(harness) -> None:
    """Points 1 and 3: only cards at turn start, then the card's pieces, then squares
    (the same highlight as Python's); the pupil's move shows first, with "thinking…";
    the reply arrives about half a second later, animated, named in the status line;
    the last move of each side stays marked; a click skips the wait."""
    page = harness
    mirror = drezlab.ui.play(drezlab.new("pokerdrez", seed=8, pawn_removal=False), seats=("human", "random"), seed=8)
    try:
        for skip in (False, True):
            before = settled(page, REPLY, "White to move in PokerDrez")
            assert before["log"] == mirror.log, "the page and this process should show the same game"
            assert before["highlight"] and not [x for x in before["highlight"] if SQUARE.match(x)], \
                f"only cards at turn start, not squares: {before['highlight']}"
            move = straight_to_the_bot(mirror.game)
            card, origin, target = move.targets
            for clicked in (card, origin):
                assert clicked in state(page, REPLY)["highlight"], f"{clicked} is not highlighted"
                mirror.click(clicked)
                page.evaluate(TIMED_CLICK, [REPLY, clicked, "selected"])
                shown = state(page, REPLY)
                assert sorted(shown["highlight"]) == sorted(mirror.highlight), (shown["highlight"], mirror.highlight)
            assert all(SQUARE.match(x) for x in mirror.highlight) and target in mirror.highlight
            page.evaluate(RECORD, REPLY)
            page.evaluate(TIMED_CLICK, [REPLY, target, "repainted"])
            if skip:
                page.evaluate("(index) => document.querySelectorAll('.dz-board')[index]"
                              ".querySelector('.dz-picture').click()", REPLY)
            mirror.click(target)
            after = wait_for(page, REPLY, lambda s: s["log"] == mirror.log and not s["busy"], "the bot's reply")
            page.wait_for_timeout(300)
            frames = page.evaluate(STOP)
            count = len(before["log"])
            own = [f for f in frames if f["log"] == count + 1]
            assert own, "the pupil's move was never shown on its own"
            assert any(f["busy"] and "thinking" in f["status"] for f in own), own[:3]
            answered = next(f for f in frames if f["log"] >= count + 2)
            gap = (answered["t"] - own[0]["t"]) / 1000
            if skip:
                assert gap < 0.35, f"a click should skip the pause, the reply came after {gap:.2f} s"
            else:
                assert 0.35 <= gap <= 3.0, f"the reply came {gap:.2f} s after the pupil's move"
                assert any(f["reply"] for f in frames if f["log"] >= count + 2), "the reply was not animated"
            after = state(page, REPLY)
            assert "Black played: " in after["status"], after["status"]
            assert after["mine"] and after["theirs"], "the last move of each side stays marked"
            assert origin in after["mine"] and target in after["mine"], after["mine"]
    finally:
        screenshot(page, "widget-reply.png", REPLY)


def test_selection_feedback_does_not_wait_for_a_slow_kernel(harness) -> None:
    """Point 6: with 150 ms of kernel latency, selection feedback does not wait for the
    kernel (it comes well under the latency; the goal of one frame, 16 ms, and the
    repaint goal of latency + 50 ms are measured and written to
    ``test-artifacts/widget-latency.txt``, not asserted: timings on a shared machine
    belong in figures, and CI must not fail on load), while a complete action does
    go through the kernel.

    On a loaded machine the Jupyter transport alone (kernel, server, websocket,
    Lab) takes tens of milliseconds, so the 50 ms are counted from a bare round
    trip through the same slow kernel (the Copy button's answer), measured
    alongside: the repaint may add at most 50 ms of work to it. Both figures
    are printed."""
    page = harness
    try:
        mirror = drezlab.ui.play(drezlab.new("pokerdrez", seed=9, pawn_removal=False),
                                 seats=("human", "random"), seed=9)
        feedback: list[float] = []
        repaint: list[float] = []
        ping: list[float] = []
        for _ in range(5):
            before = settled(page, SLOW, "White to move behind the slow kernel")
            assert before["log"] == mirror.log, "the page and this process should show the same game"
            card, origin, target = straight_to_the_bot(mirror.game).targets
            for _ in range(5):
                feedback.append(page.evaluate(TIMED_CLICK, [SLOW, card, "selected"]))
                feedback.append(page.evaluate(TIMED_CLICK, [SLOW, card, "unselected"]))
            assert None not in feedback, "a selection never showed"
            page.evaluate(TIMED_CLICK, [SLOW, card, "selected"])
            page.evaluate(TIMED_CLICK, [SLOW, origin, "selected"])
            took = page.evaluate(TIMED_CLICK, [SLOW, target, "repainted"])
            assert took is not None, "the complete action never repainted"
            repaint.append(took)
            wait_for(page, SLOW, lambda s: not s["busy"], "the bot's reply", timeout=30)
            ping.append(page.evaluate(PING, SLOW))
            assert ping[-1] is not None, "the Copy button never answered"
            for clicked in (card, origin, target):
                mirror.click(clicked)
            wait_for(page, SLOW, lambda s: s["log"] == mirror.log and not s["busy"], "the bot's reply")
        median_feedback = statistics.median(feedback)
        median_repaint = statistics.median(repaint)
        median_ping = statistics.median(ping)
        line = (f"kernel latency {LATENCY_MS:.0f} ms: selection feedback median {median_feedback:.1f} ms "
                f"(max {max(feedback):.1f}, {len(feedback)} clicks); complete action repainted after "
                f"median {median_repaint:.0f} ms ({', '.join(f'{x:.0f}' for x in repaint)}); a bare round trip "
                f"through the same kernel median {median_ping:.0f} ms ({', '.join(f'{x:.0f}' for x in ping)})")
        print(line)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "widget-latency.txt").write_text(line + "\n")
        assert median_feedback < LATENCY_MS / 2, f"selection feedback waited for the kernel: {line}"
        assert median_repaint >= LATENCY_MS, f"a complete action repainted without the kernel: {line}"
    finally:
        screenshot(page, "widget-slow-kernel.png", SLOW)


CLICK = """([index, id]) => {
  const nodes = document.querySelectorAll('.dz-board')[index].querySelectorAll(`[data-id="${id}"]`);
  const node = nodes[nodes.length - 1];
  node.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  return node.classList.contains('dz-shake');
}"""


def test_every_click_answers(harness) -> None:
    """Point 4: a click that cannot be used says why in the status line (the game's own
    reason, ``Game.click_reasons``, sent with the picture) and shakes;
    unusable cards are dimmed while usable ones are not."""
    page = harness
    try:
        before = settled(page, REPLY, "White to move in PokerDrez")
        black = next(x for x in ("e7", "d7", "c7", "f7") if before["pieces"].get(x) == 2)
        assert page.evaluate(CLICK, [REPLY, black]), "the refused piece shakes"
        refused = state(page, REPLY)
        assert refused["status"].startswith("Your turn: White")
        assert refused["hint"] == " — that piece belongs to Black", refused["hint"]
        assert refused["selected"] == []
        card = sorted(before["highlight"])[0]
        page.evaluate(CLICK, [REPLY, card])
        chosen = state(page, REPLY)
        empty = next(x for x in ("a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5")
                     if chosen["pieces"].get(x) == 1 and x not in chosen["highlight"])
        page.evaluate(CLICK, [REPLY, card])        # deselect, then try a square no action of the card reaches
        page.evaluate(CLICK, [REPLY, card])
        shaken = page.evaluate(CLICK, [REPLY, empty])
        mismatch = state(page, REPLY)
        assert mismatch["hint"] and (f"{empty} does not go with {card}" in mismatch["hint"]
                                     or f"no move of yours ends on {empty} now" in mismatch["hint"]) and shaken
        page.evaluate(CLICK, [REPLY, card])        # leave the board as it was
        dimmed = page.evaluate("""(index) => {
          const board = document.querySelectorAll('.dz-board')[index];
          return [...board.querySelectorAll('g[data-id].dz-unusable')].map((n) => n.getAttribute('data-id'));
        }""", REPLY)
        assert not set(dimmed) & set(before["highlight"]), "a usable card must not be dimmed"
        assert dimmed, "the cards of the common row or the opponent that no action uses are dimmed"
    finally:
        screenshot(page, "widget-click-answers.png", REPLY)


LOG_VIEW = """(index) => {
  const board = document.querySelectorAll('.dz-board')[index];
  const log = board.querySelector('.dz-log');
  const result = board.querySelector('.dz-result');
  const last = log.querySelector('li:last-child').getBoundingClientRect();
  const box = log.getBoundingClientRect();
  return { overflows: log.scrollHeight > log.clientHeight + 4,
           atBottom: log.scrollTop + log.clientHeight >= log.scrollHeight - 4,
           lastVisible: last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
           result: result.textContent, resultShown: result.getBoundingClientRect().height > 0 };
}"""


def test_the_move_log_follows_the_game_and_copies(harness, browser_context, lab_server) -> None:
    """Point 2: the log scrolls to the newest line, the result stays in view, and Copy puts
    the moves on the clipboard (PGN for PokerDrez, which offers pgn())."""
    page = harness
    try:
        browser_context.grant_permissions(["clipboard-read", "clipboard-write"], origin=lab_server.url)
        page.locator(".dz-play").nth(FINISHED).scroll_into_view_if_needed()
        view = page.evaluate(LOG_VIEW, FINISHED)
        assert view["overflows"], "the finished game's log should need scrolling"
        assert view["atBottom"] and view["lastVisible"], view
        assert view["resultShown"] and view["result"].startswith("Game over: "), view
        finished = state(page, FINISHED)
        copy = page.locator(".dz-board").nth(FINISHED).locator(".dz-copy")
        copy.click()
        page.wait_for_function("(index) => document.querySelectorAll('.dz-board')[index]"
                               ".querySelector('.dz-copy').textContent === 'Copied'", arg=FINISHED)
        copied = page.evaluate("() => navigator.clipboard.readText()")
        assert copied == "\n".join(finished["log"] + [view["result"]]), copied[-200:]
        page.locator(".dz-board").nth(REPLY).locator(".dz-copy").click()
        page.wait_for_function("(index) => document.querySelectorAll('.dz-board')[index]"
                               ".querySelector('.dz-copy').textContent === 'Copied'", arg=REPLY)
        assert page.evaluate("() => navigator.clipboard.readText()").startswith('[Event "PokerDrez"]')
    finally:
        screenshot(page, "widget-move-log.png", FINISHED)


SERIOUS = """(index) => {
  const play = document.querySelectorAll('.dz-play')[index];
  const board = play.querySelector('.dz-board');
  const labels = (selector) => [...play.querySelectorAll(selector)].map((n) => n.textContent);
  return { serious: labels('.dz-serious button'), question: labels('.dz-serious .dz-question'),
           actions: labels('.dz-actions button'), controls: labels('.dz-controls button'),
           over: board.querySelector('.dz-result').textContent };
}"""


def test_resign_asks_first_and_stands_apart(harness) -> None:
    """Point 8: Resign is not among the buttons next to New game (it sits under the
    move log); pressing it asks; "No" leaves the game as it was; "Yes" ends it."""
    page = harness
    board = page.locator(".dz-play").nth(RESIGN)
    try:
        settled(page, RESIGN, "White to move in EDAMI")
        shown = page.evaluate(SERIOUS, RESIGN)
        assert shown["serious"] == ["Resign"], shown
        assert "Resign" not in shown["actions"] and "New game" in shown["controls"], shown
        board.locator(".dz-serious button", has_text="Resign").click()
        asked = page.evaluate(SERIOUS, RESIGN)
        assert asked["question"] and asked["question"][0].startswith("Really resign?"), asked
        assert asked["serious"] == ["Yes: Resign", "No, go on playing"], asked
        board.locator(".dz-serious .dz-no").click()
        page.wait_for_timeout(500)
        kept = page.evaluate(SERIOUS, RESIGN)
        assert kept["serious"] == ["Resign"] and kept["over"] == "", kept
        assert state(page, RESIGN)["status"].startswith("Your turn: White")
        board.locator(".dz-serious button", has_text="Resign").click()
        board.locator(".dz-serious .dz-yes").click()
        page.wait_for_function("(index) => document.querySelectorAll('.dz-play')[index]"
                               ".querySelector('.dz-result').textContent.startsWith('Game over')", arg=RESIGN)
        assert "Black" in page.evaluate(SERIOUS, RESIGN)["over"]
    finally:
        screenshot(page, "widget-resign.png", RESIGN)
