"""Python clients of the class server, for lessons, tests and scripts.

A pupil::

    from drezlab.classroom import connect
    me = connect("http://192.168.1.20:8765", "K7PQ-3MXD")
    table = me.tables()[0]           # the tables the teacher opened for me
    table.wait(60)                   # until it is my turn (or the game is over)
    print(table.legal_actions()[:3]) # my own legal actions, as the server sends them
    table.play("keep")               # the game's own notation; refused moves raise
    table.view                       # my seat's Observation (draw it: table.view.svg())

The teacher::

    from drezlab.classroom import Teacher
    teacher = Teacher("http://127.0.0.1:8765", secret)
    codes = teacher.create_class(["Ana", "Luis"])       # {"Ana": "K7PQ-3MXD", ...}
    table_id = teacher.open_table("pokerdrez", ["Ana", "Luis"], seed=7)
    teacher.tables(); watched = teacher.spectate(table_id)
    teacher.pair("pokerdrez", system="swiss")           # the next round's tables, opened
    teacher.standings()                                 # [{"rank": 1, "name": "Ana", "points": 2.5, ...}, ...]
    teacher.import_attempts("practice-attempts")        # a practice folder, into the class database
    teacher.attempts()                                  # the class's practice attempts

Inside a JupyterHub single-user server, when the class server is the hub's service
(:mod:`drezlab.classroom.hub`), no secret or code is needed: ``connect(url)`` and
``Teacher(url)`` send the kernel's ``JUPYTERHUB_API_TOKEN`` (or ``token=``), and the hub
says who is the teacher::

    me = connect("https://hub.school.example/services/drezlab-class/")

A client holds no game: it keeps the last board the server sent for each table and
sends complete actions with the version they were made on. Its websocket lives in a
thread of its own (a kernel's own event loop is left alone) and reconnects by itself
after a dropped connection or a restarted server, logging in again with the same code:
the server then sends the current boards, so nothing is lost and a move sent just
before the drop is either played once or not at all (and then sent again once).
"""

from __future__ import annotations

import asyncio
import json
import os
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Callable

import tornado.httpclient
from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

from drezlab.classroom.room import ClassroomError
from drezlab.core.action import Action, Outcome
from drezlab.core.errors import IllegalAction
from drezlab.core.i18n import add_translations
from drezlab.core.observation import Observation

__all__ = ["Pupil", "RemoteTable", "Teacher", "connect"]

#: seconds between reconnection attempts (growing to the last)
RETRY = (0.2, 0.5, 1.0, 2.0)

add_translations({
    "The class server at {url} does not answer": "El servidor de la clase en {url} no responde",
    "The class server at {url} does not answer ({why})": "El servidor de la clase en {url} no responde ({why})",
    "The class server did not answer in {seconds} seconds": "El servidor de la clase no respondió en {seconds} segundos",
    "There is no class {name}": "No hay ninguna clase {name}",
    "You are logged out of the class: log in again with your code":
        "Has salido de la clase: vuelve a entrar con tu código",
    "The class server refused this login ({why})": "El servidor de la clase rechazó este acceso ({why})",
    "Give the teacher's secret or a login code, or run inside JupyterHub (JUPYTERHUB_API_TOKEN)":
        "Da el secreto del profesor o un código, o usa JupyterHub (JUPYTERHUB_API_TOKEN)",
})


def _hub_token(token: str | None) -> str:
    """``token``, else the kernel's JupyterHub token (a single-user server sets it)."""
    token = token or os.environ.get("JUPYTERHUB_API_TOKEN")
    if not token:
        raise ClassroomError("no-login", "Give the teacher's secret or a login code, or run inside JupyterHub "
                                         "(JUPYTERHUB_API_TOKEN)")
    return token


def _socket_url(url: str) -> str:
    parts = urllib.parse.urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme not in ("http", "https", "ws", "wss") or not parts.netloc:
        raise ValueError(f"{url!r} is not the class server's address: give it like http://192.168.1.20:8765")
    scheme = "wss" if parts.scheme in ("https", "wss") else "ws"
    return f"{scheme}://{parts.netloc}{parts.path.rstrip('/')}/ws"


