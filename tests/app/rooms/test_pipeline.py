"""The one action pipeline (issue 19): rooms in memory, refusals that cost no database
transaction, compare-and-set writes that two writers never both win, and group commit.

A real RoomService on a real SQLite file and on PostgreSQL; the database transactions are
counted with the service's own counter (app.metrics.DB_TRANSACTIONS)."""

from __future__ import annotations

import asyncio
import itertools
import threading

import orjson
import pytest

from app import metrics
from app.broadcast import MemoryBroadcast
from app.core.db import make_engine, make_sessions
from app.core.migrate import upgrade
from app.rooms.errors import RoomError, StaleVersion
from app.rooms.service import RoomService
from app.rooms.snapshot import hash_token
from tests.app.conftest import settings_for
from tests.utils.db import stored

PICK = {"type": "pick", "n": 1}


def transactions() -> float:
    return sum(metrics.DB_TRANSACTIONS.labels(kind=k)._value.get() for k in ("play", "read", "orm"))


def plays() -> float:
    return metrics.DB_TRANSACTIONS.labels(kind="play")._value.get()


def service_on(url: str) -> RoomService:
    database = make_engine(url)
    upgrade(database)
    return RoomService(make_sessions(database), MemoryBroadcast(8), settings_for(url, sweep_seconds=0))


def run(*services: RoomService, scenario):
    async def whole():
        try:
            return await scenario
        finally:
            for service in services:
                await service.close()
                service.store.engine.dispose()

    return asyncio.run(whole())


async def game(rooms: RoomService, seats: int = 2, rounds: int = 3) -> tuple[str, list[str]]:
    code, host, _ = await rooms.create_room("toy", {"rounds": rounds}, "Ann")
    tokens = [host]
    for n in range(1, seats):
        tokens.append((await rooms.join(code, f"P{n}"))[0])
    await rooms.start(code, host)
    return code, [hash_token(t) for t in tokens]


def test_stale_and_repeated_acts_are_refused_without_a_database_transaction(database_url):
    rooms = service_on(database_url)

    async def scenario():
        code, (ann, bo) = await game(rooms)
        await rooms.act(code, ann, 0, PICK)  # v1: Ann's pick sealed (memory holds the room now)
        before = transactions()
        for _ in range(20):
            # The same pick again: nothing changes, nothing is written.
            assert (await rooms.act(code, ann, 1, PICK)).actors == []
        await rooms.act(code, bo, 1, PICK)  # v2: the round resolves; Ann's decision moved
        after_play = transactions()
        with pytest.raises(StaleVersion) as stale:
            await rooms.act(code, ann, 1, {"type": "pick", "n": 2})
        assert stale.value.params["v"] == 2
        with pytest.raises(RoomError) as foreign:
            await rooms.act(code, hash_token("made-up"), 2, PICK)
        assert foreign.value.code == "no_seat"
        return before, after_play, transactions()

    before, after_play, end = run(rooms, scenario=scenario())
    assert after_play - before == 1, "20 repeats cost nothing; the one real action one commit"
    assert end == after_play, "the stale and the foreign act cost no transaction"


