"""Seats asked for from a spectator page, and ending a game by vote: who asked for a seat and
when; the open end-of-game proposal, when each kind was last declined, how the vote ended it.

Revision ID: 0008_seats_end_vote
Revises: 0007_group_lobby
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0008_seats_end_vote"
down_revision = "0007_group_lobby"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("request_from", sa.String(16), nullable=True))
    op.add_column("seats", sa.Column("request_at", sa.Float(), nullable=True))
    op.add_column("rooms", sa.Column("end_vote", sa.JSON(), nullable=True))
    op.add_column("rooms", sa.Column("end_declined", sa.JSON(), nullable=True))
    op.add_column("rooms", sa.Column("ended_by", sa.String(16), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "ended_by")
    op.drop_column("rooms", "end_declined")
    op.drop_column("rooms", "end_vote")
    op.drop_column("seats", "request_at")
    op.drop_column("seats", "request_from")
