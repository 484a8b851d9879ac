"""Class server load benchmark: simulated pupils playing each other over real websockets.

A load test of ``python -m drezlab.classroom`` as a class uses it, not a unit test (no
timed assertion lives in ``tests/``). The server runs as a subprocess on a free
127.0.0.1 port with a temporary SQLite database (``--db URL`` for PostgreSQL instead);
the simulated pupils and the teacher live in ONE asyncio event loop of this process,
each on its own websocket (``tornado.websocket.websocket_connect``), as many sockets as
a class has devices.

1. Page opening (``--open-page N``): N pupils open the pupil's page at once -- ``GET /``,
   then every ``/static/...`` file the page names (``src``/``href``, and the ES modules
   those scripts import), then the websocket, the login and the first ``board``.
   Figure: the time until the LAST pupil has its first board. Goal: <= 10 s at 30.
2. Playing (``--pupils P --minutes M --every S``): a class of P pupils at P/2 PokerDrez
   tables, pupil against pupil (fixed deal seeds), and the teacher's websocket watching
   every table. A pupil whose turn it is thinks about S seconds (+-25 %, seeded) and
   sends a random legal action of its board with the board's version; the round trip
   is from sending ``act`` to that table's ``board`` with a newer version on the same
   socket. A finished game is followed by a fresh table for the same pair (the
   teacher's HTTP API). At the end every table's ``plies`` (``GET /api/tables``) must
   equal the moves acknowledged to its pupils: nothing lost, nothing played twice.
   Goal at 30 pupils: p99 <= 150 ms, no error, nothing lost. (120 pupils: figures only.)
3. Starting a round (``--start-round N``, ``--round-classes K``; issue 23): a class of N
   pupils, all connected over websockets and logged in with their codes, waiting, the
   teacher's websocket watching. The teacher starts a round through the real API,
   ``POST /api/rounds`` ``{"game": "pokerdrez", "system": "random"}``, and the clock runs
   from sending the request until every seated pupil has received (on its own socket, before
   parsing; drawing it in a browser is not counted) the ``board`` message of its new table.
   Then two later rounds of the same class, ``"round_robin"`` and ``"swiss"``, forced
   (``"force": true``: the earlier games are still playing, so each pupil is also sent its
   older tables again). K fresh classes (default 5) on one server, seeded draws and deals:
   median and worst per system, the first and last pupil's board (the spread), the POST's
   answer, the server's CPU and the boards sent. Anchor in the same run: one pupil's move
   alone on the same server (``act`` -> the newer board on its socket, one per new table),
   and the ratio of the round start to it. No time goal: figures, exit 1 on an error or a
   missing board. About 20 s (longer on a busy machine).

The server's CPU time and RSS come from psutil (else ``/proc``); CPU % is of one core,
over the playing time. This process's own CPU % and the worst stall of its event loop
are printed too: on a small machine the simulated class competes with the server.

Run: ``.venv/bin/python bench/bench_classroom.py`` (page opening at 30, a round start at
30, then 30 pupils for 5 minutes, then 120 for 5 minutes: about 11 minutes), ``--quick``
(30 s each), or one scenario, e.g. ``--pupils 30 --minutes 5 --every 2``, ``--open-page 30``
or, for the time from "start round" to every pupil's board at 30 pupils (issue 23):
``.venv/bin/python bench/bench_classroom.py --start-round 30``.
Exit status 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import tornado.httpclient
import tornado.websocket

from drezlab.classroom import Teacher
from drezlab.classroom.server import free_port

try:
    import psutil  # type: ignore[import-untyped, unused-ignore]
except ImportError:  # pragma: no cover - psutil is in the bench extra
    psutil = None  # type: ignore[assignment, unused-ignore]

GAME = "pokerdrez"
SECRET = "bench-secret-not-for-a-class"
#: the page's files when ``GET /`` is not there yet (the pupil's page is being written)
KNOWN_STATIC = ("pupil.js", "board.js", "board.css", "pupil.css")
#: a move unanswered this long after the end of play counts as lost
ANSWER_GRACE = 15.0
GOAL_P99_MS = 150.0
GOAL_OPEN_S = 10.0


# ------------------------------------------------------------------ the server process
class ServerProcess:
    """``python -m drezlab.classroom`` on a free port, its log in a temporary file."""

    def __init__(self, db: str | None, workdir: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = db or f"sqlite:///{os.path.join(workdir, f'class-{self.port}.db')}"
        self.log_path = os.path.join(workdir, f"server-{self.port}.log")
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60.0) -> None:
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "drezlab.classroom", "--db", self.db, "--port", str(self.port),
                 "--teacher-secret", SECRET, "--bot-delay", "0", "--host", "127.0.0.1"],
                stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the class server stopped at start-up:\n{self.log()}")
            if "pupils open:" in self.log():
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the class server did not start in {timeout:.0f} s:\n{self.log()}")

    def log(self) -> str:
        try:
            with open(self.log_path, encoding="utf-8", errors="replace") as handle:
                return handle.read()
        except OSError:
            return ""

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu_seconds(self) -> float:
        """User + system CPU time of the server process so far."""
        if psutil is not None:
            times = psutil.Process(self.pid).cpu_times()
            return float(times.user + times.system)
        with open(f"/proc/{self.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def cpu_wait_seconds(self) -> float | None:
        """Time the server's threads spent runnable but waiting for a CPU (Linux
        ``schedstat``), ``None`` where unknown: the share of the machine others took."""
        total = 0
        try:
            for task in os.listdir(f"/proc/{self.pid}/task"):
                with open(f"/proc/{self.pid}/task/{task}/schedstat") as handle:
                    total += int(handle.read().split()[1])
        except (OSError, ValueError, IndexError):
            return None
        return total / 1e9

    def rss_mb(self) -> float:
        if psutil is not None:
            return psutil.Process(self.pid).memory_info().rss / 2**20
        return self._status_kb("VmRSS") / 1024

    def peak_rss_mb(self) -> float | None:
        """The kernel's high-water mark of the resident set (Linux), else ``None``."""
        try:
            return self._status_kb("VmHWM") / 1024
        except (OSError, ValueError):
            return None

    def _status_kb(self, key: str) -> int:
        with open(f"/proc/{self.pid}/status") as handle:
            for line in handle:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
        raise ValueError(key)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)


