"""The class database: the Alembic migrations build exactly the schema the code uses,
on SQLite and PostgreSQL; SQLite runs in WAL mode; a write refused by the database (the
same ply twice) leaves no trace; the teacher's secret survives a restart."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from drezlab.classroom import schema
from drezlab.classroom.store import Store


def _stores(tmp_path: Path, postgres: str) -> list[Store]:
    return [Store(f"sqlite:///{tmp_path / 'class.db'}"), Store(postgres)]


def test_migrations_build_the_schema_the_code_uses(tmp_path: Path, fresh_postgres_url: str) -> None:
    for store in _stores(tmp_path, fresh_postgres_url):
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), schema.metadata)
            version = connection.execute(sa.text("select version_num from alembic_version")).scalar()
        assert differences == [], f"{store.safe_url}: {differences}"
        assert version == "0003"
        store.close()


def test_sqlite_runs_in_wal_mode_with_foreign_keys(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'class.db'}")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
    store.close()


def test_a_ply_is_written_once_and_a_refused_write_leaves_nothing(tmp_path: Path, fresh_postgres_url: str) -> None:
    for store in _stores(tmp_path, fresh_postgres_url):
        _, pupils = store.create_class("5B", ["Ana", "Luis"])
        table = store.add_table(None, "pokerdrez", {}, 7, [{"pupil": pupils[0].id}, {"pupil": pupils[1].id}])
        store.append(table.id, 0, 1, "keep", [])
        with pytest.raises(sa.exc.IntegrityError):
            store.append(table.id, 0, 1, "remove a7", [])
        [(_, log)] = list(store.tables())
        assert [(row.ply, row.text) for row in log] == [(0, "keep")]
        store.close()


def test_the_teacher_secret_is_kept_for_the_next_start(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'class.db'}"
    first = Store(url).teacher_secret()
    assert len(first) >= 20 and Store(url).teacher_secret() == first
    assert Store(url).teacher_secret("mine") == "mine" and Store(url).teacher_secret() == "mine"


def test_codes_are_unique_across_classes_and_renewal_replaces_one(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'class.db'}")
    store.create_class("5A", [f"Pupil {n}" for n in range(40)])
    store.create_class("5B", [f"Pupil {n}" for n in range(40)])
    pupils = store.pupils()
    assert len({pupil.code for pupil in pupils}) == 80
    new = store.renew_code(pupils[0].id)
    after = {pupil.id: pupil.code for pupil in store.pupils()}
    assert after[pupils[0].id] == new != pupils[0].code
    assert all(after[pupil.id] == pupil.code for pupil in pupils[1:])
    store.close()