class _Link:
    """One websocket to the server, kept open from a thread of its own (see the module doc)."""

    def __init__(self, url: str, hello: dict[str, Any], on_message: Callable[[dict[str, Any]], None],
                 timeout: float = 10.0, headers: dict[str, str] | None = None) -> None:
        self.url = _socket_url(url)
        self.headers = dict(headers or {})
        self.hello = hello
        self.on_message = on_message
        self.generation = 0             # bumped at every (re)connection
        self.closed = False
        self.refused: ClassroomError | None = None
        self._socket: WebSocketClientConnection | None = None
        self._welcomed = threading.Event()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="drezlab-class-link", daemon=True)
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._run(), self._loop)
        if not self._welcomed.wait(timeout):
            self.close()
            raise ClassroomError("no-server", "The class server at {url} does not answer", url=url)
        if self.refused is not None:
            self.close()
            raise self.refused

    async def _run(self) -> None:
        attempt = 0
        while not self.closed:
            try:
                self._socket = await websocket_connect(HTTPRequest(self.url, headers=self.headers, connect_timeout=5),
                                                       max_message_size=16 * 2**20)
            except tornado.httpclient.HTTPClientError as error:
                if error.code in (401, 403):  # a hub refusing the token: no use retrying
                    self.refused = ClassroomError("refused", "The class server refused this login ({why})",
                                                  why=error.code)
                    self.closed = True
                    self._welcomed.set()
                    return
                await asyncio.sleep(RETRY[min(attempt, len(RETRY) - 1)])
                attempt += 1
                continue
            except OSError:
                await asyncio.sleep(RETRY[min(attempt, len(RETRY) - 1)])
                attempt += 1
                continue
            attempt = 0
            self.generation += 1
            await self._socket.write_message(json.dumps(self.hello))
            while True:
                text = await self._socket.read_message()
                if text is None:
                    break
                message = json.loads(text)
                if message.get("type") == "welcome":
                    self._welcomed.set()
                elif message.get("type") == "error" and not self._welcomed.is_set():
                    self.refused = ClassroomError(message.get("code", "error"), "{words}",
                                                  words=message.get("message", ""))
                    self.closed = True
                    self._welcomed.set()
                    break
                elif message.get("type") == "bye":
                    self.closed = True
                self.on_message(message)
            self._socket = None

    def send(self, message: dict[str, Any]) -> None:
        """Send now, or as soon as the connection is back."""
        async def deliver() -> None:
            for _ in range(200):
                if self._socket is not None:
                    try:
                        await self._socket.write_message(json.dumps(message))
                        return
                    except Exception:  # noqa: BLE001 - the connection dropped: wait for the next one
                        pass
                await asyncio.sleep(0.05)
        if not self.closed:
            asyncio.run_coroutine_threadsafe(deliver(), self._loop)

    def close(self) -> None:
        self.closed = True

        async def shut() -> None:
            if self._socket is not None:
                self._socket.close()
        if self._loop.is_running():
            asyncio.run_coroutine_threadsafe(shut(), self._loop).result(5)
            self._loop.call_soon_threadsafe(self._loop.stop)


