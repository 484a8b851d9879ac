"""Alembic's environment for the class database: run from :func:`drezlab.classroom.store.migrate`,
which hands over an open connection (``config.attributes["connection"]``); there is no
``alembic.ini`` and no offline mode, because a teacher never runs Alembic by hand."""

from __future__ import annotations

from typing import Any

from alembic import context

from drezlab.classroom.schema import metadata


def run_migrations(connection: Any) -> None:
    context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


try:
    _connection = context.config.attributes.get("connection")
except (NameError, AttributeError):   # imported outside a migration (a test importing every module): nothing to run
    _connection = None
if _connection is not None:
    run_migrations(_connection)
