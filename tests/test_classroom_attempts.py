"""Practice attempts in the class database (issue 23): a pupil's attempt travels over the
websocket and is stored under the login (never under a name the message gives); a hostile
or malformed attempt is refused in words and stores nothing; a JSON-lines folder imported
twice adds its attempts once, pupils not in the class named and left out; the report from
the class database matches the report from the folder, and a folder merged with the class
counts an attempt found in both once; a pupil cannot read the attempts (the teacher's API
answers 403); the practice widget with ``classroom=`` sends to the class, and keeps an
attempt in the local folder when the class cannot take it; the store's part also on
PostgreSQL.

The server runs in a thread of its own (tests/classroom_inprocess.py's ``running``), so the
blocking clients -- :class:`Teacher`, :class:`Pupil`, the practice widget -- are driven
from the test's thread as in a notebook.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from classroom_inprocess import SECRET, Raw, running

import drezlab
from drezlab.classroom import ClassroomError, Teacher, connect, schema
from drezlab.classroom.server import ClassServer
from drezlab.classroom.store import (
    MIGRATIONS,
    AttemptRefused,
    Store,
    StoreError,
    make_engine,
)
from drezlab.practice import (
    MET,
    MISSED,
    UNFINISHED,
    practice_set,
    practise,
    read,
    record,
    report,
)
from drezlab.practice.widget import PracticeWidget


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    drezlab.set_language("en")
    yield
    drezlab.set_language("en")


class Served:
    """The in-process class server on a loop in its own thread."""

    def __init__(self, server: ClassServer, loop: asyncio.AbstractEventLoop) -> None:
        self.server = server
        self.loop = loop
        self.url = f"http://127.0.0.1:{server.port}"  # type: ignore[attr-defined]

    def on_loop(self, coroutine: Any, timeout: float = 20) -> Any:
        """Run ``coroutine`` on the server's loop (raw websockets live there)."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stored(self, class_id: int | None = None) -> list[dict[str, Any]]:
        """The attempts as the database holds them (read on the server's loop: its one writer)."""
        async def rows() -> list[dict[str, Any]]:
            return [row.entry() for row in self.server.store.attempts(class_id)]
        return list(self.on_loop(rows()))


@contextlib.contextmanager
def served(folder: Path, db: str | None = None) -> Iterator[Served]:
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    holder: dict[str, Any] = {}

    async def main() -> None:
        holder["stop"] = asyncio.Event()
        try:
            async with running(folder, db) as server:
                holder["served"] = Served(server, loop)
                ready.set()
                await holder["stop"].wait()
        except BaseException as error:  # noqa: BLE001 - handed to the test
            holder["error"] = error
            ready.set()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), name="drezlab-test-server",
                              daemon=True)
    thread.start()
    assert ready.wait(30), "the class server did not start"
    if "error" in holder:
        raise holder["error"]
    try:
        yield holder["served"]
    finally:
        loop.call_soon_threadsafe(holder["stop"].set)
        thread.join(30)
        loop.close()


def entry(exercise: str = "lesson-01/card-mate", moves: Any = ("R3:a1a8",), result: Any = MET,
          seconds: Any = 4.2, timestamp: Any = "2026-11-28T09:15:00+00:00", **more: Any) -> dict[str, Any]:
    return {"exercise": exercise, "moves": list(moves) if isinstance(moves, tuple) else moves, "result": result,
            "seconds": seconds, "timestamp": timestamp, **more}


async def logged_in(served: Served, code: str, language: str = "en") -> Raw:
    raw = await Raw.open(served.server)
    await raw.login(code, language)
    return raw


async def answer(raw: Raw, message: Any) -> dict[str, Any]:
    since = len(raw.messages)
    await raw.send(message)
    return await raw.wait_for(lambda m: m["type"] in ("attempt-saved", "error"), since)


