"""``drezlab.ui.remote``: the class room in a notebook (:func:`drezlab.classroom.join`).

``join()`` shows a login box ("Your login code", Enter); ``join("K7PQ-3MXD")`` logs in
at once. Once in, the box shows the pupil's name and either the server's words while
the teacher has opened no table for them, or their tables, newest first, each a
:class:`RemotePlayWidget`. A table the teacher opens later appears by itself. A wrong
code leaves the login box up with the server's words under it. The server's address is
``url``, else ``$DREZLAB_CLASS_URL`` (``make class`` sets it for student mode), else
http://127.0.0.1:8765.

A :class:`RemotePlayWidget` shows one table of the class server on the same
:class:`~drezlab.ui.board.BoardWidget` as a local game: every board message the server
sends this seat (:attr:`Pupil.listeners <drezlab.classroom.client.Pupil>`) is copied into
the board's traits as it arrives. The kernel holds no game: the board's picture, the
seat's own legal actions and the move log are exactly what the server sent this seat,
so nothing hidden from the seat reaches the kernel or the browser (the message's
observation and the actions' texts stay in Python; the front end gets the actions'
targets and labels only).

A move made on the board: the front end sends the index of a complete action with the
board's version. The widget keeps a version of its own, bumped at every message shown
(and when a click is refused, so that the front end takes clicks again); an action named
with another version, or when it is not the seat's turn, changes nothing. A fresh one is
sent to the server by :meth:`RemoteTable.play <drezlab.classroom.client.RemoteTable.play>`
in a short worker thread (the kernel's message handler never waits for the network),
made on the server version that board showed; a refused move's words go to the status
line. The server's answer (the new board) comes back through the listener.

Listeners are called from the client's own thread, so every change to the widgets is
made under a lock, with ``hold_sync`` so that each board arrives in one update.
"""

from __future__ import annotations

import html
import os
import threading
from typing import Any

import ipywidgets as widgets

from drezlab.classroom.client import Pupil, connect
from drezlab.classroom.room import ClassroomError
from drezlab.core.errors import IllegalAction
from drezlab.core.i18n import add_translations, get_language, t
from drezlab.core.mime import img_html
from drezlab.ui.board import BoardWidget

__all__ = ["DEFAULT_URL", "ClassRoomWidget", "RemoteBoard", "RemotePlayWidget", "class_url", "join"]

#: where :func:`join` looks for the class server when neither ``url`` nor the variable says
DEFAULT_URL = "http://127.0.0.1:8765"
#: the environment variable ``make class`` sets for student mode
URL_VARIABLE = "DREZLAB_CLASS_URL"

add_translations({
    "Your login code": "Tu código de acceso",
    "Enter": "Entrar",
    "Connecting…": "Conectando…",
    "Type the code your teacher gave you and press Enter.": "Escribe el código que te dio tu profesor y pulsa Entrar.",
    "Type your login code first": "Escribe primero tu código",
    "Hello, {name}": "Hola, {name}",
    "The board changed before your move was sent: look again and play on":
        "El tablero cambió antes de enviar tu jugada: míralo otra vez y sigue",
})


def class_url(url: str | None = None) -> str:
    """``url``, else ``$DREZLAB_CLASS_URL``, else :data:`DEFAULT_URL`."""
    return url or os.environ.get(URL_VARIABLE, "").strip() or DEFAULT_URL


def _words(error: BaseException) -> str:
    """What a pupil reads for a refused login or move, in the current language."""
    if isinstance(error, ClassroomError):
        return error.words(get_language())
    if isinstance(error, (IllegalAction, ValueError)):
        return str(error)
    return f"{type(error).__name__}: {error}"


