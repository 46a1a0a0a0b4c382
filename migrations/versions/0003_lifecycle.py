"""Room lifecycle: when a seated player was last here, when the room ended, whether a bot is
awaited; indexed so the periodic sweep and the purge select only the rooms they act on.

Existing rooms: every room counts as active now (a full idle period before anything closes),
finished and closed rooms as ended now (a full retention period before they are purged), and a
running room with a bot seat as awaiting its bot (the sweep clears the mark when it is not).

Revision ID: 0003_lifecycle
Revises: 0002_pipeline
Create Date: 2026-12-01
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0003_lifecycle"
down_revision = "0002_pipeline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMN (no batch copy): on SQLite a batch rebuild drops and recreates `rooms`,
    # and with foreign keys on that would cascade to every seat and action row.
    op.add_column("rooms", sa.Column("active_at", sa.Float(), nullable=True))
    op.add_column("rooms", sa.Column("ended_at", sa.Float(), nullable=True))
    op.add_column("rooms", sa.Column("bot_turn", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_rooms_status_active_at", "rooms", ["status", "active_at"])
    op.create_index("ix_rooms_ended_at", "rooms", ["ended_at"])
    op.create_index("ix_rooms_deadline", "rooms", ["deadline"])
    op.create_index("ix_rooms_bot_turn", "rooms", ["bot_turn"])

    now = time.time()
    rooms = sa.table(
        "rooms",
        sa.column("id", sa.Integer()),
        sa.column("status", sa.String()),
        sa.column("active_at", sa.Float()),
        sa.column("ended_at", sa.Float()),
        sa.column("bot_turn", sa.Boolean()),
    )
    seats = sa.table("seats", sa.column("room_id", sa.Integer()), sa.column("is_bot", sa.Boolean()))
    bind = op.get_bind()
    bind.execute(rooms.update().values(active_at=now))
    bind.execute(rooms.update().where(rooms.c.status.in_(["over", "closed"])).values(ended_at=now))
    with_bots = sa.select(seats.c.room_id).where(seats.c.is_bot.is_(True))
    bind.execute(
        rooms.update().where(rooms.c.status == "playing", rooms.c.id.in_(with_bots)).values(bot_turn=True)
    )


def downgrade() -> None:
    op.drop_index("ix_rooms_bot_turn", "rooms")
    op.drop_index("ix_rooms_deadline", "rooms")
    op.drop_index("ix_rooms_ended_at", "rooms")
    op.drop_index("ix_rooms_status_active_at", "rooms")
    for column in ("bot_turn", "ended_at", "active_at"):
        op.drop_column("rooms", column)
