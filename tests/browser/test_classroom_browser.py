"""The class server's pages in Chromium: two pupils play PokerDrez by clicks on their
own pages, the teacher's page watches, and no page ever receives a hidden card.

One class server (``python -m drezlab.classroom``, temporary SQLite, ``--bot-delay 0``)
serves the module. The Python ``Teacher`` makes a class of Ana and Luis; each pupil
types their code on the pupil's page in a browser context of their own (a 1024x768
tablet, a 1366x768 laptop); a third context opens the teacher's page
(``/teacher#secret``). The teacher opens a seeded PokerDrez table and the pupils play
eight actions by clicking what the board highlights (or its buttons); Luis's socket is
dropped half-way and the page logs in again by itself.

Every websocket frame each page receives and its final DOM are kept. The leak check
replays the teacher's record of the game and takes, for each viewer, the card ids
``drezlab.core.face.hidden_ids`` hides from it at every position (the spectator: at
every position from seat ``None``); none may appear quoted (``data-id="Q5"``, ``"Q5"``)
in that viewer's frames or DOM. As a check of the check, each pupil's own hand is
found in their DOM the same way.

Screenshots: ``test-artifacts/classroom-*.png``.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import (
    ClassServer,
    board_state,
    can_play,
    hand_ids,
    hidden_throughout,
    messages,
    play_one_action,
    quoted_ids,
    record_frames,
    table_selector,
    wait_until,
)

from drezlab.classroom import Teacher

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SEED = 11
ACTIONS = 8
NAMES = ("Ana", "Luis")
WAITING = "Waiting for your teacher to open a table"
#: the page's fit: no sideways scrolling, the picture inside the screen, no text under 12 px
#: outside the picture (the SVG's own small print scales with it)
LAYOUT = """(selector) => {
  const svg = document.querySelector(`${selector} .dz-picture svg`).getBoundingClientRect();
  let smallest = 99, where = "";
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest("svg") || !node.getClientRects().length) continue;
    if (![...node.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const size = parseFloat(getComputedStyle(node).fontSize);
    if (size < smallest) { smallest = size; where = `${node.tagName}.${node.className}`; }
  }
  return { sideways: document.documentElement.scrollWidth > innerWidth, right: svg.right, bottom: svg.bottom,
           width: innerWidth, height: innerHeight, smallest, where };
}"""


@dataclass
class Viewer:
    """One browser page and what it received."""

    name: str
    page: Any
    seen: dict[str, list]
    errors: list[str] = field(default_factory=list)
    dom: str = ""
    log: list[str] = field(default_factory=list)
    layout: dict[str, Any] = field(default_factory=dict)


@dataclass
class PlayedClass:
    table: int
    record: dict[str, Any]
    pupils: dict[int, Viewer]
    watcher: Viewer
    clicks: list[tuple[int, list[str]]]
    watcher_logs: list[int]
    seconds: float


@pytest.fixture(scope="module")
def class_server():
    server = ClassServer()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def chromium(browser_context):
    """The session's Chromium (conftest's persistent context); new contexts are made in it."""
    browser = browser_context.browser
    assert browser is not None, "Playwright gave no browser for the persistent context"
    return browser


def open_viewer(browser, name: str, width: int, url: str, locale: str = "en-US") -> tuple[Any, Viewer]:
    context = browser.new_context(viewport={"width": width, "height": 768}, locale=locale)
    page = context.new_page()
    page.set_default_timeout(10_000)
    viewer = Viewer(name, page, record_frames(page))
    page.on("console", lambda message: viewer.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: viewer.errors.append(str(error)))
    page.goto(url)
    return context, viewer


def log_in(viewer: Viewer, code: str) -> None:
    page = viewer.page
    page.wait_for_selector("#code", state="visible")
    page.locator("#code").press_sequentially(code)
    page.locator("#enter").click()
    page.wait_for_selector('body[data-state="class"]')


def shows_action(viewer: Viewer, table: int, count: int) -> None:
    """Wait until the page's board of ``table`` is at version ``count`` with ``count`` log lines."""
    def there() -> bool:
        state = board_state(viewer.page, table)
        return bool(state) and state["version"] == count and len(state["log"]) == count
    wait_until(viewer.page, there, f"action {count} on {viewer.name}'s page")


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


