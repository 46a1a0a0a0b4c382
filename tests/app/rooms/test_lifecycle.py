"""Rooms that end (issue 13): idle games close, unstarted lobbies expire, ended rooms and their
logs are purged after the retention period, the last player leaving ends the room, and the
periodic sweep selects only rooms with a near deadline or an awaited bot.

A real RoomService on a real SQLite file; time is injected (`now=`), nothing sleeps."""

from __future__ import annotations

import asyncio
import json
import time

import pytest
import sqlalchemy as sa

from app.broadcast import MemoryBroadcast
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.models import ActionRow, Room, Seat
from app.rooms.errors import RoomError
from app.rooms.lifecycle import DAY, due_for_takeover
from app.rooms.service import RoomService
from app.rooms.snapshot import hash_token
from tests.app.conftest import settings_for

IDLE = 600.0
LOBBY = 3600.0
RETENTION_DAYS = 2.0
PICK = {"type": "pick", "n": 1}


@pytest.fixture
def service(database_url):
    """A room service over SQLite and PostgreSQL (sweep off: the tests drive it)."""
    database = make_engine(database_url)
    upgrade(database)
    settings = settings_for(
        database_url,
        sweep_seconds=0,
        idle_room_seconds=IDLE,
        lobby_seconds=LOBBY,
        retention_days=RETENTION_DAYS,
    )
    rooms = RoomService(make_sessions(database), MemoryBroadcast(8), settings)
    yield rooms
    database.dispose()


def run(service: RoomService, coroutine):
    """Run a scenario in one event loop, then stop the service's bot and timer tasks in it."""

    async def whole():
        try:
            return await coroutine
        finally:
            await service.close()

    return asyncio.run(whole())


def row(service: RoomService, code: str) -> dict:
    with service.sessions() as session:
        room = session.scalars(sa.select(Room).where(Room.code == code)).one_or_none()
        if room is None:
            return {}
        return {c.name: getattr(room, c.name) for c in Room.__table__.columns}


def counts(service: RoomService, code_id: int) -> tuple[int, int]:
    with service.sessions() as session:
        seats = session.scalar(sa.select(sa.func.count()).select_from(Seat).where(Seat.room_id == code_id))
        actions = session.scalar(
            sa.select(sa.func.count()).select_from(ActionRow).where(ActionRow.room_id == code_id)
        )
        return seats, actions


async def two_player_game(service: RoomService, **options) -> tuple[str, str, str]:
    code, host, _ = await service.create_room("toy", {"rounds": 1, **options}, "Ann")
    friend, _ = await service.join(code, "Bo")
    await service.start(code, host)
    return code, host, friend


def test_a_game_nobody_is_connected_to_closes_after_the_idle_time(service):
    async def scenario():
        code, _, _ = await two_player_game(service)
        started = row(service, code)["active_at"]
        assert started is not None
        # Not yet: one second before the idle time is up, nothing changes.
        assert await service.sweep_lifecycle(now=started + IDLE - 1) == {"closed": 0, "purged": 0}
        assert row(service, code)["status"] == "playing"
        assert await service.sweep_lifecycle(now=started + IDLE + 1) == {"closed": 1, "purged": 0}
        closed = row(service, code)
        assert closed["status"] == "closed" and closed["ended_at"] is not None
        assert closed["deadline"] is None
        # A closed room refuses play with a sentence.
        with pytest.raises(RoomError) as refused:
            await service.act(code, hash_token(_), 0, PICK)
        assert refused.value.code in ("closed", "no_seat")

    run(service, scenario())


def test_a_connected_player_keeps_the_room_open_and_the_idle_time_starts_when_they_leave(service):
    async def scenario():
        code, host, _ = await two_player_game(service)
        started = row(service, code)["active_at"]
        await service.connect(code, hash_token(host))
        # Long past the idle time, but a seated player is connected: it stays, and counts as active.
        later = started + 5 * IDLE
        assert (await service.sweep_lifecycle(now=later))["closed"] == 0
        assert row(service, code)["status"] == "playing"
        assert row(service, code)["active_at"] == later
        await service.disconnect(code, hash_token(host))
        left = row(service, code)["active_at"]
        assert left >= started  # stamped when the last socket of a seated player closed
        assert (await service.sweep_lifecycle(now=left + IDLE - 1))["closed"] == 0
        assert (await service.sweep_lifecycle(now=left + IDLE + 1))["closed"] == 1

    run(service, scenario())


