"""The PostgreSQL fixtures of conftest.py (for drezlab.classroom's tests) give a working server."""

import pytest
import sqlalchemy as sa
from postgres import fresh_database


def _scalar(url: str, sql: str):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            return connection.exec_driver_sql(sql).scalar_one()
    finally:
        engine.dispose()


def test_database_answers(postgres_db_url):
    assert sa.make_url(postgres_db_url).drivername == "postgresql+psycopg"
    assert _scalar(postgres_db_url, "SELECT 1") == 1


def test_server_is_postgresql_13_or_newer(postgres_db_url):
    # DROP DATABASE ... WITH (FORCE), used by fresh_postgres_url, needs PostgreSQL 13
    assert int(_scalar(postgres_db_url, "SHOW server_version_num")) >= 130000
    major = int(_scalar(postgres_db_url, "SHOW server_version").split(".")[0])
    assert major >= 13


def test_listens_on_127_0_0_1_only(postgres_db_url):
    assert _scalar(postgres_db_url, "SHOW listen_addresses") == "127.0.0.1"


def test_fresh_database_is_empty_and_its_own(fresh_postgres_url, postgres_db_url):
    assert fresh_postgres_url != postgres_db_url
    assert _scalar(fresh_postgres_url, "SELECT current_database()") == (
        sa.make_url(fresh_postgres_url).database
    )
    tables = "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'"
    assert _scalar(fresh_postgres_url, tables) == 0


@pytest.fixture
def other_fresh_postgres_url(postgres_db_url):
    """A second fresh database for one test, made the way fresh_postgres_url makes its own."""
    with fresh_database(postgres_db_url) as url:
        yield url


def test_two_fresh_databases_are_separate(fresh_postgres_url, other_fresh_postgres_url):
    assert fresh_postgres_url != other_fresh_postgres_url
    one = sa.create_engine(fresh_postgres_url, poolclass=sa.pool.NullPool)
    other = sa.create_engine(other_fresh_postgres_url, poolclass=sa.pool.NullPool)
    try:
        with one.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE pupils (name text PRIMARY KEY)")
            connection.exec_driver_sql("INSERT INTO pupils VALUES ('Ada')")
        assert sa.inspect(one).has_table("pupils")
        assert not sa.inspect(other).has_table("pupils")
        with one.connect() as connection:
            assert connection.exec_driver_sql("SELECT name FROM pupils").scalar_one() == "Ada"
    finally:
        one.dispose()
        other.dispose()


def test_fresh_database_is_dropped_even_with_a_connection_left_open(postgres_db_url):
    with fresh_database(postgres_db_url) as url:
        name = sa.make_url(url).database
        engine = sa.create_engine(url)
        left_open = engine.connect()  # a test that forgets to close: the drop must still work
        assert left_open.exec_driver_sql("SELECT 1").scalar_one() == 1
    exists = f"SELECT count(*) FROM pg_database WHERE datname = '{name}'"
    assert _scalar(postgres_db_url, exists) == 0
    left_open.invalidate()
    engine.dispose()
