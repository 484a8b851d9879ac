"""``kill -9`` the class server mid-class and start it again, on SQLite and on PostgreSQL:
every table resumes at the same position, the pupils' clients reconnect by themselves
(same codes, same seats, same views), and no move is lost or doubled -- also a move sent
just as the server died.

Tables with chance in play (PokerDrez's die and pile, DomiDrez's draws, Poker7's deals)
are the ones a replay could get wrong; a bot seat checks that bots think again after the
restart.
"""

from __future__ import annotations

import random
import signal
import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from classserver import class_server, free_port, until

from drezlab.classroom import Teacher, connect, schema
from drezlab.classroom.client import Pupil, RemoteTable

GAMES = [("pokerdrez", 21), ("domidrez", 5), ("poker7", 8)]


def stored(db: str) -> dict[int, int]:
    """The plies stored for each table."""
    engine = sa.create_engine(db)
    try:
        with engine.connect() as connection:
            rows = connection.execute(sa.select(schema.actions.c.table_id, sa.func.count())
                                      .group_by(schema.actions.c.table_id)).all()
            return {table: count for table, count in rows}
    finally:
        engine.dispose()


def seated(pupils: dict[str, Pupil], table_id: int) -> dict[str, RemoteTable]:
    """The table as each pupil seated at it sees it."""
    return {name: pupil.table(table_id) for name, pupil in pupils.items()
            if any(table.id == table_id for table in pupil.tables())}


def play_some(pupils: dict[str, Pupil], table_ids: list[int], moves: int, rng: random.Random) -> int:
    """Each table: the pupil to move plays a random legal action, ``moves`` times; returns
    the moves acknowledged."""
    done = 0
    for table_id in table_ids:
        tables = list(seated(pupils, table_id).values())
        for _ in range(moves):
            until(lambda: any(table.my_turn or table.is_over for table in tables), 20, f"a turn at table {table_id}")
            mover = next((table for table in tables if table.my_turn), None)
            if mover is None:
                break
            mover.play(rng.choice(mover.legal_actions()))
            done += 1
    return done


def views(pupils: dict[str, Pupil], table_ids: list[int]) -> dict[tuple[str, int], tuple[int, str, list[str]]]:
    return {(name, table_id): (table.version, table.svg(), table.log)
            for table_id in table_ids for name, table in seated(pupils, table_id).items()}


def kill_and_restart_keeps_every_table(folder: Path, db: str) -> None:
    port = free_port()
    rng = random.Random(4)
    names = ["Ana", "Luis", "Eva", "Omar", "Iris", "Teo", "Zoe"]
    pupils: dict[str, Pupil] = {}
    with class_server(folder, db=db, port=port) as first:
        teacher = Teacher(first.url, first.secret)
        codes = teacher.create_class(names, name="5B")
        table_ids = [teacher.open_table(game, names[2 * index:2 * index + 2], seed=seed)
                     for index, (game, seed) in enumerate(GAMES)]
        bot_table = teacher.open_table("pokerdrez", ["Zoe", "level-1"], seed=3)
        pupils = {name: connect(first.url, code) for name, code in codes.items()}
        play_some(pupils, table_ids, 6, rng)
        plies = {line["id"]: line["plies"] for line in teacher.tables()}
        until(lambda: all(table.version == plies[table_id] for table_id in table_ids
                          for table in seated(pupils, table_id).values()), 20, "every seat seeing every move")
        before = views(pupils, table_ids)
        plies_before = stored(db)
        # one move in flight: sent, and the server killed at once
        mover = next(table for table in seated(pupils, table_ids[0]).values() if table.my_turn)
        in_flight_version = mover.version
        outcome: dict[str, Any] = {}
        sender = threading.Thread(target=lambda: outcome.update(done=_play(mover, rng)), daemon=True)
        sender.start()
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(10)
    assert first.process.returncode == -signal.SIGKILL
    with class_server(folder, secret=None, db=db, port=port) as second:
        assert "damaged" not in second.log_text()
        sender.join(30)
        assert outcome.get("done") == "played", f"the move in flight was not played once: {outcome}"
        # every other table is exactly as it was; the in-flight one moved on by exactly one
        until(lambda: all(p._link is not None and p._link.generation >= 2 for p in pupils.values()), 20,
              "every pupil reconnected")
        until(lambda: all(table.version == in_flight_version + 1
                          for table in seated(pupils, table_ids[0]).values()), 20, "both seats seeing the move")
        after = views(pupils, table_ids)
        for key, (version, svg, log) in before.items():
            if key[1] == table_ids[0]:
                assert after[key][0] == in_flight_version + 1 and after[key][2][:len(log)] == log
            else:
                assert after[key] == (version, svg, log), f"{key} changed across the restart"
        plies_after = stored(db)
        assert plies_after[table_ids[0]] == plies_before[table_ids[0]] + 1, "the move in flight: once, not twice"
        for table_id in table_ids[1:]:
            assert plies_after[table_id] == plies_before[table_id]
        # play goes on, and the bot at the bot table answers after the restart
        teacher = Teacher(second.url, first.secret)
        played = play_some(pupils, table_ids, 3, rng)
        assert played >= 3
        assert sum(stored(db).values()) - sum(plies_after.values()) >= played
        zoe = pupils["Zoe"].table(bot_table)
        bot_lines = sum(line.startswith("Black") for line in zoe.log)
        for _ in range(6):
            assert zoe.wait(30)
            if zoe.is_over or sum(line.startswith("Black") for line in zoe.log) > bot_lines:
                break
            zoe.play(zoe.legal_actions()[0])
        assert sum(line.startswith("Black") for line in zoe.log) > bot_lines, "the bot did not answer after the restart"
        until(lambda: all(line["plies"] == stored(db).get(line["id"], 0) for line in teacher.tables()), 20,
              "the live tables matching the stored logs")
    for pupil in pupils.values():
        pupil.close()