def test_a_lost_compare_and_set_is_decided_again_and_never_applies_twice(sqlite_url):
    """Two services on one database (two processes): each holds the room in memory; the one
    that is behind loses its write, reads the room again and refuses the now stale act."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, (ann, bo) = await game(one)
        await one.load(code)
        await two.load(code)  # both hold version 0
        await one.act(code, ann, 0, PICK)  # v1 through the first
        # Ann's old click reaches the second process, which still holds version 0: its write
        # loses the compare-and-set, it reads version 1 and finds the act stale.
        with pytest.raises(StaleVersion):
            await two.act(code, ann, 0, {"type": "pick", "n": 3})
        # Bo's act on the second (still fine after the re-read) is applied once, as v2.
        change = await two.act(code, bo, 1, PICK)
        return code, change

    code, change = run(one, two, scenario=scenario())
    assert change.info.version == 2
    row, actions = stored(sqlite_url, code)
    assert row["version"] == 2 and [seq for seq, _, _ in actions] == [1, 2]
    assert [action["n"] for _, _, action in actions] == [1, 1]


def test_a_seat_that_changed_hands_elsewhere_cannot_act_from_memory(sqlite_url):
    """The write checks that the acting seat is still held by the same token: a seat moved to
    another device on another process is not played by the old device's stale memory."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, host, _ = await one.create_room("toy", {"rounds": 2}, "Ann")
        bo_token, _ = await one.join(code, "Bo")
        await one.start(code, host)
        await two.load(code)  # the second process holds the room with Bo's old token
        link, _ = await one.seat_link(code, bo_token)
        await one.claim_link(code, link)  # Bo's seat moves to a new token (on the first)
        with pytest.raises(RoomError) as refused:
            await two.act(code, hash_token(bo_token), 0, PICK)
        return code, refused.value.code

    code, refused = run(one, two, scenario=scenario())
    assert refused == "no_seat"
    _, actions = stored(sqlite_url, code)
    assert actions == []


def test_writes_of_several_rooms_arriving_together_share_one_transaction(database_url):
    """Group commit: while the database thread is busy, the writes of five rooms queue and
    then go in one transaction, each room's row and action stored."""
    rooms = service_on(database_url)

    async def scenario():
        games = [await game(rooms) for _ in range(5)]
        for code, _ in games:
            await rooms.load(code)
        threads = rooms.store.db_thread._max_workers  # every database thread is kept busy
        busy, release = threading.Semaphore(0), threading.Event()

        def hold(conn):
            busy.release()
            release.wait(30)

        blocker = asyncio.gather(*(rooms.store.tx_play(hold) for _ in range(threads)))
        for _ in range(threads):
            await asyncio.get_running_loop().run_in_executor(None, busy.acquire, True, 30)
        first = plays()
        acts = [asyncio.ensure_future(rooms.act(code, ann, 0, PICK)) for code, (ann, _) in games]
        commits = rooms.pipeline.commits
        for _ in range(6000):  # wait on what the committer shows (bounded), not on time
            if len(commits.pending) + commits.in_flight >= 5 or any(a.done() for a in acts):
                break
            await asyncio.sleep(0.01)
        queued = len(commits.pending) + commits.in_flight
        release.set()
        await blocker
        changes = await asyncio.gather(*acts)
        return games, queued, plays() - first, changes

    games, queued, commits, changes = run(rooms, scenario=scenario())
    assert queued == 5
    assert commits == 1, "one transaction for all five rooms"
    assert [change.info.version for change in changes] == [1] * 5
    for code, _ in games:
        row, actions = stored(database_url, code)
        assert row["version"] == 1 and len(actions) == 1


def test_memory_is_forgotten_when_a_seat_changes(sqlite_url):
    """A lobby or seat change (the ORM paths) makes the next read come from the database."""
    rooms = service_on(sqlite_url)

    async def scenario():
        code, host, _ = await rooms.create_room("toy", {"rounds": 1}, "Ann")
        assert [s.name for s in (await rooms.load(code)).seats] == ["Ann"]
        await rooms.join(code, "Bo")
        return [s.name for s in (await rooms.load(code)).seats]

    assert run(rooms, scenario=scenario()) == ["Ann", "Bo"]


