"""Browser fixtures: JupyterLab on 127.0.0.1 driven by Debian's Chromium through Playwright.

Facts behind the choices are in the project notes (jupyter-testing.md):
temporary Jupyter config/data/runtime/settings/workspace dirs, the news
pop-up disabled in page_config.json, a temporary copy of the notebooks,
``--LabApp.expose_app_in_browser`` so the test can await the app, the notebook
context, the session and the kernel before "run all", and the system Chromium
(never ``playwright install``).

A missing Chromium skips the browser tests with the install command, except
in CI (``CI=true``), where it is a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

from labjs import OPEN_AND_RUN_ALL

REPO = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("DREZLAB_CHROMIUM", "/usr/bin/chromium")
INSTALL_HINT = "sudo apt-get install chromium fonts-dejavu-core"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
SERVER_START_TIMEOUT = 90.0


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("true", "1", "yes")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    """The system Chromium, or a skip that says how to install it (a failure in CI)."""
    if os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    message = f"Chromium not found at {CHROMIUM}; install it with: {INSTALL_HINT}"
    if in_ci():
        pytest.fail(message + " (CI=true: browser tests may not be skipped)", pytrace=False)
    pytest.skip(message)


def _die_with_parent() -> None:
    """In the server process: get SIGTERM when pytest dies, even by SIGKILL (Linux)."""
    try:
        import ctypes
        import signal
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Timings:
    """Wall-clock stages of the browser tests, written to test-artifacts/browser-timings.txt."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, what: str, seconds: float) -> None:
        self.lines.append(f"{what}: {seconds:.1f} s")
        print(f"[browser] {what}: {seconds:.1f} s", file=sys.stderr)


@pytest.fixture(scope="session")
def timings() -> Iterator[Timings]:
    record = Timings()
    yield record
    if record.lines:
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "browser-timings.txt").write_text("\n".join(record.lines) + "\n")


class LabServer:
    def __init__(self, url: str, root: Path, log: Path) -> None:
        self.url = url
        self.root = root
        self.log = log

    def log_tail(self, chars: int = 4000) -> str:
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError:
            return ""


def wait_for_server(process: subprocess.Popen, probe: str, name: str, server: LabServer) -> None:
    """Wait until ``probe`` answers 200; fail with the server's log if it exits or takes too long."""
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        if process.poll() is not None:
            pytest.fail(f"{name} exited with code {process.returncode}:\n{server.log_tail()}")
        try:
            with urllib.request.urlopen(probe, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            pytest.fail(f"{name} did not answer within {SERVER_START_TIMEOUT:.0f} s:\n{server.log_tail()}")
        time.sleep(0.25)


@pytest.fixture(scope="session")
def lab_server(chromium_path: str, timings: Timings) -> Iterator[LabServer]:
    """JupyterLab on 127.0.0.1, no token, serving temporary copies of the notebooks.

    The root holds ``lessons/`` (a copy of the repository's lessons) and
    ``harness/`` (the notebooks of tests/browser/notebooks plus the toy game).
    """
    started = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="drezlab-lab-"))
    root = base / "root"
    root.mkdir()
    if (REPO / "lessons").is_dir():
        shutil.copytree(REPO / "lessons", root / "lessons",
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    shutil.copytree(HERE / "notebooks", root / "harness",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy(REPO / "tests" / "toygame.py", root / "harness" / "toygame.py")
    dirs = {name: base / name for name in ("config", "data", "runtime", "settings", "workspaces")}
    for folder in dirs.values():
        folder.mkdir()
    (dirs["config"] / "labconfig").mkdir()
    (dirs["config"] / "labconfig" / "page_config.json").write_text(json.dumps(
        {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
    env = dict(os.environ)
    env.update({
        "JUPYTER_CONFIG_DIR": str(dirs["config"]),
        "JUPYTER_DATA_DIR": str(dirs["data"]),
        "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]),
        "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
        "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]),
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH", "")])),
    })
    env.pop("JUPYTER_PATH", None)
    port = free_port()
    log = base / "lab.log"
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        "--IdentityProvider.token=", "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.user_settings_dir={dirs['settings']}",
        f"--LabApp.workspaces_dir={dirs['workspaces']}",
        "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.expose_app_in_browser=True",
        # Notebook 7 (the ``notebook`` package) is served by the same server at /notebooks/
        "--JupyterNotebookApp.expose_app_in_browser=True",
    ]
    with open(log, "wb") as log_file:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=log_file, stderr=subprocess.STDOUT,
                                   preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)
    url = f"http://127.0.0.1:{port}"
    server = LabServer(url, root, log)
    try:
        wait_for_server(process, f"{url}/api/status", "JupyterLab", server)
        timings.add("JupyterLab server start", time.monotonic() - started)
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def browser_context(chromium_path: str, timings: Timings):
    """A headless Chromium with a fresh user-data-dir (one per session)."""
    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    profile = tempfile.mkdtemp(prefix="drezlab-chromium-")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS,
            viewport={"width": 1400, "height": 1000})
        timings.add("Chromium launch", time.monotonic() - started)
        try:
            yield context
        finally:
            context.close()
            shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def page(browser_context, request):
    """A new tab; console errors are kept on ``page.console_errors``."""
    tab = browser_context.new_page()
    tab.console_errors = []
    tab.on("console", lambda message: tab.console_errors.append(message.text)
           if message.type == "error" else None)
    tab.on("pageerror", lambda error: tab.console_errors.append(str(error)))
    yield tab
    tab.close()




@pytest.fixture
def run_notebook(page, notebook_runner):
    """``run_notebook(path)``: open ``path`` (relative to the server root) in Lab,
    wait until app, document, session and kernel are ready, then run all cells."""
    def run(path: str, timeout_ms: int = 90_000) -> None:
        notebook_runner(page, path, timeout_ms)
    return run


@pytest.fixture(scope="session")
def notebook_runner(lab_server: LabServer, timings: Timings):
    """``notebook_runner(page, path)``: like ``run_notebook`` for a page the caller
    owns (a module-scoped page lets several tests share one run of a notebook)."""
    def run(page, path: str, timeout_ms: int = 90_000, front_end: str = "lab/tree") -> None:
        started = time.monotonic()
        page.set_default_timeout(timeout_ms)
        page.goto(f"{lab_server.url}/{front_end}/{path}")
        page.wait_for_function("() => window.jupyterapp !== undefined")
        errors = page.evaluate(OPEN_AND_RUN_ALL, path)
        assert not errors, f"cells of {path} raised: {errors}"
        timings.add(f"{front_end}/{path}: open + kernel ready + run all", time.monotonic() - started)
    return run
