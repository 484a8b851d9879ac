"""The class server: Tornado, one process, the single writer of every shared table.

Routes (all on one port; the teacher chooses the host it listens on):

* ``GET /`` -- the pupil's page: type the login code, see the tables the teacher opened
  for you (or "waiting for your teacher") and play on the board's own front end
  (``widgets/board.js``), fed over the websocket. No Python kernel per pupil.
* ``GET /teacher`` -- the teacher's page: the secret goes in the address's ``#``
  fragment, which the browser never sends to a server log.
* ``GET /static/<file>`` -- the front-end files (board, pupil's and teacher's pages).
* ``/ws`` -- the websocket of a pupil or a watcher (see :mod:`drezlab.classroom.protocol`).
* ``/api/...`` -- the teacher's JSON API, with ``Authorization: Bearer <secret>``:
  ``POST /api/classes`` ``{"name", "pupils": [...]}``, ``GET /api/classes`` (with codes),
  ``GET /api/classes/<id>/cards`` (``?paper=a4&lang=es``: the login cards as a PDF),
  ``GET /api/games`` (the games: options, bot levels, teacher positions, lessons' exercises),
  ``POST /api/pupils/<id>/code`` (a new code), ``POST /api/tables``
  ``{"game", "seats", "options", "seed", "class"}``, ``GET /api/tables``,
  ``GET /api/tables/<id>`` (the spectator's board), ``GET /api/tables/<id>/record``
  (the game's record and PGN where the game has one: for the teacher only, since a
  record holds the deal).
* rounds (:mod:`drezlab.classroom.rounds`): ``POST /api/rounds`` ``{"game", "system"
  ("random" | "round_robin" | "swiss"), "options", "seed", "class", "force", "pupils",
  "bye_points"}`` pairs the class's next round and opens its tables -- the answer is the
  round: ``round`` (its number in the class), ``tables`` (summary lines with ``board`` and
  ``score``), ``byes`` (names), ``repeats``, ``note``, ``playing``...; ``GET /api/rounds``
  (``?class=ID``, default the newest class) ``{"rounds": [...]}``; ``GET /api/standings``
  (``?class=ID``) ``{"rows": [...]}`` (rank, name, points, buchholz, sonneborn_berger,
  played, wins, draws, losses, byes, pupil).
* practice attempts (:mod:`drezlab.practice`; pupils send theirs over the websocket, see
  :mod:`drezlab.classroom.protocol`): ``GET /api/attempts`` (``?class=ID``, default the
  newest class) ``{"class", "attempts": [{"pupil", "exercise", "moves", "result",
  "seconds", "timestamp"}...]}``; ``POST /api/attempts/import`` ``{"attempts": [...],
  "class"}`` stores the lines of a JSON-lines folder for the class's pupils of those names,
  once however often it is imported: ``{"class", "added", "already", "unknown" (names not in
  the class, not imported), "refused"}``.

* the teaching board (:mod:`drezlab.classroom.teaching`): ``POST /api/teaching`` ``{"game",
  "options", "position", "exercise" ("03/king-escape"), "seed", "class"}``, ``GET
  /api/teaching?class=ID``, ``POST /api/teaching/reveal`` ``{"class"}``, ``POST
  /api/teaching/play`` ``{"class", "version", "action"}``, ``DELETE /api/teaching?class=ID``
  -- each answers ``{"teaching": ...}`` with the counts and names.
* the simultaneous display: ``POST /api/simul`` ``{"game", "pupils", "seat", "options",
  "seed", "class"}`` -> ``{"tables": [...]}`` (the teacher at ``seat`` of a table per
  pupil; a seat entry ``{"teacher": true}`` in ``POST /api/tables`` does the same for one
  table); ``POST /api/tables/<id>/act`` ``{"version", "action"}`` (the teacher's move);
  ``POST /api/tables/<id>/restart`` -> ``{"table": new id}`` (same seats, a new deal).

Under JupyterHub (``--hub``) the same routes are served under the service's prefix
and the hub says who is a teacher or a pupil: :mod:`drezlab.classroom.hub`, plugged in
as ``ClassServer(auth=...)``; without it (the default, laptop mode) the secret and the
login codes decide, as above.

Every request from a pupil is checked against the pupil's login, never against what the
message says about itself: a pupil cannot act for another seat or at another table, or
reach the teacher's API. Bad messages get an error reply in the pupil's language and
change nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import hmac
import json
import logging
import secrets
import signal
import socket
import sys
from typing import Any, Awaitable

import tornado.web
import tornado.websocket
from tornado.httpserver import HTTPServer

from drezlab.classroom import protocol
from drezlab.classroom.codes import Throttle, normalise
from drezlab.classroom.room import ClassroomError, Room, Table
from drezlab.classroom.rounds import Rounds
from drezlab.classroom.teaching import Teaching, exercises_of, takes_position
from drezlab.classroom.store import RoundRow, Store, StoreError
from drezlab.core.assets import asset
from drezlab.core.i18n import LANGUAGES

log = logging.getLogger("drezlab.classroom")

#: the files ``/static/`` serves, and nothing else
STATIC_FILES = ("board.js", "board.css", "pupil.html", "pupil.js", "pupil.css", "teacher.html", "teacher.js",
                "teacher.css")
#: a websocket frame larger than this closes the connection (Tornado); smaller messages
#: above ``protocol.MAX_MESSAGE`` get an error reply
FRAME_LIMIT = 64 * 1024


class ClassServer:
    """The room, the sockets and the teacher's secret of one running server."""

    def __init__(self, store: Store, secret: str, bot_delay: float = 0.5, language: str = "en",
                 auth: Any = None) -> None:
        self.store = store
        self.secret = secret
        #: ``None`` (laptop mode: secret and codes) or who-is-who from elsewhere, such as
        #: :class:`drezlab.classroom.hub.HubAuth`: ``prefix``, ``routes()``,
        #: ``page_handler(cls)``, ``await teacher(handler)``, ``await identify(handler, room)``
        self.auth = auth
        self.language = language
        self.room = Room(store, bot_delay=bot_delay)
        self.rounds = Rounds(self.room)
        self.teaching = Teaching(self.room)
        self.throttle = Throttle()
        self.sockets: set[ClassSocket] = set()
        self.room.listeners.append(self._table_changed)
        self.room.pupil_listeners.append(self._pupil_changed)
        self.rounds.listeners.append(self._round_started)
        self.teaching.listeners.append(self._teaching_changed)

    def is_teacher(self, given: Any) -> bool:
        return isinstance(given, str) and hmac.compare_digest(given.encode(), self.secret.encode())

    def _table_changed(self, table: Table) -> None:
        """Push the new boards: the seat that just moved first (its round trip is one board),
        everyone else right after, in the loop's next turn."""
        mover = table.movers[-1] if table.movers else None
        first, rest = [], []
        for sock in self.sockets:
            moved = sock.pupil_id is not None and mover is not None and table.seat_of(sock.pupil_id) == mover
            (first if moved else rest).append(sock)
        for sock in first:
            sock.table_changed(table)
        try:
            asyncio.get_running_loop().call_soon(self._push, table, rest)
        except RuntimeError:
            self._push(table, rest)

    @staticmethod
    def _push(table: Table, sockets: list["ClassSocket"]) -> None:
        for sock in sockets:
            sock.table_changed(table)

    def _round_started(self, row: RoundRow) -> None:
        """Tell the teacher's pages about a new round (its tables reach them as tables)."""
        for sock in list(self.sockets):
            if sock.teacher:
                sock.send_round(row)

    def _teaching_changed(self, class_id: int, pupil_id: int | None) -> None:
        """Push a class's teaching board: to its pupils (only the one whose answer changed,
        when that is all that did) and to the teachers' pages, with the counts."""
        pupils = self.room.pupils
        for sock in list(self.sockets):
            if sock.teacher:
                sock.send_teaching(class_id)
            elif sock.pupil_id is not None and (pupil_id is None or sock.pupil_id == pupil_id):
                pupil = pupils.get(sock.pupil_id)
                if pupil is not None and pupil.class_id == class_id:
                    sock.send_teaching(class_id)

    def _pupil_changed(self, pupil_id: int) -> None:
        for sock in list(self.sockets):
            if sock.pupil_id == pupil_id:
                sock.pupil_changed()

    def app(self) -> tornado.web.Application:
        args = {"server": self}
        page: type = PageHandler if self.auth is None else self.auth.page_handler(PageHandler)
        routes: list[Any] = [
            (r"", page, {"server": self, "page": "pupil.html"}),
            (r"teacher", page, {"server": self, "page": "teacher.html"}),
            (r"static/([a-z.]+)", StaticHandler, args),
            (r"ws", ClassSocket, args),
            (r"api/classes", ClassesHandler, args),
            (r"api/pupils/([0-9]+)/code", CodeHandler, args),
            (r"api/classes/([0-9]+)/cards", CardsHandler, args),
            (r"api/tables", TablesHandler, args),
            (r"api/tables/([0-9]+)", TableHandler, args),
            (r"api/tables/([0-9]+)/record", RecordHandler, args),
            (r"api/rounds", RoundsHandler, args),
            (r"api/standings", StandingsHandler, args),
            (r"api/games", GamesHandler, args),
            (r"api/teaching", TeachingHandler, args),
            (r"api/teaching/(reveal|play)", TeachingStepHandler, args),
            (r"api/simul", SimulHandler, args),
            (r"api/tables/([0-9]+)/(act|restart)", TableStepHandler, args),
            (r"api/attempts", AttemptsHandler, args),
            (r"api/attempts/import", ImportAttemptsHandler, args),
        ]
        prefix = "/" if self.auth is None else self.auth.prefix
        routes = [(prefix + path, *rest) for path, *rest in routes]
        settings: dict[str, Any] = {}
        if self.auth is not None:
            routes += self.auth.routes()
            settings["cookie_secret"] = secrets.token_bytes(32)  # the hub's OAuth state cookie
        return tornado.web.Application(routes, websocket_max_message_size=FRAME_LIMIT, websocket_ping_interval=20,
                                       **settings)