def test_a_change_published_by_another_process_moves_the_room_held_in_memory(sqlite_url):
    """The second process is told of the first one's change (as through Redis): it moves its
    record along and decides the next act without reading the room again."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, (ann, bo) = await game(one)
        await two.load(code)  # the second holds version 0
        heard = one.broadcast.subscribe(f"room:{code}")
        await one.act(code, ann, 0, PICK)
        payload = next(p for p in heard.items if p.get("kind") == "state")
        shared = {key: value for key, value in payload.items() if not key.startswith("_")}
        two._remote_change(f"room:{code}", orjson.loads(orjson.dumps(shared)))
        assert (await two.load(code)).version == 1
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        change = await two.act(code, bo, 1, PICK)
        return change, metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads

    change, reads = run(one, two, scenario=scenario())
    assert change.info.version == 2 and reads == 0


def test_a_late_change_from_another_process_keeps_the_newer_record_it_read(sqlite_url):
    """The second process read the room after the first one's write; the published change
    (0 -> 1) arrives after that: the record held (already at 1) stays and the next act is
    decided without reading the room again."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, (ann, bo) = await game(one)
        heard = one.broadcast.subscribe(f"room:{code}")
        await one.act(code, ann, 0, PICK)
        assert (await two.load(code)).version == 1  # read after the write
        payload = next(p for p in heard.items if p.get("kind") == "state")
        shared = {key: value for key, value in payload.items() if not key.startswith("_")}
        two._remote_change(f"room:{code}", orjson.loads(orjson.dumps(shared)))
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        change = await two.act(code, bo, 1, PICK)
        return change, metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads

    change, reads = run(one, two, scenario=scenario())
    assert change.info.version == 2 and reads == 0


def test_a_change_heard_while_the_room_is_read_moves_what_the_read_returns(sqlite_url):
    """The second process reads the room twice at once (version 0) while the first one's change
    (0 -> 1) is published: the change heard meanwhile is applied to what both reads return, so
    the next act (against version 1) is decided from memory without reading the room again."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, (ann, bo) = await game(one)
        heard = one.broadcast.subscribe(f"room:{code}")
        read, released = asyncio.Event(), asyncio.Event()
        store_read = two.store.read

        reads_done = []

        async def slow_read(room_code):
            record = await store_read(room_code)
            reads_done.append(record.version)
            if len(reads_done) == 2:
                read.set()
            await released.wait()
            return record

        two.store.read = slow_read
        loading = asyncio.gather(two.load(code), two.memory.record(code, fresh=True))
        await read.wait()  # the second process has read version 0 twice and not yet kept it
        await one.act(code, ann, 0, PICK)
        payload = next(p for p in heard.items if p.get("kind") == "state")
        shared = {key: value for key, value in payload.items() if not key.startswith("_")}
        two._remote_change(f"room:{code}", orjson.loads(orjson.dumps(shared)))
        released.set()
        loaded, record = await loading
        two.store.read = store_read
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        change = await two.act(code, bo, 1, PICK)
        versions = (reads_done, loaded.version, record.version)
        return versions, change, metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads

    versions, change, reads = run(one, two, scenario=scenario())
    assert versions == ([0, 0], 1, 1)
    assert change.info.version == 2 and reads == 0


def test_a_room_forgotten_while_its_own_change_is_written_is_not_held_behind_that_change(sqlite_url):
    """Seen with bots and sockets arriving together: an act decided from memory, a seat change
    (an ORM commit) forgetting the room meanwhile, and a read of it started before the act's
    write was durable. The act's record could not be kept (the room was forgotten since it was
    decided) and the read's, version 0, was: memory then held the room behind its own write, so
    the sockets that synced from it never got version 1 (its frames had gone out before they
    said hello). Now the write forgets the room again and the room is read afresh."""
    one = service_on(sqlite_url)

    async def scenario():
        code, (ann, _bo) = await game(one)
        await one.load(code)  # held, at the generation the act is decided on
        store_read, write = one.store.read, one.pipeline.commits.write
        read, released = asyncio.Event(), asyncio.Event()

        async def slow_read(room_code):
            record = await store_read(room_code)  # version 0: before the act is durable
            read.set()
            await released.wait()
            return record

        reading = []

        async def forgotten_while_written(record, expected, guard):
            one.memory.forget(code)  # as a seat change committed through the ORM does
            reading.append(asyncio.ensure_future(one.memory.record(code)))
            await read.wait()
            return await write(record, expected, guard)

        one.store.read = slow_read
        one.pipeline.commits.write = forgotten_while_written
        change = await one.act(code, ann, 0, PICK)
        released.set()
        early = await reading[0]
        one.store.read, one.pipeline.commits.write = store_read, write
        return change.info.version, early.version, (await one.load(code)).version

    written, early, held = run(one, scenario=scenario())
    assert (written, early) == (1, 0)
    assert held == 1


def test_a_seat_arriving_on_another_process_leaves_the_room_held_in_memory(sqlite_url):
    """A seat's first socket on the first process publishes who is connected (nothing stored
    changed): the second process keeps the room it holds and decides the next act without
    reading it. A seat's last socket leaving a running game stamps it away (stored): the second
    process reads the room again."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, (ann, bo) = await game(one)
        heard = one.broadcast.subscribe(f"room:{code}")
        await two.load(code)  # the second holds version 0

        async def tell_two():
            payload = await heard.get()
            while payload.get("kind") != "room":  # told once the burst of arrivals is over
                payload = await heard.get()
            shared = {key: value for key, value in payload.items() if not key.startswith("_")}
            two._remote_change(f"room:{code}", orjson.loads(orjson.dumps(shared)))
            return code in two.memory.records

        await one.connect(code, ann)
        held_after_arrival = await tell_two()
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        change = await two.act(code, bo, 0, PICK)
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads
        await one.disconnect(code, ann)
        held_after_leaving = await tell_two()
        return held_after_arrival, change.info.version, reads, held_after_leaving

    held_after_arrival, version, reads, held_after_leaving = run(one, two, scenario=scenario())
    assert held_after_arrival and version == 1 and reads == 0
    assert not held_after_leaving


