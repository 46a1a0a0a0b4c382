"""`paddock rooms list|purge`: the rooms in the database, for operators.

    paddock rooms list [--status lobby|playing|over|closed] [--limit 50] [--json]
    paddock rooms purge [--days N] [--dry-run]

`purge` deletes finished and closed rooms (seats and action log too) that ended more than
`--days` days ago (default: RETENTION_DAYS, 30). Running servers do the same in their sweep;
closing idle games needs to know who is connected, so only the servers do that.
Both use DATABASE_URL, like `paddock serve`.
"""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime

from app.core.config import Settings

STATUSES = ("lobby", "playing", "over", "closed")


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("rooms", help="list rooms or purge old finished ones")
    actions = parser.add_subparsers(dest="rooms_command", required=True)
    listing = actions.add_parser("list", help="the newest rooms")
    listing.add_argument("--status", choices=STATUSES, help="only rooms with this status")
    listing.add_argument("--limit", type=int, default=50, help="at most this many rooms (default: 50)")
    listing.add_argument("--json", action="store_true", help="print JSON lines instead of a table")
    purge = actions.add_parser("purge", help="delete finished and closed rooms past the retention period")
    purge.add_argument(
        "--days", type=float, help="ended more than this many days ago (default: RETENTION_DAYS)"
    )
    purge.add_argument("--dry-run", action="store_true", help="only say which rooms would be deleted")
    parser.set_defaults(run=run)


def _when(stamp: float | None) -> str:
    if stamp is None:
        return "-"
    return datetime.fromtimestamp(stamp, UTC).strftime("%Y-%m-%d %H:%M")


def run(args: argparse.Namespace, now: float | None = None) -> int:
    from app.core.db import engine_for, make_sessions
    from app.core.migrate import upgrade
    from app.rooms.lifecycle import DAY, list_rooms, purge_ended

    settings = Settings()
    database = engine_for(settings)
    try:
        upgrade(database)
        sessions = make_sessions(database)
        if args.rooms_command == "list":
            if args.limit < 1:
                print("--limit must be at least 1")
                return 2
            with sessions() as session:
                rooms = list_rooms(session, args.status, args.limit)
            if args.json:
                for room in rooms:
                    print(json.dumps(room))
                return 0
            print(f"{'code':<18} {'game':<20} {'status':<8} seats humans {'last active':<16} ended")
            for room in rooms:
                print(
                    f"{room['code']:<18} {room['game']:<20} {room['status']:<8} {room['seats']:>5} "
                    f"{room['humans']:>6} {_when(room['active_at']):<16} {_when(room['ended_at'])}"
                )
            print(f"{len(rooms)} room(s)")
            return 0
        days = settings.retention_days if args.days is None else args.days
        if days < 0:
            print("--days must be 0 or more")
            return 2
        before = (time.time() if now is None else now) - days * DAY
        with sessions.begin() as session:
            codes = purge_ended(session, before)
            if args.dry_run:
                session.rollback()
        verb = "would delete" if args.dry_run else "deleted"
        print(f"{verb} {len(codes)} finished or closed room(s) that ended more than {days:g} day(s) ago")
        for code in codes:
            print(f"  {code}")
        return 0
    finally:
        database.dispose()
