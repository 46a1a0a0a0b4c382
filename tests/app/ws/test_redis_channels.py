"""Two processes on PostgreSQL + Redis, each subscribed only to the rooms it has sockets in
(issue 19, item 6). A spectator joining on process B a room being played on process A never
misses a version: it reads the room only once B's subscription is confirmed, so every change
stored after its read reaches it (here B's SUBSCRIBE is slowed down, as on a loaded Redis, so a
read made before the confirmation would miss the next move for good)."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from typing import Any

import pytest
import redis

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, create_room, join, start

pytestmark = [pytest.mark.postgres, pytest.mark.redis]

SLOW_SUBSCRIBE_SECONDS = 0.3


def _slow_subscribes(broadcast: Any) -> None:
    """Redis answers this process's SUBSCRIBE commands late (they are sent late)."""
    send = broadcast._send

    async def slow(conn, commands):
        if any(command[0] == "SUBSCRIBE" for command in commands):
            await asyncio.sleep(SLOW_SUBSCRIBE_SECONDS)
        await send(conn, commands)

    broadcast._send = slow


def _subscribers(client: redis.Redis, channel: str) -> int:
    return dict(client.pubsub_numsub(channel))[channel.encode()]


def _wait_subscribers(client: redis.Redis, channel: str, count: int) -> None:
    end = time.monotonic() + 10
    while _subscribers(client, channel) != count:
        assert time.monotonic() < end, f"{channel} never had {count} subscribed connections"
        time.sleep(0.02)


def _frames_follow_on(states: list[dict[str, Any]]) -> bool:
    """Each state frame is a full one (with the log) or the next version after the previous."""
    return all("log" in now or now["v"] == before["v"] + 1 for before, now in itertools.pairwise(states))


def test_a_spectator_joining_a_room_played_on_another_process_never_misses_a_version(
    postgres_url, redis_url, redis_prefix
):
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    raw = redis.Redis.from_url(redis_url)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        _slow_subscribes(b.rooms.broadcast)
        host = create_room(a.http, game="toy", name="Ann", options={"rounds": 5})
        code = host["code"]
        channel = f"{redis_prefix}room:{code}"
        bo = join(a.http, code, "Bo")
        start(a.http, code, host["token"])
        with a.socket(code) as ann, a.socket(code) as bob:
            players = (ann, bob)
            for player, token in ((ann, host["token"]), (bob, bo["token"])):
                player.hello(token)
                assert player.state()["v"] == 0
            # Process A: one Redis subscription for its two sockets; process B: none yet.
            assert _subscribers(raw, channel) == 1
            for v in range(10):  # 5 rounds, Ann then Bo picks in each: versions 0..10
                with b.socket(code) as fan:
                    fan.hello()
                    if v % 2 == 0:
                        # Its first state is read (after the confirmation), then the move comes.
                        assert fan.state()["v"] == v
                    # Otherwise the move races the spectator's hello.
                    players[v % 2].send({"type": "act", "v": v, "action": {"type": "pick", "n": 1 + v % 3}})
                    for player in players:
                        player.state(v=v + 1)
                    # No later move is needed: the spectator has this one.
                    assert fan.state(v=v + 1)["v"] == v + 1
                    assert _subscribers(raw, channel) == 2
                    states = [m for m in fan.received if m["type"] == "state"]
                    assert "log" in states[0] and _frames_follow_on(states), [s["v"] for s in states]
                # B's last socket in the room is gone: B unsubscribes, A stays.
                _wait_subscribers(raw, channel, 1)
    raw.close()


def test_a_process_with_no_socket_in_a_room_reads_none_of_its_messages(postgres_url, redis_url, redis_prefix):
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    raw = redis.Redis.from_url(redis_url)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        played = create_room(a.http, game="toy", name="Ann", options={"rounds": 5})
        watched = create_room(a.http, game="toy", name="Cy")
        for room in (played, watched):
            join(a.http, room["code"], "Bo")
            start(a.http, room["code"], room["token"])
        busy = f"{redis_prefix}room:{played['code']}"
        with a.socket(played["code"]) as ann, b.socket(watched["code"]) as fan:
            ann.hello(played["token"])
            fan.hello()
            assert ann.state()["v"] == 0 and fan.state()["v"] == 0
            listener = b.rooms.broadcast
            read = listener.messages_read
            ann.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 2}})
            assert ann.state(v=1)["v"] == 1  # published by A
            assert _subscribers(raw, busy) == 1  # A only: B never subscribed to the played room
            assert raw.publish(busy, b"not for B") == 1  # reaches A's connection alone
            assert listener.messages_read == read
            assert set(listener.subscribers) == {f"room:{watched['code']}"} == listener.live
    raw.close()