# ---------------------------------------------------------------------- the store
def store_scenario(url: str) -> None:
    store = Store(url)
    try:
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), schema.metadata) == []
            assert "attempts" in sa.inspect(connection).get_table_names()
        first, pupils = store.create_class("5A", ["Ana", "Luis"])
        second, others = store.create_class("5B", ["Ana", "Zoe"])
        ana, luis = pupils
        row, added = store.add_attempt(ana.id, **entry())
        assert added and (row.pupil, row.class_id, row.moves, row.seconds) == ("Ana", first, ["R3:a1a8"], 4.2)
        again, added = store.add_attempt(ana.id, **entry(seconds=4.24))   # the same attempt, to the tenth
        assert not added and again.id == row.id
        assert store.add_attempt(luis.id, **entry())[1], "the same moves by another pupil are another attempt"
        with pytest.raises(AttemptRefused, match="met, missed or unfinished"):
            store.add_attempt(ana.id, **entry(result="won"))
        with pytest.raises(StoreError, match="no pupil"):
            store.add_attempt(10_000, **entry())
        # a folder: one line already stored, a name in another case, a stranger, a bad line
        lines = [{"pupil": "Ana", **entry()},
                 {"pupil": " luis ", **entry(result=MISSED, timestamp="2026-11-28T09:20:00+00:00")},
                 {"pupil": "Ana", **entry(exercise="lesson-03/escape", result=UNFINISHED, seconds=1)},
                 {"pupil": "Omar", **entry()}, {"pupil": "Zoe", **entry()},
                 {"pupil": "Ana", **entry(seconds="soon")}, "not an attempt", {"exercise": "x"}]
        assert store.import_attempts(lines, first) == {"added": 2, "already": 1, "unknown": ["Omar", "Zoe"],
                                                       "refused": 3}
        assert store.import_attempts(lines, first) == {"added": 0, "already": 3, "unknown": ["Omar", "Zoe"],
                                                       "refused": 3}
        stored = store.attempts(first)
        assert [(row.pupil, row.exercise, row.result) for row in stored] == [
            ("Ana", "lesson-01/card-mate", MET), ("Luis", "lesson-01/card-mate", MET),
            ("Luis", "lesson-01/card-mate", MISSED), ("Ana", "lesson-03/escape", UNFINISHED)]
        assert store.attempts(second) == [] and len(store.attempts()) == 4
        assert store.import_attempts(lines, second)["added"] == 3       # Ana (twice) and Zoe of 5B
        assert {row.pupil_id for row in store.attempts(second)} == {others[0].id, others[1].id}
        with pytest.raises(StoreError, match="no class"):
            store.import_attempts(lines, 10_000)
    finally:
        store.close()


def test_the_store_keeps_each_attempt_once_and_imports_twice_add_once_on_sqlite(tmp_path: Path) -> None:
    store_scenario(f"sqlite:///{tmp_path / 'class.db'}")


def test_the_store_keeps_each_attempt_once_and_imports_twice_add_once_on_postgresql(fresh_postgres_url: str) -> None:
    store_scenario(fresh_postgres_url)


