"""A PostgreSQL server for the tests of the class server (drezlab.classroom).

``postgres_url()`` gives the SQLAlchemy URL of a database the tests may use:

* ``$DREZLAB_TEST_POSTGRES`` when it is set (``.ci/run`` starts a throwaway cluster and sets it);
* else, when a PostgreSQL server is installed (Debian's ``postgresql`` package puts it in
  ``/usr/lib/postgresql/<version>/bin``), a throwaway cluster started for this test session on
  the first call: a temporary directory, ``initdb`` (trust authentication, superuser
  ``postgres``), listening on 127.0.0.1 only, on a free port, with a database ``drezlab_test``.
  It is stopped and its directory removed when the interpreter exits. ``initdb`` and
  ``postgres`` refuse to run as root, so as root they run as the ``postgres`` user;
* else None (the fixtures in conftest.py then skip, or fail in CI).
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import os
import pwd
import re
import shlex
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator

ENV_VAR = "DREZLAB_TEST_POSTGRES"
DATABASE = "drezlab_test"
HOST = "127.0.0.1"

_url: str | None = None
_error: BaseException | None = None


def postgres_url() -> str | None:
    """The URL of a PostgreSQL test database, or None when there is no PostgreSQL here."""
    global _url, _error
    url = os.environ.get(ENV_VAR)
    if url:
        return url
    if _url is not None:
        return _url
    if _error is not None:  # the first start failed: do not try again for every test
        raise RuntimeError(f"the throwaway PostgreSQL cluster did not start: {_error}")
    bindir = server_bindir()
    if bindir is None:
        return None
    try:
        _url = _start_cluster(bindir)
    except BaseException as error:
        _error = error
        raise
    return _url


@contextlib.contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A new, empty, uniquely named database in the cluster of ``url``, dropped on leaving.

    Yields its URL. The drop ends the connections still open to it (WITH (FORCE), PostgreSQL 13+).
    """
    import sqlalchemy as sa

    base = sa.make_url(url)
    name = f"drezlab_test_{uuid.uuid4().hex[:16]}"
    admin = sa.create_engine(base, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        try:
            yield base.set(database=name).render_as_string(hide_password=False)
        finally:
            with admin.connect() as connection:
                connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        admin.dispose()


def server_bindir() -> str | None:
    """The bin directory of the newest PostgreSQL server installed the Debian way, or None."""
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")

    def version(path: str) -> tuple[int, ...]:
        major = path.split("/")[4]
        return tuple(int(part) for part in re.findall(r"\d+", major))

    found = [path for path in found if os.access(path, os.X_OK)]
    if not found:
        return None
    return os.path.dirname(max(found, key=version))


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def _start_cluster(bindir: str) -> str:
    as_root = os.geteuid() == 0
    # initdb and postgres refuse to run as root; the postgres user comes with Debian's package
    prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
    tmp = tempfile.mkdtemp(prefix="drezlab-pg-")
    if as_root:
        owner = pwd.getpwnam("postgres")
        os.chown(tmp, owner.pw_uid, owner.pw_gid)
    data = os.path.join(tmp, "data")
    log = os.path.join(tmp, "server.log")
    pg_ctl = os.path.join(bindir, "pg_ctl")

    def run(*command: str) -> None:
        done = subprocess.run(
            [*prefix, *command], cwd=tmp, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        if done.returncode != 0:
            server_log = ""
            if os.path.exists(log):
                with open(log, encoding="utf-8", errors="replace") as file:
                    server_log = file.read()
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}{server_log}"
            )

    def stop() -> None:
        if os.path.exists(os.path.join(data, "postmaster.pid")):
            subprocess.run(
                [*prefix, pg_ctl, "-D", data, "-m", "fast", "-w", "stop"], cwd=tmp,
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )
        shutil.rmtree(tmp, ignore_errors=True)

    atexit.register(stop)
    # a Unix socket path is limited to about 100 bytes: /tmp when $TMPDIR is long
    sockets = tmp if len(tmp) < 80 else "/tmp"
    run(os.path.join(bindir, "initdb"), "-D", data, "-A", "trust", "-U", "postgres",
        "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
    # the port is free when picked but may be taken before the server binds it: a few tries
    for attempt in range(3):
        port = free_port()
        try:
            run(pg_ctl, "-D", data, "-l", log, "-w", "-t", "60", "-o",
                f"-k {shlex.quote(sockets)} -c listen_addresses={HOST} -p {port}", "start")
        except RuntimeError:
            if attempt == 2:
                raise
        else:
            break
    run(os.path.join(bindir, "createdb"), "-h", HOST, "-p", str(port), "-U", "postgres",
        DATABASE)
    return f"postgresql+psycopg://postgres@{HOST}:{port}/{DATABASE}"
