"""Shared test set-up: the toy game ``race`` is registered for every test."""

import os
from collections.abc import Iterator

import pytest
from postgres import fresh_database, postgres_url
from toygame import register_race

register_race()


# --- PostgreSQL for the tests of the class server (drezlab.classroom); see tests/postgres.py ---


@pytest.fixture(scope="session")
def postgres_db_url() -> str:
    """SQLAlchemy URL of the PostgreSQL test database: $DREZLAB_TEST_POSTGRES, or a throwaway
    cluster started for this session. Skips when PostgreSQL is not installed, fails in CI."""
    url = postgres_url()
    if url is None:
        if os.environ.get("CI") == "true":
            pytest.fail(
                "CI=true but there is no PostgreSQL: DREZLAB_TEST_POSTGRES is not set and no "
                "server is installed (/usr/lib/postgresql/*/bin/initdb). .ci/run installs "
                "Debian's postgresql and sets DREZLAB_TEST_POSTGRES.",
                pytrace=False,
            )
        pytest.skip("PostgreSQL is not installed: sudo apt-get install postgresql")
    return url


@pytest.fixture
def fresh_postgres_url(postgres_db_url: str) -> Iterator[str]:
    """URL of a new, empty database of its own for one test; dropped afterwards."""
    with fresh_database(postgres_db_url) as url:
        yield url