def test_callers_arriving_while_a_room_is_read_share_that_read(sqlite_url):
    """The sockets of a room arriving together (each hello needs the room) read it once; a
    room that does not exist is refused to each of them; a fresh read is a read of its own."""
    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, _ = await game(one)
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        loaded = await asyncio.gather(*(two.load(code) for _ in range(5)))
        shared = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads
        missing = await asyncio.gather(
            *(two.load("NoSuchRoomCode12") for _ in range(3)), return_exceptions=True
        )
        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        await asyncio.gather(two.memory.record(code, fresh=True), two.memory.record(code, fresh=True))
        fresh = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads
        return [info.version for info in loaded], shared, missing, fresh

    versions, shared, missing, fresh = run(one, two, scenario=scenario())
    assert versions == [0] * 5 and shared == 1
    assert [getattr(exc, "code", None) for exc in missing] == ["not_found"] * 3
    assert fresh == 2


def _in_one_batch(rooms: RoomService, lead, acts_of):
    """Keep every database thread busy; the `lead` act's write is taken alone (a writer takes
    what is pending at once), then the acts of `acts_of()` are taken together, by a second
    writer or by the first once the lead's batch ends, and the threads are released once
    they all wait: those acts are written in one batch. Returns how many waited besides the
    lead, and the acts' changes."""

    async def whole():
        threads = rooms.store.db_thread._max_workers
        busy, release = threading.Semaphore(0), threading.Event()

        def hold(conn):
            busy.release()
            release.wait(30)

        blocker = asyncio.gather(*(rooms.store.tx_play(hold, "hold") for _ in range(threads)))
        for _ in range(threads):
            await asyncio.get_running_loop().run_in_executor(None, busy.acquire, True, 30)
        commits = rooms.pipeline.commits
        first = asyncio.ensure_future(lead)
        acts: list[asyncio.Future] = []
        for _ in range(6000):  # bounded waits on what the committer shows
            if not acts and commits.in_flight:
                acts = [asyncio.ensure_future(act) for act in acts_of()]
            waiting = len(commits.pending) + commits.in_flight - 1
            if acts and waiting >= len(acts) or first.done() or any(a.done() for a in acts):
                break
            await asyncio.sleep(0.01)
        queued = len(commits.pending) + commits.in_flight - 1
        release.set()
        await blocker
        await first
        return queued, await asyncio.gather(*acts)

    return whole()


