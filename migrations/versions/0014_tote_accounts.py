"""Tote chips belong to a spectator's identity, not a name; mutes stick to an address too
(issue 42, findings 3 and 5).

- `tote_bets.account`, `tote_payouts.account`: the private account key of the backer
  (app.rooms.tote, derived from the browser's spectator key and the series). Rows stored
  before have none: they become the account of their name (`name:<name>`), so a series that
  ran across the upgrade reads as before, each old name one account nobody can take over.
- `tote_bets.address`: a digest of the backer's address and the room (app.rooms.addresses),
  which caps fresh accounts per address and room; null for rows stored before.
- `room_messages.address`: the same digest for a spectator's chat line, so a host's mute
  binds that address for the room; `rooms.chat_muted_addresses`: the muted digests (private,
  never in a summary).

Revision ID: 0014_tote_accounts
Revises: 0013_seat_requests
Create Date: 2026-12-08
"""

import sqlalchemy as sa
from alembic import op

revision = "0014_tote_accounts"
down_revision = "0013_seat_requests"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tote_bets", sa.Column("account", sa.String(64), nullable=True))
    op.add_column("tote_bets", sa.Column("address", sa.String(32), nullable=True))
    op.add_column("tote_payouts", sa.Column("account", sa.String(64), nullable=True))
    for table in ("tote_bets", "tote_payouts"):
        op.execute(f"UPDATE {table} SET account = 'name:' || name WHERE account IS NULL")
    op.create_index("ix_tote_bets_account", "tote_bets", ["account"])
    op.create_index("uq_tote_payouts_room_account", "tote_payouts", ["room_id", "account"], unique=True)
    op.add_column("room_messages", sa.Column("address", sa.String(32), nullable=True))
    op.add_column("rooms", sa.Column("chat_muted_addresses", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("rooms", "chat_muted_addresses")
    op.drop_column("room_messages", "address")
    op.drop_index("uq_tote_payouts_room_account", "tote_payouts")
    op.drop_index("ix_tote_bets_account", "tote_bets")
    op.drop_column("tote_payouts", "account")
    op.drop_column("tote_bets", "address")
    op.drop_column("tote_bets", "account")