class PageHandler(tornado.web.RequestHandler):
    """A page of the class server (nothing from any other host: no CDN, no font)."""

    def initialize(self, server: ClassServer, page: str) -> None:
        self.server = server
        self.page = page

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        # the websocket named as well as 'self': older Safari (school iPads) does not count
        # ws:// to the same host as 'self'
        host = self.request.host
        self.set_header("Content-Security-Policy", "default-src 'self'; style-src 'self' 'unsafe-inline'; "
                        f"img-src 'self' data:; connect-src 'self' ws://{host} wss://{host}")
        text = asset(self.page).read_text(encoding="utf-8")
        if self.server.auth is not None:
            # hub mode, told the page in an attribute (no inline script under this CSP): the
            # hub's cookie says who it is, no code or secret is asked for; the hub's XSRF
            # cookie (``_xsrf``, which the page's API calls echo in X-XSRFToken) is set anew
            # if it does not match this login
            self.xsrf_token  # noqa: B018 -- HubOAuth's property sets the cookie when needed
            text = text.replace("<body ", '<body data-login="hub" ', 1)
        self.write(text)


class StaticHandler(tornado.web.RequestHandler):
    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def get(self, name: str) -> None:
        if name not in STATIC_FILES:
            raise tornado.web.HTTPError(404)
        kinds = {"js": "text/javascript", "css": "text/css", "html": "text/html"}
        self.set_header("Content-Type", f"{kinds[name.rsplit('.', 1)[1]]}; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.write(asset(name).read_text(encoding="utf-8"))


class ClassSocket(tornado.websocket.WebSocketHandler):
    """One connected pupil or watcher (see :mod:`drezlab.classroom.protocol`)."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server
        self.pupil_id: int | None = None
        self.teacher = False
        self.language = server.language
        self._code: str | None = None
        self._identity: str | int | None = None
        #: the last board message sent for each table (the table's cached dict)
        self._shown: dict[int, dict[str, Any]] = {}

    async def prepare(self) -> None:
        if self.server.auth is not None:     # hub mode: who it is comes with the request
            self._identity = await self.server.auth.identify(self, self.server.room)
            if self._identity is None:
                raise tornado.web.HTTPError(403)

    def check_origin(self, origin: str) -> bool:
        # pupils' devices reach the server by whatever address the teacher printed;
        # a login code or the secret is needed for anything, and cookies are not used
        # (in hub mode they are: then only the same origin)
        return True if self.server.auth is None else super().check_origin(origin)

    def open(self) -> None:
        self.server.sockets.add(self)

    def on_close(self) -> None:
        self.server.sockets.discard(self)

    # ------------------------------------------------------------- sending
    def _send(self, message: dict[str, Any]) -> None:
        if self.ws_connection is None or self.ws_connection.is_closing():
            return
        try:
            self.write_message(json.dumps(message, separators=(",", ":")))
        except tornado.websocket.WebSocketClosedError:
            pass

    def _error(self, error: ClassroomError, table: Any = None) -> None:
        self._send({"type": "error", "code": error.code, "message": error.words(self.language),
                    **({"table": table} if type(table) is int else {})})

    def _watches(self, table: Table) -> int | None | bool:
        """The seat this socket sees ``table`` as (``None``: watcher); ``False``: not at all."""
        if self.teacher:
            return table.teacher_seat
        if self.pupil_id is not None:
            seat = table.seat_of(self.pupil_id)
            return False if seat is None else seat
        return False

    def table_changed(self, table: Table, again: bool = False) -> None:
        """Send the table's board as this socket sees it -- unless this very board (the
        table's cached message) went out already and ``again`` is not asked for (a table
        opened for a pupil reaches them by two paths; a refused move asks ``again``)."""
        seat = self._watches(table)
        if seat is False:
            return
        shown = table.board(seat, self.language)  # type: ignore[arg-type]
        if not again and self._shown.get(table.id) is shown:
            return
        self._shown[table.id] = shown
        self._send(shown)
        if self.teacher:
            self._send({"type": "table", "table": table.summary(self.language)})

    def send_teaching(self, class_id: int) -> None:
        self._send(self.server.teaching.message(class_id, self.language, self.pupil_id, self.teacher))

    def send_round(self, row: RoundRow) -> None:
        self._send({"type": "round", "round": self.server.rounds.describe(row, self.language)})

    def pupil_changed(self) -> None:
        """A table opened for this pupil, or their code renewed (then this login ends)."""
        pupil = self.server.room.pupils.get(self.pupil_id) if self.pupil_id is not None else None
        if pupil is None or pupil.code != self._code:
            self._send({"type": "bye", "message": protocol.words("Your login code changed: ask your teacher for the "
                                                                "new one", self.language)})
            self.close(4001, "code renewed")
            return
        self._send_tables(fresh=False)

    def _send_tables(self, fresh: bool = True) -> None:
        """The list of this socket's tables, their boards and the class's teaching board;
        ``fresh=False`` (a table just opened): only what this socket has not been sent."""
        room = self.server.room
        if self.teacher:
            tables = [table.summary(self.language) for table in room.tables.values()]
        else:
            tables = []
            for table in room.tables_of(self.pupil_id):  # type: ignore[arg-type]
                line = table.summary(self.language)
                line["seat"] = table.seat_of(self.pupil_id)  # type: ignore[arg-type]
                tables.append(line)
        self._send({"type": "tables", "tables": tables,
                    "waiting": protocol.words("Waiting for your teacher to open a table", self.language)})
        for table in (room.tables.values() if self.teacher else room.tables_of(self.pupil_id)):  # type: ignore[arg-type]
            self.table_changed(table, again=fresh)
        if not fresh:
            return
        if self.teacher:
            for class_id in list(self.server.teaching.boards):
                self.send_teaching(class_id)
        else:
            pupil = room.pupils.get(self.pupil_id)  # type: ignore[arg-type]
            if pupil is not None:
                self.send_teaching(pupil.class_id)

    # ----------------------------------------------------------- receiving
    async def on_message(self, message: str | bytes) -> None:
        data: dict[str, Any] = {}
        try:
            data = protocol.parse(message)
            kind = data["type"]
            if kind == "hello":
                await self._hello(data)
            elif self.pupil_id is None and not self.teacher:
                raise ClassroomError("login-first", "Type your login code first")
            elif kind == "act":
                self._act(data)
            elif kind == "suggest":
                self._suggest(data)
            elif kind == "attempt":
                self._attempt(data)
            elif kind == "language":
                self.language = protocol.language(data.get("language"))
                self._send_tables()
            elif kind == "ping":
                self._send({"type": "pong"})
        except ClassroomError as error:
            self._error(error, data.get("table"))

    async def _hello(self, data: dict[str, Any]) -> None:
        if "language" in data:
            self.language = protocol.language(data["language"])
        if self.server.auth is not None:
            self._hub_hello()
            return
        if "secret" in data:
            guesser = f"teacher:{self.request.remote_ip}"
            wait = self.server.throttle.wait(guesser)
            if wait > 0:
                raise ClassroomError("slow-down", "Too many wrong secrets: wait {seconds} seconds", seconds=int(wait) + 1)
            if not self.server.is_teacher(data["secret"]):
                self.server.throttle.failed(guesser)
                await asyncio.sleep(0.3)
                raise ClassroomError("wrong-secret", "That is not the teacher's secret")
            self.server.throttle.succeeded(guesser)
            self.teacher, self.pupil_id = True, None
            self._send({"type": "welcome", "role": "teacher"})
            self._send_tables()
            return
        address = self.request.remote_ip or "?"
        wait = self.server.throttle.wait(address)
        if wait > 0:
            raise ClassroomError("slow-down", "Too many wrong codes: wait {seconds} seconds and try again",
                                 seconds=int(wait) + 1)
        code = normalise(data.get("code"))
        pupil = self.server.room.pupil_by_code(code) if code else None
        if pupil is None:
            await self._wrong()
            raise ClassroomError("wrong-code", "That code is not right: check it with your teacher")
        self.server.throttle.succeeded(address)
        self.pupil_id, self.teacher, self._code = pupil.id, False, pupil.code
        class_name = dict(self.server.room.store.classes()).get(pupil.class_id, "")
        self._send({"type": "welcome", "role": "pupil", "name": pupil.name, "class": class_name})
        self._send_tables()

    def _hub_hello(self) -> None:
        """Hub mode: the identity the request carried (checked in :meth:`prepare`)."""
        if self._identity == "teacher":
            self.teacher, self.pupil_id = True, None
            self._send({"type": "welcome", "role": "teacher"})
        else:
            pupil = self.server.room.pupils[self._identity]  # type: ignore[index]
            self.pupil_id, self.teacher, self._code = pupil.id, False, pupil.code
            class_name = dict(self.server.room.store.classes()).get(pupil.class_id, "")
            self._send({"type": "welcome", "role": "pupil", "name": pupil.name, "class": class_name})
        self._send_tables()

    async def _wrong(self) -> None:
        """A wrong code or secret: counted for the address, and answered a little late."""
        self.server.throttle.failed(self.request.remote_ip or "?")
        await asyncio.sleep(0.3)

    def _attempt(self, data: dict[str, Any]) -> None:
        """A practice attempt, stored for the logged-in pupil (never for a name in the message)."""
        if self.teacher or self.pupil_id is None:
            raise ClassroomError("watcher", "Only a pupil's practice is recorded: log in with a pupil's code")
        fields = protocol.attempt(data.get("attempt"))
        row, added = self.server.store.add_attempt(self.pupil_id, **fields)
        self._send({"type": "attempt-saved", "id": row.id, "exercise": row.exercise, "timestamp": row.timestamp,
                    "new": added})

    def _act(self, data: dict[str, Any]) -> None:
        table_id = data.get("table")
        try:
            if self.teacher:    # the teacher plays only at a simultaneous display's tables
                self.server.room.teacher_act(table_id, data.get("version"), data.get("action"))
            else:
                self.server.room.act(self.pupil_id, table_id, data.get("version"), data.get("action"))  # type: ignore[arg-type]
        except ClassroomError as error:
            self._error(error, table_id)
            table = self.server.room.tables.get(table_id) if type(table_id) is int else None
            if table is not None and self._watches(table) is not False:
                self.table_changed(table, again=True)   # the current board, so the page takes clicks again


    def _suggest(self, data: dict[str, Any]) -> None:
        """A pupil's answer at their class's teaching board (the current board follows an error)."""
        if self.teacher:
            raise ClassroomError("watcher", "The teacher plays on from the class page, not by answering")
        try:
            self.server.teaching.suggest(self.pupil_id, data.get("teaching"), data.get("version"),  # type: ignore[arg-type]
                                         data.get("action"))
        except ClassroomError:
            pupil = self.server.room.pupils.get(self.pupil_id)  # type: ignore[arg-type]
            if pupil is not None:
                self.send_teaching(pupil.class_id)
            raise


class TeacherHandler(tornado.web.RequestHandler):
    """The teacher's JSON API: every call needs the secret."""

    def initialize(self, server: ClassServer) -> None:
        self.server = server

    def prepare(self) -> Awaitable[None] | None:
        if self.server.auth is not None:
            return self._hub_prepare()
        header = self.request.headers.get("Authorization", "")
        given = header[len("Bearer "):] if header.startswith("Bearer ") else None
        guesser = f"teacher:{self.request.remote_ip}"
        wait = self.server.throttle.wait(guesser)
        if wait > 0:
            self._reply({"error": "slow-down", "message": protocol.words(
                "Too many wrong secrets: wait {seconds} seconds", self.language()).format(seconds=int(wait) + 1)},
                429)
            self.finish()
        elif not self.server.is_teacher(given):
            self.server.throttle.failed(guesser)
            self._reply({"error": "teacher-only",
                         "message": protocol.words("This needs the teacher's secret", self.language())}, 403)
            self.finish()
        else:
            self.server.throttle.succeeded(guesser)
        return None

    async def _hub_prepare(self) -> None:
        if not await self.server.auth.teacher(self):
            self._reply({"error": "teacher-only",
                         "message": protocol.words("This needs a teacher of the hub", self.language())}, 403)
            self.finish()

    def _reply(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.write(json.dumps(data))

    def body(self) -> dict[str, Any]:
        try:
            data = json.loads(self.request.body or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise ClassroomError("bad-json", "The request is not JSON") from None
        if not isinstance(data, dict):
            raise ClassroomError("bad-json", "The request must be a JSON object")
        return data

    def class_argument(self) -> int | None:
        """``?class=ID`` as a number (``None`` when not given)."""
        given = self.get_query_argument("class", None)
        if given is None or given == "":
            return None
        try:
            return int(given)
        except ValueError:
            raise ClassroomError("unknown-class", "There is no class {name}", name=given) from None

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self._reply({"error": "server", "message": self._reason}, status_code)

    def _handle(self, work: Any) -> None:
        try:
            self._reply(work())
        except ClassroomError as error:
            self._reply({"error": error.code, "message": error.words(self.language())}, 400)

    async def _handle_async(self, work: Any) -> None:
        try:
            self._reply(await work())
        except ClassroomError as error:
            self._reply({"error": error.code, "message": error.words(self.language())}, 400)

    def language(self) -> str:
        """``?lang=es`` or the server's language: the words of the teacher's page."""
        given = self.get_query_argument("lang", None)
        return given if given in LANGUAGES else self.server.language


class ClassesHandler(TeacherHandler):
    def post(self) -> None:
        def create() -> dict[str, Any]:
            data = self.body()
            class_id, codes = self.server.room.create_class(data.get("name", "Class"), data.get("pupils"))
            return {"class": class_id, "codes": codes}
        self._handle(create)

    def get(self) -> None:
        room = self.server.room
        self._reply({"classes": [
            {"id": class_id, "name": name,
             "pupils": [{"id": pupil.id, "name": pupil.name, "code": pupil.code,
                         "connected": any(sock.pupil_id == pupil.id for sock in self.server.sockets)}
                        for pupil in room.pupils.values() if pupil.class_id == class_id]}
            for class_id, name in room.store.classes()]})


class CardsHandler(TeacherHandler):
    """A class's login cards as a PDF to print (``?paper=a4|letter&lang=en|es``): each
    pupil's name, code and the address the pupils open (this server's, as the teacher's
    browser reached it)."""

    def get(self, class_id: str) -> None:
        import tempfile
        from pathlib import Path
        try:
            from drezlab.printing import PrintingError, login_cards
        except ImportError:
            self._reply({"error": "no-printing", "message": protocol.words(
                "Printing needs the lab packages: pip install drezlab[lab]", self.language())}, 501)
            return
        room = self.server.room
        pupils = [(pupil.name, pupil.code) for pupil in room.pupils.values() if pupil.class_id == int(class_id)]
        names = dict(room.store.classes())
        if int(class_id) not in names or not pupils:
            self._reply({"error": "unknown-class", "message": ClassroomError(
                "unknown-class", "There is no class {name}", name=class_id).words(self.language())}, 404)
            return
        prefix = "/" if self.server.auth is None else self.server.auth.prefix
        url = f"{self.request.protocol}://{self.request.host}{prefix}"
        with tempfile.TemporaryDirectory() as folder:
            try:
                path = login_cards(pupils, url, class_name=names[int(class_id)],
                                   paper=self.get_query_argument("paper", "a4"), language=self.language(),
                                   path=Path(folder) / "cards.pdf")
            except PrintingError as error:
                self._reply({"error": "bad-paper", "message": str(error)}, 400)
                return
            data = path.read_bytes()
        self.set_header("Content-Type", "application/pdf")
        self.set_header("Content-Disposition", f'inline; filename="login-cards-{class_id}.pdf"')
        self.set_header("Cache-Control", "no-store")
        self.write(data)


class CodeHandler(TeacherHandler):
    def post(self, pupil_id: str) -> None:
        self._handle(lambda: {"code": self.server.room.renew_code(int(pupil_id))})


class TablesHandler(TeacherHandler):
    def post(self) -> None:
        def open_table() -> dict[str, Any]:
            data = self.body()
            table = self.server.room.open_table(data.get("game"), data.get("seats"), data.get("options"),
                                                data.get("seed"), data.get("class"))
            return {"table": table.id}
        self._handle(open_table)

    def get(self) -> None:
        self._reply({"tables": [table.summary(self.language()) for table in self.server.room.tables.values()]})


class RoundsHandler(TeacherHandler):
    def post(self) -> None:
        def pair() -> dict[str, Any]:
            data = self.body()
            row = self.server.rounds.pair(data.get("game"), data.get("system", "random"), data.get("options"),
                                          data.get("seed"), data.get("class"), data.get("force", False),
                                          data.get("pupils"), data.get("bye_points", 1.0))
            return self.server.rounds.describe(row, self.language())
        self._handle(pair)

    def get(self) -> None:
        def listed() -> dict[str, Any]:
            rounds = self.server.rounds
            class_id = rounds.class_id(self.class_argument())
            return {"class": class_id, "rounds": [rounds.describe(row, self.language())
                                                  for row in rounds.of_class(class_id)]}
        self._handle(listed)


class StandingsHandler(TeacherHandler):
    def get(self) -> None:
        def table_of_points() -> dict[str, Any]:
            rounds = self.server.rounds
            class_id = rounds.class_id(self.class_argument())
            return {"class": class_id, "rounds": len(rounds.of_class(class_id)), "rows": rounds.standings(class_id)}
        self._handle(table_of_points)


class AttemptsHandler(TeacherHandler):
    def get(self) -> None:
        def listed() -> dict[str, Any]:
            class_id = self.server.rounds.class_id(self.class_argument())
            return {"class": class_id, "attempts": [row.entry() for row in self.server.store.attempts(class_id)]}
        self._handle(listed)


class ImportAttemptsHandler(TeacherHandler):
    def post(self) -> None:
        def imported() -> dict[str, Any]:
            data = self.body()
            entries = data.get("attempts")
            if not isinstance(entries, list):
                raise ClassroomError("bad-attempt", "An attempt must be a JSON object with exercise, moves, result "
                                                    "and seconds")
            class_id = self.server.rounds.class_id(data.get("class"))
            return {"class": class_id, **self.server.store.import_attempts(entries, class_id)}
        self._handle(imported)


class GamesHandler(TeacherHandler):
    """The games a teacher can choose, with their options, bot levels and exercises."""

    _cache: dict[str, list[dict[str, Any]]] = {}

    def get(self) -> None:
        language = self.language()
        if language not in self._cache:
            from drezlab.core.i18n import in_language
            from drezlab.core.registry import specs
            games = []
            with in_language(language):
                for spec in sorted(specs().values(), key=lambda spec: spec.title_in(language)):
                    games.append({
                        "name": spec.name, "title": spec.title_in(language), "summary": spec.summary_in(language),
                        "players": list(spec.seats),
                        "options": [{"name": option.name, "default": option.default, "doc": option.doc,
                                     "choices": list(option.choices) if option.choices else None}
                                    for option in spec.options],
                        "levels": spec.level_labels(), "strongest": spec.strongest if spec.levels else None,
                        "positions": takes_position(spec.name), "exercises": exercises_of(spec.name)})
            self._cache[language] = json.loads(json.dumps(games, default=str))
        self._reply({"games": self._cache[language]})


class TeachingHandler(TeacherHandler):
    """The teaching board of a class: set (POST), shown (GET), closed (DELETE)."""

    async def post(self) -> None:
        async def start() -> dict[str, Any]:
            data = self.body()
            teaching = await self.server.teaching.start(data.get("game"), data.get("options"), data.get("position"),
                                                        data.get("exercise"), data.get("seed"), data.get("class"))
            return self._message(teaching.class_id)
        await self._handle_async(start)

    def get(self) -> None:
        self._handle(lambda: self._message(self.server.room.class_id(self.class_argument())))

    def delete(self) -> None:
        def close() -> dict[str, Any]:
            self.server.teaching.close(self.class_argument())
            return {"teaching": None}
        self._handle(close)

    def _message(self, class_id: int) -> dict[str, Any]:
        message = self.server.teaching.message(class_id, self.language(), teacher=True)
        return {"teaching": message["teaching"]}


class TeachingStepHandler(TeachingHandler):
    """``reveal`` the strongest level's move, or ``play`` on (``{"class", "action", "version"}``)."""

    async def post(self, step: str) -> None:  # type: ignore[override]
        async def do() -> dict[str, Any]:
            data = self.body()
            teaching = self.server.teaching
            if step == "reveal":
                done = await teaching.reveal(data.get("class"))
            else:
                done = await teaching.play(data.get("class"), data.get("version"), data.get("action"))
            return self._message(done.class_id)
        await self._handle_async(do)


class SimulHandler(TeacherHandler):
    """A simultaneous display: ``{"game", "pupils"?, "class"?, "options"?, "seat"?, "seed"?}``."""

    def post(self) -> None:
        def open_simul() -> dict[str, Any]:
            data = self.body()
            tables = self.server.room.open_simul(data.get("game"), data.get("pupils"), data.get("options"),
                                                 data.get("seat", 0), data.get("seed"), data.get("class"))
            return {"tables": [table.id for table in tables]}
        self._handle(open_simul)


class TableStepHandler(TeacherHandler):
    """The teacher's move at a table where they sit (``act``), or the table ``restart``-ed."""

    def post(self, table_id: str, step: str) -> None:
        def do() -> dict[str, Any]:
            room = self.server.room
            if step == "restart":
                return {"table": room.restart(int(table_id)).id}
            data = self.body()
            table = room.teacher_act(int(table_id), data.get("version"), data.get("action"))
            return {"table": table.id, "version": table.version}
        self._handle(do)


class TableHandler(TeacherHandler):
    def get(self, table_id: str) -> None:
        table = self.server.room.tables.get(int(table_id))
        if table is None:
            self._reply({"error": "no-table", "message": f"There is no table {table_id}"}, 404)
            return
        self._reply(table.board(None, self.language()))


class RecordHandler(TeacherHandler):
    def get(self, table_id: str) -> None:
        table = self.server.room.tables.get(int(table_id))
        if table is None:
            self._reply({"error": "no-table", "message": f"There is no table {table_id}"}, 404)
            return
        pgn = getattr(table.game, "pgn", None)
        self._reply({"record": json.loads(table.game.to_json()), "pgn": str(pgn()) if callable(pgn) else None,
                     "log": [line[self.language()] for line in table.lines]})


# ------------------------------------------------------------------------ running
def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def addresses(host: str, port: int, secret: str) -> tuple[str, str]:
    """The pupils' address and the teacher's (with its secret) as the teacher prints them."""
    shown = host
    if host in ("0.0.0.0", "", "::"):
        shown = _lan_address()
    base = f"http://{shown}:{port}"
    return f"{base}/", f"{base}/teacher#{secret}"


def _lan_address() -> str:
    """This computer's address on the school network (no packet is sent: a UDP socket
    is only pointed at a documentation address to learn the outgoing interface)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


async def serve(db: str, host: str, port: int, secret: str | None = None, bot_delay: float = 0.5,
                language: str = "en", ready: Any = None, auth: Any = None) -> None:
    """Run the class server until SIGINT/SIGTERM (``python -m drezlab.classroom``)."""
    store = Store(db)
    server = ClassServer(store, store.teacher_secret(secret), bot_delay=bot_delay, language=language, auth=auth)
    http = HTTPServer(server.app(), xheaders=auth is not None)
    http.listen(port, address=host)
    server.room.start_all_bots()
    damaged = [table.id for table in server.room.tables.values() if table.damaged]
    print(f"drezlab class server on {host}:{port}, database {store.safe_url}", flush=True)
    print(f"  {len(server.room.tables)} tables, {len(server.room.pupils)} pupils"
          + (f"; damaged tables: {damaged}" if damaged else ""), flush=True)
    if auth is None:
        pupils, teacher = addresses(host, port, server.secret)
        print(f"  pupils open:   {pupils}", flush=True)
        print(f"  teacher opens: {teacher}", flush=True)
    else:
        print(f"  a JupyterHub service under {auth.prefix}; teachers: the hub group {auth.teacher_group!r}",
              flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    if ready is not None:
        ready(server)
    await stop.wait()
    http.stop()
    for sock in list(server.sockets):
        sock.close(1001, "server stopping")
    store.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m drezlab.classroom",
                                     description="The drezlab class server: pupils play each other from their own "
                                                 "devices; hidden cards stay on the server.")
    parser.add_argument("--db", default="sqlite:///class.db",
                        help="database: sqlite:///class.db (default) or postgresql+psycopg://user@host/db")
    parser.add_argument("--host", default=None,
                        help="where to listen: 127.0.0.1 (this computer only, default) or 0.0.0.0 (the school network); "
                             "with --hub, default: the host of the service's url")
    parser.add_argument("--port", type=int, default=None, help="default 8765; with --hub, the service url's port")
    parser.add_argument("--teacher-secret", default=None,
                        help="the teacher's secret (default: the one stored in the database, else a new one)")
    parser.add_argument("--bot-delay", type=float, default=0.5, help="seconds before a bot's reply is shown")
    parser.add_argument("--language", default="en", choices=LANGUAGES, help="the pupils' language by default")
    parser.add_argument("--hub", action="store_true",
                        help="run as a JupyterHub managed service: the hub's users log in, its address and prefix "
                             "come from the hub (JUPYTERHUB_SERVICE_URL...); see drezlab.classroom.hub")
    parser.add_argument("--teacher-group", default="drezlab-teachers",
                        help="with --hub: the hub group whose members are teachers (default drezlab-teachers)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    auth = None
    if args.hub:
        import os
        import urllib.parse

        from drezlab.classroom.hub import HubAuth
        if not os.environ.get("JUPYTERHUB_API_TOKEN"):
            print("drezlab class server: --hub needs JupyterHub to start it (as a managed service)", file=sys.stderr)
            return 2
        auth = HubAuth(args.teacher_group)
        where = urllib.parse.urlsplit(os.environ.get("JUPYTERHUB_SERVICE_URL", ""))
        args.host, args.port = args.host or where.hostname, args.port or where.port
    args.host, args.port = args.host or "127.0.0.1", args.port or 8765
    try:
        asyncio.run(serve(args.db, args.host, args.port, args.teacher_secret, args.bot_delay, args.language,
                          auth=auth))
    except StoreError as error:
        print(f"drezlab class server: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"drezlab class server: cannot listen on {args.host}:{args.port}: {error.strerror}; "
              f"choose another port with --port", file=sys.stderr)
        return 2
    return 0
