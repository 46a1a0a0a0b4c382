"""The tote's bets and settlements (app.rooms.tote).

Revision ID: 0010_tote_bets
Revises: 0009_tote
Create Date: 2026-12-02
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_tote_bets"
down_revision = "0009_tote"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tote_bets",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("room_id", sa.Integer(), sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("contender", sa.String(8), nullable=False),
        sa.Column("chips", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_tote_bets_room_id", "tote_bets", ["room_id"])
    op.create_table(
        "tote_payouts",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("room_id", sa.Integer(), sa.ForeignKey("rooms.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("chips", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("room_id", "name", name="uq_tote_payouts_room_name"),
    )
    op.create_index("ix_tote_payouts_room_id", "tote_payouts", ["room_id"])


def downgrade() -> None:
    op.drop_index("ix_tote_payouts_room_id", "tote_payouts")
    op.drop_table("tote_payouts")
    op.drop_index("ix_tote_bets_room_id", "tote_bets")
    op.drop_table("tote_bets")
