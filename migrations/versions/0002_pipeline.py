"""Events leave the state: each action row keeps the log events it added, the room keeps
the setup's events, and per-seat decision versions (what each seat last had to decide on).

Existing rooms: the log stored inside the state moves to `rooms.initial_events`, so the
stored state no longer carries it.

Revision ID: 0002_pipeline
Revises: 0001
Create Date: 2026-12-01
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0002_pipeline"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("actions", sa.Column("events", sa.JSON(), nullable=True))
    op.add_column("rooms", sa.Column("initial_events", sa.JSON(), nullable=True))
    op.add_column("rooms", sa.Column("decisions", sa.JSON(), nullable=True))
    bind = op.get_bind()
    rooms = sa.table(
        "rooms",
        sa.column("id", sa.Integer()),
        sa.column("state", sa.JSON()),
        sa.column("initial_events", sa.JSON()),
    )
    for room_id, state in bind.execute(sa.select(rooms.c.id, rooms.c.state)).all():
        if isinstance(state, str):
            state = json.loads(state)
        if not state or not state.get("log"):
            continue
        log = state["log"]
        state = {**state, "log": []}
        bind.execute(rooms.update().where(rooms.c.id == room_id).values(state=state, initial_events=log))


def downgrade() -> None:
    op.drop_column("rooms", "decisions")
    op.drop_column("rooms", "initial_events")
    op.drop_column("actions", "events")