def test_a_spectator_does_not_keep_a_room_open(service):
    async def scenario():
        code, _, _ = await two_player_game(service)
        started = row(service, code)["active_at"]
        await service.connect(code, "not-a-seat-token-hash")
        assert (await service.sweep_lifecycle(now=started + IDLE + 1))["closed"] == 1

    run(service, scenario())


def test_a_lobby_never_started_expires(service):
    async def scenario():
        code, _, _ = await service.create_room("toy", {}, "Ann")
        created = row(service, code)["active_at"]
        # The running-game idle time is not the lobby's: still open after it.
        assert (await service.sweep_lifecycle(now=created + IDLE + 1))["closed"] == 0
        assert (await service.sweep_lifecycle(now=created + LOBBY + 1))["closed"] == 1
        assert row(service, code)["status"] == "closed"

    run(service, scenario())


def test_finished_and_closed_rooms_and_their_logs_are_purged_after_the_retention_period(service):
    async def scenario():
        code, host, friend = await two_player_game(service)
        await service.act(code, hash_token(host), 0, PICK)
        await service.act(code, hash_token(friend), 1, PICK)
        over = row(service, code)
        assert over["status"] == "over" and over["ended_at"] is not None
        assert counts(service, over["id"]) == (2, 2)
        idle_code, _, _ = await service.create_room("toy", {}, "Cy")
        closed_at = row(service, idle_code)["active_at"] + LOBBY + 1
        assert (await service.sweep_lifecycle(now=closed_at))["closed"] == 1
        # The finished room keeps its log (and replay) for the retention period...
        assert (await service.sweep_lifecycle(now=over["ended_at"] + RETENTION_DAYS * DAY - 1))["purged"] == 0
        assert len((await service.action_log(code))[1]) == 2
        # ...then the room, its seats and its action log are gone.
        assert (await service.sweep_lifecycle(now=over["ended_at"] + RETENTION_DAYS * DAY + 1))["purged"] == 1
        assert row(service, code) == {} and counts(service, over["id"]) == (0, 0)
        with pytest.raises(RoomError):
            await service.load(code)
        assert row(service, idle_code)["status"] == "closed"  # it ended later: kept for now
        closed_end = row(service, idle_code)["ended_at"]
        assert (await service.sweep_lifecycle(now=closed_end + RETENTION_DAYS * DAY + 1))["purged"] == 1
        assert row(service, idle_code) == {}

    run(service, scenario())


def test_the_last_seated_player_leaving_a_game_ends_it(service):
    """The host and every other human left: no token is left to play or hand seats to bots."""

    async def scenario():
        code, host, friend = await two_player_game(service)
        await service.leave(code, friend)
        assert (await service.load(code)).status == "playing"  # the host is still there
        info = await service.leave(code, host)
        assert info.status == "closed"
        assert row(service, code)["ended_at"] is not None

    run(service, scenario())


def test_the_sweep_selects_only_rooms_with_a_near_deadline_or_an_awaited_bot(service):
    service.settings.bot_delay = 3600  # the bot waits: its turn stays open while we look

    async def scenario():
        idle = [(await two_player_game(service))[0] for _ in range(30)]
        code, host, _ = await service.create_room("toy", {"rounds": 1}, "Ann")
        await service.add_bots(code, host, 1)
        await service.start(code, host)
        timed, timed_host, _ = await service.create_room("toy", {"rounds": 1}, "Di", turn_seconds=60)
        await service.join(timed, "Ed")
        await service.start(timed, timed_host)
        # The takeover (at start and in every sweep) selects these two rooms, not the 30 idle ones.
        assert await service.autoplay.take_over() == 2
        return idle, code, timed

    idle, with_bot, timed = run(service, scenario())
    now = time.time()
    with service.sessions() as session:
        # The host is awaited too, but the bot seat is: the bot's room is due; idle rooms never are.
        assert row(service, with_bot)["bot_turn"] is True
        assert set(due_for_takeover(session, now, horizon=10)) == {with_bot}
        assert set(due_for_takeover(session, now, horizon=120)) == {with_bot, timed}
        assert set(due_for_takeover(session, now, horizon=None)) == {with_bot, timed}
        assert not set(idle) & set(due_for_takeover(session, now, None))
        if session.bind.dialect.name == "sqlite":  # the query uses the indexes, not a table scan
            plan = " ".join(
                str(line)
                for line in session.execute(
                    sa.text(
                        "EXPLAIN QUERY PLAN SELECT code FROM rooms WHERE status = 'playing' "
                        "AND (deadline <= :t OR bot_turn = 1)"
                    ),
                    {"t": now},
                ).all()
            )
            assert "INDEX" in plan.upper() and "SCAN rooms" not in plan, plan


