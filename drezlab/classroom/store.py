"""The class database: SQLAlchemy 2 Core over an SQLite file (WAL) or PostgreSQL.

Every write is one transaction (``engine.begin()``), made before anything is told to a
client, so a ``kill -9`` at any moment leaves either the whole write or none of it. The
schema is :mod:`drezlab.classroom.schema`, created and upgraded by Alembic
(:func:`migrate`) when the store opens.

URLs: ``sqlite:///class.db`` (a file next to the teacher; WAL mode, so the page and the
server read while a move is written), ``postgresql+psycopg://user@host/db`` (a school
server). Anything else is refused with a message that names both.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import math
import pathlib
import secrets
import time
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

import drezlab.classroom.schema as schema
from drezlab.classroom.codes import new_code

MIGRATIONS = pathlib.Path(__file__).resolve().parent / "migrations"


class StoreError(ValueError):
    """A class database that cannot be opened or a request it refuses, in plain words."""


class AttemptRefused(StoreError):
    """A practice attempt that is not one (its words are a template with values, so the
    class server can say them in the pupil's language: :func:`drezlab.classroom.protocol.attempt`)."""

    def __init__(self, template: str, **values: Any) -> None:
        self.template = template
        self.values = values
        super().__init__(template.format(**values))


#: a practice attempt's results (as :mod:`drezlab.practice.goals` names them)
ATTEMPT_RESULTS = ("met", "missed", "unfinished")
#: the longest exercise id, move text and time stamp; the most moves in one attempt; the
#: longest time an attempt may say it took (a week, in seconds)
MAX_EXERCISE, MAX_MOVE, MAX_TIMESTAMP, MAX_MOVES, MAX_SECONDS = 200, 200, 40, 2000, 7 * 24 * 3600.0


def _printable(text: str) -> bool:
    return text.isprintable()


def attempt_fields(data: Any) -> dict[str, Any]:
    """A practice attempt's fields checked and tidied -- ``exercise``, ``moves``, ``result``,
    ``seconds`` (rounded to tenths, as the JSON-lines folder keeps them) and ``timestamp``
    (kept as written; now, in UTC, when missing) -- or :class:`AttemptRefused`. A ``pupil``
    in ``data`` is ignored: who made the attempt is never taken from it."""
    if not isinstance(data, dict):
        raise AttemptRefused("An attempt must be a JSON object with exercise, moves, result and seconds")
    exercise = data.get("exercise")
    if not isinstance(exercise, str) or not exercise.strip() or len(exercise) > MAX_EXERCISE \
            or not _printable(exercise):
        raise AttemptRefused("An attempt needs the exercise's id, in at most {limit} characters", limit=MAX_EXERCISE)
    moves = data.get("moves")
    if (not isinstance(moves, list) or len(moves) > MAX_MOVES
            or not all(isinstance(move, str) and len(move) <= MAX_MOVE and _printable(move) for move in moves)):
        raise AttemptRefused("An attempt's moves must be a list of at most {limit} moves in the game's notation",
                             limit=MAX_MOVES)
    result = data.get("result")
    if result not in ATTEMPT_RESULTS:
        raise AttemptRefused("An attempt's result is met, missed or unfinished")
    seconds = data.get("seconds")
    if (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds)
            or not 0 <= seconds <= MAX_SECONDS):
        raise AttemptRefused("An attempt's time must be a number of seconds from 0 to {limit}", limit=int(MAX_SECONDS))
    timestamp = data.get("timestamp")
    if timestamp is None:
        timestamp = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    elif not isinstance(timestamp, str) or len(timestamp) > MAX_TIMESTAMP or not _is_time(timestamp):
        raise AttemptRefused("An attempt's time stamp must be a date and time such as 2026-11-28T09:15:00+00:00")
    return {"exercise": exercise.strip(), "moves": list(moves), "result": result,
            "seconds": round(float(seconds), 1), "timestamp": timestamp}


