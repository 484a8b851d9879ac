"""A class's rounds: the pairing of each round, its tables and its byes.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rounds",
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
    op.create_table(
        "round_tables",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
    )
    op.create_table(
        "round_byes",
        sa.Column("round_id", sa.Integer, sa.ForeignKey("rounds.id"), primary_key=True),
        sa.Column("pupil_id", sa.Integer, sa.ForeignKey("pupils.id"), primary_key=True),
        sa.Column("points", sa.Float, nullable=False),
    )


def downgrade() -> None:
    for name in ("round_byes", "round_tables", "rounds"):
        op.drop_table(name)
