"""Helpers of the class server's browser tests (test_classroom_browser.py).

* :class:`ClassServer` -- ``python -m drezlab.classroom`` as a subprocess on a free
  127.0.0.1 port, with a temporary SQLite file and ``--bot-delay 0``.
* :func:`record_frames` -- every websocket frame a page receives (on every socket it
  opens, reconnections included).
* :func:`board_state` and :func:`play_one_action` -- read a table's board on the pupil's
  or teacher's page and play one complete action by clicks, as a pupil would: the
  picture's highlighted ``[data-id]`` elements (``dz-highlight``, the first in the
  picture's order), else the first button under the picture (``.dz-actions``).
* :func:`hidden_throughout` and :func:`quoted_ids` -- the leak check: the ids a seat
  could not see at any position of the game (replayed from the teacher's record with
  ``drezlab.core.face.hidden_ids``), and which of them a text names in quotes, as a
  picture (``data-id="Q5"``) or JSON (``"Q5"``, ``\\"Q5\\"`` inside an SVG string) would.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import drezlab
from drezlab.classroom.server import free_port
from drezlab.core.face import hidden_ids

REPO = Path(__file__).resolve().parents[2]
START_TIMEOUT = 30.0


def _die_with_parent() -> None:
    """In the server process: get SIGTERM when pytest dies, even by SIGKILL (Linux)."""
    try:
        import ctypes
        import signal
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class ClassServer:
    """The class server as a subprocess (see the module doc); ``stop()`` ends it."""

    def __init__(self) -> None:
        self.base = Path(tempfile.mkdtemp(prefix="drezlab-class-"))
        self.secret = secrets.token_urlsafe(18)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.base / "server.log"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")]))
        command = [sys.executable, "-m", "drezlab.classroom", "--db", f"sqlite:///{self.base / 'class.db'}",
                   "--host", "127.0.0.1", "--port", str(self.port), f"--teacher-secret={self.secret}",
                   "--bot-delay", "0"]
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                            preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
        self._wait()

    def log_tail(self, chars: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def _wait(self) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if self.process.poll() is not None:
                raise AssertionError(f"the class server exited with code {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.url}/", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise AssertionError(f"the class server did not answer within {START_TIMEOUT:.0f} s:\n{self.log_tail()}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.base, ignore_errors=True)


# ----------------------------------------------------------------- pages
def record_frames(page) -> dict[str, list]:
    """Start recording (before ``page.goto``): ``{"frames": [text, ...], "sockets": [ws, ...]}``."""
    seen: dict[str, list] = {"frames": [], "sockets": []}

    def on_socket(socket) -> None:
        seen["sockets"].append(socket)

        def on_frame(payload) -> None:
            seen["frames"].append(payload if isinstance(payload, str) else bytes(payload).decode("utf-8", "replace"))
        socket.on("framereceived", on_frame)
    page.on("websocket", on_socket)
    return seen


def messages(frames: Iterable[str], kind: str | None = None) -> list[dict[str, Any]]:
    """The JSON messages among ``frames`` (of one ``type`` if given)."""
    found = []
    for frame in frames:
        try:
            data = json.loads(frame)
        except ValueError:
            continue
        if isinstance(data, dict) and (kind is None or data.get("type") == kind):
            found.append(data)
    return found


def table_selector(table_id: int) -> str:
    return f'section.dz-table[data-table="{table_id}"]'


_STATE = """(selector) => {
  const section = document.querySelector(selector);
  const root = section && section.querySelector(".dz-board");
  if (!root) return null;
  const lit = [...root.querySelectorAll(".dz-picture [data-id].dz-highlight")].map((n) => n.getAttribute("data-id"));
  return {
    version: section.dataset.version === undefined ? null : Number(section.dataset.version),
    pending: root.classList.contains("dz-pending"),
    lit: [...new Set(lit)],
    selected: [...new Set([...root.querySelectorAll(".dz-picture .dz-selected")].map((n) => n.getAttribute("data-id")))],
    buttons: [...root.querySelectorAll(".dz-actions button")].map((b) => b.textContent),
    log: [...root.querySelectorAll(".dz-log-list li")].map((li) => li.textContent),
    status: (root.querySelector(".dz-status-text") || {}).textContent || "",
    visible: !section.hidden,
  };
}"""


def board_state(page, table_id: int) -> dict[str, Any] | None:
    """What the page shows of a table: version, log lines, highlighted ids, buttons, status."""
    return page.evaluate(_STATE, table_selector(table_id))


def wait_until(page, test: Callable[[], Any], what: str, timeout: float = 10.0) -> Any:
    """Poll ``test()`` (letting Playwright dispatch events meanwhile) until it is truthy."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        page.wait_for_timeout(40)


def can_play(state: dict[str, Any] | None) -> bool:
    return bool(state) and state["visible"] and not state["pending"] and bool(state["lit"] or state["buttons"])


def play_one_action(page, table_id: int) -> list[str]:
    """Click until one complete action is sent: returns what was clicked."""
    start = board_state(page, table_id)
    assert can_play(start), f"nothing to play on this page: {start}"
    section = page.locator(table_selector(table_id))
    clicks: list[str] = []
    for _ in range(8):
        state = board_state(page, table_id)
        if state["pending"] or state["version"] != start["version"] or len(state["log"]) != len(start["log"]):
            return clicks
        if state["lit"]:
            target = state["lit"][0]
            nodes = section.locator(f'.dz-picture [data-id="{target}"]')
            # a square and the piece on it share the id: the one drawn last is on top
            nodes.nth(nodes.count() - 1).click(timeout=5000)
            clicks.append(target)
        elif state["buttons"]:
            section.locator(".dz-actions button").first.click(timeout=5000)
            clicks.append(f"[{state['buttons'][0]}]")
        else:
            raise AssertionError(f"the board offers nothing to click after {clicks}: {state}")
    raise AssertionError(f"eight clicks did not make a complete action: {clicks}")


# -------------------------------------------------------------- the leak check
def replay(record: dict[str, Any]):
    """The positions of a table's game, from the teacher's record: yields the game after
    0, 1, 2 ... actions (the same object, played on)."""
    data = record["record"]
    game = drezlab.new(data["game"], seed=data["seed"], **data["options"])
    yield game
    for text in data["actions"]:
        game.play(text)
        yield game
    assert json.loads(game.to_json()) == data, "the replayed game differs from the server's record"


def hidden_throughout(record: dict[str, Any], seat: int | None) -> tuple[set[str], Any]:
    """The ids hidden from ``seat`` at every position of the game, and the final game."""
    hidden: set[str] | None = None
    game = None
    for game in replay(record):
        now = hidden_ids(game, seat)
        hidden = set(now) if hidden is None else hidden & now
    return hidden or set(), game


def quoted_ids(texts: Iterable[str], ids: set[str]) -> set[str]:
    """The ids of ``ids`` that some text names in quotes (``"Q5"``, ``'Q5'``, ``\\"Q5\\"``,
    ``&quot;Q5&quot;``): how a picture's ``data-id`` or a JSON string holds one."""
    if not ids:
        return set()
    quote = r"""(?:\\?["']|&quot;)"""
    pattern = re.compile(quote + "(" + "|".join(re.escape(x) for x in sorted(ids, key=len, reverse=True)) + ")" + quote)
    found: set[str] = set()
    for text in texts:
        found.update(pattern.findall(text))
    return found


def hand_ids(game, seat: int) -> set[str]:
    """The ids of the cards in ``seat``'s hand (zone ``hand-<seat>``) at the game's position."""
    from drezlab.core.zones import item_id
    return {item_id(item) for item in game.zones[f"hand-{seat}"]}
