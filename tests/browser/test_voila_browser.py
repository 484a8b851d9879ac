"""Student mode: `make student` serves the lessons with Voilà; a lesson shows no code, and its widget plays.

A module fixture runs the real target, `make student`, on a free 127.0.0.1 port
(``STUDENT_PORT``), with this interpreter's environment as the Makefile's venv
(its install stamp is not remade), ``--no-browser`` and temporary Jupyter
config/data/runtime dirs. Voilà only reads the notebooks (it runs them in a
kernel and writes nothing next to them), so no copy is needed. Stopping it:
SIGTERM to make's process group (Voilà then shuts its kernels down), SIGKILL
after a grace period, and every kernel process Voilà started that is still
alive afterwards is killed by its id.

The test opens lesson 3 (VikingDrez, the pupil's lesson), checks that no code cell
shows its source, neither as an input area nor as text, that the student-mode note is
shown, that no cell failed and the diagrams show as pictures; the pupil answers two
questions by clicking, one wrong and then right (a square on a picture, a Yes/No
button), then plays one Brandubh move by clicks and waits for the bot's answer. The
teacher's guide beside the lesson is not in the list of lessons, and opened by its
address it shows only a page for teachers. A second pupil's lesson, lesson 6 (TriumfDrez, a
card game), in English and Spanish: its title, the student-mode note and its first question
show, and the pupil finds the three cards of Question 1 by clicking and is told "Correct!".
Screenshots (the whole of each lesson: lesson-<en|es>-<lesson>.png) and timings go to
test-artifacts/.

Student mode asks nothing of any host but this computer (Voilà's own template links Font
Awesome on a CDN; student/voila.py uses a copy without those links): every request of the
tabs that open the list of lessons, an error page and the lesson above (its widget and the
click played included) goes through a route that aborts and records any request to a host
other than 127.0.0.1 or localhost, and the test fails if there was one.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import (
    REPO,
    LabServer,
    Timings,
    _die_with_parent,
    free_port,
    wait_for_server,
)
from test_brandubh_browser import SQUARE, click_square
from test_lesson_browser import BOARD, pieces_on, playable_board, screenshot, wait_for

pytestmark = pytest.mark.browser

LESSON = "en/03-vikingdrez.ipynb"
GUIDE = "en/03-vikingdrez-guide.ipynb"
#: a second pupil's lesson, a card game: (notebook, its title, the student-mode note, its first question,
#: the cards that answer it, the verdict)
CARD_LESSONS = {
    "en": ("en/06-triumfdrez.ipynb", "Lesson 6 · TriumfDrez", "Student mode.",
           "Question 1. Which of your cards may you play in this trick?", ("N9", "N5", "N3"), "Correct!"),
    "es": ("es/06-triumfdrez.ipynb", "Lección 6 · TriumfDrez", "Modo alumno.",
           "Pregunta 1. ¿Qué cartas tuyas puedes echar en esta baza?", ("N9", "N5", "N3"), "¡Correcto!"),
}
GRACE = 15.0
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def local(url: str) -> bool:
    """Whether ``url`` stays on this computer (127.0.0.1, localhost, or data the page holds)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in LOCAL_HOSTS