def test_a_group_commit_updates_its_rooms_in_the_order_of_their_ids(sqlite_url, monkeypatch):
    """Two processes' batches touching the same rooms must lock them in one order (else
    PostgreSQL deadlocks): writes that arrive newest room first are stored lowest id first,
    and each act still gets its own result."""
    from app.rooms import commit, play_record

    rooms = service_on(sqlite_url)
    order: list[int] = []
    real = play_record.save_all_if

    def save_all_if(conn, writes, now):
        order.extend(record.id for record, _, _ in writes)
        return real(conn, writes, now)

    monkeypatch.setattr(commit.play_record, "save_all_if", save_all_if)

    async def scenario():
        (lead, (ann, _)), *games = [await game(rooms) for _ in range(5)]
        for code in (lead, *(code for code, _ in games)):
            await rooms.load(code)  # held in memory: no read waits for the held threads
        newest_first = list(reversed(games))
        queued, changes = await _in_one_batch(
            rooms,
            rooms.act(lead, ann, 0, PICK),
            lambda: [rooms.act(code, ann, 0, PICK) for code, (ann, _) in newest_first],
        )
        ids = [(await rooms.pipeline.memory.record(code)).id for code, _ in newest_first]
        return queued, changes, ids

    queued, changes, ids = run(rooms, scenario=scenario())
    assert queued == 4, "the four acts wait for one batch"
    assert ids == sorted(ids, reverse=True), "the acts arrived newest room first"
    assert order[1:] == sorted(ids), "stored lowest id first"
    assert [change.info.version for change in changes] == [1, 1, 1, 1]


@pytest.mark.postgres
def test_a_write_does_not_wait_for_another_rooms_transaction_on_a_server_database(postgres_url, monkeypatch):
    """On PostgreSQL two transactions are written at once (one per database thread): while
    one room's transaction is held, another room's act is stored and answered."""
    from app.rooms import commit, play_record

    rooms = service_on(postgres_url)
    held, release = threading.Event(), threading.Event()
    real = play_record.save_all_if
    slow: list[int] = []

    def save_all_if(conn, writes, now):
        if any(record.id in slow for record, _, _ in writes):
            held.set()
            release.wait(60)
        return real(conn, writes, now)

    monkeypatch.setattr(commit.play_record, "save_all_if", save_all_if)

    async def scenario():
        (first, (ann, _)), (second, (bo, _)) = [await game(rooms) for _ in range(2)]
        for code in (first, second):
            await rooms.load(code)
        slow.append((await rooms.pipeline.memory.record(first)).id)
        stuck = asyncio.ensure_future(rooms.act(first, ann, 0, PICK))
        await asyncio.get_running_loop().run_in_executor(None, held.wait, 30)
        try:
            done, _ = await asyncio.wait([asyncio.ensure_future(rooms.act(second, bo, 0, PICK))], timeout=30)
            answered = [task.result().info.version for task in done]
            first_waits = not stuck.done()
        finally:
            release.set()
        return answered, first_waits, (await stuck).info.version

    answered, first_waits, first_version = run(rooms, scenario=scenario())
    assert rooms.pipeline.commits.writers == 2
    assert answered == [1], "the second room's act was stored while the first's transaction was held"
    assert first_waits
    assert first_version == 1


