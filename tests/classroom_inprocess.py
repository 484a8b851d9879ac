"""The class server inside the test's own event loop, with raw websocket clients.

``async with running(folder) as server`` serves a :class:`~drezlab.classroom.server.ClassServer`
on a free 127.0.0.1 port (SQLite in ``folder``, bots answering at once); :class:`Raw` is a
websocket that sends anything (hostile messages too) and collects every message received,
so a test can look at exactly what travelled to one seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from pathlib import Path
from typing import Any, AsyncIterator, Callable

from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets
from tornado.websocket import WebSocketClientConnection, websocket_connect

from drezlab.classroom.server import ClassServer
from drezlab.classroom.store import Store

SECRET = "in-process-secret"


def run_in_own_loop(coroutine: Any, timeout: float = 180) -> Any:
    """Run ``coroutine`` to its end in a fresh event loop on a thread of its own: the test
    session may already have a loop running on the main thread (Playwright's sync API keeps
    one for the browser tests), where ``asyncio.run`` refuses to start."""
    outcome: dict[str, Any] = {}

    def work() -> None:
        try:
            outcome["value"] = asyncio.run(asyncio.wait_for(coroutine, timeout))
        except BaseException as error:  # noqa: BLE001 - handed back to the test's thread
            outcome["error"] = error

    worker = threading.Thread(target=work, name="drezlab-test-loop")
    worker.start()
    worker.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome.get("value")


@contextlib.asynccontextmanager
async def running(folder: Path, db: str | None = None) -> AsyncIterator[ClassServer]:
    store = Store(db or f"sqlite:///{folder / 'class.db'}")
    server = ClassServer(store, store.teacher_secret(SECRET), bot_delay=0)
    sockets = bind_sockets(0, "127.0.0.1")
    http = HTTPServer(server.app())
    http.add_sockets(sockets)
    server.port = sockets[0].getsockname()[1]  # type: ignore[attr-defined]
    try:
        yield server
    finally:
        http.stop()
        await server.room.idle()
        for sock in list(server.sockets):
            sock.close()
        store.close()


class Raw:
    """A websocket to the server that records every message it receives, in order."""

    def __init__(self, connection: WebSocketClientConnection) -> None:
        self.connection = connection
        self.frames: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.closed = False
        self._arrived = asyncio.Event()
        self._reader = asyncio.ensure_future(self._read())

    @classmethod
    async def open(cls, server: ClassServer) -> "Raw":
        port = server.port  # type: ignore[attr-defined]
        return cls(await websocket_connect(f"ws://127.0.0.1:{port}/ws"))

    async def _read(self) -> None:
        while True:
            text = await self.connection.read_message()
            if text is None:
                self.closed = True
                self._arrived.set()
                return
            assert isinstance(text, str)
            self.frames.append(text)
            self.messages.append(json.loads(text))
            self._arrived.set()

    async def send(self, message: dict[str, Any] | str | bytes) -> None:
        await self.connection.write_message(message if isinstance(message, (str, bytes)) else json.dumps(message),
                                            binary=isinstance(message, bytes))

    async def wait_for(self, test: Callable[[dict[str, Any]], bool], since: int = 0,
                       timeout: float = 10.0) -> dict[str, Any]:
        """The first message from index ``since`` on that passes ``test``."""
        async def look() -> dict[str, Any]:
            while True:
                for message in self.messages[since:]:
                    if test(message):
                        return message
                if self.closed:
                    raise AssertionError(f"the socket closed; messages: {self.messages[since:]}")
                self._arrived.clear()
                await self._arrived.wait()
        return await asyncio.wait_for(look(), timeout)

    async def login(self, code: str, language: str = "en") -> None:
        since = len(self.messages)
        await self.send({"type": "hello", "code": code, "language": language})
        await self.wait_for(lambda m: m["type"] in ("tables", "error"), since)

    def boards(self, table: int) -> list[dict[str, Any]]:
        return [m for m in self.messages if m["type"] == "board" and m["table"] == table]

    def last_board(self, table: int) -> dict[str, Any]:
        return self.boards(table)[-1]

    async def board_at(self, table: int, version: int, timeout: float = 10.0) -> dict[str, Any]:
        return await self.wait_for(lambda m: m["type"] == "board" and m["table"] == table
                                   and m["version"] == version and not m["busy"], timeout=timeout)

    async def close(self) -> None:
        self.connection.close()
        self._reader.cancel()
