"""The class room in student mode: `make class` serves the class server and Voilà; two pupils
log in on lessons/00-class.ipynb and play PokerDrez against each other by clicks.

A module fixture runs the real target, `make class`, on free 127.0.0.1 ports (``CLASS_PORT``,
``STUDENT_PORT``) with a temporary database (``CLASS_DB``), a known teacher's secret and bots
at once (``CLASS_ARGS``), this interpreter's environment as the Makefile's venv and temporary
Jupyter dirs, as tests/browser/test_voila_browser.py runs `make student`; it is stopped the
same way (SIGTERM to make's process group; anything left is killed by its id and fails the
test). The teacher creates a class and opens a table through the Python client.

Two tabs of the session's Chromium (each page Voilà renders has a kernel of its own, so each
tab is one pupil's notebook kernel, logged in with its own code) type their codes in the login
box; each sees its own board; Black presses "Keep all pawns", White sees it and keeps too, then
plays a card, a piece and a square by clicks, and Black's board shows the move.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import (
    REPO,
    LabServer,
    Timings,
    _die_with_parent,
    free_port,
    wait_for_server,
)
from test_lesson_browser import (
    CHESS_SQUARE,
    board_state,
    play_card_piece_square,
    screenshot,
    wait_for,
)
from test_voila_browser import stop

from drezlab.classroom import Teacher

pytestmark = pytest.mark.browser

PAGE = "00-class.ipynb"
SECRET = "browser-test-secret"


class ClassRoom(LabServer):
    """`make class`: the Voilà address (``url``) and the class server's (``class_url``)."""

    def __init__(self, url: str, class_url: str, log: Path) -> None:
        super().__init__(url, REPO / "lessons", log)
        self.class_url = class_url


