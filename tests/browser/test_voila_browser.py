"""Student mode: a lesson served by Voilà (as `make student` does) shows no code, and its widget plays.

A module fixture starts Voilà on a free 127.0.0.1 port serving the repository's
``lessons/`` with the flags of `make student` (sources stripped, no tracebacks,
one kernel per page), with temporary Jupyter config/data/runtime dirs. Voilà
only reads the notebooks (it executes them in the kernel and writes nothing
next to them), so no copy is needed. Stopping it: SIGTERM (Voilà then shuts
its kernels down), SIGKILL after a grace period, and every kernel process it
started that is still alive afterwards is killed by its id.

The test opens lesson 3 (VikingDrez), checks that no code cell shows its
source, neither as an input area nor as text, plays one Brandubh move by
clicks and waits for the bot's answer. Screenshot and timings go to
test-artifacts/.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import shutil
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest
from conftest import REPO, SERVER_START_TIMEOUT, Timings, _die_with_parent, free_port
from test_brandubh_browser import SQUARE, click_square
from test_lesson_browser import BOARD, pieces_on, playable_board, screenshot, wait_for

pytestmark = pytest.mark.browser

LESSON = "03-vikingdrez.ipynb"
# the flags of `make student` after the address (see the Makefile)
STUDENT_FLAGS = ["--Voila.port_retries=0", "--strip_sources=True", "--show_tracebacks=False"]


class VoilaServer:
    """A running Voilà: its address, the lessons folder it serves and its log."""

    def __init__(self, url: str, log: Path) -> None:
        self.url = url
        self.log = log

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def children_of(pid: int) -> list[int]:
    """The ids of the processes whose parent is ``pid`` (Voilà's kernels), read from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry.name))
    return found


def stop(process: subprocess.Popen, kernels: set[int]) -> None:
    """SIGTERM Voilà (it shuts its kernels down), SIGKILL if it hangs, then kill leftover kernels by id."""
    kernels |= set(children_of(process.pid))
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=5)
    for pid in kernels:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


@pytest.fixture(scope="module")
def voila_server(chromium_path: str, timings: Timings) -> Iterator[VoilaServer]:
    """Voilà on a free 127.0.0.1 port serving lessons/ with `make student`'s flags."""
    started = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="drezlab-voila-"))
    env = dict(os.environ)
    for name in ("config", "data", "runtime"):
        (base / name).mkdir()
        env[f"JUPYTER_{name.upper()}_DIR"] = str(base / name)
    env.pop("JUPYTER_PATH", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
    port = free_port()
    log = base / "voila.log"
    command = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
               *STUDENT_FLAGS, f"--Voila.connection_dir_root={base / 'runtime'}", str(REPO / "lessons")]
    with open(log, "wb") as log_file:
        process = subprocess.Popen(command, cwd=base, env=env, stdout=log_file, stderr=subprocess.STDOUT,
                                   preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    url = f"http://127.0.0.1:{port}"
    server = VoilaServer(url, log)
    kernels: set[int] = set()
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            if process.poll() is not None:
                pytest.fail(f"Voilà exited with code {process.returncode}:\n{server.log_tail()}")
            try:
                # the tree page (the list of lessons) answers without executing any lesson
                with urllib.request.urlopen(f"{url}/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not answer within {SERVER_START_TIMEOUT:.0f} s:\n{server.log_tail()}")
            time.sleep(0.25)
        timings.add("Voilà server start", time.monotonic() - started)
        yield server
        kernels |= set(children_of(process.pid))
    finally:
        stop(process, kernels)
        shutil.rmtree(base, ignore_errors=True)
    still_alive = [pid for pid in kernels if Path(f"/proc/{pid}").exists()
                   and "ipykernel" in Path(f"/proc/{pid}/cmdline").read_text(errors="replace")]
    assert not still_alive, f"kernels left running after Voilà stopped: {still_alive}"


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
def test_a_lesson_in_student_mode_shows_no_code_and_plays(page, voila_server, timings):
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
        assert cells["code"] > 10, cells
        assert cells["withInput"] == cells["inputs"] == cells["editors"] == 0, f"code cells show their input: {cells}"
        assert page.locator(".jp-OutputArea-output").count() > 10, "the lesson's outputs are missing"
        errors = page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").all_inner_texts()
        assert not [e for e in errors if "Error" in e], errors

        started = time.monotonic()
        assert len(before["log"]) == 1 and before["log"][0].startswith("Black: "), before["log"]
        origin = sorted(x for x in before["highlight"] if SQUARE.match(x) and pieces_on(page, x, index) > 1)[0]
        click_square(page, origin, index)
        chosen = wait_for(page, lambda s: s["selected"] == [origin], f"piece on {origin} selected", index)
        target = sorted(x for x in chosen["highlight"] if SQUARE.match(x))[0]
        click_square(page, target, index)
        after = wait_for(page, lambda s: len(s["log"]) >= 3 and s["status"].startswith("Your turn: White"),
                         f"{origin}-{target}, the bot's answer and White's turn again", index)
        assert after["log"][1].startswith(f"White: {origin}-{target}"), after["log"]
        assert after["log"][2].startswith("Black: "), after["log"]
        assert after["svg"] != before["svg"], "the board picture did not change"
        timings.add(f"Voilà {LESSON}: click piece + square, move and answer played", time.monotonic() - started)
    finally:
        screenshot(page, "voila-vikingdrez.png", index)
    assert not [e for e in page.console_errors if "drezlab" in e or "dz-" in e], page.console_errors
