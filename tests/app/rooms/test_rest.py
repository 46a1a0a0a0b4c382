"""Rooms that rest (issue 42, finding 4): a running game with nobody connected stops playing
by itself and plays on when someone connects; a resting room found at start-up stays resting;
bot and timer actions draw on one budget, a player's never waits on it.

A real RoomService on SQLite and PostgreSQL (in-memory fan-out: one process; two processes
are tests/app/test_rest_processes.py). Nothing sleeps for a fixed time as an assertion: the
tests wait for what the room shows (its rest mark, its version, its status)."""

from __future__ import annotations

import asyncio
import time

import pytest

from app.broadcast import MemoryBroadcast
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.lifecycle import due_for_takeover
from app.rooms.service import RoomService
from app.rooms.snapshot import RoomInfo, hash_token
from tests.app.conftest import settings_for

PICK = {"type": "pick", "n": 1}


def make_service(url: str, **overrides) -> RoomService:
    database = make_engine(url)
    upgrade(database)
    settings = settings_for(url, sweep_seconds=0, rest_seconds=0, **overrides)
    return RoomService(make_sessions(database), MemoryBroadcast(8), settings)


@pytest.fixture
def service(database_url):
    return make_service(database_url)


def run(service: RoomService, coroutine):
    async def whole():
        try:
            return await coroutine
        finally:
            await service.close()

    return asyncio.run(whole())


async def until(service: RoomService, code: str, check, seconds: float = 20.0) -> RoomInfo:
    """The room once `check(info)` holds (read again as it changes), failing after `seconds`."""
    end = time.monotonic() + seconds
    while True:
        info = await service.load(code)
        if check(info):
            return info
        if time.monotonic() > end:
            raise AssertionError(f"room {code} never got there: {info.status} v{info.version}")
        await asyncio.sleep(0.01)


async def bots_only_game(service: RoomService, watched: bool = False) -> tuple[str, str]:
    """A host and three bots; the host lets the bots finish (a bot plays every seat) and is gone.
    `watched`: an anonymous spectator's socket is connected from the start."""
    code, host, _ = await service.create_room("toy", {"rounds": 5}, "Ann")
    if watched:
        await service.watch(code)
    await service.add_bots(code, host, 3)
    await service.start(code, host)
    await service.end_vote.propose(code, host, "bots")
    return code, host


def test_a_bots_only_room_with_nobody_connected_rests_while_one_with_a_spectator_plays_on(service):
    async def scenario():
        watched, _ = await bots_only_game(service, watched=True)
        alone, _ = await bots_only_game(service)
        resting = await until(service, alone, lambda info: info.rest_since is not None)
        assert resting.status == "playing"
        assert (await service.summary(resting))["resting"] is True
        # The watched room plays to its end meanwhile; the empty one stays where it rested.
        await until(service, watched, lambda info: info.status == "over")
        still = await service.load(alone)
        assert still.version == resting.version and still.rest_since is not None
        assert alone not in service.autoplay.bot_tasks
        # Nor does the take-over of a sweep (or of a restart) pick it up.
        assert alone not in await service.store.tx(lambda s: due_for_takeover(s, time.time(), None))

        # A spectator connects: it plays on, to the end.
        await service.watch(alone)
        await service.come_back(still)
        assert (await service.load(alone)).rest_since is None
        over = await until(service, alone, lambda info: info.status == "over")
        assert over.version > resting.version

    run(service, scenario())


def test_a_seated_player_connecting_wakes_it_and_the_turn_clock_restarts(service):
    async def scenario():
        code, host, _ = await service.create_room("toy", {"rounds": 5}, "Ann", turn_seconds=60)
        await service.add_bots(code, host, 1)
        await service.start(code, host)
        # The bot picks, then the timer waits for the host; nobody is connected: it rests.
        resting = await until(service, code, lambda info: info.rest_since is not None)
        before = resting.deadline
        assert before is not None
        await service.connect(code, hash_token(host))
        woke_at = time.time()
        await service.come_back(await service.load(code))
        woke = await service.load(code)
        assert woke.rest_since is None
        # A whole turn from the moment the host was back, not what was left of it.
        assert woke.deadline is not None and woke.deadline >= woke_at + 60 - 1
        assert woke.deadline > before
        # The bot plays on (it had rested before its pick), and the host then plays.
        picked = await until(service, code, lambda info: info.version == resting.version + 1)
        change = await service.act(code, hash_token(host), picked.version, PICK)
        assert change.info.version > picked.version

    run(service, scenario())


def test_a_resting_room_found_at_start_up_does_not_play_by_itself(database_url):
    first = make_service(database_url)

    async def rest_one() -> tuple[str, int]:
        try:
            code, _ = await bots_only_game(first)
            info = await until(first, code, lambda info: info.rest_since is not None)
            return code, info.version
        finally:
            await first.close()

    code, version = asyncio.run(rest_one())
    second = make_service(database_url)

    async def restart():
        assert await second.resume() == 0  # nothing to take over: the room rests
        assert code not in second.autoplay.bot_tasks and code not in second.autoplay.timers
        info = await second.load(code)
        assert info.version == version and info.rest_since is not None

    run(second, restart())


def test_bot_actions_beyond_the_budget_wait_and_a_players_act_does_not(database_url):
    service = make_service(database_url, bot_actions_per_second=0.001, bot_actions_burst=2)

    async def scenario():
        code, _ = await bots_only_game(service, watched=True)  # someone watches: it does not rest
        budget = service.autoplay.budget
        await until(service, code, lambda info: budget.waiting > 0)
        blocked = (await service.load(code)).version
        # Two bot moves (the burst) were played; the next one waits its turn.
        assert blocked == 2

        # Two players in another room act at once, while the bot still waits.
        other, ann, _ = await service.create_room("toy", {"rounds": 1}, "Ann")
        bo, _ = await service.join(other, "Bo")
        await service.start(other, ann)
        await service.act(other, hash_token(ann), 0, PICK)
        done = await service.act(other, hash_token(bo), 1, PICK)
        assert done.info.status == "over"
        assert budget.waiting > 0 and (await service.load(code)).version == blocked

    run(service, scenario())


def test_a_resting_room_closes_idle_room_seconds_after_its_last_player_left(database_url):
    service = make_service(database_url, idle_room_seconds=600)

    async def scenario():
        code, host, _ = await service.create_room("toy", {"rounds": 5}, "Ann")
        await service.connect(code, hash_token(host))
        await service.add_bots(code, host, 3)
        await service.start(code, host)
        await service.end_vote.propose(code, host, "bots")
        await service.disconnect(code, hash_token(host))
        left = time.time()
        await until(service, code, lambda info: info.rest_since is not None)
        # Counted from when the host left, not from the start: not yet, then closed.
        assert (await service.sweep_lifecycle(now=left + 600 - 5))["closed"] == 0
        assert (await service.sweep_lifecycle(now=left + 600 + 5))["closed"] == 1
        closed = await service.load(code)
        assert closed.status == "closed"
        assert (await service.summary(closed))["resting"] is False

    run(service, scenario())