@pytest.fixture(scope="module")
def class_room(chromium_path: str, timings: Timings) -> Iterator[ClassRoom]:
    make = shutil.which("make")
    if make is None:
        pytest.fail("`make class` needs make: sudo apt-get install make", pytrace=False)
    started = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="drezlab-class-"))
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (base / name).mkdir()
        env[f"JUPYTER_{name.upper()}_DIR"] = str(base / name)
    env.pop("JUPYTER_PATH", None)
    env.pop("DREZLAB_CLASS_URL", None)
    for name in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS"):
        env.pop(name, None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    env["TMPDIR"] = str(base / "runtime")
    class_port, student_port = free_port(), free_port()
    while student_port == class_port:
        student_port = free_port()
    venv = Path(sys.prefix)
    log = base / "class.log"
    command = [make, "--no-print-directory", "class", f"VENV={venv}", f"CLASS_PORT={class_port}",
               f"STUDENT_PORT={student_port}", f"CLASS_DB=sqlite:///{base / 'class.db'}",
               f"CLASS_ARGS=--teacher-secret {SECRET} --bot-delay 0", "NO_BROWSER=--no-browser",
               "-o", str(venv / ".drezlab-installed")]
    with open(log, "wb") as log_file:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT,
                                   start_new_session=True,
                                   preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    server = ClassRoom(f"http://127.0.0.1:{student_port}", f"http://127.0.0.1:{class_port}", log)
    killed: list[int] = []
    try:
        wait_for_server(process, f"{server.url}/", "make class", server)
        timings.add("make class: class server and Voilà answer", time.monotonic() - started)
        said = server.log_tail()
        assert f"pupils open:   {server.class_url}/" in said, said
        assert f"teacher opens: {server.class_url}/teacher#{SECRET}" in said, said
        assert f"student mode:  {server.url}/voila/render/{PAGE}" in said, said
        yield server
    finally:
        killed = stop(process)
        shutil.rmtree(base, ignore_errors=True)
    assert not killed, f"the class server, Voilà or its kernels ignored SIGTERM and had to be killed: {killed}"


def open_page(page, url: str) -> None:
    """Open the join page in student mode: the login box (each page load is a kernel of its own)."""
    page.set_default_timeout(60_000)
    page.goto(f"{url}/voila/render/{PAGE}")
    page.locator(".dz-class-code input").wait_for(state="visible")


def type_code(page, code: str) -> None:
    """Type the code in the login box and press Enter."""
    page.locator(".dz-class-code input").fill(code)
    page.locator("button.dz-class-enter").click()


def press_button(page, label: str) -> None:
    page.locator(".dz-play").first.locator(".dz-actions button", has_text=label).click()


@pytest.mark.browser
def test_two_pupils_play_each_other_in_student_mode(browser_context, class_room, timings):
    teacher = Teacher(class_room.class_url, SECRET)
    codes = teacher.create_class(["Ana", "Luis"])
    table_id = teacher.open_table("pokerdrez", ["Ana", "Luis"], seed=7)
    ana, luis = browser_context.new_page(), browser_context.new_page()
    pages = {"ana": ana, "luis": luis}
    for tab in pages.values():
        tab.console_errors = []
        tab.on("console", lambda message, tab=tab: tab.console_errors.append(message.text)
               if message.type == "error" else None)
        tab.on("pageerror", lambda error, tab=tab: tab.console_errors.append(str(error)))
        tab.on("response", lambda response, tab=tab: tab.console_errors.append(f"HTTP {response.status} {response.request.method} {response.url}")
               if response.status >= 400 else None)
    errors: list[str] = []
    try:
        started = time.monotonic()
        open_page(ana, class_room.url)
        open_page(luis, class_room.url)
        # a wrong code first: refused in the box, no board; then the right one in the same box
        type_code(ana, "ABCD-2345")
        ana.wait_for_selector(".dz-class-message :text('not right')")
        assert ana.locator(".dz-board").count() == 0
        type_code(ana, codes["Ana"])
        type_code(luis, codes["Luis"])
        for tab in (ana, luis):
            tab.wait_for_selector(".dz-board .dz-picture svg", state="visible")
        timings.add(f"Voilà {PAGE}: two pupils logged in, boards shown", time.monotonic() - started)
        text = ana.evaluate("() => document.body.innerText")
        assert "Hello, Ana" in text and "PokerDrez · White (Ana)" in text, text[:500]
        assert "drezlab.classroom.join" not in text, "student mode shows no code"
        mine, theirs = board_state(ana), board_state(luis)
        assert mine["svg"] != theirs["svg"], "each pupil sees their own seat"

        started = time.monotonic()
        luis_state = wait_for(luis, lambda s: s["status"].startswith("Your turn") and s["buttons"], "Luis's turn")
        assert "Keep all pawns" in luis_state["buttons"], luis_state["buttons"]
        press_button(luis, "Keep all pawns")
        wait_for(ana, lambda s: s["log"] == ["Black: kept all pawns"] and s["status"].startswith("Your turn"),
                 "Luis's move on Ana's board")
        press_button(ana, "Keep all pawns")
        wait_for(ana, lambda s: len(s["log"]) == 2 and s["highlight"], "Ana's cards to play")
        before = board_state(luis)
        card, origin, target = play_card_piece_square(ana, CHESS_SQUARE)
        after = wait_for(luis, lambda s: len(s["log"]) == 3, f"Ana's {card} {origin}-{target} on Luis's board")
        assert after["svg"] != before["svg"]
        assert any(square in after["log"][2] for square in (origin, target)), after["log"]
        assert next(line for line in teacher.tables() if line["id"] == table_id)["plies"] == 3
        timings.add(f"Voilà {PAGE}: keep, keep and a card move by clicks, seen by the other pupil",
                    time.monotonic() - started)
    finally:
        for name, tab in pages.items():
            try:
                screenshot(tab, f"voila-class-{name}.png", 0)
            finally:
                errors += [e for e in tab.console_errors if not e.startswith("Failed to load resource: net::")]
                tab.close()
        teacher.close()
    assert not errors, errors
