"""The class server over real websockets on 127.0.0.1: logins, moves, and every kind of
bad input a pupil's page (or a curious pupil) can send. Each refusal must come back as a
clear error and change nothing: not the table's version, not its stored log."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from classroom_inprocess import SECRET, Raw, run_in_own_loop, running

from drezlab.classroom import schema
from drezlab.classroom.codes import Throttle, new_code, normalise
from drezlab.classroom.protocol import MAX_MESSAGE
from drezlab.classroom.server import ClassServer


def run(coroutine: Any) -> Any:
    return run_in_own_loop(coroutine)


def stored_plies(server: ClassServer, table: int) -> int:
    with server.store.engine.connect() as db:
        return int(db.execute(sa.select(sa.func.count()).select_from(schema.actions)
                              .where(schema.actions.c.table_id == table)).scalar())


async def class_of_two(server: ClassServer, game: str = "pokerdrez", seed: int = 5) -> tuple[int, Raw, Raw]:
    """Ana and Luis at one table, logged in; returns (table id, Ana's socket, Luis's)."""
    _, codes = server.room.create_class("5B", ["Ana", "Luis"])
    table = server.room.open_table(game, ["Ana", "Luis"], seed=seed)
    ana, luis = await Raw.open(server), await Raw.open(server)
    await ana.login(codes["Ana"])
    await luis.login(codes["Luis"])
    await ana.board_at(table.id, 0)
    await luis.board_at(table.id, 0)
    return table.id, ana, luis


async def to_move(server: ClassServer, table: int, ana: Raw, luis: Raw) -> tuple[Raw, Raw]:
    """(the socket of the seat to move, the other one)."""
    seat = server.room.tables[table].game.to_move
    return (ana, luis) if seat == 0 else (luis, ana)


def test_codes_are_long_random_and_typed_loosely() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(len(code) == 9 and code[4] == "-" for code in codes)
    assert not set("".join(codes)) & set("01OIL")
    code = next(iter(codes))
    assert normalise(code.lower().replace("-", " ")) == code
    assert normalise(f" {code[:4]}{code[5:]} ") == code
    assert normalise("ABCD-EFG") is None and normalise("ABCD-EFG0") is None and normalise(12345678) is None


def test_throttle_slows_repeated_wrong_codes_and_forgives_a_right_one() -> None:
    now = [1000.0]
    throttle = Throttle(free=3, window=600, longest=60, clock=lambda: now[0])
    for _ in range(3):
        assert throttle.wait("10.0.0.7") == 0
        throttle.failed("10.0.0.7")
    assert throttle.wait("10.0.0.7") == pytest.approx(1.0)
    throttle.failed("10.0.0.7")
    assert throttle.wait("10.0.0.7") == pytest.approx(2.0)
    assert throttle.wait("10.0.0.8") == 0, "another address is not slowed"
    for _ in range(10):
        throttle.failed("10.0.0.7")
    assert throttle.wait("10.0.0.7") == pytest.approx(60.0), "the wait grows to a minute, no more"
    now[0] += 61
    assert throttle.wait("10.0.0.7") == 0
    throttle.succeeded("10.0.0.7")
    throttle.failed("10.0.0.7")
    assert throttle.wait("10.0.0.7") == 0, "a right code clears the count"


def test_two_pupils_play_and_each_sees_the_others_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            table, ana, luis = await class_of_two(server)
            mover, other = await to_move(server, table, ana, luis)
            board = mover.last_board(table)
            assert board["actions"] and not other.last_board(table)["actions"]
            await mover.send({"type": "act", "table": table, "version": 0, "action": board["actions"][0]["text"]})
            mine, theirs = await mover.board_at(table, 1), await other.board_at(table, 1)
            assert mine["log"] == theirs["log"] and len(mine["log"]) == 1
            assert stored_plies(server, table) == 1
            assert mine["observation"]["seat"] == mover.last_board(table)["seat"] != theirs["seat"]
    run(scenario())


def test_a_doubled_click_plays_once(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            table, ana, luis = await class_of_two(server)
            mover, _ = await to_move(server, table, ana, luis)
            act = {"type": "act", "table": table, "version": 0,
                   "action": mover.last_board(table)["actions"][0]["text"]}
            since = len(mover.messages)
            await mover.send(act)
            await mover.send(act)      # the same click again, or a retry after a dropped connection
            error = await mover.wait_for(lambda m: m["type"] == "error", since)
            assert error["code"] == "stale" and "changed" in error["message"]
            assert server.room.tables[table].version == 1 and stored_plies(server, table) == 1
    run(scenario())


HOSTILE: list[tuple[str, Any, str]] = [
    ("not JSON", "{nope", "bad-json"),
    ("a JSON list", "[1, 2]", "bad-message"),
    ("no type", {"table": 1}, "bad-message"),
    ("an unknown type", {"type": "undo"}, "unknown-type"),
    ("too long", {"type": "act", "action": "x" * (MAX_MESSAGE + 10)}, "too-long"),
    ("bytes that are not text", b"\xff\xfe\x00", "bad-json"),
    ("a version that is text", {"type": "act", "table": "T", "version": "0", "action": "keep"}, "not-your-table"),
    ("an action that is not text", "ACT-NUMBER", "illegal"),
    ("a stale version", "ACT-STALE", "stale"),
    ("an illegal action", "ACT-ILLEGAL", "illegal"),
    ("another table", "ACT-OTHER-TABLE", "not-your-table"),
    ("the other seat's turn", "ACT-NOT-MINE", "not-your-turn"),
    ("a language we do not have", {"type": "language", "language": "fr"}, "bad-language"),
    ("a hello with a wrong code", {"type": "hello", "code": "AAAA-AAAA"}, "wrong-code"),
]


@pytest.mark.parametrize("what, message, code", HOSTILE, ids=[what for what, _, _ in HOSTILE])
def test_bad_messages_get_an_error_and_change_nothing(tmp_path: Path, what: str, message: Any, code: str) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            table, ana, luis = await class_of_two(server)
            other = server.room.open_table("pokerdrez", ["level-1", "level-1"], seed=9)
            await server.room.idle()
            mover, waiter = await to_move(server, table, ana, luis)
            legal = mover.last_board(table)["actions"][0]["text"]
            mover.messages.clear()
            waiter.messages.clear()
            sender = mover
            if message == "ACT-NUMBER":
                payload: Any = {"type": "act", "table": table, "version": 0, "action": 12}
            elif message == "ACT-STALE":
                payload = {"type": "act", "table": table, "version": 7, "action": legal}
            elif message == "ACT-ILLEGAL":
                payload = {"type": "act", "table": table, "version": 0, "action": "Q9:z9z1"}
            elif message == "ACT-OTHER-TABLE":
                payload = {"type": "act", "table": other.id, "version": other.version,
                           "action": other.game.legal_actions()[0].text if other.game.legal_actions() else "x"}
            elif message == "ACT-NOT-MINE":
                payload, sender = {"type": "act", "table": table, "version": 0, "action": legal}, waiter
            else:
                payload = message
            versions = {key: t.version for key, t in server.room.tables.items()}
            stored = {key: stored_plies(server, key) for key in server.room.tables}
            await sender.send(payload)
            error = await sender.wait_for(lambda m: m["type"] == "error")
            assert error["code"] == code, error
            assert error["message"] and error["message"] != code, "the error says what is wrong in words"
            assert {key: t.version for key, t in server.room.tables.items()} == versions
            assert {key: stored_plies(server, key) for key in server.room.tables} == stored
            # the socket still works: the pupil to move can still play the legal move
            await mover.send({"type": "act", "table": table, "version": 0, "action": legal})
            await mover.board_at(table, 1)
    run(scenario())


def test_errors_come_in_the_pupils_language(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            _, codes = server.room.create_class("5B", ["Ana"])
            pupil = await Raw.open(server)
            await pupil.send({"type": "hello", "code": "AAAA-AAAA", "language": "es"})
            error = await pupil.wait_for(lambda m: m["type"] == "error")
            assert error["message"] == "Ese código no es correcto: compruébalo con tu profesor"
            await pupil.login(codes["Ana"], language="es")
            tables = await pupil.wait_for(lambda m: m["type"] == "tables")
            assert tables["tables"] == [] and tables["waiting"] == "Esperando a que tu profesor abra una mesa"
    run(scenario())


def test_acting_before_login_and_watching_teachers_cannot_play(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            table, _, _ = await class_of_two(server)
            stranger = await Raw.open(server)
            await stranger.send({"type": "act", "table": table, "version": 0, "action": "keep"})
            assert (await stranger.wait_for(lambda m: m["type"] == "error"))["code"] == "login-first"
            assert not any(m["type"] == "board" for m in stranger.messages)
            watcher = await Raw.open(server)
            await watcher.send({"type": "hello", "secret": SECRET})
            board = await watcher.wait_for(lambda m: m["type"] == "board")
            assert board["seat"] is None and board["actions"] == []
            await watcher.send({"type": "act", "table": table, "version": 0, "action": "keep"})
            refused = await watcher.wait_for(lambda m: m["type"] == "error")
            assert refused["code"] == "not-your-table" and "does not play" in refused["message"]
            assert server.room.tables[table].version == 0
    run(scenario())


def test_repeated_wrong_codes_are_slowed_down(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            _, codes = server.room.create_class("5B", ["Ana"])
            guesser = await Raw.open(server)
            for _ in range(server.throttle.free):
                await guesser.send({"type": "hello", "code": "AAAA-AAAA"})
                await guesser.wait_for(lambda m: m["type"] == "error" and m["code"] == "wrong-code",
                                       len(guesser.messages))
            since = len(guesser.messages)
            await guesser.send({"type": "hello", "code": codes["Ana"]})   # even the right code must wait now
            error = await guesser.wait_for(lambda m: m["type"] == "error", since)
            assert error["code"] == "slow-down" and "wait" in error["message"]
            assert not any(m["type"] == "welcome" for m in guesser.messages)
    run(scenario())


def test_a_renewed_code_ends_the_old_login_and_the_new_one_works(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            table, ana, _ = await class_of_two(server)
            pupil_id = next(p.id for p in server.room.pupils.values() if p.name == "Ana")
            old = server.room.pupils[pupil_id].code
            new = server.room.renew_code(pupil_id)
            assert new != old
            bye = await ana.wait_for(lambda m: m["type"] == "bye")
            assert "code" in bye["message"]
            again = await Raw.open(server)
            await again.send({"type": "hello", "code": old})
            assert (await again.wait_for(lambda m: m["type"] == "error"))["code"] == "wrong-code"
            fresh = await Raw.open(server)
            await fresh.login(new)
            await fresh.board_at(table, 0)
    run(scenario())


def _call(url: str, method: str = "GET", secret: str | None = None, body: Any = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers["Authorization"] = f"Bearer {secret}"
    data = None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def test_the_teacher_api_needs_the_secret(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            base = f"http://127.0.0.1:{server.port}"  # type: ignore[attr-defined]
            table, _, _ = await class_of_two(server)
            codes = [p.code for p in server.room.pupils.values()]
            for secret in (None, "wrong", codes[0]):
                for method, path, body in (("GET", "/api/tables", None), ("GET", f"/api/tables/{table}/record", None),
                                           ("POST", "/api/classes", {"pupils": ["Eve"]}),
                                           ("POST", "/api/tables", {"game": "pokerdrez", "seats": ["Ana", "Luis"]})):
                    status, reply = await asyncio.to_thread(_call, base + path, method, secret, body)
                    assert (status, reply["error"]) in ((403, "teacher-only"), (429, "slow-down")), (secret, path)
            assert len(server.room.tables) == 1 and len(server.room.pupils) == 2
            # twelve wrong secrets: guessing is slowed down, even for the right secret now
            status, reply = await asyncio.to_thread(_call, base + "/api/tables", "GET", SECRET)
            assert status == 429 and "wait" in reply["message"]
            server.throttle.succeeded("teacher:127.0.0.1")
            status, reply = await asyncio.to_thread(_call, base + "/api/tables", "POST", SECRET,
                                                    {"game": "pokerdrez", "seats": ["Ana", "Nobody"]})
            assert status == 400 and reply["error"] == "bad-seats" and "Nobody" in reply["message"]
            status, reply = await asyncio.to_thread(_call, base + "/api/classes", "POST", SECRET, b"{broken")
            assert status == 400 and reply["error"] == "bad-json"
            status, reply = await asyncio.to_thread(_call, base + "/api/classes", "POST", SECRET,
                                                    {"pupils": ["Eve", "Eve"]})
            assert status == 400 and "Eve" in reply["message"]
            status, reply = await asyncio.to_thread(_call, base + f"/api/tables/{table}/record", "GET", SECRET)
            assert status == 200 and reply["record"]["game"] == "pokerdrez" and reply["pgn"].startswith("[Event")
    run(scenario())


def test_pages_load_nothing_from_another_host(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            base = f"http://127.0.0.1:{server.port}"  # type: ignore[attr-defined]
            for path in ("/", "/teacher", "/static/board.js", "/static/board.css"):
                text = await asyncio.to_thread(lambda p=path: urllib.request.urlopen(base + p, timeout=10).read().decode())
                assert "http://" not in text and "https://" not in text and "//cdn" not in text, path
            with pytest.raises(urllib.error.HTTPError):
                await asyncio.to_thread(lambda: urllib.request.urlopen(base + "/static/room.py", timeout=10))
    run(scenario())


def test_bot_seats_play_on_the_server(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running(tmp_path) as server:
            _, codes = server.room.create_class("5B", ["Ana"])
            table = server.room.open_table("pokerdrez", ["Ana", "level-1"], seed=3)
            ana = await Raw.open(server)
            await ana.login(codes["Ana"])
            for _ in range(4):
                await server.room.idle()
                board = await ana.wait_for(lambda m: m["type"] == "board" and bool(m["actions"]))
                ana.messages.clear()
                await ana.send({"type": "act", "table": table.id, "version": board["version"],
                                "action": board["actions"][0]["text"]})
                await ana.wait_for(lambda m: m["type"] == "board" and m["version"] > board["version"])
            await server.room.idle()
            movers = server.room.tables[table.id].movers
            assert 1 in movers and 0 in movers, "the bot replied to the pupil's moves"
            assert stored_plies(server, table.id) == table.version
    run(scenario())
