"""When in the game each tote bet was placed: the room's version at the bet (app.rooms.tote),
so the replay shows the pools as they stood at each step. Bets stored before are null.

Revision ID: 0011_tote_bet_versions
Revises: 0010_tote_bets
Create Date: 2026-12-03
"""

import sqlalchemy as sa
from alembic import op

revision = "0011_tote_bet_versions"
down_revision = "0010_tote_bets"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tote_bets", sa.Column("v", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("tote_bets", "v")
