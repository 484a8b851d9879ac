"""``BoardWidget``: the anywidget that shows a game's SVG and reports clicks.

The front end (``widgets/board.js`` + ``widgets/board.css``) owns only
presentation; Python owns the game. Synced traits:

* ``svg``: the picture, made in Python (only ever a redacted view of the game);
* ``highlight``: ``data-id``s that may be clicked next (CSS class ``dz-highlight``);
* ``selected``: ``data-id``s already clicked (CSS class ``dz-selected``);
* ``overlay`` / ``overlay_button``: when ``overlay`` is not empty an opaque
  panel covers the board with that text and a button (the hot-seat
  hand-over screen);
* ``busy``: a bot is thinking; clicks are not sent.

Clicks on any element (or ancestor) carrying ``data-id`` arrive as the custom
message ``{"type": "click", "id": ...}``; the overlay button sends
``{"type": "ready"}``. Register callbacks with :meth:`on_click` and
:meth:`on_ready`.
"""

from __future__ import annotations

import pathlib
from typing import Any, Callable

import anywidget
import traitlets

_PACKAGE = pathlib.Path(__file__).resolve().parent.parent


def asset(name: str) -> pathlib.Path:
    """A front-end file: ``drezlab/_static/`` in a wheel, ``widgets/`` in a checkout."""
    for folder in (_PACKAGE / "_static", _PACKAGE.parent / "widgets"):
        path = folder / name
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"drezlab's widget file {name} is missing: looked in {_PACKAGE / '_static'} and "
        f"{_PACKAGE.parent / 'widgets'}; reinstall drezlab")


class BoardWidget(anywidget.AnyWidget):
    """An SVG board that reports clicks on elements with a ``data-id``."""

    _esm = asset("board.js")
    _css = asset("board.css")

    svg = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    selected = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    overlay = traitlets.Unicode("").tag(sync=True)
    overlay_button = traitlets.Unicode("I am ready").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_callbacks: list[Callable[[str], None]] = []
        self._ready_callbacks: list[Callable[[], None]] = []
        self.on_msg(self._on_front_end_message)

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(data_id)`` for every click on an element with a ``data-id``."""
        self._click_callbacks.append(callback)

    def on_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the overlay button is pressed."""
        self._ready_callbacks.append(callback)

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "click":
            target = content.get("id")
            if isinstance(target, str):
                for callback in list(self._click_callbacks):
                    callback(target)
        elif kind == "ready":
            for ready in list(self._ready_callbacks):
                ready()

    def __repr__(self) -> str:
        # No memory address and nothing that changes with the picture: nbval compares it.
        return "BoardWidget()"
