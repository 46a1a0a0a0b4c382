"""Live odds and the tote: the host's room option "odds for players" (off by default).

Revision ID: 0009_tote
Revises: 0008_seats_end_vote
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0009_tote"
down_revision = "0008_seats_end_vote"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("odds_players", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("rooms", "odds_players")