class Interloper:
    """Another connection (a lock taken outside play) that closes a deadlock cycle with a batch
    writing the rooms `first` and `second` (lowest id first), `rounds` times: each round it
    updates the second room's row, waits until the batch waits for that row, then updates the
    first room's row, which the batch holds. PostgreSQL aborts the batch, whose deadlock check
    fires first (deadlock_timeout: 5 s for the batch, long enough for the interloper's second
    update to close the cycle even on a loaded machine; 60 s for the interloper, which never
    checks); the interloper then gets the first row and rolls back.

    Left alone, the batch written again could take the first row before the interloper's
    waiting update woke up, and close the cycle once more (issue 44: aborted twice, with two
    attempts the batch's writers got the error). `hold_retries` makes each retry of the batch
    begin its updates only once the round before has ended and the next one (if any) holds
    the second row: each round is one abort, whatever the machine's load."""

    def __init__(self, url: str, rounds: int) -> None:
        import sqlalchemy as sa

        self.sa, self.engine, self.rounds = sa, sa.create_engine(url), rounds
        self.locked = [threading.Event() for _ in range(rounds)]
        self.ended = [threading.Event() for _ in range(rounds)]
        self.stop = threading.Event()

    def run(self, first: int, second: int) -> None:
        text = self.sa.text
        for locked, ended in zip(self.locked, self.ended, strict=True):
            try:
                with self.engine.connect() as conn:
                    conn.execute(text("SET deadlock_timeout = '60s'"))
                    conn.execute(text("UPDATE rooms SET version = version WHERE id = :id"), {"id": second})
                    locked.set()
                    for _ in range(3000):  # until the batch waits for the row held here (bounded)
                        conn.execute(text("SELECT pg_stat_clear_snapshot()"))  # else fixed per transaction
                        waiting = conn.execute(
                            text(
                                "SELECT count(*) FROM pg_stat_activity "
                                "WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))"
                            )
                        ).scalar()
                        if waiting or self.stop.wait(0.01):
                            break
                    try:
                        conn.execute(text("UPDATE rooms SET version = version WHERE id = :id"), {"id": first})
                    finally:
                        conn.rollback()
            finally:
                ended.set()

    def hold_retries(self, monkeypatch, ids: list[int]) -> None:
        from app.rooms import commit, play_record

        real, attempts = play_record.save_all_if, []

        def save_all_if(conn, writes, now):
            if any(record.id in ids for record, _, _ in writes):
                attempt = len(attempts)
                attempts.append(attempt)
                if 0 < attempt <= self.rounds:  # a retry: once the round before has ended
                    self.ended[attempt - 1].wait(60)
                    if attempt < self.rounds:
                        self.locked[attempt].wait(60)
            return real(conn, writes, now)

        monkeypatch.setattr(commit.play_record, "save_all_if", save_all_if)


def _deadlocked(postgres_url: str, monkeypatch, rounds: int):
    """Two acts written in one batch while an `Interloper` deadlocks with it `rounds` times;
    returns the games, how many acts waited for the batch, their changes and the number of
    play transactions from the lead act's to the end."""
    rooms = service_on(postgres_url.replace("options=", "options=-cdeadlock_timeout%3D5s%20"))
    interloper = Interloper(postgres_url, rounds)

    async def scenario():
        (lead, (ann, _)), *games = [await game(rooms) for _ in range(3)]
        await rooms.load(lead)
        ids = sorted([(await rooms.pipeline.memory.record(code)).id for code, _ in games])
        interloper.hold_retries(monkeypatch, ids)
        thread = threading.Thread(target=interloper.run, args=ids)
        thread.start()
        try:
            await asyncio.get_running_loop().run_in_executor(None, interloper.locked[0].wait, 30)
            before = plays()
            queued, changes = await _in_one_batch(
                rooms,
                rooms.act(lead, ann, 0, PICK),
                lambda: [rooms.act(code, ann, 0, PICK) for code, (ann, _) in games],
            )
            return games, queued, changes, plays() - before
        finally:
            interloper.stop.set()
            await asyncio.get_running_loop().run_in_executor(None, thread.join, 60)

    try:
        return run(rooms, scenario=scenario())
    finally:
        interloper.engine.dispose()


@pytest.mark.postgres
def test_a_batch_aborted_as_a_deadlock_is_written_again(postgres_url, monkeypatch):
    """Another transaction holds the second room's row and then waits for the first's, which
    the batch holds: PostgreSQL aborts the batch (its deadlock check fires first). Nothing of
    it was stored, so it is written once more, and both acts are accepted."""
    games, queued, changes, transactions = _deadlocked(postgres_url, monkeypatch, rounds=1)
    assert queued == 2, "both acts wait for one batch"
    assert transactions == 3, "the lead's, the aborted batch and the batch again"
    assert [change.info.version for change in changes] == [1, 1]
    for code, _ in games:
        row, actions = stored(postgres_url, code)
        assert row["version"] == 1 and len(actions) == 1