def test_the_bot_mark_follows_the_game(service):
    async def scenario():
        code, host, _ = await service.create_room("toy", {"rounds": 1}, "Ann")
        await service.add_bots(code, host, 1)
        assert row(service, code)["bot_turn"] is False  # lobby
        await service.start(code, host)
        assert row(service, code)["bot_turn"] is True
        # The bot plays (no delay in tests); then only the host is awaited.
        await asyncio.wait_for(
            service.autoplay.bot_tasks[code], 10
        ) if code in service.autoplay.bot_tasks else None
        assert row(service, code)["bot_turn"] is False
        await service.act(code, hash_token(host), 1, PICK)
        assert row(service, code)["status"] == "over" and row(service, code)["bot_turn"] is False

    run(service, scenario())


def test_paddock_rooms_list_and_purge(service, monkeypatch, capsys):
    from app import cli

    async def scenario():
        code, host, friend = await two_player_game(service)
        await service.act(code, hash_token(host), 0, PICK)
        await service.act(code, hash_token(friend), 1, PICK)
        lobby, _, _ = await service.create_room("toy", {}, "Cy")
        return code, lobby

    over, lobby = run(service, scenario())
    monkeypatch.setenv("DATABASE_URL", str(service.sessions.kw["bind"].url.render_as_string(False)))
    monkeypatch.setenv("RETENTION_DAYS", "0")
    assert cli.main(["rooms", "list"]) == 0
    listing = capsys.readouterr().out
    assert over in listing and lobby in listing and "2 room(s)" in listing
    assert cli.main(["rooms", "list", "--status", "over", "--json"]) == 0
    listed = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(room["code"], room["status"], room["seats"]) for room in listed] == [(over, "over", 2)]
    assert cli.main(["rooms", "purge", "--dry-run"]) == 0
    assert "would delete 1 " in capsys.readouterr().out and row(service, over)
    assert cli.main(["rooms", "purge", "--days", "1"]) == 0
    assert "deleted 0 " in capsys.readouterr().out and row(service, over)  # ended just now
    assert cli.main(["rooms", "purge"]) == 0
    out = capsys.readouterr().out
    assert "deleted 1 " in out and over in out
    assert row(service, over) == {} and row(service, lobby)["status"] == "lobby"


def test_migration_0003_marks_existing_rooms(database_url):
    """Rooms made before the lifecycle columns: active now, ended now if over or closed (a full
    period before anything closes or is purged), a running room with a bot marked for the sweep."""
    from alembic import command

    from app.core.migrate import alembic_config

    database = make_engine(database_url)
    try:
        config = alembic_config()
        with database.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0002_pipeline")
        with database.begin() as connection:
            for number, status in enumerate(("lobby", "playing", "playing", "over", "closed"), start=1):
                connection.execute(
                    sa.text(
                        "INSERT INTO rooms (id, code, game, options, seed, seeded, status, version, "
                        "created_at) VALUES (:id, :code, 'toy', '{}', 1, false, :status, 0, "
                        "CURRENT_TIMESTAMP)"
                    ),
                    {"id": number, "code": f"room{number}", "status": status},
                )
            connection.execute(
                sa.text(
                    "INSERT INTO seats (room_id, position, name, is_bot, is_host, has_left) "
                    "VALUES (2, 0, 'Bot 1', true, false, false)"
                )
            )
        before = time.time()
        with database.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        with database.connect() as connection:
            rows = {
                code: (active, ended, bool(bot))
                for code, active, ended, bot in connection.execute(
                    sa.text("SELECT code, active_at, ended_at, bot_turn FROM rooms")
                )
            }
            seats = connection.execute(sa.text("SELECT count(*) FROM seats")).scalar_one()
    finally:
        database.dispose()
    assert all(active >= before - 1 for active, _, _ in rows.values())
    assert [code for code, (_, ended, _) in sorted(rows.items()) if ended is not None] == ["room4", "room5"]
    assert [code for code, (_, _, bot) in sorted(rows.items()) if bot] == ["room2"]
    assert seats == 1  # the migration keeps every row it does not touch