def test_a_database_of_the_rounds_schema_is_upgraded_with_its_pupils_kept(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        assert "attempts" not in sa.inspect(connection).get_table_names()
        connection.execute(sa.text("insert into classes (name, created) values ('5B', 0)"))
        connection.execute(sa.text("insert into pupils (class_id, name, code, created) values (1, 'Ana', 'K7PQ3MXD', 0)"))
    engine.dispose()
    store = Store(url)
    try:
        [ana] = store.pupils()
        assert (ana.name, ana.code) == ("Ana", "K7PQ3MXD")
        assert store.add_attempt(ana.id, **entry())[1] and [row.pupil for row in store.attempts(1)] == ["Ana"]
        with store.engine.connect() as connection:
            assert connection.execute(sa.text("select version_num from alembic_version")).scalar() == "0003"
    finally:
        store.close()


# ------------------------------------------------------------------ the websocket
def test_an_attempt_is_stored_for_the_logged_in_pupil_not_for_the_name_it_gives(tmp_path: Path) -> None:
    with served(tmp_path) as class_server:
        teacher = Teacher(class_server.url, SECRET)
        codes = teacher.create_class(["Ana", "Luis"], name="5B")

        async def scenario() -> None:
            ana = await logged_in(class_server, codes["Ana"])
            saved = await answer(ana, {"type": "attempt", "attempt": entry(pupil="Luis")})
            assert saved["type"] == "attempt-saved" and saved["new"] is True
            assert (saved["exercise"], saved["timestamp"]) == ("lesson-01/card-mate", "2026-11-28T09:15:00+00:00")
            again = await answer(ana, {"type": "attempt", "attempt": entry()})   # a retry
            assert again["type"] == "attempt-saved" and again["new"] is False and again["id"] == saved["id"]
            stamped = await answer(ana, {"type": "attempt", "attempt": entry(result=MISSED, timestamp=None)})
            assert stamped["type"] == "attempt-saved" and stamped["timestamp"].startswith("20")
            await ana.close()
        class_server.on_loop(scenario())
        stored = teacher.attempts()
        assert [(line["pupil"], line["result"]) for line in stored] == [("Ana", MET), ("Ana", MISSED)]
        assert stored == class_server.stored()
        assert teacher.attempts(class_id=1) == stored

        # the Python client of a pupil: the same, with the answer waited for
        luis = connect(class_server.url, codes["Luis"])
        try:
            kept = luis.record_attempt({"pupil": "Ana", **entry(seconds=7.04)})
            assert kept["pupil"] == "Luis" and kept["seconds"] == 7.0
            with pytest.raises(ClassroomError, match="met, missed or unfinished") as refused:
                luis.record_attempt(entry(result="won"))
            assert refused.value.code == "bad-attempt"
        finally:
            luis.close()
        with pytest.raises(ClassroomError, match="logged out"):
            luis.record_attempt(entry())
        assert [line["pupil"] for line in teacher.attempts()] == ["Ana", "Ana", "Luis"]


HOSTILE: list[Any] = [
    {"type": "attempt"},
    {"type": "attempt", "attempt": "met"},
    {"type": "attempt", "attempt": [entry()]},
    {"type": "attempt", "attempt": entry(result="won")},
    {"type": "attempt", "attempt": entry(result=None)},
    {"type": "attempt", "attempt": entry(exercise="")},
    {"type": "attempt", "attempt": entry(exercise=7)},
    {"type": "attempt", "attempt": entry(exercise="x" * 201)},
    {"type": "attempt", "attempt": entry(exercise="lesson-01\n<script>")},
    {"type": "attempt", "attempt": entry(moves="a1a8")},
    {"type": "attempt", "attempt": entry(moves=[1, 2])},
    {"type": "attempt", "attempt": entry(moves=[["a1a8"]])},
    {"type": "attempt", "attempt": entry(moves=["m" * 201])},
    {"type": "attempt", "attempt": entry(seconds=-1)},
    {"type": "attempt", "attempt": entry(seconds=True)},
    {"type": "attempt", "attempt": entry(seconds="4")},
    {"type": "attempt", "attempt": entry(seconds=1e300)},
    '{"type": "attempt", "attempt": {"exercise": "e", "moves": [], "result": "met", "seconds": NaN}}',
    {"type": "attempt", "attempt": entry(timestamp="yesterday")},
    {"type": "attempt", "attempt": entry(timestamp=12)},
    {"type": "attempt", "attempt": entry(timestamp="2026-11-28T09:15:00+00:00" + " " * 30)},
    {"type": "attempt", "attempt": entry(moves=["a1a8"] * 600)},                 # over the 4 KB limit
]


def test_a_hostile_or_malformed_attempt_is_refused_in_words_and_changes_nothing(tmp_path: Path) -> None:
    with served(tmp_path) as class_server:
        teacher = Teacher(class_server.url, SECRET)
        codes = teacher.create_class(["Ana", "Luis"], name="5B")

        async def scenario() -> None:
            stranger = await Raw.open(class_server.server)
            refused = await answer(stranger, {"type": "attempt", "attempt": entry()})
            assert refused["code"] == "login-first"
            watcher = await Raw.open(class_server.server)
            await watcher.send({"type": "hello", "secret": SECRET})
            await watcher.wait_for(lambda m: m["type"] == "tables")
            refused = await answer(watcher, {"type": "attempt", "attempt": entry()})
            assert refused["code"] == "watcher" and "pupil's practice" in refused["message"]
            ana = await logged_in(class_server, codes["Ana"])
            for number, message in enumerate(HOSTILE, 1):
                reply = await answer(ana, message)
                assert reply["type"] == "error", (message, reply)
                assert reply["code"] == ("too-long" if number == len(HOSTILE) else "bad-attempt"), (message, reply)
            luis = await logged_in(class_server, codes["Luis"], language="es")
            reply = await answer(luis, {"type": "attempt", "attempt": entry(result="won")})
            assert reply["message"] == "El resultado de un intento es met, missed o unfinished"
            reply = await answer(luis, {"type": "attempt", "attempt": entry(timestamp="ayer")})
            assert reply["message"].startswith("La hora de un intento")
            # after all that the socket still works
            saved = await answer(ana, {"type": "attempt", "attempt": entry()})
            assert saved["type"] == "attempt-saved"
            for raw in (stranger, watcher, ana, luis):
                await raw.close()
        class_server.on_loop(scenario())
        assert [(line["pupil"], line["exercise"]) for line in class_server.stored()] == [
            ("Ana", "lesson-01/card-mate")]


# ------------------------------------------------------------------ the teacher's API
def test_a_pupil_cannot_read_or_import_attempts(tmp_path: Path) -> None:
    with served(tmp_path) as class_server:
        teacher = Teacher(class_server.url, SECRET)
        codes = teacher.create_class(["Ana"], name="5B")
        folder = tmp_path / "attempts"
        record(folder, "Ana", "lesson-01/card-mate", ["R3:a1a8"], MET, 3)
        for path, body in (("/api/attempts", None), ("/api/attempts?class=1", None),
                           ("/api/attempts/import", json.dumps({"attempts": read(folder)}).encode())):
            request = urllib.request.Request(class_server.url + path, data=body,
                                             method="GET" if body is None else "POST")
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=10)
            assert refused.value.code == 403
            assert json.loads(refused.value.read())["error"] == "teacher-only"
        assert teacher.attempts() == []      # (the teacher's own call also clears the count of wrong secrets)
        pupil_as_teacher = Teacher(class_server.url, codes["Ana"])    # a pupil's code is not the secret
        with pytest.raises(ClassroomError, match="teacher's secret") as refused_read:
            pupil_as_teacher.attempts()
        assert refused_read.value.code == "teacher-only"
        with pytest.raises(ClassroomError, match="teacher's secret"):
            pupil_as_teacher.import_attempts(folder)
        assert teacher.attempts() == [] and class_server.stored() == []
        with pytest.raises(ClassroomError, match="There is no class 9"):
            teacher.attempts(class_id=9)
        with pytest.raises(ClassroomError, match="JSON object"):
            teacher._call("POST", "/api/attempts/import", {"attempts": "all of them"})


