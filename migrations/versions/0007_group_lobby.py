"""The lobby of a group: ready ticks, start when everyone is ready, asks to replace a bot
(app.rooms.group_lobby), in one JSON column of the room.

Revision ID: 0007_group_lobby
Revises: 0006_series
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0007_group_lobby"
down_revision = "0006_series"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("lobby", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "lobby")
