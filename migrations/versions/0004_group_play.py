"""Group play: rematch link between rooms, chat settings and messages, seats a player can
take back (grace period, reclaim from a bot, one-time links to move to another device).

Revision ID: 0004_group_play
Revises: 0002_pipeline
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_group_play"
down_revision = "0002_pipeline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("rematch_code", sa.String(40), nullable=True))
    op.add_column(
        "rooms", sa.Column("chat_spectators", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column("rooms", sa.Column("chat_muted", sa.JSON(), nullable=True))
    op.add_column("seats", sa.Column("away_since", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("reclaim_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("rematch_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("link_hash", sa.String(64), nullable=True))
    op.add_column("seats", sa.Column("link_expires", sa.Float(), nullable=True))
    op.create_table(
        "room_messages",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("room_id", sa.Integer(), sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
        sa.Column("frame", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_room_messages_room_id", "room_messages", ["room_id"])


def downgrade() -> None:
    op.drop_index("ix_room_messages_room_id", "room_messages")
    op.drop_table("room_messages")
    for column in ("link_expires", "link_hash", "rematch_hash", "reclaim_hash", "away_since"):
        op.drop_column("seats", column)
    for column in ("chat_muted", "chat_spectators", "rematch_code"):
        op.drop_column("rooms", column)