def test_a_folder_imported_twice_adds_once_and_the_reports_agree(tmp_path: Path) -> None:
    folder = tmp_path / "attempts"
    record(folder, "Ana", "lesson-01/card-mate", ["R3:a1a2"], MISSED, 3, "2026-11-20T10:00:00+00:00")
    record(folder, "Ana", "lesson-01/card-mate", ["R3:a1a8"], MET, 5.55, "2026-11-20T10:01:00+00:00")
    record(folder, "Ana", "lesson-03/escape", ["c7-g7"], UNFINISHED, 2, "2026-11-20T10:02:00+00:00")
    record(folder, "luis", "lesson-01/card-mate", ["R3:g1h1"], MISSED, 4, "2026-11-20T10:03:00+00:00")
    record(folder, "Zoe", "lesson-01/card-mate", ["R3:a1a8"], MET, 1, "2026-11-20T10:04:00+00:00")
    with open(folder / "Ana.jsonl", "a", encoding="utf-8") as stream:
        stream.write('{"pupil": "Ana", "exercise": "half a line\n')
    with served(tmp_path) as class_server:
        teacher = Teacher(class_server.url, SECRET)
        teacher.create_class(["Ana", "Luis"], name="5B")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            first = teacher.import_attempts(folder)
            second = teacher.import_attempts(folder, class_id=1)
            from_folder = report(folder)
            merged = report(folder, classroom=teacher)
        assert first == {"class": 1, "added": 4, "already": 0, "unknown": ["Zoe"], "refused": 0}
        assert second == {"class": 1, "added": 0, "already": 4, "unknown": ["Zoe"], "refused": 0}
        assert len(teacher.attempts()) == 4
        from_class = report(teacher)
        assert from_class.pupils == ["Ana", "Luis"]   # the class's spelling of the name
        known = [row for row in from_folder.rows() if row["pupil"] != "Zoe"]
        assert [dict(row, pupil=row["pupil"].capitalize()) for row in known] == from_class.rows()
        assert from_class.cell("Ana", "lesson-01/card-mate").text() == "met (1/2)"
        assert "the class database at http://127.0.0.1" in from_class.folder
        # the folder merged with the class: nothing counted twice, Zoe from the folder only
        assert merged.pupils == ["Ana", "Luis", "Zoe"]
        assert sum(row["attempts"] for row in merged.rows()) == 5
        assert merged.cell("Ana", "lesson-01/card-mate").attempts == 2
        # an attempt made live in the class counts as well
        luis = connect(class_server.url, teacher.classes()[0]["pupils"][1]["code"])
        try:
            luis.record_attempt(entry(timestamp="2026-11-21T10:00:00+00:00"))
        finally:
            luis.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            merged = report(folder, classroom=teacher)
        assert merged.cell("Luis", "lesson-01/card-mate").text() == "met (1/2)"
        assert sum(row["attempts"] for row in merged.rows()) == 6
    # the database itself, the server stopped
    from_database = report(f"sqlite:///{tmp_path / 'class.db'}")
    assert sum(row["attempts"] for row in from_database.rows()) == 5
    assert report(f"sqlite:///{tmp_path / 'class.db'}", class_id=1).rows() == from_database.rows()
    with pytest.raises(ValueError, match="no class database"):
        report(f"sqlite:///{tmp_path / 'nowhere.db'}")
    with pytest.raises(ValueError, match="one class database"):
        report(teacher, classroom=teacher)


