"""Rooms that rest and games running per address (app.rooms.rest, app.rooms.lobby): since when a
running game rests (nobody connected), and a digest of the address that opened the room.

Revision ID: 0012_rest
Revises: 0011_tote_bet_versions
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0012_rest"
down_revision = "0011_tote_bet_versions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("rest_since", sa.Float(), nullable=True))
    op.add_column("rooms", sa.Column("opened_by", sa.String(length=64), nullable=True))
    op.create_index("ix_rooms_opened_by_status", "rooms", ["opened_by", "status"])


def downgrade() -> None:
    op.drop_index("ix_rooms_opened_by_status", table_name="rooms")
    op.drop_column("rooms", "opened_by")
    op.drop_column("rooms", "rest_since")
