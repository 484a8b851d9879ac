"""The class database's tables as SQLAlchemy Core metadata (the migrations in
``migrations/versions`` create them; a test checks the two agree).

A table of play is stored as its setup (game, options, deal seed, seats) plus an
append-only log of actions, each with the chance outcomes it drew: replaying the log
rebuilds the game exactly, so a restart of the server loses nothing.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

#: server-wide values that must survive a restart (the teacher secret)
settings = sa.Table(
    "settings", metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

classes = sa.Table(
    "classes", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

#: each pupil's login code is unique in the whole server (a code alone names the pupil)
pupils = sa.Table(
    "pupils", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("name", sa.String(200), nullable=False),
    sa.Column("code", sa.String(16), nullable=False, unique=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "name", name="uq_pupils_class_name"),
)

#: ``seats`` is JSON: one entry per seat, ``{"pupil": id}`` or ``{"bot": level}``;
#: ``seed`` is the deal's seed, which never leaves the server
tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=True),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)

#: the append-only log: ``(table_id, ply)`` is the key, so one ply is written once
actions = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("ply", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("text", sa.String(200), nullable=False),
    sa.Column("chance", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: a class's rounds (migration 0002): ``number`` counts from 1 in each class; ``system`` is
#: ``random``, ``round_robin`` or ``swiss``; ``options`` the game's options (JSON);
#: ``seed`` the seed of the draw (``None``: drawn by the server); ``players`` the pupil ids
#: paired, in the drawn order of a round robin's Berger numbers (JSON); ``berger`` the
#: round's place in that schedule (0 = the first; a round robin only); ``forced`` when the
#: teacher started it while the previous round still had games playing
rounds = sa.Table(
    "rounds", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id"), nullable=False),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("system", sa.String(32), nullable=False),
    sa.Column("game", sa.String(64), nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=True),
    sa.Column("players", sa.Text, nullable=False),
    sa.Column("berger", sa.Integer, nullable=True),
    sa.Column("forced", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("class_id", "number", name="uq_rounds_class_number"),
)

#: the tables of a round, one per board (a table belongs to at most one round)
round_tables = sa.Table(
    "round_tables", metadata,
    sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
    sa.Column("board", sa.Integer, nullable=False),
)

#: the byes of a round and the points each one scores
round_byes = sa.Table(
    "round_byes", metadata,
    sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), primary_key=True),
    sa.Column("pupil_id", sa.Integer, sa.ForeignKey("pupils.id"), primary_key=True),
    sa.Column("points", sa.Float, nullable=False),
)

#: pupils' practice attempts (migration 0003; :mod:`drezlab.practice`): ``moves`` is JSON,
#: ``result`` met / missed / unfinished, ``timestamp`` the attempt's UTC time as the pupil's
#: kernel wrote it (ISO 8601 text); ``digest`` is the attempt itself hashed
#: (:func:`drezlab.classroom.store.attempt_digest`), so the same attempt sent twice, or a
#: folder of JSON lines imported twice, is stored once
attempts = sa.Table(
    "attempts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("pupil_id", sa.Integer, sa.ForeignKey("pupils.id"), nullable=False),
    sa.Column("exercise", sa.String(200), nullable=False),
    sa.Column("moves", sa.Text, nullable=False),
    sa.Column("result", sa.String(16), nullable=False),
    sa.Column("seconds", sa.Float, nullable=False),
    sa.Column("timestamp", sa.String(40), nullable=False),
    sa.Column("digest", sa.String(64), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("pupil_id", "digest", name="uq_attempts_pupil_digest"),
)