@pytest.fixture(scope="module")
def played(class_server, chromium, timings) -> PlayedClass:
    """Two pupils on their pages play a PokerDrez table by clicks while the teacher's page watches."""
    started = time.monotonic()
    teacher = Teacher(class_server.url, class_server.secret)
    codes = teacher.create_class(list(NAMES), name="4B")
    contexts = []
    try:
        context, watcher = open_viewer(chromium, "teacher", 1366, f"{class_server.url}/teacher#{class_server.secret}")
        contexts.append(context)
        watcher.page.wait_for_selector('body[data-state="watching"]')
        pupils: dict[int, Viewer] = {}
        for seat, (name, width) in enumerate(zip(NAMES, (1024, 1366))):
            context, viewer = open_viewer(chromium, name, width, f"{class_server.url}/")
            contexts.append(context)
            log_in(viewer, codes[name])
            pupils[seat] = viewer
        for viewer in pupils.values():
            page = viewer.page
            page.wait_for_selector("#waiting", state="visible")
            assert page.locator("#waiting").inner_text() == WAITING
            assert page.locator("#who .dz-name").inner_text() == viewer.name
        # a reloaded tab logs in again with the code kept in sessionStorage
        pupils[0].page.reload()
        pupils[0].page.wait_for_selector('body[data-state="class"]')
        pupils[0].page.wait_for_selector("#waiting", state="visible")

        table = teacher.open_table("pokerdrez", list(NAMES), seed=SEED)
        everyone = [*pupils.values(), watcher]
        for viewer in everyone:
            viewer.page.wait_for_selector(f"{table_selector(table)} .dz-picture svg")

        clicks: list[tuple[int, list[str]]] = []
        watcher_logs: list[int] = []
        for step in range(ACTIONS):
            mover = wait_until(pupils[0].page, lambda: [
                seat for seat, viewer in pupils.items() if can_play(board_state(viewer.page, table))],
                f"a pupil able to play action {step + 1}")[0]
            clicks.append((mover, play_one_action(pupils[mover].page, table)))
            for viewer in everyone:
                shows_action(viewer, table, step + 1)
            watcher_logs.append(len(board_state(watcher.page, table)["log"]))
            if step == ACTIONS // 2 - 1:
                # Luis's connection drops: the page opens a new socket and logs in again
                page = pupils[1].page
                page.evaluate("""() => {
                  const banner = document.querySelector('#connecting');
                  new MutationObserver(() => { if (!banner.hidden) window.bannerText = banner.textContent; })
                    .observe(banner, { attributes: true });
                  window.drezlabClass.link.ws.close();
                }""")
                wait_until(page, lambda: len(pupils[1].seen["sockets"]) == 2 and len(
                    messages(pupils[1].seen["frames"], "welcome")) == 2, "Luis's page to log in again")
                page.wait_for_selector(f"{table_selector(table)} .dz-picture svg")
                page.wait_for_selector("#connecting", state="hidden")
                assert page.evaluate("() => window.bannerText") == "Connecting…"

        record = teacher.record(table)
        # the Copy button is answered on the page with the move log (clipboard, or the text box beside it)
        ana = pupils[0].page
        ana.locator(f"{table_selector(table)} .dz-copy").click()
        copied = wait_until(ana, lambda: ana.evaluate("""(s) => {
          const b = document.querySelector(s);
          const done = b.querySelector('.dz-copy').textContent === 'Copied' || !b.querySelector('.dz-record').hidden;
          return done && b.querySelector('.dz-record').value;
        }""", table_selector(table)), "the Copy answer")
        assert copied == "\n".join(record["log"])
        for viewer, shot in ((pupils[0], "classroom-pupil-1024x768.png"), (pupils[1], "classroom-pupil-1366x768.png"),
                             (watcher, "classroom-teacher-1366x768.png")):
            viewer.dom = viewer.page.content()
            viewer.log = board_state(viewer.page, table)["log"]
            viewer.layout = viewer.page.evaluate(LAYOUT, table_selector(table))
            screenshot(viewer.page, shot)
        seconds = time.monotonic() - started
        timings.add(f"class server: two pupils' pages play {ACTIONS} PokerDrez actions by clicks, teacher watching",
                    seconds)
        return PlayedClass(table, record, pupils, watcher, clicks, watcher_logs, seconds)
    finally:
        for context in contexts:
            context.close()


def boards_of(viewer: Viewer, table: int) -> list[dict[str, Any]]:
    return [message for message in messages(viewer.seen["frames"], "board") if message.get("table") == table]


