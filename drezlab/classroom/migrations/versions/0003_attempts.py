"""Pupils' practice attempts (drezlab.practice) in the class database.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "attempts",
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


def downgrade() -> None:
    op.drop_table("attempts")
