"""Several spectators may ask for one seat (issue 42, finding 6): the seat keeps the list of its
requests (who, the name they gave, when, who agreed) instead of one asker and its time.

Revision ID: 0013_seat_requests
Revises: 0012_rest
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0013_seat_requests"
down_revision = "0012_rest"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD/DROP COLUMN (SQLite 3.35+ drops a column in place; no batch copy of `seats`).
    op.add_column("seats", sa.Column("requests", sa.JSON(), nullable=True))
    op.drop_column("seats", "request_at")
    op.drop_column("seats", "request_from")


def downgrade() -> None:
    op.add_column("seats", sa.Column("request_from", sa.String(16), nullable=True))
    op.add_column("seats", sa.Column("request_at", sa.Float(), nullable=True))
    op.drop_column("seats", "requests")
