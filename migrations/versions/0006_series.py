"""An evening is a series: each rematch room remembers the evening's first room and its own
number in the evening (app.rooms.series).

Revision ID: 0006_series
Revises: 0005_seat_ask
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0006_series"
down_revision = "0005_seat_ask"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("series_code", sa.String(40), nullable=True))
    op.add_column("rooms", sa.Column("series_game", sa.Integer(), nullable=False, server_default="1"))
    op.create_index("ix_rooms_series_code", "rooms", ["series_code"])


def downgrade() -> None:
    op.drop_index("ix_rooms_series_code", "rooms")
    op.drop_column("rooms", "series_game")
    op.drop_column("rooms", "series_code")