# ------------------------------------------------------------------ the practice widget
def test_the_widget_with_a_class_sends_attempts_and_keeps_them_locally_when_it_cannot(tmp_path: Path) -> None:
    folder = tmp_path / "attempts"
    with served(tmp_path) as class_server:
        teacher = Teacher(class_server.url, SECRET)
        codes = teacher.create_class(["Ana", "Luis"], name="5B")
        ana = connect(class_server.url, codes["Ana"])
        widget = practice_set("01").widget(folder=folder, name="someone else", reply_delay=0, classroom=ana)
        assert widget.name == "Ana" and widget._name.disabled
        for target in ("R3", "a1", "a8"):
            widget.play.click(target)
        assert widget.verdict.state == MET
        assert "Saved in the class for Ana." in widget.result and widget.warning == ""
        assert [(line["pupil"], line["exercise"], line["moves"][0], line["result"]) for line in teacher.attempts()] == [
            ("Ana", "lesson-01/card-mate", "R3:a1a8", MET)]
        assert read(folder) == [] and widget.sent == widget.recorded and len(widget.sent) == 1
        # a miss is sent as well (and leaving the decided attempt sends nothing more)
        widget.try_again()
        for target in ("R3", "a1", "a2"):
            widget.play.click(target)
        widget.choose("save-the-knight")
        assert [(line["result"], line["moves"][0]) for line in teacher.attempts()] == [(MET, "R3:a1a8"),
                                                                                      (MISSED, "R3:a1a2")]
        # the class cannot take it (logged out): kept in the folder, and the pupil is told
        ana.close()
        widget.choose(0)
        for target in ("R3", "g1", "h1"):
            widget.play.click(target)
        assert widget.verdict.state == MISSED
        kept = read(folder)
        assert [(line["pupil"], line["result"], line["moves"][0]) for line in kept] == [("Ana", MISSED, "R3:g1h1")]
        assert widget.recorded[-1] == kept[0] and len(widget.sent) == 2
        assert "kept on this computer" in widget.result and "nothing is lost" in widget.warning
        assert str(folder) in widget.warning and "logged out" in widget.warning
        drezlab.set_language("es")
        widget._show()
        assert "no se pierde nada" in widget.result
        drezlab.set_language("en")
        assert len(teacher.attempts()) == 2
        # the teacher imports the folder: the report counts every attempt once
        assert teacher.import_attempts(folder)["added"] == 1
        merged = report(folder, classroom=teacher)
        assert merged.cell("Ana", "lesson-01/card-mate").text() == "met (1/3)"
        assert sum(row["attempts"] for row in merged.rows()) == 3
        assert merged.rows() == report(teacher).rows()
        # practise() takes the class as well; a pupil that is not one is refused
        luis = connect(class_server.url, codes["Luis"])
        try:
            lesson = practise("03", folder=folder, classroom=luis)
            assert isinstance(lesson, PracticeWidget) and lesson.classroom is luis and lesson.name == "Luis"
        finally:
            luis.close()
        with pytest.raises(ValueError, match="classroom= takes the pupil"):
            practise("03", folder=folder, classroom="K7PQ-3MXD")


class Unreachable:
    """A pupil whose class server never answers (as a network cut looks to the widget)."""

    name = "Eva"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def record_attempt(self, entry: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
        self.sent.append(entry)
        raise ClassroomError("no-answer", "The class server did not answer in {seconds} seconds", seconds=int(timeout))


def test_the_widget_keeps_the_attempt_when_the_server_does_not_answer(tmp_path: Path) -> None:
    pupil = Unreachable()
    widget = PracticeWidget(practice_set("01"), folder=tmp_path, reply_delay=0, classroom=pupil)
    for target in ("R3", "a1", "a8"):
        widget.play.click(target)
    [kept] = read(tmp_path)
    assert kept["pupil"] == "Eva" and kept["result"] == MET
    assert pupil.sent[0]["timestamp"] == kept["timestamp"], "the same attempt, so an import later counts it once"
    assert "did not answer in 5 seconds" in widget.warning and widget.sent == []
