"""The class server's pages in Chromium under a real JupyterHub (the hub's login, no code
and no secret).

One hub for the module (tests/hubhelpers.py: JupyterHub, configurable-http-proxy, the
dummy authenticator; the hub starts the class server as its service
``/services/drezlab-class/``). teacher1 (in the hub group ``drezlab-teachers``) logs in
at the hub's login form and opens ``/services/drezlab-class/teacher``: the desk, no
secret asked; the page makes a class of ana and luis and opens a PokerDrez table through
the teacher's API with the hub's cookie and its XSRF token. ana logs in (a browser
context of her own) and opens ``/services/drezlab-class/``: her table's board with no
code prompt and no "log out"; she plays one action by clicks (luis, from his Python
client with his hub token, plays first when it is his turn) and the teacher's page sees
it. ana opening the teacher's page gets a plain refusal (English, and Spanish with
``?lang=es``), not the desk.

Screenshots: ``test-artifacts/classroom-hub-*.png``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import (
    board_state,
    can_play,
    play_one_action,
    table_selector,
    wait_until,
)
from hubhelpers import SERVICE, browser_log_in, running_hub

from drezlab.classroom import connect

pytestmark = pytest.mark.browser

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PAGES = f"/services/{SERVICE}/"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory):
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


@pytest.fixture(scope="module")
def chromium(browser_context):
    """The session's Chromium (conftest's persistent context); new contexts are made in it."""
    browser = browser_context.browser
    assert browser is not None, "Playwright gave no browser for the persistent context"
    return browser


def logged_in(browser, hub: dict[str, Any], user: str, path: str, errors: list[str]) -> tuple[Any, Any]:
    """A browser context of ``user``'s own, logged in at the hub's form, on ``path``."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.on("console", lambda message: errors.append(f"{user}: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(f"{user}: {error}"))
    browser_log_in(page, hub["base"], user, path)
    return context, page


def screenshot(page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name))


def tile_plies(page, table: int) -> int | None:
    return page.evaluate("(id) => { const t = document.querySelector(`#grid .dz-tile[data-tile='${id}']`);"
                         " return t && t.dataset.plies !== undefined ? Number(t.dataset.plies) : null; }", table)


def test_teacher_and_pupil_pages_under_the_hub(hub: dict[str, Any], chromium) -> None:
    errors: list[str] = []
    contexts = []
    luis = None
    try:
        # the teacher: the hub's login, then the desk (no secret), a class and a table from the page
        context, teacher = logged_in(chromium, hub, "teacher1", PAGES + "teacher", errors)
        contexts.append(context)
        teacher.wait_for_selector('body[data-state="watching"]')
        assert teacher.locator("#desk").is_visible()
        assert not teacher.locator("#secret-box").is_visible()
        assert teacher.evaluate("() => document.body.dataset.login") == "hub"
        teacher.fill("#class-name", "6C")
        teacher.fill("#pupil-names", "ana\nluis")
        teacher.click("#class-form button[type=submit]")
        teacher.wait_for_selector("#new-codes .dz-codes")      # a POST with the cookie and X-XSRFToken
        assert teacher.locator("#class-message").inner_text() == ""
        teacher.fill("#game", "pokerdrez")
        teacher.fill("#seats", "ana\nluis")
        teacher.fill("#seed", "7")
        teacher.click("#table-form button[type=submit]")
        wait_until(teacher, lambda: "is open" in teacher.locator("#table-message").inner_text(), "the table to open")
        table = int(teacher.locator("#table-message").inner_text().split()[1])
        teacher.wait_for_selector(f"#grid .dz-tile[data-tile='{table}'] svg")
        screenshot(teacher, "classroom-hub-teacher.png")

        # ana: the hub's login, then her table's board at once (no code, no "log out")
        context, ana = logged_in(chromium, hub, "ana", PAGES, errors)
        contexts.append(context)
        ana.wait_for_selector('body[data-state="class"]')
        assert not ana.locator("#login").is_visible() and not ana.locator("#code").is_visible()
        assert not ana.locator("#leave").is_visible()
        assert ana.locator("#who .dz-name").inner_text() == "ana"
        ana.wait_for_selector(f"{table_selector(table)} .dz-picture svg")

        # one action by clicks on ana's page (luis plays first from Python if it is his turn)
        luis = connect(hub["url"], token=hub["tokens"]["luis"])
        luis_table = luis.table(table)
        wait_until(ana, lambda: can_play(board_state(ana, table)) or luis_table.my_turn, "someone's turn")
        if not can_play(board_state(ana, table)):
            luis_table.play(luis_table.legal_actions()[0])
            wait_until(ana, lambda: can_play(board_state(ana, table)), "ana's turn after luis's action")
        before = board_state(ana, table)["version"]
        clicks = play_one_action(ana, table)
        assert clicks
        wait_until(ana, lambda: (board_state(ana, table) or {}).get("version") == before + 1, "ana's action played")
        wait_until(teacher, lambda: tile_plies(teacher, table) == before + 1, "the teacher's page to see ana's action")
        screenshot(ana, "classroom-hub-pupil.png")

        # ana on the teacher's page: a plain message, not the desk (English, then Spanish)
        refused = context.new_page()
        refused.set_default_timeout(15_000)
        for query, words in (("", "This page is for the class's teachers"),
                             ("?lang=es", "Esta página es para los profesores")):
            refused.goto(f"{hub['base']}{PAGES}teacher{query}")
            refused.wait_for_selector('body[data-state="refused"]')
            assert refused.locator("#secret-message").inner_text().startswith(words)
            assert not refused.locator("#desk").is_visible()
            assert not refused.locator("#secret-form").is_visible()
        screenshot(refused, "classroom-hub-refused.png")

        # the teacher on the pupils' page: shown the way to the class page
        teacher.goto(f"{hub['base']}{PAGES}")
        wait_until(teacher, lambda: "You are a teacher" in teacher.locator("#class-message").inner_text(),
                   "the teacher's note on the pupils' page")
        assert teacher.locator("#class-message a").get_attribute("href").endswith(f"{PAGES}teacher")
        assert not errors, errors
    finally:
        if luis is not None:
            luis.close()
        for context in contexts:
            context.close()
