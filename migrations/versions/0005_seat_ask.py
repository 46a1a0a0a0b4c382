"""Seat links cannot take a connected seat unasked: when the seat's device was asked; and
`write_checks`, the scratch table where the start check and /readyz write (and delete) a row.

Revision ID: 0005_seat_ask
Revises: 0004_group_play
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_seat_ask"
down_revision = "0004_group_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("link_asked", sa.Float(), nullable=True))
    op.create_table(
        "write_checks",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("checked_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("write_checks")
    op.drop_column("seats", "link_asked")