def _is_time(text: str) -> bool:
    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def attempt_digest(fields: dict[str, Any]) -> str:
    """The attempt itself, hashed (exercise, moves, result, seconds, time stamp): with the
    pupil, the key that stores an attempt once however often it is sent or imported."""
    text = json.dumps([fields["exercise"], fields["moves"], fields["result"], round(float(fields["seconds"]), 1),
                       fields["timestamp"]], ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class PupilRow:
    id: int
    class_id: int
    name: str
    code: str


@dataclass(frozen=True)
class TableRow:
    id: int
    class_id: int | None
    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    created: float


@dataclass(frozen=True)
class RoundRow:
    """A round as stored: its pairing's setup, its tables (in board order) and byes."""

    id: int
    class_id: int
    number: int
    system: str
    game: str
    options: dict[str, Any]
    seed: int | None
    players: list[int]
    berger: int | None
    forced: bool
    created: float
    tables: list[int]
    byes: list[tuple[int, float]]


@dataclass(frozen=True)
class TableSetup:
    """A table to be written: game, options, deal seed, seats (as in :class:`TableRow`)."""

    game: str
    options: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]


@dataclass(frozen=True)
class AttemptRow:
    """A stored practice attempt, with its pupil's name and class."""

    id: int
    pupil_id: int
    pupil: str
    class_id: int
    exercise: str
    moves: list[str]
    result: str
    seconds: float
    timestamp: str

    def entry(self) -> dict[str, Any]:
        """As a line of the JSON-lines folder (:mod:`drezlab.practice.attempts`) has it."""
        return {"pupil": self.pupil, "exercise": self.exercise, "moves": list(self.moves), "result": self.result,
                "seconds": self.seconds, "timestamp": self.timestamp}


@dataclass(frozen=True)
class ActionRow:
    ply: int
    seat: int | None
    text: str
    chance: list[Any]