def test_two_pupils_play_pokerdrez_by_clicks_and_see_each_others_moves(played: PlayedClass) -> None:
    movers = [seat for seat, _ in played.clicks]
    assert len(movers) >= 6 and set(movers) == {0, 1}, played.clicks
    assert all(clicks for _, clicks in played.clicks), played.clicks
    server_log = played.record["log"]
    assert len(server_log) == ACTIONS == len(played.record["record"]["actions"])
    for seat, viewer in played.pupils.items():
        boards = boards_of(viewer, played.table)
        assert boards and all(board["seat"] == seat for board in boards)
        versions = [board["version"] for board in boards]
        assert versions == sorted(versions) and versions[-1] == ACTIONS, versions
        assert set(range(ACTIONS + 1)) <= set(versions), "a version was skipped"
        # the page shows every move, the other pupil's too, as the server logged them
        assert viewer.log == server_log, (viewer.log, server_log)
        layout = viewer.layout
        assert not layout["sideways"] and layout["right"] <= layout["width"] and layout["bottom"] <= layout["height"], \
            layout
        assert layout["smallest"] >= 12, layout
        for step, (mover, _) in enumerate(played.clicks):
            if mover != seat:
                assert any(board["version"] == step + 1 and len(board["log"]) == step + 1 for board in boards), \
                    f"{viewer.name}'s page never got the other pupil's action {step + 1}"
        assert not viewer.errors, viewer.errors
    assert len(messages(played.pupils[1].seen["frames"], "welcome")) == 2, "Luis's page did not log in again"


@pytest.mark.parametrize("seat", [0, 1])
def test_no_pupil_page_ever_holds_a_card_hidden_from_its_seat(played: PlayedClass, seat: int) -> None:
    viewer = played.pupils[seat]
    hidden, final = hidden_throughout(played.record, seat)
    assert hidden & hand_ids(final, 1 - seat), "some card of the opponent's hand should have stayed hidden"
    texts = [*viewer.seen["frames"], viewer.dom]
    assert len(viewer.seen["frames"]) > ACTIONS
    leaked = quoted_ids(texts, hidden)
    assert not leaked, f"{viewer.name}'s page received cards hidden from seat {seat}: {sorted(leaked)}"
    # the check can see a card: the deal in the teacher's record, the pupil's own hand in their page
    assert quoted_ids([json.dumps(played.record)], hidden)
    own = hand_ids(final, seat)
    assert own and quoted_ids([viewer.dom], own) == own
    assert quoted_ids(viewer.seen["frames"][-3:], own) == own


def test_teacher_page_watches_the_table_live_with_every_hand_hidden(played: PlayedClass) -> None:
    watcher = played.watcher
    assert played.watcher_logs == list(range(1, ACTIONS + 1)), played.watcher_logs
    boards = boards_of(watcher, played.table)
    assert boards and all(board["seat"] is None and board["actions"] == [] for board in boards)
    assert [board["version"] for board in boards][-1] == ACTIONS
    summaries = [message["table"] for message in messages(watcher.seen["frames"], "table")]
    assert summaries and summaries[-1]["plies"] == ACTIONS and summaries[-1]["seats"] == list(NAMES)
    hidden, final = hidden_throughout(played.record, None)
    assert hidden & hand_ids(final, 0) and hidden & hand_ids(final, 1)
    leaked = quoted_ids([*watcher.seen["frames"], watcher.dom], hidden)
    assert not leaked, f"the teacher's page received hidden cards: {sorted(leaked)}"
    assert f"Table {played.table} · PokerDrez" in watcher.dom
    assert not watcher.layout["sideways"] and watcher.layout["smallest"] >= 12, watcher.layout
    assert not watcher.errors, watcher.errors


def test_a_pupil_with_two_tables_picks_one_from_the_tabs(class_server, chromium) -> None:
    """A code in the address logs in (and leaves the address); the newest table is shown
    first; the other is a tab away; a renewed code sends the page back to the login box.
    (Runs before the wrong-code test: that one makes the
    server ask 127.0.0.1 to wait before its next login.)"""
    teacher = Teacher(class_server.url, class_server.secret)
    code = teacher.create_class(["Eva"], name="5A")["Eva"]
    first = teacher.open_table("pokerdrez", ["Eva", "level-1"], seed=3)
    second = teacher.open_table("pokerdrez", ["level-1", "Eva"], seed=4)
    context, viewer = open_viewer(chromium, "Eva", 1024, f"{class_server.url}/?code={code}&lang=es")
    try:
        page = viewer.page
        page.wait_for_selector('body[data-state="class"]')
        assert "code=" not in page.url and "lang=es" in page.url
        page.wait_for_selector(f"{table_selector(second)} .dz-picture svg")
        tabs = page.locator("#tabs .dz-tab")
        assert tabs.count() == 2
        assert [tabs.nth(i).get_attribute("data-table") for i in range(2)] == [str(second), str(first)]
        assert tabs.first.get_attribute("aria-selected") == "true"
        assert page.locator(table_selector(first)).is_hidden()
        assert "contra level-1" in tabs.first.inner_text()
        tabs.nth(1).click()
        page.wait_for_selector(f"{table_selector(first)} .dz-picture svg", state="visible")
        assert page.locator(table_selector(second)).is_hidden()
        assert page.locator("#leave").inner_text() == "Salir"
        screenshot(page, "classroom-pupil-tabs-es.png")
        # a new code ends this login: back to the login box with the server's words, and
        # a reload does not log in with the old code
        teacher.renew_code("Eva")
        page.wait_for_selector('body[data-state="login"]')
        assert page.locator("#login-message").inner_text() == "Tu código cambió: pide el nuevo a tu profesor"
        page.reload()
        page.wait_for_selector('body[data-state="login"]')
        assert page.evaluate("() => sessionStorage.length") == 0
        assert not viewer.errors, viewer.errors
    finally:
        context.close()