@pytest.mark.postgres
def test_a_batch_aborted_as_a_deadlock_twice_in_a_row_is_written_a_third_time(postgres_url, monkeypatch):
    """The retry deadlocks again (as when it takes the first row before the transaction that
    survived the first deadlock): a batch is written more than twice before its writers are
    told it failed, and both acts are accepted once."""
    games, queued, changes, transactions = _deadlocked(postgres_url, monkeypatch, rounds=2)
    assert queued == 2, "both acts wait for one batch"
    assert transactions == 4, "the lead's, the batch aborted twice and the batch a third time"
    assert [change.info.version for change in changes] == [1, 1]
    for code, _ in games:
        row, actions = stored(postgres_url, code)
        assert row["version"] == 1 and len(actions) == 1


def test_the_pause_before_a_batch_is_written_again_grows_is_random_and_bounded():
    """Half of each pause is drawn at random (two batches aborted together do not come back
    together); each is twice the one before; all the retries of one batch wait under 0.2 s."""
    from app.rooms import commit

    retries = range(1, commit.BATCH_ATTEMPTS)
    least = [commit.retry_pause(retry, lambda: 0.0) for retry in retries]
    most = [commit.retry_pause(retry, lambda: 1.0) for retry in retries]
    assert [low * 2 for low in least] == most
    assert all(later == 2 * earlier for earlier, later in itertools.pairwise(most))
    assert least[0] > 0 and sum(most) < 0.2
    assert least[0] <= commit.retry_pause(1) <= most[0]


def test_a_lost_compare_and_set_decides_again_on_the_winners_change_once_heard(sqlite_url):
    """Ponies in Pursuit (sealed submissions; a seat's decision does not change when another
    seat seals one). Both processes hold version 0; Ann's submission goes through the first
    (v1), Bo's through the second, whose write loses. The second waits for the first's
    published change instead of reading the room: once heard, Bo's submission is decided
    against v1 and stored as v2, with no read of the room."""
    import engine

    one, two = service_on(sqlite_url), service_on(sqlite_url)

    async def scenario():
        code, host, _ = await one.create_room("ponies_in_pursuit", {}, "Ann")
        bo, _ = await one.join(code, "Bo")
        await one.join(code, "Cy")
        await one.start(code, host)
        state = (await one.pipeline.memory.record(code)).state
        await two.load(code)
        heard = one.broadcast.subscribe(f"room:{code}")
        await one.act(code, hash_token(host), 0, engine.legal_actions(state, 0)[0])
        payload = next(p for p in heard.items if p.get("kind") == "state")
        shared = orjson.loads(orjson.dumps({k: v for k, v in payload.items() if not k.startswith("_")}))

        async def bus():  # delivers the first's change while the second waits for it
            while code not in two.memory.waiting:
                await asyncio.sleep(0.001)
            two._remote_change(f"room:{code}", shared)

        reads = metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()
        lost = metrics.CAS_LOST.labels(then="heard")._value.get()
        delivery = asyncio.ensure_future(bus())
        change = await two.act(code, hash_token(bo), 0, engine.legal_actions(state, 1)[0])
        delivery.cancel()  # when the second never waited
        return (
            code,
            change,
            metrics.DB_TRANSACTIONS.labels(kind="read")._value.get() - reads,
            metrics.CAS_LOST.labels(then="heard")._value.get() - lost,
        )

    code, change, reads, heard = run(one, two, scenario=scenario())
    assert change.info.version == 2 and heard == 1 and reads == 0
    row, actions = stored(sqlite_url, code)
    assert row["version"] == 2 and [(seq, seat) for seq, seat, _ in actions] == [(1, 0), (2, 1)]