class RemotePlayWidget:
    """One table of the class server as the logged-in pupil's seat sees it (see the module doc).

    Not itself an ipywidget, like :class:`~drezlab.ui.play.PlayWidget`: the composed widget
    is ``.widget`` (the title line and ``.board``) and displaying this object displays it.
    """

    def __init__(self, pupil: Pupil, table_id: int) -> None:
        self.pupil = pupil
        #: the table on the server (raises ClassroomError when it is not this pupil's)
        self.table = pupil.table(table_id)
        self.id = table_id
        self._lock = threading.RLock()
        self._version = 0                      # the widget's own version (see the module doc)
        self._shown: dict[str, Any] = {}       # the board message shown now
        self._message = ""                     # why the last move was refused
        self._sent = threading.Event()         # no move on its way to the server
        self._sent.set()
        self._title_html = widgets.HTML()
        self._title_html.add_class("dz-title")
        self.board = BoardWidget()
        self.board.on_act(self._front_end_act)
        self.board.on_copy(self._send_record)
        self.widget = widgets.VBox([self._title_html, self.board])
        self.widget.add_class("dz-play")
        self.widget.add_class("dz-remote")
        pupil.listeners.append(self._receive)
        self._show(self.table.board)

    # ------------------------------------------------------------- display
    @property
    def title(self) -> str:
        return str(self._shown.get("title", ""))

    @property
    def seat_name(self) -> str:
        return str(self._shown.get("seat_name", ""))

    @property
    def status(self) -> str:
        """The status line shown (the server's words, and a refused move's)."""
        return self.board.status

    @property
    def log(self) -> list[str]:
        return list(self.board.log)

    def __repr__(self) -> str:
        # no memory address, nothing that changes with the position: nbval compares it
        return f"<drezlab remote table {self.id}: {self.title}, seat: {self.seat_name}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, a stable text repr and the board as an image (as PlayWidget's)."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        data = dict(data or {})
        data["text/plain"] = repr(self)
        if self.board.svg and "text/html" not in data:
            data["text/html"] = img_html(self.board.svg, self.title)
        return data, metadata

    # ----------------------------------------------------- from the server
    def _receive(self, message: dict[str, Any]) -> None:
        """A board message from the client's thread: show it if it is this table's."""
        if message.get("type") == "board" and message.get("table") == self.id:
            self._show(message)

    def _show(self, message: dict[str, Any]) -> None:
        with self._lock:
            if self._shown and message["version"] < self._shown["version"]:
                return          # an older board overtaken by the one shown (start-up race)
            if not self._shown or message["version"] != self._shown["version"]:
                self._message = ""      # a new position: the last refusal is old news
            self._shown = message
            self._refresh()

    def _refresh(self) -> None:
        """Copy the board shown (and a refusal) into the board's traits, in one update."""
        board = self._shown
        self._version += 1
        texts = dict(board["texts"])
        status = " — ".join(part for part in (board["status"], self._message) if part)
        with self.board.hold_sync():
            self.board.svg = board["svg"]
            self.board.actions = [{"targets": list(entry["targets"]), "label": entry["label"],
                                   "confirm": entry.get("confirm", "")} for entry in board["actions"]]
            self.board.reasons = dict(board["reasons"])
            self.board.status = status
            self.board.log = list(board["log"])
            self.board.log_title = board["log_title"]
            self.board.result = board["result"]
            self.board.marks = dict(board["marks"])
            self.board.texts = texts
            self.board.busy = bool(board["busy"])
            self.board.selected = []
            self.board.highlight = []
            self.board.overlay = ""
            self.board.version = self._version
        title = html.escape(board["title"])
        seat = html.escape(board["seat_name"])
        self._title_html.value = f"<b>{title}</b> · {seat}" if seat else f"<b>{title}</b>"

    # ------------------------------------------------------- to the server
    def _front_end_act(self, index: int, version: int) -> None:
        """The ``index``-th action of the board shown at ``version`` is complete: send it."""
        with self._lock:
            actions = self._shown.get("actions", [])
            if version != self._version or not 0 <= index < len(actions) or not self._sent.is_set():
                self._refresh()          # stale: nothing sent; the front end takes clicks again
                return
            text = str(actions[index]["text"])
            made_on = int(self._shown["version"])
            self._version += 1           # the same action named again is stale now
            self._sent.clear()
        threading.Thread(target=self._send, args=(text, made_on), name="drezlab-remote-move", daemon=True).start()

    def _send(self, text: str, made_on: int) -> None:
        """The worker: play ``text`` on the server (made on server version ``made_on``)."""
        try:
            if self.table.version != made_on:
                raise ClassroomError("stale", "The board changed before your move was sent: look again and play on")
            self.table.play(text)
        except Exception as error:  # noqa: BLE001 - a refused move is shown to the pupil, not lost in a thread
            with self._lock:
                self._message = _words(error)
                self._refresh()
        finally:
            self._sent.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the move sent from the board has been answered; ``False`` at ``timeout``."""
        return self._sent.wait(timeout)

    def _send_record(self) -> None:
        """The Copy button: the move log (and the result), one line each."""
        with self._lock:
            board = self._shown
            lines = list(board.get("log", [])) + ([board["result"]] if board.get("over") and board.get("result") else [])
        self.board.send_record("\n".join(lines))

    def stop(self) -> None:
        """Stop following the table (the connection stays the pupil's)."""
        if self._receive in self.pupil.listeners:
            self.pupil.listeners.remove(self._receive)


#: the same widget, by the name the class room's docs use for it
RemoteBoard = RemotePlayWidget


class ClassRoomWidget(widgets.VBox):
    """The login box, then the pupil's name and tables (see the module doc and :func:`join`)."""

    def __init__(self, url: str | None = None, code: str | None = None) -> None:
        super().__init__()
        self.add_class("dz-class")
        self.url = class_url(url)
        self.pupil: Pupil | None = None
        #: the pupil's tables shown, by id
        self.tables: dict[int, RemotePlayWidget] = {}
        self._room_lock = threading.RLock()
        self._attempt = threading.Event()          # no login attempt under way
        self._attempt.set()
        self._intro = widgets.HTML(html.escape(t("Type the code your teacher gave you and press Enter.")))
        self._code_field = widgets.Text(description=t("Your login code"), placeholder="ABCD-2345",
                                        style={"description_width": "initial"})
        self._code_field.add_class("dz-class-code")
        self._enter_button = widgets.Button(description=t("Enter"), button_style="primary")
        self._enter_button.add_class("dz-class-enter")
        self._enter_button.on_click(lambda _button: self.log_in(self._code_field.value, background=True))
        self._login_box = widgets.HBox([self._code_field, self._enter_button])
        self._answer_html = widgets.HTML()
        self._answer_html.add_class("dz-class-message")
        self._name_html = widgets.HTML()
        self._name_html.add_class("dz-class-name")
        self._waiting_html = widgets.HTML()
        self._waiting_html.add_class("dz-class-waiting")
        self._tables_box = widgets.VBox()
        self.children = [self._intro, self._login_box, self._answer_html]
        if code is not None:
            self.log_in(code)

    # ------------------------------------------------------------- logging in
    def log_in(self, code: str, background: bool = False) -> None:
        """Log in with ``code`` (in a worker thread when ``background``: the Enter button)."""
        with self._room_lock:
            if self.pupil is not None or not self._attempt.is_set():
                return
            if not code or not code.strip():
                self._answer_html.value = html.escape(t("Type your login code first"))
                return
            self._attempt.clear()
            self._enter_button.disabled = True
            self._answer_html.value = html.escape(t("Connecting…"))
        if background:
            threading.Thread(target=self._connect, args=(code,), name="drezlab-class-login", daemon=True).start()
        else:
            self._connect(code)

    def _connect(self, code: str) -> None:
        try:
            pupil = connect(self.url, code.strip())
        except Exception as error:  # noqa: BLE001 - a refused login is shown in the box
            with self._room_lock:
                self._answer_html.value = html.escape(_words(error))
                self._enter_button.disabled = False
                self._attempt.set()
            return
        try:
            with self._room_lock:
                self.pupil = pupil
                pupil.listeners.append(self._receive)
                self._name_html.value = f"<b>{html.escape(t('Hello, {name}').format(name=pupil.name))}</b>"
                for table in pupil.tables():
                    self._add(table.id)
                self._arrange()
        finally:
            self._attempt.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the login under way (if any) has ended; ``False`` at ``timeout``."""
        return self._attempt.wait(timeout)

    # ---------------------------------------------------------------- tables
    def _receive(self, message: dict[str, Any]) -> None:
        """A board from the client's thread: a table not shown yet was opened for the pupil."""
        table_id = message.get("table")
        if message.get("type") != "board" or type(table_id) is not int or table_id in self.tables:
            return
        with self._room_lock:
            if table_id not in self.tables and self.pupil is not None:
                self._add(table_id)
                self._arrange()

    def _add(self, table_id: int) -> None:
        if table_id not in self.tables and self.pupil is not None:
            shown = RemotePlayWidget(self.pupil, table_id)
            self.tables[table_id] = shown

    def _arrange(self) -> None:
        """The name, then the waiting words or the tables, newest first."""
        newest_first = [self.tables[table_id].widget for table_id in sorted(self.tables, reverse=True)]
        self._tables_box.children = newest_first
        self._waiting_html.value = "" if newest_first else html.escape(self.pupil.waiting if self.pupil else "")
        self.children = [self._name_html, self._tables_box if newest_first else self._waiting_html]

    # ---------------------------------------------------------------- display
    @property
    def message(self) -> str:
        """The words under the login box (a refused code), as plain text."""
        return html.unescape(self._answer_html.value)

    @property
    def boards(self) -> list[BoardWidget]:
        """The board of each table shown, newest first."""
        return [self.tables[table_id].board for table_id in sorted(self.tables, reverse=True)]

    def __repr__(self) -> str:
        # no memory address: nbval compares the text of a saved output
        if self.pupil is None:
            return "<drezlab class room: login box>"
        count = len(self.tables)
        return f"<drezlab class room: {self.pupil.name}, {count} table{'' if count == 1 else 's'}>"

    def leave(self) -> None:
        """Leave the class (the seats stay the pupil's: log in again with the same code).
        (Not ``close``: that is the widget's own, which closes its front end.)"""
        with self._room_lock:
            for shown in self.tables.values():
                shown.stop()
            if self.pupil is not None:
                if self._receive in self.pupil.listeners:
                    self.pupil.listeners.remove(self._receive)
                self.pupil.close()


def join(code: str | None = None, url: str | None = None) -> ClassRoomWidget:
    """The class room in a notebook: a login box, or the pupil's tables when ``code`` is
    given (see the module doc). ``url`` defaults to ``$DREZLAB_CLASS_URL``, else
    http://127.0.0.1:8765."""
    return ClassRoomWidget(url, code)
