"""The play path's room: read and written with SQLAlchemy Core, not the ORM.

A room is read (one SELECT of the room, one of its seats) when a process does not hold it in
memory (app.rooms.memory). An accepted action (a player's, a bot's, the timer's) is written by
compare-and-set: one UPDATE of the changed columns WHERE the room is still at the version the
action was decided on, still playing, and (for a player or a bot) the acting seat is still
held by that token or that bot; then one INSERT of its action rows. Several rooms' writes
share one transaction (app.rooms.commit). Through the ORM that was most of the server's CPU
per action (identity map, lazy seat load, unit-of-work flush). Seats are read, never written,
here: seat changes go through the ORM paths (app.rooms.seats, app.rooms.lobby).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from sqlalchemy import Connection, Table, and_, bindparam, exists, insert, select, true, update

from app.core.prepared import Prepared, PreparedSet
from app.models import ActionRow, Room, Seat, utcnow

from .codes import valid_code
from .errors import not_found
from .marks import keep_marks
from .snapshot import SeatInfo

ROOMS = cast(Table, Room.__table__)
SEATS = cast(Table, Seat.__table__)
ACTIONS = cast(Table, ActionRow.__table__)

# The columns play may change (and so writes back), and those it only reads.
WRITTEN = ("status", "version", "state", "deadline", "decisions", "active_at", "ended_at", "bot_turn")
READ = (
    "id",
    "code",
    "game",
    "options",
    "seed",
    "seeded",
    "turn_seconds",
    "rematch_code",
    "chat_spectators",
    "chat_muted",
    "odds_players",
    "lobby",
    "end_vote",
    "ended_by",
    "rest_since",
)
SEAT_COLUMNS = (
    "position",
    "name",
    "is_bot",
    "is_host",
    "has_left",
    "token_hash",
    "away_since",
    "reclaim_hash",
    "requests",
)

# Built once, compiled once per dialect and run on the driver's cursor (app.core.prepared).
_ROOM = select(*(ROOMS.c[name] for name in READ + WRITTEN)).where(ROOMS.c.code == bindparam("code"))
_ROOM_LOCKED = _ROOM.with_for_update()
_SEATS = (
    select(*(SEATS.c[name] for name in SEAT_COLUMNS))
    .where(SEATS.c.room_id == bindparam("room_id"))
    .order_by(SEATS.c.position)
)
# The compare-and-set (its SET clause the changed columns, compiled once per set of them):
# the version the write was decided on, a running game, and
# the acting seat still held by the same player ("player") or still a bot ("bot").
_AT_VERSION = and_(
    ROOMS.c.id == bindparam("room_id"),
    ROOMS.c.version == bindparam("expected"),
    ROOMS.c.status == bindparam("running"),
)
_SEAT = and_(SEATS.c.room_id == ROOMS.c.id, SEATS.c.position == bindparam("actor"))
_CAS = {
    None: update(ROOMS).where(_AT_VERSION),
    "player": update(ROOMS).where(
        _AT_VERSION, exists().where(_SEAT, SEATS.c.token_hash == bindparam("holder"))
    ),
    "bot": update(ROOMS).where(_AT_VERSION, exists().where(_SEAT, SEATS.c.is_bot == true())),
}
_INSERT = insert(ACTIONS)
INSERTED = ("room_id", "seq", "seat", "action", "source", "events", "created_at")
_INITIAL_EVENTS = select(ROOMS.c.initial_events).where(ROOMS.c.id == bindparam("room_id"))
_ACTION_EVENTS = (
    select(ACTIONS.c.events).where(ACTIONS.c.room_id == bindparam("room_id")).order_by(ACTIONS.c.seq)
)
_PREPARED = PreparedSet()


def _prepared(conn: Connection, statement: Any, keys: tuple[str, ...] | None = None) -> Prepared:
    return _PREPARED.get(conn, (id(statement), keys), lambda dialect: Prepared(statement, dialect, keys))


@dataclass(slots=True)
class PlayRecord:
    """A room as play sees it: plain values, the seats as `SeatInfo`, and the action rows
    added in this transaction (written by `save_all_if` and `insert_actions`)."""

    id: int
    code: str
    game: str
    options: dict[str, Any]
    seed: int
    seeded: bool
    turn_seconds: float | None
    rematch_code: str | None
    chat_spectators: bool
    chat_muted: list[str] | None
    odds_players: bool
    lobby: dict[str, Any] | None
    end_vote: dict[str, Any] | None
    ended_by: str | None
    # Since when the game rests (nobody connected: bots and timer wait; app.rooms.rest).
    rest_since: float | None
    status: str
    version: int
    state: dict[str, Any] | None
    deadline: float | None
    decisions: list[Any] | None
    active_at: float | None
    ended_at: float | None
    bot_turn: bool
    seats: list[SeatInfo] = field(default_factory=list)
    new_actions: list[dict[str, Any]] = field(default_factory=list)
    # The written columns as loaded, to write back only what changed.
    loaded: tuple[Any, ...] = ()
    # The seats the game awaits in `state` (kept with the room in memory, so the next action
    # need not ask the engine again); None until known.
    awaited: list[int] | None = None

    def written(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in WRITTEN)


def load(conn: Connection, code: str, lock: bool = True) -> PlayRecord:
    """The room `code` with its seats; `lock`: hold its row until the transaction ends."""
    if not valid_code(code):
        raise not_found()
    rows = _prepared(conn, _ROOM_LOCKED if lock else _ROOM).rows(conn, {"code": code})
    if not rows:
        raise not_found()
    row = rows[0]
    seats = [SeatInfo(**seat) for seat in _prepared(conn, _SEATS).rows(conn, {"room_id": row["id"]})]
    record = PlayRecord(**row, seats=seats)
    record.bot_turn = bool(record.bot_turn)
    record.loaded = record.written()
    return record


def _changed(record: PlayRecord) -> dict[str, Any]:
    """The written columns whose values differ from those last read or written."""
    return {
        name: value
        for name, value, before in zip(WRITTEN, record.written(), record.loaded, strict=True)
        if value is not before and value != before
    }


def action_row(
    room_id: int, seq: int, seat: int, action: dict[str, Any], source: str, events: list[dict[str, Any]]
) -> dict[str, Any]:
    """The action row of version `seq`: who played what, and the log events it added."""
    return {
        "room_id": room_id,
        "seq": seq,
        "seat": seat,
        "action": action,
        "source": source,
        "events": events,
        "created_at": utcnow(),
    }


@dataclass(slots=True)
class Guard:
    """What a compare-and-set write requires besides the version: that seat `actor` is still
    held by the token `holder` (kind "player") or still a bot (kind "bot"); kind None: nothing."""

    kind: str | None = None
    actor: int | None = None
    holder: str | None = None


def save_all_if(conn: Connection, writes: Sequence[tuple[PlayRecord, int, Guard]], now: float) -> list[bool]:
    """Write what play changed in each room that is still at its expected version (and whose
    guard holds): its changed columns; the results in the writes' order. A room whose write
    lost (another process moved it, or a seat changed hands) is left as it was. The writes go
    out together (app.core.prepared.Prepared.run_together); the new action rows of the rooms
    that won are inserted after them (`insert_actions`)."""
    runs = []
    for record, expected, guard in writes:
        keep_marks(record, now)
        changed = _changed(record)
        values: dict[str, Any] = {"room_id": record.id, "expected": expected, "running": "playing", **changed}
        if guard.kind is not None:
            values["actor"] = guard.actor
        if guard.kind == "player":
            values["holder"] = guard.holder
        runs.append((_prepared(conn, _CAS[guard.kind], tuple(changed)), values))
    won = [touched == 1 for touched in Prepared.run_together(conn, runs)]
    for (record, _, _), ok in zip(writes, won, strict=True):
        if ok:
            record.loaded = record.written()
    return won


def insert_actions(conn: Connection, rows: list[dict[str, Any]]) -> None:
    """The action rows of several rooms, in one statement."""
    if rows:
        _prepared(conn, _INSERT, INSERTED).run_many(conn, rows)


def events(conn: Connection, room_id: int) -> list[dict[str, Any]]:
    """The room's whole log: the setup's events, then each action's, in order."""
    initial = _prepared(conn, _INITIAL_EVENTS).rows(conn, {"room_id": room_id})
    rows = _prepared(conn, _ACTION_EVENTS).rows(conn, {"room_id": room_id})
    return [
        *((initial[0]["initial_events"] if initial else None) or []),
        *(event for row in rows for event in (row["events"] or [])),
    ]