def make_engine(url: str) -> sa.Engine:
    """An engine for ``url``: SQLite files get WAL, foreign keys and a busy timeout."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise StoreError(f"{url!r} is not a database address: use sqlite:///class.db or "
                         "postgresql+psycopg://user@host/database") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        if parsed.database in (None, "", ":memory:"):
            raise StoreError("the class database must be a file (sqlite:///class.db), so that a restart keeps it")
        engine = sa.create_engine(url, connect_args={"timeout": 30})

        @sa.event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if backend == "postgresql":
        if parsed.get_driver_name() != "psycopg":
            parsed = parsed.set(drivername="postgresql+psycopg")
        return sa.create_engine(parsed, pool_pre_ping=True)
    raise StoreError(f"the class database must be SQLite or PostgreSQL, not {backend!r}: use "
                     "sqlite:///class.db or postgresql+psycopg://user@host/database")


def migrate(engine: sa.Engine) -> None:
    """Create or upgrade the schema to the newest revision (Alembic)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The class database (see the module doc). Not thread-safe by design: the class
    server calls it from its one event-loop thread, the single writer."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        try:
            migrate(self.engine)
        except sa.exc.OperationalError as error:
            raise StoreError(f"cannot open the class database {self.safe_url}: {error.orig}") from None

    @property
    def safe_url(self) -> str:
        """The URL with any password hidden (for messages and logs)."""
        return sa.engine.make_url(self.url).render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    # ---------------------------------------------------------------- settings
    def setting(self, key: str, make: Any) -> str:
        """The stored value of ``key``; the first time, ``make()`` is stored and returned."""
        with self.engine.begin() as db:
            value = db.execute(sa.select(schema.settings.c.value).where(schema.settings.c.key == key)).scalar()
            if value is None:
                value = str(make())
                db.execute(schema.settings.insert().values(key=key, value=value))
            return value

    def teacher_secret(self, given: str | None = None) -> str:
        """The teacher's secret: ``given`` (stored for the next start), else the stored
        one, else a new random one."""
        if given:
            with self.engine.begin() as db:
                db.execute(schema.settings.delete().where(schema.settings.c.key == "teacher_secret"))
                db.execute(schema.settings.insert().values(key="teacher_secret", value=given))
            return given
        return self.setting("teacher_secret", lambda: secrets.token_urlsafe(18))

    # ------------------------------------------------------------------ pupils
    def create_class(self, name: str, names: Sequence[str]) -> tuple[int, list[PupilRow]]:
        """A class with one pupil per name, each with a fresh code, in one transaction."""
        with self.engine.begin() as db:
            class_id = db.execute(schema.classes.insert().values(name=name, created=time.time())).inserted_primary_key[0]
            taken = set(db.execute(sa.select(schema.pupils.c.code)).scalars())
            rows = []
            for pupil in names:
                code = self._unused_code(taken)
                pupil_id = db.execute(schema.pupils.insert().values(
                    class_id=class_id, name=pupil, code=code, created=time.time())).inserted_primary_key[0]
                rows.append(PupilRow(pupil_id, class_id, pupil, code))
            return class_id, rows

    def add_pupil(self, class_id: int | None, name: str, class_name: str) -> PupilRow:
        """One more pupil with a fresh code, in ``class_id`` (``None``: a new class ``class_name``)."""
        with self.engine.begin() as db:
            if class_id is None:
                class_id = db.execute(schema.classes.insert().values(name=class_name,
                                                                     created=time.time())).inserted_primary_key[0]
            taken = set(db.execute(sa.select(schema.pupils.c.code)).scalars())
            code = self._unused_code(taken)
            pupil_id = db.execute(schema.pupils.insert().values(
                class_id=class_id, name=name, code=code, created=time.time())).inserted_primary_key[0]
            return PupilRow(pupil_id, class_id, name, code)

    @staticmethod
    def _unused_code(taken: set[str]) -> str:
        while True:
            code = new_code()
            if code not in taken:
                taken.add(code)
                return code

    def renew_code(self, pupil_id: int) -> str:
        """A new code for one pupil; the old one stops working."""
        with self.engine.begin() as db:
            taken = set(db.execute(sa.select(schema.pupils.c.code)).scalars())
            code = self._unused_code(taken)
            db.execute(schema.pupils.update().where(schema.pupils.c.id == pupil_id).values(code=code))
            return code

    def classes(self) -> list[tuple[int, str]]:
        with self.engine.connect() as db:
            return [(row.id, row.name) for row in db.execute(sa.select(schema.classes).order_by(schema.classes.c.id))]

    def pupils(self) -> list[PupilRow]:
        with self.engine.connect() as db:
            query = sa.select(schema.pupils).order_by(schema.pupils.c.id)
            return [PupilRow(row.id, row.class_id, row.name, row.code) for row in db.execute(query)]

    # ------------------------------------------------------------------ tables
    def add_table(self, class_id: int | None, game: str, options: dict[str, Any], seed: int,
                  seats: list[dict[str, Any]]) -> TableRow:
        return self.add_tables([(class_id, TableSetup(game, options, seed, seats))])[0]

    def add_tables(self, setups: Sequence[tuple[int | None, TableSetup]]) -> list[TableRow]:
        """Several tables (a simultaneous display) in one transaction: all or none."""
        created = time.time()
        rows = []
        with self.engine.begin() as db:
            for class_id, setup in setups:
                table_id = db.execute(schema.tables.insert().values(
                    class_id=class_id, game=setup.game, options=json.dumps(setup.options, sort_keys=True),
                    seed=setup.seed, seats=json.dumps(setup.seats), created=created)).inserted_primary_key[0]
                rows.append(TableRow(table_id, class_id, setup.game, setup.options, setup.seed, setup.seats, created))
        return rows

    def append(self, table_id: int, ply: int, seat: int | None, text: str, chance: list[Any]) -> None:
        """Write one action at ``ply`` (the key refuses a second write of the same ply)."""
        with self.engine.begin() as db:
            db.execute(schema.actions.insert().values(table_id=table_id, ply=ply, seat=seat, text=text,
                                                      chance=json.dumps(chance), at=time.time()))

    def tables(self) -> Iterable[tuple[TableRow, list[ActionRow]]]:
        """Every table with its log, oldest first (for the replay at start-up)."""
        with self.engine.connect() as db:
            logs: dict[int, list[ActionRow]] = {}
            query = sa.select(schema.actions).order_by(schema.actions.c.table_id, schema.actions.c.ply)
            for row in db.execute(query):
                logs.setdefault(row.table_id, []).append(
                    ActionRow(row.ply, row.seat, row.text, json.loads(row.chance)))
            found = []
            for row in db.execute(sa.select(schema.tables).order_by(schema.tables.c.id)):
                found.append((TableRow(row.id, row.class_id, row.game, json.loads(row.options), row.seed,
                                       json.loads(row.seats), row.created), logs.get(row.id, [])))
            return found

    # ------------------------------------------------------------------ rounds
    def add_round(self, class_id: int, system: str, game: str, options: dict[str, Any], seed: int | None,
                  players: list[int], berger: int | None, forced: bool, tables: Sequence[TableSetup],
                  byes: Sequence[tuple[int, float]]) -> tuple[RoundRow, list[TableRow]]:
        """A class's next round with its tables and byes, all in one transaction (so a
        crash leaves either the whole round or nothing of it). Its number is the class's
        last round's plus one."""
        created = time.time()
        with self.engine.begin() as db:
            last = db.execute(sa.select(sa.func.max(schema.rounds.c.number))
                              .where(schema.rounds.c.class_id == class_id)).scalar()
            number = (last or 0) + 1
            round_id = db.execute(schema.rounds.insert().values(
                class_id=class_id, number=number, system=system, game=game,
                options=json.dumps(options, sort_keys=True), seed=seed, players=json.dumps(players),
                berger=berger, forced=forced, created=created)).inserted_primary_key[0]
            rows = []
            for board, setup in enumerate(tables, 1):
                table_id = db.execute(schema.tables.insert().values(
                    class_id=class_id, game=setup.game, options=json.dumps(setup.options, sort_keys=True),
                    seed=setup.seed, seats=json.dumps(setup.seats), created=created)).inserted_primary_key[0]
                db.execute(schema.round_tables.insert().values(table_id=table_id, round_id=round_id, board=board))
                rows.append(TableRow(table_id, class_id, setup.game, setup.options, setup.seed, setup.seats, created))
            for pupil_id, points in byes:
                db.execute(schema.round_byes.insert().values(round_id=round_id, pupil_id=pupil_id, points=points))
        return (RoundRow(round_id, class_id, number, system, game, options, seed, players, berger, forced, created,
                         [row.id for row in rows], list(byes)), rows)

    def rounds(self) -> list[RoundRow]:
        """Every round of every class, oldest first (for start-up)."""
        with self.engine.connect() as db:
            tables: dict[int, list[int]] = {}
            query = sa.select(schema.round_tables).order_by(schema.round_tables.c.round_id,
                                                            schema.round_tables.c.board)
            for row in db.execute(query):
                tables.setdefault(row.round_id, []).append(row.table_id)
            byes: dict[int, list[tuple[int, float]]] = {}
            query = sa.select(schema.round_byes).order_by(schema.round_byes.c.round_id, schema.round_byes.c.pupil_id)
            for row in db.execute(query):
                byes.setdefault(row.round_id, []).append((row.pupil_id, row.points))
            return [RoundRow(row.id, row.class_id, row.number, row.system, row.game, json.loads(row.options),
                             row.seed, json.loads(row.players), row.berger, bool(row.forced), row.created,
                             tables.get(row.id, []), byes.get(row.id, []))
                    for row in db.execute(sa.select(schema.rounds).order_by(schema.rounds.c.id))]

    # ---------------------------------------------------------------- attempts
    def add_attempt(self, pupil_id: int, exercise: Any, moves: Any, result: Any, seconds: Any,
                    timestamp: Any = None) -> tuple[AttemptRow, bool]:
        """Store one practice attempt of a pupil (checked by :func:`attempt_fields`, else
        :class:`AttemptRefused` and nothing written). Returns the stored row and whether it
        is new: the same attempt sent again is stored once."""
        fields = attempt_fields({"exercise": exercise, "moves": moves, "result": result, "seconds": seconds,
                                 "timestamp": timestamp})
        with self.engine.begin() as db:
            pupil = db.execute(sa.select(schema.pupils).where(schema.pupils.c.id == pupil_id)).first()
            if pupil is None:
                raise StoreError(f"there is no pupil {pupil_id}")
            return self._add_attempt(db, pupil.id, pupil.name, pupil.class_id, fields)

    @staticmethod
    def _add_attempt(db: sa.Connection, pupil_id: int, name: str, class_id: int,
                     fields: dict[str, Any]) -> tuple[AttemptRow, bool]:
        digest = attempt_digest(fields)
        found: Any = db.execute(sa.select(schema.attempts.c.id).where(schema.attempts.c.pupil_id == pupil_id,
                                                                      schema.attempts.c.digest == digest)).scalar()
        added = found is None
        if added:
            key = db.execute(schema.attempts.insert().values(
                pupil_id=pupil_id, exercise=fields["exercise"], moves=json.dumps(fields["moves"], ensure_ascii=False),
                result=fields["result"], seconds=fields["seconds"], timestamp=fields["timestamp"], digest=digest,
                created=time.time())).inserted_primary_key
            assert key is not None
            found = key[0]
        return AttemptRow(int(found), pupil_id, name, class_id, fields["exercise"], list(fields["moves"]),
                          fields["result"], fields["seconds"], fields["timestamp"]), added

    def attempts(self, class_id: int | None = None) -> list[AttemptRow]:
        """The stored attempts of one class (``None``: of every class), oldest first."""
        query = (sa.select(schema.attempts, schema.pupils.c.name, schema.pupils.c.class_id)
                 .join(schema.pupils, schema.pupils.c.id == schema.attempts.c.pupil_id)
                 .order_by(schema.attempts.c.id))
        if class_id is not None:
            query = query.where(schema.pupils.c.class_id == class_id)
        with self.engine.connect() as db:
            return [AttemptRow(row.id, row.pupil_id, row.name, row.class_id, row.exercise, json.loads(row.moves),
                               row.result, row.seconds, row.timestamp) for row in db.execute(query)]

    def import_attempts(self, entries: Iterable[Any], class_id: int) -> dict[str, Any]:
        """Attempts read from a JSON-lines folder (:func:`drezlab.practice.attempts.read`),
        stored for the pupils of ``class_id`` with those names (exactly as typed, else
        ignoring case), all in one transaction. Importing the same folder again adds nothing.
        Returns ``added``, ``already`` (stored before), ``unknown`` (the names of pupils not
        in the class: their attempts are not imported) and ``refused`` (entries that are not
        attempts)."""
        counts: dict[str, Any] = {"added": 0, "already": 0, "unknown": [], "refused": 0}
        unknown: set[str] = set()
        with self.engine.begin() as db:
            if db.execute(sa.select(schema.classes.c.id).where(schema.classes.c.id == class_id)).first() is None:
                raise StoreError(f"there is no class {class_id}")
            rows = db.execute(sa.select(schema.pupils).where(schema.pupils.c.class_id == class_id)).all()
            exact = {row.name.strip(): row for row in rows}
            folded: dict[str, list[Any]] = {}
            for row in rows:
                folded.setdefault(row.name.strip().casefold(), []).append(row)
            for entry in entries:
                name = entry.get("pupil") if isinstance(entry, dict) else None
                try:
                    fields = attempt_fields(entry)
                except AttemptRefused:
                    counts["refused"] += 1
                    continue
                if not isinstance(name, str) or not name.strip():
                    counts["refused"] += 1
                    continue
                name = name.strip()
                pupil = exact.get(name)
                if pupil is None and len(folded.get(name.casefold(), [])) == 1:
                    pupil = folded[name.casefold()][0]
                if pupil is None:
                    unknown.add(name)
                    continue
                _, added = self._add_attempt(db, pupil.id, pupil.name, pupil.class_id, fields)
                counts["added" if added else "already"] += 1
        counts["unknown"] = sorted(unknown, key=str.casefold)
        return counts
