"""The precondition of distributing PostgreSQL by room (docs/scaling.md: Citus with the room as
the distribution key): every statement the play path sends that touches a room's tables names
exactly one room, by its id or its code, so each stays on one shard.

The SQL is captured at the driver (bench/sql_recorder.py) while whole games are played through
sockets, so the check holds for whatever statements the room engine sends, however they are
built; the periodic sweep (which scans for due timers across rooms, and is not the play path)
is off here."""

from __future__ import annotations

import re

import pytest

from bench.sql_recorder import Recorder
from tests.app.test_multiprocess import Seat, check_final, new_room, play
from tests.utils.live_server import LiveServer

from .conftest import settings_for

pytestmark = pytest.mark.postgres

ROOM_TABLES = re.compile(r"\b(rooms|seats|actions|room_messages)\b", re.I)
PARAM = r"(?:%\(\w+\)s|%s|\$\d+|'[^']*'|\d+)"
# `room_id = :p`, `rooms.id = :p`, `code = :p` (qualified or not) in a WHERE or a join condition.
ONE_ROOM = re.compile(
    rf"{PARAM}(?:::\w+)?\s*=\s*(?:\w+\.)?room_id\b|"
    rf"\b(?:\w+\.)?(?:room_id|code)\s*=\s*{PARAM}|\brooms\.id\s*=\s*{PARAM}",
    re.I,
)
# A statement on the rooms table alone may name the room by a bare `id`.
ROOMS_ALONE = re.compile(
    rf"^(?:UPDATE\s+rooms\b|DELETE\s+FROM\s+rooms\b).*\bWHERE\b.*\bid\s*=\s*{PARAM}", re.I
)
# Once per game start, not per action: the count of the creator's running games
# (ROOMS_PER_ADDRESS, app.rooms.running) spans rooms by design (docs/scaling.md).
START_CAP = re.compile(r"\bFROM rooms WHERE rooms\.opened_by = ", re.I)
NOT_ROOM_SQL = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SELECT 1\b|SET\b|SHOW\b)", re.I)


def names_one_room(sql: str) -> bool:
    flat = " ".join(sql.split())
    if re.match(r"INSERT\s", flat, re.I):
        table = re.match(r"INSERT\s+INTO\s+\"?(\w+)", flat, re.I)
        columns = flat.split("VALUES")[0]
        # A new room is one room; a row of a room's table carries its room id.
        return bool(table) and (table.group(1) == "rooms" or re.search(r"\broom_id\b", columns) is not None)
    if ROOMS_ALONE.match(flat):
        return True
    where = re.split(r"\bWHERE\b", flat, maxsplit=1, flags=re.I)
    return len(where) == 2 and ONE_ROOM.search(where[1]) is not None


def test_the_filter_recognises_room_scoped_and_cross_room_statements():
    assert names_one_room("SELECT rooms.state FROM rooms WHERE rooms.code = %(code_1)s FOR UPDATE")
    assert names_one_room("UPDATE rooms SET version=%s WHERE rooms.id = %s")
    assert names_one_room("UPDATE rooms SET version=%s WHERE id = %s AND version = %s")
    assert names_one_room("SELECT seats.name FROM seats WHERE %(param_1)s::INTEGER = seats.room_id")
    assert not names_one_room("SELECT seats.name FROM seats WHERE seats.id = %s")
    assert names_one_room("INSERT INTO actions (room_id, seq, seat) VALUES (%s, %s, %s)")
    assert names_one_room("SELECT seats.name FROM seats WHERE seats.room_id = $1 ORDER BY seats.seat")
    assert not names_one_room("SELECT rooms.code FROM rooms WHERE rooms.deadline <= %s")
    assert not names_one_room("SELECT status, COUNT(*) FROM rooms GROUP BY status")
    assert not names_one_room("DELETE FROM actions WHERE actions.room_id IN (SELECT id FROM rooms)")


def test_every_play_path_statement_names_one_room(postgres_url):
    statements: list[str] = []
    capturing = False  # from the start of the game: not the migrations' backfills at start-up

    def keep(sql: str, _executions: int) -> None:
        if capturing:
            statements.append(sql)

    with Recorder(keep):
        settings = settings_for(postgres_url, sweep_seconds=0)
        with LiveServer(settings) as server:
            capturing = True
            code, tokens = new_room(server, humans=2, bots=1, seed=7)
            seats = [Seat(server, code, i, token) for i, token in enumerate(tokens)]
            seats.append(Seat(server, code, None, None))  # a spectator
            play(seats)
            check_final(seats, postgres_url, code, 3)
            for seat in seats:
                seat.client.close()
    touching = [s for s in statements if ROOM_TABLES.search(s) and not NOT_ROOM_SQL.match(s)]
    # The migrations' DDL and version table are not the play path.
    touching = [s for s in touching if not re.match(r"\s*(CREATE|ALTER|DROP|COMMENT)\b", s, re.I)]
    assert len(touching) > 20, "the game's statements were captured"
    flat = {" ".join(s.split()) for s in touching}
    assert any(START_CAP.search(s) for s in flat), "the start's cap on running games was captured"
    cross_room = sorted(s for s in flat if not names_one_room(s) and not START_CAP.search(s))
    assert not cross_room, "\n".join(cross_room)