OPENING_AT_ONCE = 8


def test_a_class_opens_the_pupils_page_at_once_and_every_pupil_gets_a_board(class_server, chromium) -> None:
    """Eight pupils open their pages together (the bench measures thirty with simulated
    clients); each page logs in from its address and shows its own board. The times are
    written to test-artifacts/classroom-opening.txt, not asserted."""
    teacher = Teacher(class_server.url, class_server.secret)
    names = [f"Pupil {number}" for number in range(1, OPENING_AT_ONCE + 1)]
    codes = teacher.create_class(names, name="Opening")
    tables = [teacher.open_table("pokerdrez", names[index:index + 2], seed=index) for index in range(0, len(names), 2)]
    pages = []
    contexts = []
    try:
        for name in names:
            context = chromium.new_context(viewport={"width": 1024, "height": 768})
            contexts.append(context)
            pages.append(context.new_page())
        started = time.monotonic()
        for name, page in zip(names, pages):
            page.goto(f"{class_server.url}/?code={codes[name]}", wait_until="commit")
        shown = {}
        for index, (name, page) in enumerate(zip(names, pages)):
            table = tables[index // 2]
            wait_until(page, lambda p=page, t=table: (board_state(p, t) or {}).get("version") == 0,
                       f"{name}'s first board", timeout=30)
            shown[name] = time.monotonic() - started
            svg = page.locator(f"{table_selector(table)} .dz-picture svg")
            assert svg.count() == 1, f"{name}'s page shows no picture"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "classroom-opening.txt").write_text(
            f"{OPENING_AT_ONCE} pupils opening the pupil's page at once; seconds until each first board:\n"
            + "".join(f"  {name}: {seconds:.2f}\n" for name, seconds in shown.items()))
    finally:
        for context in contexts:
            context.close()


def test_wrong_code_gets_the_servers_words_and_the_pupils_page_cannot_use_the_teacher_api(
        class_server, chromium) -> None:
    contexts = []
    try:
        context, english = open_viewer(chromium, "en", 1024, f"{class_server.url}/")
        contexts.append(context)
        page = english.page
        page.wait_for_selector('body[data-state="login"]')
        assert page.locator("label[for=code]").inner_text() == "Your login code"
        page.locator("#code").press_sequentially("ABCD-EFGH")
        page.locator("#enter").click()
        page.wait_for_function("() => document.querySelector('#login-message').textContent !== ''")
        assert page.locator("#login-message").inner_text() == "That code is not right: check it with your teacher"

        context, spanish = open_viewer(chromium, "es", 1024, f"{class_server.url}/", locale="es-ES")
        contexts.append(context)
        es = spanish.page
        es.wait_for_selector('body[data-state="login"]')
        assert es.locator("label[for=code]").inner_text() == "Tu código de entrada"
        assert es.locator("#enter").inner_text() == "Entrar"
        es.locator("#code").press_sequentially("zzzz zzzz")
        es.locator("#enter").click()
        es.wait_for_function("() => document.querySelector('#login-message').textContent !== ''")
        assert es.locator("#login-message").inner_text() == "Ese código no es correcto: compruébalo con tu profesor"
        screenshot(es, "classroom-wrong-code-es.png")

        # the teacher's API is closed to a pupil's page, with or without a made-up secret
        statuses = page.evaluate("""async () => [
          (await fetch('/api/tables')).status,
          (await fetch('/api/tables', {headers: {Authorization: 'Bearer guess'}})).status,
          (await fetch('/api/tables/1/record')).status]""")
        assert statuses == [403, 403, 403]

        # more wrong codes: the server asks to wait, and the page says so
        for _ in range(8):
            page.locator("#code").fill("")
            page.locator("#code").press_sequentially("ABCD-EFGH")
            page.locator("#enter").click()
            page.wait_for_function("() => !document.querySelector('#enter').disabled")
            if "wait" in page.locator("#login-message").inner_text():
                break
        assert re.fullmatch(r"Too many wrong codes: wait \d+ seconds and try again",
                            page.locator("#login-message").inner_text())
        unexpected = [error for error in english.errors + spanish.errors if "403" not in error]
        assert not unexpected, unexpected
    finally:
        for context in contexts:
            context.close()
