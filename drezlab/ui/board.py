"""``BoardWidget``: the anywidget that shows a game's SVG and reports clicks.

The front end (``widgets/board.js`` + ``widgets/board.css``) owns only
presentation; Python owns the game. Synced traits:

* ``svg``: the picture, made in Python (only ever a redacted view of the game);
* ``actions``: the viewer's own legal actions while it is their turn, each
  ``{"targets": [...], "label": ...}`` (the label only for actions without
  targets, which become buttons); nothing else, so nothing hidden. The front
  end narrows clicks against them itself (the rules of
  :mod:`drezlab.ui.selection`, ported to JavaScript), highlights the next
  targets at once (CSS class ``dz-highlight``) and sends only complete actions;
* ``version``: bumped by Python whenever the position (or viewer) changes; a
  complete action names the version it was chosen in, so a stale or repeated
  one is refused, and the front end takes no further click until the next
  version arrives (no lost or doubled clicks);
* ``selected``: ``data-id``s already clicked through Python (``PlayWidget.click``);
  the front end starts each version's selection from it (CSS class ``dz-selected``);
* ``marks``: the last action of the viewer (``"mine"``) and of the others
  (``"theirs"``) as ``data-id``s of the picture, and ``"step"``, which changes when
  a new reply of the others should be animated (classes ``dz-last-mine``,
  ``dz-last-theirs``, ``dz-reply``);
* ``texts``: the front end's words in the current language (click answers, the
  banner's words, the words of the accessible names, card figures ``fig.Q`` and
  colours ``col.5``; see :func:`drezlab.core.face.front_end_texts`); a key
  ``name:<id>`` names the target ``<id>`` for screen readers and on its button;
* ``status``: the status line (whose turn, the bot's reply, "thinking…"; the
  front end adds its own click answers to it);
* ``log`` / ``log_title`` / ``result``: the move log (one line per action,
  free of secrets by the ``describe`` contract), its title and the result; the
  front end keeps the newest line and the result in view;

* ``overlay`` / ``overlay_button``: when ``overlay`` is not empty an opaque
  panel covers the board with that text and a button (the hot-seat
  hand-over screen);
* ``busy``: a bot is thinking; clicks are not sent.

What the front end adds by itself (issue 22), the same on the class pages:

* a "Your turn" banner (``dz-banner``) that says what the next click may hit,
  from the actions' targets and the selection ("Your turn: pick a card, then a
  piece"; :func:`drezlab.ui.selection.guidance`, in words by
  :func:`drezlab.core.face.guidance_text`);
* the keyboard: every target the next click may hit (and every chosen one) is a
  focusable ``role="button"`` with an accessible name (the texts' ``name:<id>``,
  else the picture's own ``<title>``, else "blue Queen card" / "square e4" by the
  id's spelling, else the words it shows); one of them is the board's tab stop;
  the arrow keys move to the nearest one that way (and on to the buttons), Enter
  or Space picks, after which the keyboard goes on to the next thing to pick;
  Escape starts the choice again. JupyterLab's shortcuts do not see keys pressed
  in the board (``data-lm-suppress-shortcuts``);
* touch: taps play like clicks (no hover left behind, no double-tap zoom).

``highlight`` is Python's own highlight for the programmatic API; it is not
synced (the front end computes the same from ``actions``).

Messages from the front end: ``{"type": "act", "index": i, "version": v}`` (the
``i``-th entry of ``actions`` at version ``v`` is complete),
``{"type": "click", "id": ...}`` (a single click, for front ends that do not
narrow), ``{"type": "ready"}`` (the overlay button) and ``{"type": "skip"}``
(skip the pause before a bot's reply) and ``{"type": "copy"}`` (the Copy
button: answered by :meth:`send_record`, so a long game's PGN is made only
when asked for). Register callbacks with :meth:`on_act`, :meth:`on_click`,
:meth:`on_ready`, :meth:`on_skip` and :meth:`on_copy`.
"""

from __future__ import annotations

from typing import Any, Callable

import anywidget
import traitlets

from drezlab.core.assets import asset


class BoardWidget(anywidget.AnyWidget):
    """An SVG board that reports clicks on elements with a ``data-id``."""

    _esm = asset("board.js")
    _css = asset("board.css")

    svg = traitlets.Unicode("").tag(sync=True)
    highlight = traitlets.List(traitlets.Unicode(), default_value=[])
    selected = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    actions = traitlets.List(traitlets.Dict(), default_value=[]).tag(sync=True)
    version = traitlets.Int(0).tag(sync=True)
    marks = traitlets.Dict(default_value={}).tag(sync=True)
    texts = traitlets.Dict(default_value={}).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    log = traitlets.List(traitlets.Unicode(), default_value=[]).tag(sync=True)
    log_title = traitlets.Unicode("").tag(sync=True)
    result = traitlets.Unicode("").tag(sync=True)
    overlay = traitlets.Unicode("").tag(sync=True)
    overlay_button = traitlets.Unicode("I am ready").tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    #: why each unusable id cannot be used now (``Game.click_reasons`` of the viewer)
    reasons = traitlets.Dict(default_value={}).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._click_callbacks: list[Callable[[str], None]] = []
        self._ready_callbacks: list[Callable[[], None]] = []
        self._act_callbacks: list[Callable[[int, int], None]] = []
        self._skip_callbacks: list[Callable[[], None]] = []
        self._copy_callbacks: list[Callable[[], None]] = []
        self.on_msg(self._on_front_end_message)

    def on_click(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(data_id)`` for every click on an element with a ``data-id``."""
        self._click_callbacks.append(callback)

    def on_ready(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the overlay button is pressed."""
        self._ready_callbacks.append(callback)

    def on_act(self, callback: Callable[[int, int], None]) -> None:
        """Call ``callback(index, version)`` when the front end completes an action."""
        self._act_callbacks.append(callback)

    def on_skip(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the pupil skips the pause before a bot's reply."""
        self._skip_callbacks.append(callback)

    def on_copy(self, callback: Callable[[], None]) -> None:
        """Call ``callback()`` when the pupil presses Copy (answer with :meth:`send_record`)."""
        self._copy_callbacks.append(callback)

    def send_record(self, text: str) -> None:
        """Send the text the Copy button puts on the clipboard."""
        self.send({"type": "record", "text": text})

    def _on_front_end_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "click":
            target = content.get("id")
            if isinstance(target, str):
                for callback in list(self._click_callbacks):
                    callback(target)
        elif kind == "act":
            index, version = content.get("index"), content.get("version")
            if type(index) is int and type(version) is int:
                for act in list(self._act_callbacks):
                    act(index, version)
        elif kind == "ready":
            for ready in list(self._ready_callbacks):
                ready()
        elif kind == "skip":
            for skip in list(self._skip_callbacks):
                skip()
        elif kind == "copy":
            for copy in list(self._copy_callbacks):
                copy()

    def __repr__(self) -> str:
        # No memory address and nothing that changes with the picture: nbval compares it.
        return "BoardWidget()"
