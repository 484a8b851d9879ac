"""The board in a plain page, over a real widget (no Jupyter): the harness of the
board's browser tests and of the layout report.

``widgets/board.js`` runs in a page served by ``page.route`` over a stand-in of
the widget's model, the way the class pages feed it (``widgets/pupil.js``'s
``BoardModel``). Behind the model is a real :class:`drezlab.ui.play.PlayWidget`:
what the page sends (a complete action) is handed to the widget's board, the bots
reply, and the widget's traits go back to the page. Playwright's sync API does not
nest, and a session's Chromium may be open: :func:`run_in_thread` gives a body a
Playwright of its own in a thread of its own.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from drezlab.ui.play import PlayWidget

REPO = Path(__file__).resolve().parents[2]
WIDGETS = REPO / "widgets"
ARTIFACTS = REPO / "test-artifacts"
ORIGIN = "http://drezlab.test"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]
TRAITS = ["svg", "actions", "version", "selected", "marks", "overlay", "overlay_button", "busy", "texts",
          "status", "log", "log_title", "result", "reasons"]

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/board.css"></head>
<body><div id="board"></div>
<script type="module">
import board from "/board.js";
// the traits board.js reads, set from Python; what it sends waits in window.outbox
class Model {
  constructor() { this.values = {}; this.handlers = new Map(); }
  get(name) { return this.values[name]; }
  on(event, callback) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event).add(callback);
  }
  off(event, callback) { (this.handlers.get(event) || new Set()).delete(callback); }
  update(values) {
    const changed = Object.keys(values).filter((name) => JSON.stringify(this.values[name]) !== JSON.stringify(values[name]));
    Object.assign(this.values, values);
    for (const name of changed) for (const callback of [...(this.handlers.get(`change:${name}`) || [])]) callback();
  }
  send(message) { window.outbox.push(message); }
}
window.outbox = [];
window.model = new Model();
board.render({ model: window.model, el: document.getElementById("board") });
window.boardReady = true;
</script></body></html>"""

def run_in_thread(body: Callable[[Any], None]) -> None:
    """Run ``body(playwright)`` with a Playwright of its own, in a thread of its own."""
    errors: list[BaseException] = []

    def main() -> None:
        from playwright.sync_api import sync_playwright
        try:
            with sync_playwright() as playwright:
                body(playwright)
        except BaseException as error:  # noqa: BLE001 - handed to the test's thread
            errors.append(error)

    worker = threading.Thread(target=main, name="board-access")
    worker.start()
    worker.join(300)
    assert not worker.is_alive(), "the browser thread did not finish in 300 s"
    if errors:
        raise errors[0]


def launch(playwright: Any, chromium: str) -> Any:
    return playwright.chromium.launch(executable_path=chromium, headless=True, args=CHROMIUM_ARGS)


def open_board(context: Any, widget: PlayWidget) -> Any:
    """A tab with board.js over ``widget``'s traits."""
    def serve(route: Any) -> None:
        path = route.request.url[len(ORIGIN):].split("?")[0]
        if path in ("/board.js", "/board.css"):
            kind = "text/javascript" if path.endswith(".js") else "text/css"
            route.fulfill(status=200, content_type=kind, body=(WIDGETS / path[1:]).read_text(encoding="utf-8"))
        elif path in ("/", "/index.html"):
            route.fulfill(status=200, content_type="text/html", body=PAGE)
        else:
            route.fulfill(status=404, body="")

    page = context.new_page()
    page.set_default_timeout(10_000)
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda message: page.errors.append(message.text) if message.type == "error" else None)
    page.route(f"{ORIGIN}/**", serve)
    page.goto(f"{ORIGIN}/")
    page.wait_for_function("() => window.boardReady === true")
    push(page, widget)
    return page


def push(page: Any, widget: PlayWidget) -> None:
    """The widget's traits to the page, as the kernel would send them."""
    page.evaluate("(values) => window.model.update(values)", {name: getattr(widget.board, name) for name in TRAITS})
    page.wait_for_timeout(30)


def pump(page: Any, widget: PlayWidget) -> int:
    """Hand what the page sent to the widget, let the bots reply, send the traits back.
    Returns how many messages there were."""
    sent = page.evaluate("() => window.outbox.splice(0)")
    for message in sent:
        widget.board._on_front_end_message(widget.board, message)
    widget.wait()
    push(page, widget)
    return len(sent)