class Sampler:
    """The server's RSS every quarter second (its peak, where the kernel's is unknown)
    and the worst stall of this process's event loop."""

    def __init__(self, server: ServerProcess) -> None:
        self.server = server
        self.peak_rss = 0.0
        self.worst_stall = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        step = 0.25
        while True:
            before = time.perf_counter()
            await asyncio.sleep(step)
            self.worst_stall = max(self.worst_stall, time.perf_counter() - before - step)
            if self.server.process is not None and self.server.process.poll() is None:
                self.peak_rss = max(self.peak_rss, self.server.rss_mb())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()


# ------------------------------------------------------------------------- helpers
def ws_url(url: str) -> str:
    return url.replace("http://", "ws://", 1) + "/ws"


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` from 0 to 1) of ``values``."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(1, -(-len(ordered) * share // 1))
    return ordered[int(rank) - 1]


def load_average() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "?"


def setup_class(url: str, pupils: int, seed: int, label: str) -> tuple[Teacher, list[str], dict[str, str],
                                                                       list[tuple[str, str, int]]]:
    """A class of ``pupils`` and one PokerDrez table per pair: (teacher, names, codes, tables)."""
    teacher = Teacher(url, SECRET, timeout=60)
    names = [f"{label} pupil {number:03d}" for number in range(1, pupils + 1)]
    codes = teacher.create_class(names, name=f"{label} {time.strftime('%H:%M:%S')}")
    tables = []
    for pair in range(pupils // 2):
        first, second = names[2 * pair], names[2 * pair + 1]
        table = teacher.open_table(GAME, [first, second], seed=seed * 100_000 + pair * 100)
        tables.append((first, second, table))
    return teacher, names, codes, tables


# --------------------------------------------------------------- 1. opening the page
class _Links(HTMLParser):
    """The ``src`` and ``href`` attributes of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value:
                self.found.append(value)


_IMPORT = re.compile(r"""(?:\bimport\s*(?:[\w*{}\s,$]+\s*from\s*)?|\bimport\s*\()\s*["']([^"']+)["']""")


def static_paths(base: str, page_url: str, references: list[str]) -> list[str]:
    """The same-origin ``/static/`` paths among ``references`` (relative to ``page_url``)."""
    paths = []
    for reference in references:
        absolute = urllib.parse.urljoin(page_url, reference)
        parts = urllib.parse.urlsplit(absolute)
        if absolute.startswith(base) and parts.path.startswith("/static/") and parts.path not in paths:
            paths.append(parts.path)
    return paths


@dataclass
class PageOpen:
    seconds: float = 0.0
    page_status: int = 0
    files: dict[str, int] = field(default_factory=dict)
    bytes: int = 0
    error: str = ""


async def open_page(url: str, code: str, http: tornado.httpclient.AsyncHTTPClient, start: float) -> PageOpen:
    """One pupil opening the page: the HTML, its static files, the websocket, the first board."""
    result = PageOpen()
    try:
        answer = await http.fetch(url + "/", raise_error=False, request_timeout=60)
        result.page_status = answer.code
        result.bytes += len(answer.body or b"")
        if answer.code == 200:
            parser = _Links()
            parser.feed(answer.body.decode("utf-8", "replace"))
            queue = static_paths(url, url + "/", parser.found)
        else:
            queue = [f"/static/{name}" for name in KNOWN_STATIC]
        while queue:
            # a browser fetches the page's files side by side, and the modules they import
            wave, queue = queue, []
            answers = await asyncio.gather(*(http.fetch(url + path, raise_error=False, request_timeout=60)
                                             for path in wave))
            for path, reply in zip(wave, answers):
                result.files[path] = reply.code
                result.bytes += len(reply.body or b"")
                if reply.code == 200 and path.endswith(".js"):
                    imported = _IMPORT.findall(reply.body.decode("utf-8", "replace"))
                    queue += [found for found in static_paths(url, url + path, imported)
                              if found not in result.files and found not in queue]
        socket = await tornado.websocket.websocket_connect(ws_url(url), max_message_size=2**24)
        try:
            await socket.write_message(json.dumps({"type": "hello", "code": code, "language": "en"}))
            while True:
                text = await socket.read_message()
                if text is None:
                    result.error = "the websocket closed before the first board"
                    break
                message = json.loads(text)
                if message.get("type") == "error":
                    result.error = f"error {message.get('code')}: {message.get('message')}"
                    break
                if message.get("type") == "board":
                    break
        finally:
            socket.close()
    except Exception as error:  # noqa: BLE001 - any failure is this pupil's error
        result.error = f"{type(error).__name__}: {error}"
    result.seconds = time.perf_counter() - start
    return result


def bench_open_page(count: int, db: str | None, workdir: str, seed: int) -> bool:
    """Scenario 1: ``count`` pupils open the page at once. True when the goal is met."""
    print(f"== opening the pupil's page: {count} pupils at once")
    server = ServerProcess(db, workdir)
    server.start()
    try:
        _, names, codes, _ = setup_class(server.url, count + count % 2, seed, "Page")
        codes_in_order = [codes[name] for name in names[:count]]

        async def run() -> list[PageOpen]:
            tornado.httpclient.AsyncHTTPClient.configure(None, max_clients=max(64, 8 * count))
            http = tornado.httpclient.AsyncHTTPClient()
            start = time.perf_counter()
            return list(await asyncio.gather(*(open_page(server.url, code, http, start) for code in codes_in_order)))

        cpu_before = server.cpu_seconds()
        wall = time.perf_counter()
        results = asyncio.run(run())
        wall = time.perf_counter() - wall
        cpu = server.cpu_seconds() - cpu_before
    finally:
        server.stop()
    failed = [result for result in results if result.error]
    page_missing = results[0].page_status != 200
    files = results[0].files
    missing = sorted(path for path, status in files.items() if status != 200)
    # a file the page itself names must be there; without a page, the known files may not exist yet
    broken = [] if page_missing else missing
    times = [result.seconds for result in results if not result.error]
    last = max(result.seconds for result in results)
    print(f"  page GET /: HTTP {results[0].page_status}; static files: "
          + (", ".join(f"{path} {status}" for path, status in files.items()) or "none named"))
    if page_missing:
        print(f"  NOTE: the pupil's page is not written yet (GET / gave HTTP {results[0].page_status}); "
              f"fetched the known files instead, missing: {', '.join(missing) or 'none'}")
    print(f"  bytes per pupil: {results[0].bytes / 1024:.1f} KB")
    if times:
        print(f"  first board: median {statistics.median(times):.2f} s, last {last:.2f} s")
    print(f"  errors: {len(failed)}" + "".join(f"\n    {result.error}" for result in failed[:5]))
    if broken:
        print(f"  files the page names but the server does not serve: {', '.join(broken)}")
    print(f"  server CPU: {cpu:.2f} s over {wall:.2f} s ({100 * cpu / wall:.0f} % of a core)")
    met = last <= GOAL_OPEN_S and not failed and not broken
    note = " (on an incomplete page: no pupil.html yet)" if page_missing else ""
    print(f"goal last of {count} pupils has its first board <= {GOAL_OPEN_S:.0f} s, no error: "
          f"{'MET' if met else 'MISSED'}{note}")
    return met


# ------------------------------------------------------------------------ 2. playing
@dataclass
class Tally:
    """What the whole simulated class saw."""

    round_trips: list[float] = field(default_factory=list)
    sent: dict[int, int] = field(default_factory=dict)
    acknowledged: dict[int, int] = field(default_factory=dict)
    refused: dict[int, int] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    finished: set[int] = field(default_factory=set)
    games_finished: int = 0
    tables_opened: int = 0
    board_bytes: int = 0
    boards: int = 0
    stopping: bool = False


class SimPupil:
    """One pupil's device: a websocket, the last board of each table, at most one move
    in flight. It plays at its newest unfinished table."""

    def __init__(self, name: str, code: str, rng: random.Random, every: float, tally: Tally,
                 on_over: Any) -> None:
        self.name = name
        self.code = code
        self.rng = rng
        self.every = every
        self.tally = tally
        self.on_over = on_over
        self.socket: tornado.websocket.WebSocketClientConnection | None = None
        self.boards: dict[int, dict[str, Any]] = {}
        self.pending: tuple[int, int, float] | None = None      # table, version, sent at
        self.planned: tuple[int, int] | None = None             # table, version a move is planned on
        self.thinking: asyncio.Task[None] | None = None
        self.first_board = asyncio.Event()
        self.reader: asyncio.Task[None] | None = None

    async def connect(self, url: str) -> None:
        self.socket = await tornado.websocket.websocket_connect(ws_url(url), max_message_size=2**24)
        await self.socket.write_message(json.dumps({"type": "hello", "code": self.code, "language": "en"}))
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        while True:
            text = await self.socket.read_message()
            if text is None:
                if not self.tally.stopping:
                    self.tally.errors.append(f"{self.name}: the websocket closed "
                                             f"({self.socket.close_code} {self.socket.close_reason})")
                return
            received = time.perf_counter()
            message = json.loads(text)
            kind = message.get("type")
            if kind == "board":
                self.tally.boards += 1
                self.tally.board_bytes += len(text)
                self._board(message, received)
            elif kind == "error":
                table = message.get("table")
                self.tally.errors.append(f"{self.name}: error {message.get('code')} at table {table}: "
                                         f"{message.get('message')}")
                if self.pending is not None and self.pending[0] == table:
                    self.tally.refused[table] = self.tally.refused.get(table, 0) + 1
                    self.pending = None
                    self.planned = None     # the current board follows: plan again on it
            elif kind == "bye":
                self.tally.errors.append(f"{self.name}: bye: {message.get('message')}")

    def _board(self, board: dict[str, Any], received: float) -> None:
        table = board["table"]
        self.boards[table] = board
        self.first_board.set()
        if self.pending is not None and self.pending[0] == table and board["version"] > self.pending[1]:
            self.tally.round_trips.append(received - self.pending[2])
            self.tally.acknowledged[table] = self.tally.acknowledged.get(table, 0) + 1
            self.pending = None
        if board["over"]:
            self.on_over(table)
        self.consider()

    def current(self) -> int | None:
        """The newest table of this pupil whose game goes on."""
        live = [table for table, board in self.boards.items() if not board["over"]]
        return max(live) if live else None

    def consider(self) -> None:
        """Plan a move if it is this pupil's turn and none is planned or in flight."""
        table = self.current()
        if table is None or self.tally.stopping or self.pending is not None:
            return
        board = self.boards[table]
        if not board["actions"] or self.planned == (table, board["version"]):
            return
        self.planned = (table, board["version"])
        pause = self.every * self.rng.uniform(0.75, 1.25)
        self.thinking = asyncio.get_running_loop().create_task(self._play(table, board["version"], pause))

    async def _play(self, table: int, version: int, pause: float) -> None:
        await asyncio.sleep(pause)
        board = self.boards[table]
        if self.tally.stopping or board["version"] != version or not board["actions"] or board["over"]:
            return
        action = self.rng.choice(board["actions"])["text"]
        assert self.socket is not None
        self.pending = (table, version, time.perf_counter())
        self.tally.sent[table] = self.tally.sent.get(table, 0) + 1
        try:
            await self.socket.write_message(json.dumps({"type": "act", "table": table, "version": version,
                                                        "action": action}))
        except tornado.websocket.WebSocketClosedError:
            self.tally.errors.append(f"{self.name}: could not send a move: the websocket is closed")
            self.pending = None

    def close(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
        if self.socket is not None:
            self.socket.close()


class Watcher:
    """The teacher's websocket: every table's spectator board, newest version seen."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.seen: dict[int, int] = {}
        self.socket: tornado.websocket.WebSocketClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None

    async def connect(self, url: str) -> None:
        self.socket = await tornado.websocket.websocket_connect(ws_url(url), max_message_size=2**24)
        await self.socket.write_message(json.dumps({"type": "hello", "secret": SECRET}))
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        while True:
            text = await self.socket.read_message()
            if text is None:
                if not self.tally.stopping:
                    self.tally.errors.append("teacher: the websocket closed")
                return
            message = json.loads(text)
            if message.get("type") == "board":
                self.seen[message["table"]] = max(self.seen.get(message["table"], 0), message["version"])
            elif message.get("type") == "error":
                self.tally.errors.append(f"teacher: error {message.get('code')}: {message.get('message')}")


async def play(server: ServerProcess, teacher: Teacher, names: list[str], codes: dict[str, str],
               pairs: list[tuple[str, str, int]], seconds: float, every: float, seed: int,
               sampler: Sampler) -> dict[str, Any]:
    tally = Tally()
    rng = random.Random(seed)
    table_pair = {table: (first, second) for first, second, table in pairs}
    games = {(first, second): 0 for first, second, _ in pairs}
    reopening: list[asyncio.Task[None]] = []

    async def reopen(first: str, second: str) -> None:
        games[(first, second)] += 1
        number = games[(first, second)]
        try:
            table = await asyncio.to_thread(teacher.open_table, GAME, [first, second],
                                            seed=seed * 100_000 + names.index(first) // 2 * 100 + number)
            table_pair[table] = (first, second)
            tally.tables_opened += 1
        except Exception as error:  # noqa: BLE001 - the run reports it
            tally.errors.append(f"teacher: could not open a fresh table for {first} and {second}: {error}")

    def on_over(table: int) -> None:
        if table in tally.finished or table not in table_pair:
            return
        tally.finished.add(table)
        tally.games_finished += 1
        if not tally.stopping:
            reopening.append(asyncio.get_running_loop().create_task(reopen(*table_pair[table])))

    pupils = [SimPupil(name, codes[name], random.Random(rng.randrange(2**32)), every, tally, on_over)
              for name in names]
    watcher = Watcher(tally)
    sampler.start()
    connect_start = time.perf_counter()
    await watcher.connect(server.url)
    outcomes = await asyncio.gather(*(pupil.connect(server.url) for pupil in pupils), return_exceptions=True)
    for pupil, outcome in zip(pupils, outcomes):
        if isinstance(outcome, BaseException):
            tally.errors.append(f"{pupil.name}: could not connect: {outcome}")
    try:
        await asyncio.wait_for(asyncio.gather(*(pupil.first_board.wait() for pupil in pupils
                                                if pupil.socket is not None)), 60)
    except asyncio.TimeoutError:
        tally.errors.append("some pupils had no board 60 s after logging in")
    logged_in = time.perf_counter() - connect_start

    cpu_before = server.cpu_seconds()
    wait_before = server.cpu_wait_seconds()
    rss_before = server.rss_mb()
    own_before = time.process_time()
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    tally.stopping = True
    for pupil in pupils:
        if pupil.thinking is not None and pupil.pending is None:
            pupil.thinking.cancel()
    # the moves in flight are answered (or lost)
    deadline = time.perf_counter() + ANSWER_GRACE
    while any(pupil.pending is not None for pupil in pupils) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    wall = time.perf_counter() - start
    cpu = server.cpu_seconds() - cpu_before
    wait_after = server.cpu_wait_seconds()
    cpu_wait = None if wait_before is None or wait_after is None else wait_after - wait_before
    own = time.process_time() - own_before
    unanswered = [pupil for pupil in pupils if pupil.pending is not None]
    for pupil in unanswered:
        tally.errors.append(f"{pupil.name}: the move at table {pupil.pending[0]} got no answer "  # type: ignore[index]
                            f"in {ANSWER_GRACE:.0f} s")
    if reopening:
        await asyncio.gather(*reopening, return_exceptions=True)

    held = {line["id"]: line["plies"] for line in await asyncio.to_thread(teacher.tables)}
    ours = sorted(table_pair)
    mismatched = [(table, held.get(table), tally.acknowledged.get(table, 0)) for table in ours
                  if held.get(table) != tally.acknowledged.get(table, 0)]
    # the teacher's view catches up with the last moves
    deadline = time.perf_counter() + 5
    while any(watcher.seen.get(table, 0) != held.get(table) for table in ours) and time.perf_counter() < deadline:
        await asyncio.sleep(0.05)
    behind = [table for table in ours if watcher.seen.get(table, 0) != held.get(table)]

    sampler.stop()
    for pupil in pupils:
        pupil.close()
    if watcher.socket is not None:
        watcher.socket.close()
    await asyncio.sleep(0.2)
    return {"tally": tally, "wall": wall, "cpu": cpu, "cpu_wait": cpu_wait, "own": own, "rss_before": rss_before,
            "logged_in": logged_in, "mismatched": mismatched, "behind": behind,
            "unanswered": len(unanswered), "tables": len(ours)}


def bench_pupils(count: int, minutes: float, every: float, db: str | None, workdir: str, seed: int) -> bool:
    """Scenario 2: ``count`` pupils playing for ``minutes``. True unless a goal is missed."""
    if count < 2 or count % 2:
        raise SystemExit(f"--pupils must be an even number of at least 2, not {count}")
    print(f"== {count} pupils at {count // 2} {GAME} tables for {minutes:g} min, a move every ~{every:g} s "
          f"(load average {load_average()})")
    server = ServerProcess(db, workdir)
    server.start()
    try:
        teacher, names, codes, pairs = setup_class(server.url, count, seed, f"Play{count}")
        sampler = Sampler(server)
        result = asyncio.run(play(server, teacher, names, codes, pairs, minutes * 60, every, seed, sampler))
        peak = server.peak_rss_mb() or sampler.peak_rss
        peak = max(peak, sampler.peak_rss)
        rss_after = server.rss_mb()
    finally:
        server.stop()
    tally: Tally = result["tally"]
    trips = [seconds * 1000 for seconds in tally.round_trips]
    played = len(trips)
    lost = len(result["mismatched"]) + result["unanswered"]
    print(f"  pupils: {count}, tables: {result['tables']} ({len(pairs)} at the start, "
          f"{tally.tables_opened} opened after a finished game), all logged in with a board in "
          f"{result['logged_in']:.2f} s")
    print(f"  duration: {result['wall']:.1f} s, actions played: {played} ({played / result['wall']:.1f}/s), "
          f"games finished: {tally.games_finished}")
    if trips:
        print(f"  round trip act -> new board: median {statistics.median(trips):.1f} ms, "
              f"p95 {percentile(trips, 0.95):.1f} ms, p99 {percentile(trips, 0.99):.1f} ms, "
              f"max {max(trips):.1f} ms")
    print(f"  boards received by pupils: {tally.boards}, {tally.board_bytes / max(1, tally.boards) / 1024:.1f} KB "
          f"each on average")
    print(f"  errors: {len(tally.errors)}" + "".join(f"\n    {line}" for line in tally.errors[:10])
          + (f"\n    ... and {len(tally.errors) - 10} more" if len(tally.errors) > 10 else ""))
    print(f"  lost or doubled moves: {lost} (tables whose plies differ from the acknowledged acts: "
          f"{len(result['mismatched'])}; moves never answered: {result['unanswered']})"
          + "".join(f"\n    table {table}: server holds {held} plies, {acked} acknowledged"
                    for table, held, acked in result["mismatched"][:10]))
    if result["behind"]:
        print(f"  the teacher's websocket is behind at tables {result['behind'][:10]}")
    print(f"  server CPU: {result['cpu']:.1f} s over {result['wall']:.1f} s = "
          f"{100 * result['cpu'] / result['wall']:.0f} % of a core; RSS {result['rss_before']:.0f} MB before, "
          f"{rss_after:.0f} MB after, peak {peak:.0f} MB")
    if played:
        print(f"  server CPU per action played: {1000 * result['cpu'] / played:.1f} ms (all its work: the "
              f"boards of both seats and the teacher's, the write, the sockets)")
    if result["cpu_wait"] is not None:
        print(f"  server runnable but waiting for a CPU (other processes, this bench included): {result['cpu_wait']:.1f} s "
              f"= {100 * result['cpu_wait'] / result['wall']:.0f} % of the run")
    print(f"  this bench process: CPU {100 * result['own'] / result['wall']:.0f} % of a core, worst event-loop "
          f"stall {sampler.worst_stall * 1000:.0f} ms; load average at the end {load_average()}")
    if count != 30:
        print(f"(no goal at {count} pupils: figures only)")
        return True
    p99 = percentile(trips, 0.99) if trips else float("inf")
    met = p99 <= GOAL_P99_MS and not tally.errors and lost == 0 and not result["behind"]
    print(f"goal p99 <= {GOAL_P99_MS:.0f} ms at 30 pupils, no error, nothing lost: {'MET' if met else 'MISSED'}")
    return met


# ------------------------------------------------------------- 3. starting a round
#: the rounds of each class in the round-start scenario: the first one for a waiting
#: class, then two later rounds forced while the earlier games are still playing
ROUND_PLAN = ("random", "round_robin", "swiss")
#: a round whose boards have not all arrived this long after the teacher's request failed
ROUND_TIMEOUT = 30.0


class WaitingPupil:
    """A pupil's device for the round start: logged in, noting when the first board of
    each table arrived (read off the socket before it is parsed), at most one move in
    flight for the anchor."""

    def __init__(self, name: str, code: str, arrived: asyncio.Event, errors: list[str]) -> None:
        self.name = name
        self.code = code
        self.arrived = arrived
        self.errors = errors
        self.socket: tornado.websocket.WebSocketClientConnection | None = None
        self.reader: asyncio.Task[None] | None = None
        self.logged_in = asyncio.Event()            # the first ``tables`` message
        self.boards: dict[int, dict[str, Any]] = {}
        self.first_seen: dict[int, float] = {}      # table -> perf_counter of its first board
        self.board_count = 0
        self.board_bytes = 0
        self.pending: tuple[int, int, float, asyncio.Future[float]] | None = None   # table, version, sent at
        self.closing = False

    async def connect(self, url: str) -> None:
        self.socket = await tornado.websocket.websocket_connect(ws_url(url), max_message_size=2**24)
        await self.socket.write_message(json.dumps({"type": "hello", "code": self.code, "language": "en"}))
        self.reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        while True:
            text = await self.socket.read_message()
            received = time.perf_counter()
            if text is None:
                if not self.closing:
                    self.errors.append(f"{self.name}: the websocket closed ({self.socket.close_code} "
                                       f"{self.socket.close_reason})")
                return
            message = json.loads(text)
            kind = message.get("type")
            if kind == "board":
                table = message["table"]
                self.board_count += 1
                self.board_bytes += len(text)
                self.boards[table] = message
                if table not in self.first_seen:
                    self.first_seen[table] = received
                    self.arrived.set()
                if self.pending is not None and self.pending[0] == table and message["version"] > self.pending[1]:
                    if not self.pending[3].done():
                        self.pending[3].set_result(received - self.pending[2])
                    self.pending = None
            elif kind == "tables":
                self.logged_in.set()
            elif kind == "error":
                self.errors.append(f"{self.name}: error {message.get('code')} at table {message.get('table')}: "
                                   f"{message.get('message')}")
                if self.pending is not None and self.pending[0] == message.get("table"):
                    if not self.pending[3].done():
                        self.pending[3].set_exception(RuntimeError(message.get("message")))
                    self.pending = None
            elif kind == "bye":
                self.errors.append(f"{self.name}: bye: {message.get('message')}")

    async def move(self, table: int, rng: random.Random) -> float | None:
        """One random legal action at ``table`` if it is this pupil's turn: the seconds from
        sending ``act`` to the table's newer board on this socket (``None``: not its turn)."""
        board = self.boards.get(table)
        if board is None or board["over"] or not board["actions"]:
            return None
        assert self.socket is not None
        answer: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        action = rng.choice(board["actions"])["text"]
        self.pending = (table, board["version"], time.perf_counter(), answer)
        await self.socket.write_message(json.dumps({"type": "act", "table": table, "version": board["version"],
                                                    "action": action}))
        try:
            return await asyncio.wait_for(answer, ROUND_TIMEOUT)
        except (asyncio.TimeoutError, RuntimeError) as error:
            self.errors.append(f"{self.name}: the move at table {table} got no new board: {error or 'timeout'}")
            self.pending = None
            return None

    def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            self.socket.close()


@dataclass
class RoundStart:
    """One round started by the teacher, as the class's devices saw it."""

    label: str
    system: str
    tables: int = 0
    seated: int = 0
    boards: int = 0                 # pupils who got their new table's board
    answered: float = 0.0           # seconds until the POST's answer
    first: float = 0.0              # seconds until the first pupil's board of its new table
    last: float = 0.0               # ... until the last pupil's
    server_cpu: float = 0.0
    server_wait: float | None = None    # the server runnable but waiting for a CPU (Linux)
    boards_sent: int = 0            # boards the seated pupils received for the round (old tables too)
    bytes_sent: int = 0
    table_ids: list[int] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)   # the anchor's round trips after this round


async def timed_round(http: tornado.httpclient.AsyncHTTPClient, server: ServerProcess, pupils: list[WaitingPupil],
                      arrived: asyncio.Event, label: str, body: dict[str, Any], errors: list[str]) -> RoundStart:
    """The teacher's ``POST /api/rounds`` and the clock until every seated pupil has the
    board of its new table."""
    result = RoundStart(label, body["system"])
    by_name = {pupil.name: pupil for pupil in pupils}
    counts = {pupil.name: (pupil.board_count, pupil.board_bytes) for pupil in pupils}
    cpu_before = server.cpu_seconds()
    wait_before = server.cpu_wait_seconds()
    arrived.clear()
    start = time.perf_counter()
    answer = await http.fetch(server.url + "/api/rounds", method="POST", body=json.dumps(body), raise_error=False,
                              request_timeout=ROUND_TIMEOUT,
                              headers={"Authorization": f"Bearer {SECRET}", "Content-Type": "application/json"})
    result.answered = time.perf_counter() - start
    if answer.code != 200:
        errors.append(f"{label}: POST /api/rounds gave HTTP {answer.code}: {(answer.body or b'')[:300]!r}")
        return result
    described = json.loads(answer.body)
    seated = {name: line["id"] for line in described["tables"] for name in line["seats"]}
    result.tables, result.seated = len(described["tables"]), len(seated)
    result.table_ids = [line["id"] for line in described["tables"]]
    deadline = start + ROUND_TIMEOUT
    while any(table not in by_name[name].first_seen for name, table in seated.items()):
        left = deadline - time.perf_counter()
        if left <= 0:
            break
        try:
            await asyncio.wait_for(arrived.wait(), left)
        except asyncio.TimeoutError:
            break
        arrived.clear()
    times = [by_name[name].first_seen[table] - start for name, table in seated.items()
             if table in by_name[name].first_seen]
    result.boards = len(times)
    if result.boards < result.seated:
        errors.append(f"{label}: {result.seated - result.boards} of {result.seated} pupils had no board of their "
                      f"new table {ROUND_TIMEOUT:.0f} s after the request")
    if times:
        result.first, result.last = min(times), max(times)
    # the boards pushed right after are counted too: until none has come for 0.2 s (at most 5 s)
    quiet_until = time.perf_counter() + 5
    total = -1
    while time.perf_counter() < quiet_until and total != sum(pupil.board_count for pupil in pupils):
        total = sum(pupil.board_count for pupil in pupils)
        await asyncio.sleep(0.2)
    result.server_cpu = server.cpu_seconds() - cpu_before
    wait_after = server.cpu_wait_seconds()
    if wait_before is not None and wait_after is not None:
        result.server_wait = wait_after - wait_before
    result.boards_sent = sum(by_name[name].board_count - counts[name][0] for name in seated)
    result.bytes_sent = sum(by_name[name].board_bytes - counts[name][1] for name in seated)
    return result


async def anchor_moves(pupils: list[WaitingPupil], tables: list[int], rng: random.Random) -> list[float]:
    """The anchor: at each table in turn, one move of the pupil to move, alone on the
    server, from ``act`` to the newer board on its socket."""
    trips = []
    for table in tables:
        for pupil in pupils:
            if table in pupil.boards:
                trip = await pupil.move(table, rng)
                if trip is not None:
                    trips.append(trip)
                    break
    return trips


async def round_starts(server: ServerProcess, count: int, classes: int, seed: int,
                       sampler: Sampler) -> tuple[list[RoundStart], list[str], float]:
    errors: list[str] = []
    tally = Tally()
    watcher = Watcher(tally)        # the teacher's page is open: it gets every table too
    teacher = Teacher(server.url, SECRET, timeout=60)
    http = tornado.httpclient.AsyncHTTPClient()
    rng = random.Random(seed)
    results: list[RoundStart] = []
    sampler.start()
    await watcher.connect(server.url)
    own_before = time.process_time()
    wall = time.perf_counter()
    for number in range(1, classes + 1):
        names = [f"Round{number} pupil {index:03d}" for index in range(1, count + 1)]
        codes = await asyncio.to_thread(teacher.create_class, names, f"Round start {number}")
        arrived = asyncio.Event()
        pupils = [WaitingPupil(name, codes[name], arrived, errors) for name in names]
        outcomes = await asyncio.gather(*(pupil.connect(server.url) for pupil in pupils), return_exceptions=True)
        for pupil, outcome in zip(pupils, outcomes):
            if isinstance(outcome, BaseException):
                errors.append(f"{pupil.name}: could not connect: {outcome}")
        try:
            await asyncio.wait_for(asyncio.gather(*(pupil.logged_in.wait() for pupil in pupils
                                                    if pupil.socket is not None)), 60)
        except asyncio.TimeoutError:
            errors.append(f"class {number}: some pupils were not logged in 60 s after connecting")
        await asyncio.sleep(0.3)        # the class sits waiting: nothing in flight
        class_id = max(entry["id"] for entry in await asyncio.to_thread(teacher.classes))
        for index, system in enumerate(ROUND_PLAN):
            body = {"game": GAME, "system": system, "options": {}, "class": class_id, "force": index > 0,
                    "seed": seed * 1_000_000 + number * 100 + index}
            label = f"class {number} round {index + 1} {system}" + (" (forced)" if index else "")
            result = await timed_round(http, server, pupils, arrived, label, body, errors)
            result.moves = await anchor_moves(pupils, result.table_ids, rng)
            results.append(result)
        for pupil in pupils:
            pupil.close()
        await asyncio.sleep(0.2)
    own = (time.process_time() - own_before) / (time.perf_counter() - wall)
    tally.stopping = True
    errors += tally.errors
    sampler.stop()
    if watcher.socket is not None:
        watcher.socket.close()
    await asyncio.sleep(0.1)
    return results, errors, own


def bench_round_start(count: int, classes: int, db: str | None, workdir: str, seed: int) -> bool:
    """Scenario 3: the teacher starts a round for ``count`` waiting pupils. True when every
    pupil had the board of its new table and nothing failed (no time goal: figures)."""
    if count < 2:
        raise SystemExit(f"--start-round needs at least 2 pupils, not {count}")
    plan = ", ".join(system + (" (forced)" if index else "") for index, system in enumerate(ROUND_PLAN))
    print(f"== starting a round: {count} pupils logged in over websockets and waiting, the teacher's page open; "
          f"POST /api/rounds {{\"game\": \"{GAME}\", \"system\": ...}} until every pupil has the board of its new "
          f"table; {classes} classes, rounds {plan} (load average {load_average()})")
    server = ServerProcess(db, workdir)
    server.start()
    try:
        sampler = Sampler(server)
        results, errors, own = asyncio.run(round_starts(server, count, classes, seed, sampler))
    finally:
        server.stop()
    for result in results:
        print(f"  {result.label}: {result.tables} tables, {result.boards}/{result.seated} pupils' boards; "
              f"first {result.first * 1000:.1f} ms, last {result.last * 1000:.1f} ms (spread "
              f"{(result.last - result.first) * 1000:.1f} ms); POST answered in {result.answered * 1000:.1f} ms; "
              f"server CPU {result.server_cpu * 1000:.0f} ms"
              + ("" if result.server_wait is None else f", waiting for a CPU {result.server_wait * 1000:.0f} ms")
              + f"; {result.boards_sent} boards to these pupils "
              f"({result.bytes_sent / 2**20:.2f} MB)")
    moves = [trip * 1000 for result in results for trip in result.moves]
    anchor = statistics.median(moves) if moves else float("nan")
    print(f"  anchor (same run, same server): one pupil's move alone, act -> new board on its socket: median "
          f"{anchor:.1f} ms, p95 {percentile(moves, 0.95):.1f} ms ({len(moves)} moves, one per new table)")
    for index, system in enumerate(ROUND_PLAN):
        done = [result for result in results if result.system == system and result.boards]
        if not done:
            continue
        last = [result.last * 1000 for result in done]
        first = [result.first * 1000 for result in done]
        spread = [(result.last - result.first) * 1000 for result in done]
        what = "a waiting class" if index == 0 else "forced, the earlier games still playing"
        print(f"  round {index + 1} {system} ({what}), {len(done)} rounds: every pupil's board in median "
              f"{statistics.median(last):.1f} ms, worst {max(last):.1f} ms = {statistics.median(last) / anchor:.1f}x "
              f"and {max(last) / anchor:.1f}x the anchor; first board median {statistics.median(first):.1f} ms, "
              f"spread first -> last median {statistics.median(spread):.1f} ms, worst {max(spread):.1f} ms")
    print(f"  errors: {len(errors)}" + "".join(f"\n    {line}" for line in errors[:10])
          + (f"\n    ... and {len(errors) - 10} more" if len(errors) > 10 else ""))
    print(f"  this bench process: CPU {100 * own:.0f} % of a core, worst event-loop stall "
          f"{sampler.worst_stall * 1000:.0f} ms (its {count} sockets read and parse every board); load average "
          f"at the end {load_average()}")
    complete = bool(results) and all(result.seated and result.boards == result.seated for result in results)
    met = complete and not errors
    print(f"every pupil had the board of its new table in every round, no error: {'YES' if met else 'NO'} "
          f"(no time goal: figures only)")
    return met


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pupils", type=int, nargs="+", default=None,
                        help="play with this many pupils (several numbers: one run each)")
    parser.add_argument("--minutes", type=float, default=None, help="how long each playing run lasts (default 5)")
    parser.add_argument("--every", type=float, default=2.0, help="seconds a pupil thinks before a move (+-25 %%)")
    parser.add_argument("--open-page", type=int, default=None, metavar="N", help="N pupils open the page at once")
    parser.add_argument("--start-round", type=int, default=None, metavar="N",
                        help="N waiting pupils: the teacher starts a round, timed until every pupil has its board")
    parser.add_argument("--round-classes", type=int, default=5, metavar="K",
                        help="--start-round: K classes, each with rounds random, round_robin, swiss (default 5)")
    parser.add_argument("--quick", action="store_true",
                        help="page at 30, a round start at 30, then 30 and 120 pupils for 30 s each")
    parser.add_argument("--db", default=None,
                        help="a database URL for the server (postgresql+psycopg://...); default: a temporary "
                             "SQLite file per run")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and of the pupils' choices")
    args = parser.parse_args(argv)

    if args.pupils is None and args.open_page is None and args.start_round is None:
        args.open_page = 30
        args.start_round = 30
        args.pupils = [30, 120]
    if args.round_classes < 1:
        raise SystemExit(f"--round-classes must be at least 1, not {args.round_classes}")
    minutes = args.minutes if args.minutes is not None else (0.5 if args.quick else 5.0)
    print(f"drezlab class server load benchmark: {os.cpu_count()} CPUs, load average {load_average()}, "
          f"psutil {'yes' if psutil is not None else 'no (/proc)'}, database {args.db or 'temporary SQLite'}")
    met = True
    with tempfile.TemporaryDirectory(prefix="bench-classroom-") as workdir:
        if args.open_page:
            met &= bench_open_page(args.open_page, args.db, workdir, args.seed)
            print()
        if args.start_round:
            met &= bench_round_start(args.start_round, args.round_classes, args.db, workdir, args.seed)
            print()
        for count in args.pupils or []:
            met &= bench_pupils(count, minutes, args.every, args.db, workdir, args.seed)
            print()
    print(f"load average at the end: {load_average()}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
