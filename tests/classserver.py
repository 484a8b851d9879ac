"""A class server (``python -m drezlab.classroom``) for tests: a subprocess on a free
127.0.0.1 port with a temporary SQLite file, bots answering at once (``--bot-delay 0``).

``class_server(folder)`` starts it and yields a :class:`ClassServer` (its address, the
teacher's secret, the process); on leaving, SIGTERM (the server stops cleanly) and
SIGKILL after a grace period. Used by tests/test_classroom_notebook.py and the browser
test of the class room in student mode.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

SECRET = "teacher-secret-for-tests"
START_TIMEOUT = 30.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class ClassServer:
    url: str
    secret: str
    process: subprocess.Popen
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def _die_with_parent() -> None:
    """In the server process: get SIGTERM when pytest dies, even by SIGKILL (Linux)."""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


@contextlib.contextmanager
def class_server(folder: Path, secret: str | None = SECRET, db: str | None = None,
                 port: int | None = None) -> Iterator[ClassServer]:
    """The class server on ``port`` (default: a free one), its log in ``folder`` and its
    database there too unless ``db`` names one; ``secret=None`` keeps the stored secret."""
    port = port or free_port()
    log = folder / f"class-server-{port}-{time.monotonic_ns()}.log"
    env = dict(os.environ)
    repo = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [repo, env.get("PYTHONPATH", "")]))
    command = [sys.executable, "-m", "drezlab.classroom", "--db", db or f"sqlite:///{folder / 'class.db'}",
               "--host", "127.0.0.1", "--port", str(port), "--bot-delay", "0"]
    if secret is not None:
        command += [f"--teacher-secret={secret}"]
    with open(log, "wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env,
                                   preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    server = ClassServer(f"http://127.0.0.1:{port}", secret or "", process, log)
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while "teacher opens:" not in server.log_text():
            if process.poll() is not None:
                raise RuntimeError(f"the class server stopped at start:\n{server.log_text()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the class server did not start in {START_TIMEOUT} s:\n{server.log_text()}")
            time.sleep(0.05)
        yield server
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=5)


def until(test: Callable[[], object], timeout: float = 10.0, what: str = "the condition") -> object:
    """Poll ``test`` until it gives something true; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = test()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)