def keep_to_this_computer(page) -> list[str]:
    """Abort every request of ``page`` to another host; returns the list of their URLs, filled as
    the page runs. The route sees the page's requests; the request and websocket listeners also
    catch what a route does not (a websocket, a worker's request)."""
    outside: list[str] = []

    def only_local(route) -> None:
        if local(route.request.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.on("request", lambda request: None if local(request.url) else outside.append(request.url))
    page.on("websocket", lambda socket: None if local(socket.url) else outside.append(socket.url))
    return outside


def descendants(pid: int) -> list[int]:
    """The ids of every process below ``pid`` (make's Voilà and Voilà's kernels), read from /proc."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            parents.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found.extend(children)
        todo.extend(children)
    return found


def alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie waiting for its parent counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def stop(make: subprocess.Popen) -> list[int]:
    """Stop `make student` and everything it started; returns the ids of what had to be killed.

    SIGTERM goes to make's process group (Voilà then shuts its kernels down,
    which run in sessions of their own); whatever still runs after the grace
    period is killed by its id.
    """
    tree = descendants(make.pid)
    try:
        os.killpg(make.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    deadline = time.monotonic() + GRACE
    while any(alive(pid) for pid in tree) and time.monotonic() < deadline:
        time.sleep(0.1)
    killed = [pid for pid in [make.pid, *tree] if alive(pid)]
    for pid in killed:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    make.wait(timeout=5)
    return [pid for pid in killed if pid != make.pid]


@pytest.fixture(scope="module")
def voila_server(chromium_path: str, timings: Timings) -> Iterator[LabServer]:
    """`make student` on a free 127.0.0.1 port, serving the repository's lessons/."""
    make = shutil.which("make")
    if make is None:
        pytest.fail("`make student` needs make: sudo apt-get install make", pytrace=False)
    started = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="drezlab-voila-"))
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (base / name).mkdir()
        env[f"JUPYTER_{name.upper()}_DIR"] = str(base / name)
    env.pop("JUPYTER_PATH", None)
    for name in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS"):  # under `make test`: run the target as a teacher does
        env.pop(name, None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    env["TMPDIR"] = str(base / "runtime")  # Voilà's connection files
    port = free_port()
    venv = Path(sys.prefix)
    log = base / "student.log"
    command = [make, "--no-print-directory", "student", f"VENV={venv}", f"STUDENT_PORT={port}",
               "NO_BROWSER=--no-browser", "-o", str(venv / ".drezlab-installed")]
    with open(log, "wb") as log_file:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log_file, stderr=subprocess.STDOUT,
                                   start_new_session=True,
                                   preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    url = f"http://127.0.0.1:{port}"
    server = LabServer(url, REPO / "lessons", log)
    killed: list[int] = []
    try:
        # the tree page (the list of lessons) answers without running any lesson
        wait_for_server(process, f"{url}/", "make student", server)
        timings.add("make student: Voilà answers", time.monotonic() - started)
        assert f"pupils open {url}/" in server.log_tail(), "make student must tell the teacher the address"
        yield server
    finally:
        killed = stop(process)
        shutil.rmtree(base, ignore_errors=True)
    assert not killed, f"Voilà or its kernels ignored SIGTERM and had to be killed: {killed}"


def code_only_lines(notebook: Path) -> list[str]:
    """Lines of the lesson's code cells that appear nowhere in its text cells or saved outputs.

    If one of them is on the page, a code cell's source is showing.
    """
    cells = json.loads(notebook.read_text())["cells"]
    shown = []
    for cell in cells:
        if cell["cell_type"] == "markdown":
            shown.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            shown.append("".join(output.get("text", "")))
            shown.extend("".join(value) if isinstance(value, list) else str(value)
                         for value in output.get("data", {}).values())
    visible = "\n".join(shown)
    lines = {line.strip() for cell in cells if cell["cell_type"] == "code"
             for line in "".join(cell["source"]).splitlines()}
    return sorted(line for line in lines if len(line) >= 12 and line not in visible)


@pytest.mark.browser
def test_student_mode_pages_ask_no_other_host(page, voila_server):
    """The list of lessons a pupil opens first and Voilà's error page load only from 127.0.0.1."""
    outside = keep_to_this_computer(page)
    page.set_default_timeout(60_000)
    page.goto(f"{voila_server.url}/", wait_until="networkidle")
    page.get_by_text("en", exact=True).dblclick()          # the English lessons' folder
    page.wait_for_selector(f"text={LESSON.split('/')[-1]}", state="visible")
    listed = page.evaluate("() => document.body.innerText")
    assert "guide" not in listed, f"the list of lessons shows a teacher's guide: {listed}"
    response = page.goto(f"{voila_server.url}/voila/render/no-such-lesson.ipynb", wait_until="networkidle")
    assert response is not None and response.status == 404
    # (the console is not checked here: Voilà's list page fails to start the widget plugins, having
    # no kernel, with or without drezlab's template)
    assert not outside, f"student mode asked another host: {sorted(set(outside))}"


def whole_lesson_screenshot(page, name: str) -> None:
    """The whole page of a lesson in one picture: a window as tall as the lesson (Voilà scrolls
    inside its own panel, so a full-page shot of a short window shows only that window)."""
    height = page.evaluate("() => Math.max(...[...document.querySelectorAll('*')].map((n) => n.scrollHeight))")
    page.set_viewport_size({"width": 1280, "height": min(int(height) + 40, 12_000)})
    page.evaluate("() => document.querySelectorAll('*').forEach((n) => { n.scrollTop = 0; })")
    page.wait_for_timeout(500)
    (REPO / "test-artifacts").mkdir(exist_ok=True)
    page.screenshot(path=str(REPO / "test-artifacts" / name))


def answer_by_clicks(page) -> None:
    """Question 1 (click the throne) answered wrong, then right; Question 5 (Yes/No) wrong, then right."""
    questions = page.locator(".dz-answer")
    assert questions.count() >= 6, "the lesson's questions are missing"
    throne = questions.nth(0)
    corner = throne.locator('.dz-answer-picture [data-id="a1"]')
    corner.nth(corner.count() - 1).click()
    feedback = throne.locator(".dz-answer-feedback")
    page.wait_for_function("(node) => node.textContent.startsWith('Not this one: a1.')", arg=feedback.element_handle())
    assert "dz-answer-wrong" in (feedback.get_attribute("class") or "")
    king = throne.locator('.dz-answer-picture [data-id="d4"]')
    king.nth(king.count() - 1).click()
    page.wait_for_function("(node) => node.textContent === 'Correct!'", arg=feedback.element_handle())
    assert throne.locator(".dz-answer-picture .dz-answer-right").count() >= 1
    safe = questions.nth(4)
    safe.locator(".dz-answer-option", has_text="Yes").click()
    said = safe.locator(".dz-answer-feedback")
    page.wait_for_function("(node) => node.textContent.startsWith('Not this one.')", arg=said.element_handle())
    safe.locator(".dz-answer-option", has_text="No").click()
    page.wait_for_function("(node) => node.textContent === 'Correct!'", arg=said.element_handle())
    assert safe.locator(".dz-answer-option:disabled").count() == 2, "a solved question takes no more answers"
    throne.screenshot(path=str(REPO / "test-artifacts" / "voila-answer-vikingdrez.png"))


@pytest.mark.browser
def test_a_spanish_pupils_lesson_answers_in_spanish(page, voila_server):
    """The Spanish twin in student mode: the question's picture, the verdict and the buttons in
    Spanish (a wrong square, then the right one)."""
    page.set_default_timeout(60_000)
    page.goto(f"{voila_server.url}/voila/render/es/03-vikingdrez.ipynb")
    questions = page.locator(".dz-answer")
    questions.nth(5).wait_for(state="visible")
    text = page.evaluate("() => document.body.innerText")
    assert "Modo alumno." in text and "Pregunta 1. ¿Dónde está el trono?" in text
    throne = questions.nth(0)
    corner = throne.locator('.dz-answer-picture [data-id="g7"]')
    corner.nth(corner.count() - 1).click()
    feedback = throne.locator(".dz-answer-feedback")
    page.wait_for_function("(node) => node.textContent.startsWith('Esa no: g7.')", arg=feedback.element_handle())
    assert "El trono está justo en el centro" in (feedback.text_content() or "")
    corners = questions.nth(1)
    assert corners.locator(".dz-answer-check").text_content() == "Comprobar"
    whole_lesson_screenshot(page, "lesson-es-03-vikingdrez.png")


@pytest.mark.browser
def test_a_guide_is_never_shown_in_student_mode(page, voila_server):
    page.set_default_timeout(60_000)
    page.goto(f"{voila_server.url}/voila/render/{GUIDE}", wait_until="networkidle")
    page.wait_for_selector("text=This page is for teachers", state="visible")
    text = page.evaluate("() => document.body.innerText")
    assert "Answers" not in text and "Exit ticket" not in text and "d7" not in text, text[:500]
    assert page.locator(".jp-OutputArea-output").count() == 0, "a cell of the guide ran"


@pytest.mark.browser
def test_a_lesson_in_student_mode_shows_no_code_and_plays(page, voila_server, timings):
    outside = keep_to_this_computer(page)
    index = 0
    started = time.monotonic()
    try:
        page.set_default_timeout(60_000)
        page.goto(f"{voila_server.url}/voila/render/{LESSON}")
        page.wait_for_selector(f"{BOARD} .dz-picture svg", state="visible")
        index = playable_board(page)
        before = wait_for(page, lambda s: s["status"].startswith("Your turn: White") and s["highlight"],
                          "White to move after the bot's opening", index)
        timings.add(f"Voilà {LESSON}: page executed, widget ready", time.monotonic() - started)

        code = code_only_lines(REPO / "lessons" / LESSON)
        assert len(code) > 20, "the check needs lines that only the code cells contain"
        text = page.evaluate("() => document.body.innerText")
        leaked = [line for line in code if line in text]
        assert not leaked, f"code cell source shown in student mode: {leaked[:5]}"
        cells = page.evaluate("""() => {
          const code = [...document.querySelectorAll('.jp-CodeCell')];
          const visible = (selector) => [...document.querySelectorAll(selector)]
                                          .filter((node) => node.offsetParent !== null).length;
          return {code: code.length, withInput: code.filter((c) => !c.classList.contains('jp-mod-noInput')).length,
                  inputs: visible('.jp-CodeCell .jp-InputArea'), editors: visible('.cm-editor, .jp-InputArea-editor')};
        }""")
        assert cells["code"] > 8, cells
        assert cells["withInput"] == cells["inputs"] == cells["editors"] == 0, f"code cells show their input: {cells}"
        assert page.locator(".jp-OutputArea-output").count() > 8, "the lesson's outputs are missing"
        errors = page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
        assert not [e for e in errors if "Error" in e], errors
        assert "Student mode." in text and "Teacher" not in text
        assert "There was an error" not in text, "a cell raised: Voilà stopped the lesson there"
        # the lesson's diagrams: drezlab pictures (an <img> of the SVG)
        pictures = page.evaluate("""() => [...document.querySelectorAll('.jp-OutputArea-output img')]
                                      .map((img) => [img.src.slice(0, 26), img.naturalWidth])""")
        assert sum(src.startswith("data:image/svg+xml") for src, _ in pictures) >= 3, pictures
        assert all(width > 0 for _, width in pictures), f"a picture does not decode: {pictures}"
        answer_by_clicks(page)
        # the Practice section's widget (name field, exercise, board) works without code too
        assert page.locator(".dz-practice-name").count() == 1 and page.locator(BOARD).count() >= 2

        started = time.monotonic()
        assert len(before["log"]) == 1 and before["log"][0].startswith("Black: "), before["log"]
        origin = min(x for x in before["highlight"] if SQUARE.match(x) and pieces_on(page, x, index) > 1)
        click_square(page, origin, index)
        chosen = wait_for(page, lambda s: s["selected"] == [origin], f"piece on {origin} selected", index)
        target = min(x for x in chosen["highlight"] if SQUARE.match(x))
        click_square(page, target, index)
        after = wait_for(page, lambda s: len(s["log"]) >= 3 and s["status"].startswith("Your turn: White"),
                         f"{origin}-{target}, the bot's answer and White's turn again", index)
        assert after["log"][1].startswith("White: ") and f"from {origin} to {target}" in after["log"][1], after["log"]
        assert after["log"][2].startswith("Black: "), after["log"]
        assert after["svg"] != before["svg"], "the board picture did not change"
        timings.add(f"Voilà {LESSON}: click piece + square, move and answer played", time.monotonic() - started)
    finally:
        screenshot(page, "voila-vikingdrez.png", index)
        whole_lesson_screenshot(page, "lesson-en-03-vikingdrez.png")
    # the lesson, its widget and the move played asked nothing of another host (Voilà's own
    # template asks a CDN for Font Awesome; student/voila.py's does not)
    assert not outside, f"student mode asked another host: {sorted(set(outside))}"
    assert not page.console_errors, page.console_errors


@pytest.mark.browser
@pytest.mark.parametrize("language", sorted(CARD_LESSONS))
def test_a_card_games_lesson_in_student_mode_answers_by_clicking_cards(page, voila_server, timings,
                                                                       language: str) -> None:
    """Lesson 6 (TriumfDrez) in student mode: its title, the note and Question 1 show, no cell
    failed, and clicking the three Knights the pupil may play, then Check, says "Correct!"."""
    lesson, title, note, question, cards, right = CARD_LESSONS[language]
    started = time.monotonic()
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{voila_server.url}/voila/render/{lesson}")
        first = page.locator(".dz-answer").first
        first.locator(".dz-answer-picture svg").first.wait_for(state="visible")
        timings.add(f"Voilà {lesson}: page executed, first question ready", time.monotonic() - started)
        text = page.evaluate("() => document.body.innerText")
        assert title in text and note in text, text[:500]
        assert "There was an error" not in text, "a cell raised: Voilà stopped the lesson there"
        assert question in (first.text_content() or ""), "the first question is not the first answer widget"
        assert page.locator(".dz-answer").count() >= 4, "the lesson's questions are missing"
        for card in cards:
            target = first.locator(f'.dz-answer-picture [data-id="{card}"]')
            target.nth(target.count() - 1).click()
        first.locator(".dz-answer-check").click()
        feedback = first.locator(".dz-answer-feedback")
        page.wait_for_function("([node, right]) => node.textContent.startsWith(right)",
                               arg=[feedback.element_handle(), right])
    finally:
        whole_lesson_screenshot(page, f"lesson-{lesson.replace('/', '-').removesuffix('.ipynb')}.png")
    assert not page.console_errors, page.console_errors
