"""Read what the server stored, straight from the database."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.orm import Session

from app.core.db import make_engine
from app.models import ActionRow, Room, Seat


def stored(db_url: str, code: str) -> tuple[dict[str, Any], list[tuple[int, int, dict[str, Any]]]]:
    """The room row (as a dict, with `seat_count`) and its action rows as (seq, seat, action),
    read in one snapshot (bots may be committing meanwhile)."""
    database = make_engine(db_url)
    try:
        bind = database
        if database.dialect.name == "postgresql":
            bind = database.execution_options(isolation_level="REPEATABLE READ")
        with Session(bind) as session:
            room = session.scalars(sa.select(Room).where(Room.code == code)).one()
            actions = session.scalars(
                sa.select(ActionRow).where(ActionRow.room_id == room.id).order_by(ActionRow.seq)
            ).all()
            row = {c.name: getattr(room, c.name) for c in Room.__table__.columns}
            row["seat_count"] = session.scalar(
                sa.select(sa.func.count()).select_from(Seat).where(Seat.room_id == room.id)
            )
            # The room's whole log: the setup's events, then each action row's.
            row["log"] = [*(room.initial_events or []), *(e for a in actions for e in (a.events or []))]
            return row, [(a.seq, a.seat, a.action) for a in actions]
    finally:
        database.dispose()