class _Client:
    """What pupils and watchers share: the last boards and table lists, under one lock."""

    def __init__(self) -> None:
        self._changed = threading.Condition()
        self._boards: dict[int, dict[str, Any]] = {}
        self._tables: list[dict[str, Any]] = []
        self._errors: dict[int | None, list[dict[str, Any]]] = {}
        self.waiting = ""
        #: a list of tables has arrived since the login
        self.listed = False
        self.welcome: dict[str, Any] = {}
        #: the server's ``attempt-saved`` answers (practice attempts stored for a pupil)
        self._saved: list[dict[str, Any]] = []
        #: the class's teaching board as the last ``teaching`` message showed it (``None``: none)
        self._teaching: dict[str, Any] | None = None
        #: called (from the link's thread) with every message as it arrives (boards, ``bye``...)
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self._link: _Link | None = None

    def _receive(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        with self._changed:
            if kind == "welcome":
                self.welcome = message
            elif kind == "tables":
                self._tables = list(message.get("tables", []))
                self.listed = True
                self.waiting = message.get("waiting", "")
            elif kind == "board":
                self._boards[message["table"]] = message
            elif kind == "table":
                line = message["table"]
                self._tables = [entry for entry in self._tables if entry["id"] != line["id"]] + [line]
            elif kind == "error":
                self._errors.setdefault(message.get("table"), []).append(message)
            elif kind == "attempt-saved":
                self._saved.append(message)
            elif kind == "teaching":
                self._teaching = message.get("teaching")
            self._changed.notify_all()
        for listener in list(self.listeners):
            listener(message)

    def board(self, table_id: int) -> dict[str, Any]:
        with self._changed:
            if table_id not in self._boards:
                raise ClassroomError("not-your-table", "There is no table {table} for you", table=table_id)
            return self._boards[table_id]

    def _wait_for(self, test: Callable[[], bool], timeout: float | None) -> bool:
        with self._changed:
            return self._changed.wait_for(test, timeout)

    def close(self) -> None:
        """Leave the class (the server keeps the seat: connect again with the same code)."""
        if self._link is not None:
            self._link.close()

    def __enter__(self) -> "_Client":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()


class RemoteTable:
    """A table on the class server as one seat (or a watcher) sees it: the same face as a
    local game for what a seat may know -- ``view``, ``legal_actions()``, ``play(text)``,
    ``is_over``, ``outcome`` -- plus ``wait(timeout)`` for the others to move."""

    def __init__(self, client: _Client, table_id: int) -> None:
        self._client = client
        self.id = table_id

    @property
    def board(self) -> dict[str, Any]:
        """The last message the server sent about this table for this seat."""
        return self._client.board(self.id)

    @property
    def seat(self) -> int | None:
        return self.board["seat"]

    @property
    def version(self) -> int:
        return int(self.board["version"])

    @property
    def view(self) -> Observation:
        """This seat's observation (``view.svg()`` draws it)."""
        return Observation.from_dict(self.board["observation"])

    def svg(self) -> str:
        return str(self.board["svg"])

    def _repr_svg_(self) -> str:
        return self.svg()

    @property
    def log(self) -> list[str]:
        return list(self.board["log"])

    @property
    def status(self) -> str:
        return str(self.board["status"])

    @property
    def is_over(self) -> bool:
        return bool(self.board["over"])

    @property
    def outcome(self) -> Outcome | None:
        data = self.board["observation"]["outcome"]
        return None if data is None else Outcome.from_dict(data)

    @property
    def my_turn(self) -> bool:
        return bool(self.board["actions"])

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions now (empty when it is not its turn)."""
        return [Action(entry["text"], tuple(entry["targets"]), entry["label"]) for entry in self.board["actions"]]

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until it is this seat's turn or the game is over; ``False`` at ``timeout``."""
        def ready() -> bool:
            board = self._client._boards.get(self.id)
            return board is not None and (bool(board["actions"]) or bool(board["over"]))
        return self._client._wait_for(ready, timeout)

    def wait_for_change(self, timeout: float | None = None) -> bool:
        """Wait until the table moves on from the version seen now; ``False`` at ``timeout``."""
        seen = self.version
        return self._client._wait_for(lambda: self._client._boards[self.id]["version"] != seen, timeout)

    def play(self, action: Action | str, timeout: float = 15.0, version: int | None = None) -> None:
        """Play ``action`` (an :class:`Action` or the game's text) for this seat, made on
        ``version`` (default: the version seen now; a front end passes the one it showed),
        and wait for the server's answer. A refused move raises
        :class:`~drezlab.IllegalAction` (not legal) or :class:`ClassroomError` (not your
        turn, the board changed, logged out...) with the server's words; nothing is played then."""
        client = self._client
        text = str(action)
        link = client._link
        if link is not None and link.closed:
            raise ClassroomError("logged-out", "You are logged out of the class: log in again with your code")
        with client._changed:
            version = self.version if version is None else version
            errors = len(client._errors.get(self.id, []))
            generation = link.generation if link else 0
        message = {"type": "act", "table": self.id, "version": version, "action": text}
        if link is None:
            raise ClassroomError("watcher", "Watchers cannot play: log in with a pupil's code")
        link.send(message)
        deadline = time.monotonic() + timeout

        def answered() -> bool:
            return (client._boards[self.id]["version"] != version or link.closed
                    or len(client._errors.get(self.id, [])) != errors or link.generation != generation)
        while True:
            if not client._wait_for(answered, max(0.0, deadline - time.monotonic())):
                raise ClassroomError("no-answer", "The class server did not answer in {seconds} seconds",
                                     seconds=int(timeout))
            with client._changed:
                if client._boards[self.id]["version"] != version:
                    return
                if link.closed:
                    raise ClassroomError("logged-out", "You are logged out of the class: log in again with your code")
                new_errors = client._errors.get(self.id, [])[errors:]
                if new_errors:
                    error = new_errors[0]
                    if error.get("code") == "illegal":
                        raise IllegalAction(error.get("message", ""))
                    raise ClassroomError(error.get("code", "error"), "{words}", words=error.get("message", ""))
                # reconnected with the move unanswered: the board is current again, send it once more
                generation = link.generation
            link.send(message)

    def __repr__(self) -> str:
        board = self._client._boards.get(self.id)
        return f"<RemoteTable {self.id}: {board['title']} — {board['status']}>" if board else f"<RemoteTable {self.id}>"


class Pupil(_Client):
    """A pupil logged in with their code (see :func:`connect`)."""

    def __init__(self, url: str, code: str | None = None, language: str | None = None, timeout: float = 10.0,
                 token: str | None = None) -> None:
        super().__init__()
        from drezlab.core.i18n import get_language
        self.url = url
        hello: dict[str, Any] = {"type": "hello", "language": language or get_language()}
        headers = {}
        if code is None:   # a hub's service: the hub user is the pupil
            headers["Authorization"] = f"token {_hub_token(token)}"
        else:
            hello["code"] = code
        self._link = _Link(url, hello, self._receive, timeout, headers)
        # the board of each table arrives right after the list
        self._wait_for(lambda: self.listed and all(entry["id"] in self._boards for entry in self._tables), timeout)

    @property
    def name(self) -> str:
        return str(self.welcome.get("name", ""))

    def tables(self) -> list[RemoteTable]:
        """The tables the teacher opened for this pupil (newest last)."""
        with self._changed:
            ids = [entry["id"] for entry in self._tables if entry["id"] in self._boards]
        return [RemoteTable(self, table_id) for table_id in ids]

    def table(self, table_id: int) -> RemoteTable:
        self.board(table_id)
        return RemoteTable(self, table_id)

    def record_attempt(self, entry: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        """Store a practice attempt (:mod:`drezlab.practice.attempts`: ``exercise``, ``moves``,
        ``result``, ``seconds``, ``timestamp``) in the class database under this pupil's login
        (a ``pupil`` in ``entry`` is not sent: the server knows who is logged in). Waits for
        the server's answer and returns the attempt as stored (with ``pupil`` the login name);
        raises :class:`ClassroomError` when it is refused, logged out or not answered in
        ``timeout`` seconds. Sending the same attempt twice stores it once."""
        link = self._link
        if link is None or link.closed:
            raise ClassroomError("logged-out", "You are logged out of the class: log in again with your code")
        if "timestamp" not in entry or entry["timestamp"] is None:
            import datetime
            entry = {**entry, "timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")}
        fields = ("exercise", "moves", "result", "seconds", "timestamp")
        attempt: dict[str, Any] = {key: entry.get(key) for key in fields}
        with self._changed:
            saved, errors = len(self._saved), len(self._errors.get(None, []))
        link.send({"type": "attempt", "attempt": attempt})

        exercise = attempt["exercise"].strip() if isinstance(attempt["exercise"], str) else attempt["exercise"]

        def mine(message: dict[str, Any]) -> bool:
            return message.get("exercise") == exercise and message.get("timestamp") == attempt["timestamp"]

        def answered() -> bool:
            return (any(mine(message) for message in self._saved[saved:]) or link.closed
                    or len(self._errors.get(None, [])) != errors)
        if not self._wait_for(answered, timeout):
            raise ClassroomError("no-answer", "The class server did not answer in {seconds} seconds",
                                 seconds=int(timeout))
        with self._changed:
            if any(mine(message) for message in self._saved[saved:]):
                return {"pupil": self.name, **attempt, "exercise": exercise,
                        "seconds": round(float(attempt["seconds"]), 1)}
            new_errors = self._errors.get(None, [])[errors:]
        if new_errors:
            raise ClassroomError(new_errors[0].get("code", "error"), "{words}", words=new_errors[0].get("message", ""))
        raise ClassroomError("logged-out", "You are logged out of the class: log in again with your code")

    def teaching(self) -> dict[str, Any] | None:
        """The class's teaching board as this pupil sees it (see :mod:`drezlab.classroom.teaching`:
        ``title``, ``version``, ``board``, ``open``, ``answer``, ``revealed``, ``counts``,
        ``message``), or ``None`` when the teacher shows none."""
        with self._changed:
            return self._teaching

    def wait_for_teaching(self, test: Callable[[dict[str, Any]], bool] | None = None,
                          timeout: float | None = 10.0) -> dict[str, Any] | None:
        """Wait until a teaching board is shown (and ``test`` holds for it); it, or ``None``."""
        def ready() -> bool:
            return self._teaching is not None and (test is None or test(self._teaching))
        return self._teaching if self._wait_for(ready, timeout) else None

    def suggest(self, action: Action | str, timeout: float = 10.0) -> dict[str, Any]:
        """Answer the teaching board with ``action`` (its text or an :class:`Action` from
        ``teaching()["board"]["actions"]``); returns the board with the answer taken, or
        raises :class:`ClassroomError` (answers closed, the board moved on, illegal)."""
        shown = self.teaching()
        if shown is None:
            raise ClassroomError("no-teaching", "There is no teaching board for your class")
        text = action.text if isinstance(action, Action) else action
        with self._changed:
            errors = len(self._errors.get(None, []))
        link = self._link
        if link is None:
            raise ClassroomError("logged-out", "You are logged out of the class: log in again with your code")
        link.send({"type": "suggest", "teaching": shown["id"], "version": shown["version"], "action": text})

        def answered() -> bool:
            now = self._teaching
            return (now is not None and now.get("answer") == text and now.get("version") == shown["version"]) or \
                len(self._errors.get(None, [])) != errors
        if not self._wait_for(answered, timeout):
            raise ClassroomError("no-answer", "The class server did not answer in {seconds} seconds",
                                 seconds=int(timeout))
        with self._changed:
            refused = self._errors.get(None, [])[errors:]
            if self._teaching is not None and self._teaching.get("answer") == text:
                return self._teaching
        raise ClassroomError(refused[0].get("code", "error"), "{words}", words=refused[0].get("message", ""))

    def wait_for_table(self, timeout: float | None = None) -> RemoteTable | None:
        """Wait until the teacher opens a table for this pupil; the newest one, or ``None``."""
        before = {entry["id"] for entry in self._tables}
        self._wait_for(lambda: any(entry["id"] not in before and entry["id"] in self._boards
                                   for entry in self._tables) or bool(before), timeout)
        tables = self.tables()
        return tables[-1] if tables else None

    def __repr__(self) -> str:
        return f"<drezlab pupil {self.name!r}: {len(self._tables)} tables>"


def connect(url: str, code: str | None = None, language: str | None = None, timeout: float = 10.0,
            token: str | None = None) -> Pupil:
    """Log in to the class server at ``url`` with a pupil's login ``code`` (or, on a
    JupyterHub's service, with ``token`` or the kernel's ``JUPYTERHUB_API_TOKEN``)."""
    return Pupil(url, code, language=language, timeout=timeout, token=token)


class Teacher:
    """The teacher's side of a class server (its JSON API; see :mod:`drezlab.classroom.server`)."""

    def __init__(self, url: str, secret: str | None = None, timeout: float = 15.0, token: str | None = None) -> None:
        _socket_url(url)
        self.url = url.rstrip("/") if "://" in url else f"http://{url.rstrip('/')}"
        self.secret = secret
        # no secret: a JupyterHub's service, where the hub token says who is a teacher
        self._headers = {"Authorization": f"Bearer {secret}" if secret is not None else f"token {_hub_token(token)}"}
        self.timeout = timeout
        self._watcher: _Client | None = None

    def _call(self, method: str, path: str, data: dict[str, Any] | None = None) -> Any:
        body = None if data is None else json.dumps(data).encode()
        request = urllib.request.Request(f"{self.url}{path}", data=body, method=method, headers={
            **self._headers, "Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            try:
                reply = json.loads(error.read())
            except ValueError:
                reply = {"error": "server", "message": f"HTTP {error.code}"}
            raise ClassroomError(reply.get("error", "server"), "{words}", words=reply.get("message", "")) from None
        except urllib.error.URLError as error:
            raise ClassroomError("no-server", "The class server at {url} does not answer ({why})",
                                 url=self.url, why=error.reason) from None

    def create_class(self, names: list[str], name: str = "Class") -> dict[str, str]:
        """A class of pupils: returns each name's login code, in the given order."""
        return dict(self._call("POST", "/api/classes", {"name": name, "pupils": list(names)})["codes"])

    def classes(self) -> list[dict[str, Any]]:
        """Every class with its pupils (id, name, code, connected)."""
        return list(self._call("GET", "/api/classes")["classes"])

    def login_cards(self, path: str = "print/login-cards.pdf", class_id: int | None = None, paper: str = "a4",
                    language: str | None = None) -> Any:
        """Print a class's login cards (default: the newest class) as a PDF to cut out: each
        pupil's name, code and this server's address (:func:`drezlab.printing.login_cards`).
        Returns the PDF's path. Needs the printing packages (``pip install drezlab[lab]``)."""
        from drezlab.printing import login_cards
        classes = self.classes()
        chosen = [entry for entry in classes if class_id is None or entry["id"] == class_id]
        if not chosen:
            raise ClassroomError("unknown-class", "There is no class {name}", name=class_id)
        entry = chosen[-1]
        return login_cards([(pupil["name"], pupil["code"]) for pupil in entry["pupils"]], f"{self.url}/",
                           class_name=entry["name"], paper=paper, language=language, path=path)

    def renew_code(self, pupil: str | int) -> str:
        """A new login code for a pupil (by name in the newest class, or by id)."""
        if isinstance(pupil, str):
            matches = [entry["id"] for entry in (self.classes() or [{}])[-1].get("pupils", []) if entry["name"] == pupil]
            if not matches:
                raise ClassroomError("unknown-pupil", "There is no pupil {pupil}", pupil=pupil)
            pupil = matches[0]
        return str(self._call("POST", f"/api/pupils/{int(pupil)}/code", {})["code"])

    # ------------------------------------------------------- the teaching board
    def games(self) -> list[dict[str, Any]]:
        """The games the server offers: name, title, players, options, levels, whether it
        takes a teacher position, and its lessons' exercises (``"03/king-escape"``)."""
        return list(self._call("GET", "/api/games")["games"])

    def teach(self, game: str | None = None, exercise: str | None = None, position: str | None = None,
              options: dict[str, Any] | None = None, seed: int | None = None,
              class_id: int | None = None) -> dict[str, Any]:
        """Show a position to the whole class (default: the newest class): a lesson's
        ``exercise`` (``"03/king-escape"``), or ``game`` at its start or at a teacher
        ``position``. Every pupil answers on their own screen; returns the board with the
        live ``counts`` (see :meth:`teaching`)."""
        data = {"game": game, "exercise": exercise, "position": position, "options": options or {}, "seed": seed,
                "class": class_id}
        return dict(self._call("POST", "/api/teaching", data)["teaching"])

    def teaching(self, class_id: int | None = None) -> dict[str, Any] | None:
        """The class's teaching board with the answers so far: ``counts`` (a line per move:
        ``text``, ``words``, ``count``, ``names``), ``answered``, ``revealed``..., or ``None``."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        found = self._call("GET", f"/api/teaching{query}")["teaching"]
        return None if found is None else dict(found)

    def reveal(self, class_id: int | None = None) -> dict[str, Any]:
        """Close the answers and show the strongest level's move (``revealed``)."""
        return dict(self._call("POST", "/api/teaching/reveal", {"class": class_id})["teaching"])

    def play_on(self, action: str | None = None, class_id: int | None = None) -> dict[str, Any]:
        """Play on at the teaching board: ``action`` (default: the revealed move)."""
        shown = self.teaching(class_id)
        if shown is None:
            raise ClassroomError("no-teaching", "There is no teaching board for your class")
        if action is None:
            if shown["revealed"] is None:
                shown = self.reveal(class_id)
            action = shown["revealed"]["text"]
        return dict(self._call("POST", "/api/teaching/play", {"class": class_id, "version": shown["version"],
                                                              "action": action})["teaching"])

    def stop_teaching(self, class_id: int | None = None) -> None:
        """Take the teaching board away from the pupils' screens."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        self._call("DELETE", f"/api/teaching{query}")

    # ------------------------------------------------ the simultaneous display
    def simul(self, game: str, pupils: list[str] | None = None, seat: int = 0, options: dict[str, Any] | None = None,
              seed: int | None = None, class_id: int | None = None) -> list[int]:
        """The teacher against several pupils at once: a table per pupil (default: every
        pupil of the class), the teacher at ``seat``. Returns the tables' ids."""
        data = {"game": game, "pupils": pupils, "seat": seat, "options": options or {}, "seed": seed,
                "class": class_id}
        return [int(table) for table in self._call("POST", "/api/simul", data)["tables"]]

    def play(self, table_id: int, action: str, version: int | None = None) -> int:
        """Play the teacher's move at a table where the teacher sits; the table's new version.
        ``version`` is the one the move was chosen on (default: the table's current one)."""
        if version is None:
            version = int(self._call("GET", f"/api/tables/{int(table_id)}")["version"])
        return int(self._call("POST", f"/api/tables/{int(table_id)}/act", {"version": version,
                                                                           "action": action})["version"])

    def restart(self, table_id: int) -> int:
        """A new table like ``table_id`` (same game, options and seats, a new deal); its id."""
        return int(self._call("POST", f"/api/tables/{int(table_id)}/restart", {})["table"])

    def open_table(self, game: str, seats: list[str], options: dict[str, Any] | None = None,
                   seed: int | None = None, class_id: int | None = None) -> int:
        """Open a table: one pupil's name or bot level (``"level-2"``) per seat; returns its id."""
        return int(self._call("POST", "/api/tables", {"game": game, "seats": list(seats), "options": options or {},
                                                      "seed": seed, "class": class_id})["table"])

    def pair(self, game: str, system: str = "random", options: dict[str, Any] | None = None,
             seed: int | None = None, class_id: int | None = None, force: bool = False,
             pupils: list[str] | None = None, bye_points: float = 1.0) -> dict[str, Any]:
        """Start the next round of a class (default: the newest) for a two-seat ``game``:
        ``system`` is ``"random"`` (pairs by lot), ``"round_robin"`` (the next round of the
        Berger tables) or ``"swiss"`` (by score, no repeated opponents). Its tables open
        for the pupils at once; with an odd number one pupil has a bye (``bye_points``: 1,
        0.5 or 0). ``pupils`` pairs only those named (the others are absent). While the
        last round still has games playing a new one needs ``force=True``. Returns the
        round: ``round`` (its number), ``tables`` (id, ``board``, ``seats``' names...),
        ``byes`` (names), ``repeats`` and a ``note`` when a Swiss round had to repeat a pair."""
        return dict(self._call("POST", "/api/rounds", {
            "game": game, "system": system, "options": options or {}, "seed": seed, "class": class_id,
            "force": force, "pupils": None if pupils is None else list(pupils), "bye_points": bye_points}))

    def rounds(self, class_id: int | None = None) -> list[dict[str, Any]]:
        """The rounds of a class (default: the newest), oldest first (as :meth:`pair` returns each)."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        return list(self._call("GET", f"/api/rounds{query}")["rounds"])

    def standings(self, class_id: int | None = None) -> list[dict[str, Any]]:
        """The table of points of a class (default: the newest), best first: one row per
        pupil with ``rank``, ``name``, ``points`` (win 1, draw 0.5, bye 1 unless chosen
        otherwise), ``buchholz``, ``sonneborn_berger``, ``played``, ``wins``, ``draws``,
        ``losses``, ``byes``. Only finished games count."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        return list(self._call("GET", f"/api/standings{query}")["rows"])

    def attempts(self, class_id: int | None = None) -> list[dict[str, Any]]:
        """The practice attempts stored for a class (default: the newest), oldest first: one
        dict per attempt as the JSON-lines folder has it (``pupil``, ``exercise``, ``moves``,
        ``result``, ``seconds``, ``timestamp``); ``drezlab.practice.report(teacher)`` shows them."""
        query = "" if class_id is None else f"?class={int(class_id)}"
        return list(self._call("GET", f"/api/attempts{query}")["attempts"])

    def import_attempts(self, folder: Any = None, class_id: int | None = None) -> dict[str, Any]:
        """Store the attempts of a JSON-lines folder (:func:`drezlab.practice.attempts.read`;
        default as there) for the pupils of a class (default: the newest) with those names.
        Importing the same folder again adds nothing. Returns ``added``, ``already``,
        ``unknown`` (names not in the class: not imported) and ``refused``."""
        from drezlab.practice.attempts import read
        return dict(self._call("POST", "/api/attempts/import", {"attempts": read(folder), "class": class_id}))

    def tables(self) -> list[dict[str, Any]]:
        """Every table: id, game, seats' names, whose turn, plies, result."""
        return list(self._call("GET", "/api/tables")["tables"])

    def record(self, table_id: int) -> dict[str, Any]:
        """A table's game record (and PGN where the game has one): the teacher's eyes only."""
        return dict(self._call("GET", f"/api/tables/{int(table_id)}/record"))

    def spectate(self, table_id: int) -> RemoteTable:
        """Watch a table live, as a spectator (hidden cards stay hidden) -- or, at a
        simultaneous display's table, as the teacher's own seat: then the table's ``play``
        makes the teacher's moves."""
        if self._watcher is None:
            watcher = _Client()
            hello: dict[str, Any] = {"type": "hello"} if self.secret is None else {"type": "hello", "secret": self.secret}
            watcher._link = _Link(self.url, hello, watcher._receive, self.timeout,
                                  self._headers if self.secret is None else None)
            self._watcher = watcher
        self._watcher._wait_for(lambda: table_id in self._watcher._boards, self.timeout)  # type: ignore[union-attr]
        return RemoteTable(self._watcher, table_id)

    def close(self) -> None:
        if self._watcher is not None:
            self._watcher.close()