def _play(table: RemoteTable, rng: random.Random) -> str:
    try:
        table.play(rng.choice(table.legal_actions()), timeout=40)
    except Exception as error:  # noqa: BLE001 - reported to the test
        return f"{type(error).__name__}: {error}"
    return "played"


@pytest.mark.slow
def test_kill_9_and_restart_on_sqlite(tmp_path: Path) -> None:
    kill_and_restart_keeps_every_table(tmp_path, f"sqlite:///{tmp_path / 'class.db'}")


@pytest.mark.slow
def test_kill_9_and_restart_on_postgresql(tmp_path: Path, fresh_postgres_url: str) -> None:
    kill_and_restart_keeps_every_table(tmp_path, fresh_postgres_url)


@pytest.mark.slow
def test_a_damaged_log_sets_the_table_aside_and_the_server_still_starts(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'class.db'}"
    with class_server(tmp_path, db=db) as first:
        teacher = Teacher(first.url, first.secret)
        codes = teacher.create_class(["Ana", "Luis"])
        sound = teacher.open_table("pokerdrez", ["Ana", "Luis"], seed=2)
        broken = teacher.open_table("pokerdrez", ["Ana", "Luis"], seed=3)
        ana = connect(first.url, codes["Ana"])
        luis = connect(first.url, codes["Luis"])
        for table_id in (sound, broken):
            for pupil in (ana, luis, ana):
                table = pupil.table(table_id)
                if table.wait(5) and table.my_turn:
                    table.play(table.legal_actions()[0])
        ana.close()
        luis.close()
    engine = sa.create_engine(db)
    with engine.begin() as connection:
        connection.execute(schema.actions.update().where(schema.actions.c.table_id == broken)
                           .where(schema.actions.c.ply == 0).values(chance='[["die", 99]]'))
    engine.dispose()
    with class_server(tmp_path, secret=None, db=db) as second:
        assert "damaged tables: [2]" in second.log_text()
        ana = connect(second.url, codes["Ana"])
        assert "damaged" in ana.table(broken).status and not ana.table(broken).legal_actions()
        assert "damaged" not in ana.table(sound).status
        ana.close()


@pytest.mark.parametrize("url", ["sqlite://", "sqlite:///:memory:", "mysql://x@y/z", "not a url"])
def test_a_database_that_cannot_keep_a_class_is_refused_in_words(url: str) -> None:
    from drezlab.classroom.store import Store, StoreError
    with pytest.raises(StoreError, match="sqlite:///class.db"):
        Store(url)
