"""The zero-install site (``make site``): lesson 1a runs under Pyodide, a question is answered and a
move is played by clicks.

The site is built once per session into a temporary folder (tools/build_site.py, downloads
cached in ``_site_cache/``), served by Python's http.server on 127.0.0.1, and opened in
Debian's Chromium with every request to another host aborted and recorded: the page must
work with nothing but the folder. The test runs the whole lesson in JupyterLite's Pyodide
kernel, answers its first question wrong by clicking a card (the hint shows), plays one move
in the widget by clicking a card, a piece and a square, checks the board picture changed, and
that no request left 127.0.0.1. (The guard that makes a plot cell say it needs the full
install is checked by tests/test_site.py: the pupils' lessons draw no plots.)
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from labjs import OPEN_AND_RUN_ALL
from test_lesson_browser import CHESS_SQUARE, assert_move_played, screenshot

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tools"))

import build_site  # tools/ is not a package: its folder is on sys.path (above)

pytestmark = pytest.mark.browser

LESSON = "lessons/en/01a-pokerdrez.ipynb"


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site folder without logging every request to the test output."""

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="session")
def lite_site(chromium_path: str, timings) -> Iterator[str]:
    """The site built into a temporary folder and served on 127.0.0.1; yields its URL.

    Without npm (and no Pyodide in the cache) the test is skipped with the install
    command, except in CI, where that is a failure.
    """
    cached = (REPO / "_site_cache" / f"pyodide-{build_site.PYODIDE_VERSION}" / "package").is_dir()
    if shutil.which("npm") is None and not cached:
        message = "npm is missing (the site takes Pyodide from the npm registry); install it with: sudo apt-get install npm"
        if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
            pytest.fail(message + " (CI=true: browser tests may not be skipped)", pytrace=False)
        pytest.skip(message)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="drezlab-lite-") as temp:
        site = build_site.build_site(Path(temp) / "site", REPO / "_site_cache")
        timings.add("JupyterLite site build", time.monotonic() - started)
        handler = functools.partial(QuietHandler, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{server.server_address[1]}"
        finally:
            server.shutdown()
            server.server_close()
            thread.join(timeout=5)


def test_play_a_move_in_the_browser_only_site(browser_context, lite_site: str, timings) -> None:
    page = browser_context.new_page()
    outside: list[str] = []
    errors: list[str] = []

    def only_local(route) -> None:
        if route.request.url.startswith(lite_site + "/"):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    seen: list[str] = []
    page.on("request", lambda request: seen.append(request.url))
    page.on("pageerror", lambda error: errors.append(str(error)))
    index = 0
    try:
        started = time.monotonic()
        page.set_default_timeout(120_000)
        page.goto(f"{lite_site}/lab/index.html?path={LESSON}")
        page.wait_for_function("() => window.jupyterapp !== undefined")
        cell_errors = page.evaluate(OPEN_AND_RUN_ALL, LESSON)
        assert not cell_errors, f"cells of {LESSON} raised under Pyodide: {cell_errors}"
        timings.add(f"lite {LESSON}: open + Pyodide ready + run all", time.monotonic() - started)
        texts = page.locator(".jp-OutputArea-output").all_inner_texts()
        assert not any("Traceback" in text for text in texts)
        # a question answered by clicking works under Pyodide too: a wrong card, then the hint
        question = page.locator(".dz-answer").first
        wrong = question.locator(".dz-answer-picture [data-id].dz-answer-target:not([data-id='R8'])").first
        wrong.click()
        said = question.locator(".dz-answer-feedback")
        page.wait_for_function("(node) => node.textContent.startsWith('Not this one:')", arg=said.element_handle())
        index = assert_move_played(page, f"lite {LESSON}", CHESS_SQUARE, timings)
    finally:
        screenshot(page, "lite-pokerdrez.png", index)
        page.close()
    # the kernel's worker fetched drezlab's wheel through the page's network: the check sees workers
    assert any(Path(url).name.startswith("drezlab-") and url.endswith(".whl") for url in seen), seen[-20:]
    outside += [url for url in seen if not url.startswith((lite_site + "/", "data:", "blob:"))]
    assert not outside, f"the site asked for something beyond 127.0.0.1: {sorted(set(outside))[:10]}"
    with urllib.request.urlopen(f"{lite_site}/files/README.md", timeout=10) as response:
        assert "hidden by the page, not by a server" in response.read().decode()
    assert not [e for e in errors if "drezlab" in e or "dz-" in e], errors