def test_a_change_from_another_process_is_turned_into_frames_once_per_audience(
    postgres_url, redis_url, redis_prefix, monkeypatch
):
    """B holds two spectators and two sockets of Bo's seat; a move made on A is built into one
    spectator frame and one frame for Bo on B, whatever the number of sockets."""
    from app.ws import frames

    built: list[tuple[str, int, int | None]] = []
    state_message = frames.state_message

    def counted(state, v, seat, events, log=None, *rest):
        if log is None:  # a delta frame (a sync frame carries the log)
            built.append((threading.current_thread().name, v, seat))
        return state_message(state, v, seat, events, log, *rest)

    monkeypatch.setattr(frames, "state_message", counted)
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        host = create_room(a.http, game="toy", name="Ann", options={"rounds": 5})
        code = host["code"]
        bo = join(a.http, code, "Bo")
        start(a.http, code, host["token"])
        with (
            a.socket(code) as ann,
            b.socket(code) as fan1,
            b.socket(code) as fan2,
            b.socket(code) as bo1,
            b.socket(code) as bo2,
        ):
            on_b = (fan1, fan2, bo1, bo2)
            ann.hello(host["token"])
            for client, token in zip(on_b, (None, None, bo["token"], bo["token"]), strict=True):
                client.hello(token)
            for client in (ann, *on_b):
                assert client.state()["v"] == 0
            for v in range(3):
                player = ann if v % 2 == 0 else bo1
                player.send({"type": "act", "v": v, "action": {"type": "pick", "n": 2}})
                texts = [client.state(v=v + 1) for client in on_b]
                assert texts[0] == texts[1] and texts[2] == texts[3]
            on_b_thread = b.thread.name
            assert sorted((v, str(seat)) for name, v, seat in built if name == on_b_thread) == [
                (v, audience) for v in (1, 2, 3) for audience in ("1", "None")
            ]


def test_a_state_message_of_an_unexpected_shape_reloads_the_room(postgres_url, redis_url, redis_prefix):
    """The receive side is tolerant: a change it cannot turn into a frame is not sent on, and the
    socket gets the stored room instead (and keeps working)."""
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    raw = redis.Redis.from_url(redis_url)
    with LiveServer(settings) as server:
        host = create_room(server.http, game="toy", name="Ann")
        code = host["code"]
        join(server.http, code, "Bo")
        start(server.http, code, host["token"])
        with server.socket(code) as ann, server.socket(code) as fan:
            ann.hello(host["token"])
            fan.hello()
            assert ann.state()["v"] == 0 and fan.state()["v"] == 0
            fan.drain(0.2)
            # The next version, but without the state and events a frame is built from.
            assert raw.publish(f"{redis_prefix}room:{code}", b'{"kind": "state", "from": 0, "v": 1}') == 1
            again = fan.state()
            assert again["v"] == 0 and "log" in again  # the stored room, sent in full
            ann.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 2}})
            assert fan.state(v=1)["v"] == 1
    raw.close()


def test_the_sockets_of_a_room_saying_hello_read_it_once_not_at_every_step(
    postgres_url, redis_url, redis_prefix
):
    """A process hears a room's channel before it reads the room, so the room it reads is held
    in memory for each step of each hello that follows (finding the room, the seat's token,
    its presence, the sync): three seats' hellos read the room once, build one sync frame
    (one read with the log), and read each its chat history."""
    from app import metrics

    def reads() -> float:
        return metrics.DB_TRANSACTIONS.labels(kind="read")._value.get()

    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a:
        host = create_room(a.http, game="toy", name="Ann", options={"rounds": 5})
        code = host["code"]
        tokens = [host["token"], join(a.http, code, "Bo")["token"], join(a.http, code, "Cy")["token"]]
        start(a.http, code, host["token"])
        before = reads()
        with a.socket(code) as ann, a.socket(code) as bo, a.socket(code) as cy:
            for player, token in zip((ann, bo, cy), tokens, strict=True):
                player.hello(token)
                assert player.state()["v"] == 0
                player.wait_for(lambda m: m["type"] == "chat_history")
            assert reads() - before == 1 + 1 + 3
