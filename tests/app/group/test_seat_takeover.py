"""A seat link cannot take a connected player's seat unasked (issue 20, finding 1).

Before: the host issued a link for a connected player's seat, claimed it, and read that
seat's secrets at once while the player's socket became a spectator's. Now the claim asks the
seat's device; the seat moves only when the device says "that's me" (issue 42: silence,
however long, no longer moves it: the test of a silent device losing its seat after
`seat_ask_seconds` was changed to the new rule), never while it answers "keep", acts or
chats, and the old device is told."""

from __future__ import annotations

from contextlib import contextmanager

import pytest

from tests.app.conftest import settings_for
from tests.app.group.conftest import Clock
from tests.app.group.test_seats import started_pair
from tests.utils.live_server import LiveServer, bearer


def host_link(http, code, host_token, seat=1):
    link = http.post(f"/api/rooms/{code}/seats/{seat}/link", headers=bearer(host_token))
    assert link.status_code == 200
    return link.json()["path"].split("#seat=", 1)[1]


def claim(http, code, one_time):
    return http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})


@contextmanager
def bo_seated_and_a_host_link(server):
    """Ann hosts, Bo plays seat 1 on a connected socket; the host issued a link for it.
    Yields (http, code, Bo's socket, the one-time code)."""
    room, friend = started_pair(server.http)
    with server.socket(room["code"]) as bo:
        bo.hello(friend["token"])
        bo.state()
        yield server.http, room["code"], bo, host_link(server.http, room["code"], room["token"])


def test_the_host_cannot_take_a_connected_seat_that_answers(shared_server, clock):
    with bo_seated_and_a_host_link(shared_server) as (http, code, bo, one_time):
        asked = claim(http, code, one_time)
        assert asked.status_code == 409 and asked.json()["code"] == "seat_asked"
        seconds = shared_server.settings.seat_ask_seconds
        assert asked.json()["params"]["retry_after"] == seconds
        assert asked.headers["retry-after"] == str(int(seconds))
        ask = bo.wait_for(lambda m: m["type"] == "seat_ask")
        assert ask["seat"] == 1 and ask["seconds"] == seconds and "another device" in ask["message"]
        clock.now += seconds / 2
        early = claim(http, code, one_time)
        assert early.status_code == 409 and early.json()["code"] == "seat_asked"
        bo.send({"type": "seat_answer", "keep": True})
        assert bo.wait_for(lambda m: m["type"] == "seat_answered")["keep"] is True
        clock.now += seconds
        kept = claim(http, code, one_time)
        assert kept.status_code == 409 and kept.json()["code"] == "seat_kept"
        # Bo still holds seat 1 and sees his own view.
        bo.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 1}})
        assert bo.wait_for(lambda m: m["type"] == "state" and m["view"].get("my_pick") == 1)


def test_a_seat_in_use_keeps_itself_by_acting(shared_server, clock):
    with bo_seated_and_a_host_link(shared_server) as (http, code, bo, one_time):
        assert claim(http, code, one_time).json()["code"] == "seat_asked"
        bo.wait_for(lambda m: m["type"] == "seat_ask")
        bo.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 2}})
        bo.wait_for(lambda m: m["type"] == "state" and m["view"].get("my_pick") == 2)
        clock.now += shared_server.settings.seat_ask_seconds + 1
        assert claim(http, code, one_time).json()["code"] == "seat_kept"


def test_a_silent_connected_device_never_loses_its_seat_and_its_yes_moves_it(shared_server, clock):
    seconds = shared_server.settings.seat_ask_seconds
    with bo_seated_and_a_host_link(shared_server) as (http, code, bo, one_time):
        assert claim(http, code, one_time).status_code == 409
        bo.wait_for(lambda m: m["type"] == "seat_ask")
        clock.now += seconds * 10  # (the link lives ten minutes)
        assert claim(http, code, one_time).json()["code"] == "seat_asked"
        bo.send({"type": "seat_answer", "keep": False})  # "that's me"
        assert bo.wait_for(lambda m: m["type"] == "seat_answered")["pending"] is True
        moved = claim(http, code, one_time)
        assert moved.status_code == 200 and moved.json()["seat"] == 1
        taken = bo.wait_for(lambda m: m["type"] == "seat_taken")
        assert taken["seat"] == 1 and "another device" in taken["message"]
        assert any(m["type"] == "room" and m["you"] is None for m in bo.received)


def test_a_link_for_a_seat_nobody_holds_moves_it_at_once(shared_server):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    one_time = host_link(http, code, room["token"])
    moved = claim(http, code, one_time)
    assert moved.status_code == 200 and moved.json()["seat"] == 1


@pytest.mark.postgres
@pytest.mark.redis
def test_the_ask_and_the_answer_cross_processes(postgres_url, redis_url, redis_prefix):
    """The claim goes to process A, the seat's socket is on process B."""
    settings = settings_for(
        postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix, seat_ask_seconds=30.0
    )
    with LiveServer(settings) as a, LiveServer(settings) as b:
        a.rooms.clock = Clock()
        b.rooms.clock = a.rooms.clock
        room, friend = started_pair(a.http)
        code = room["code"]
        with b.socket(code) as bo:
            bo.hello(friend["token"])
            bo.state()
            one_time = host_link(a.http, code, room["token"])
            asked = claim(a.http, code, one_time)
            assert asked.status_code == 409 and asked.json()["code"] == "seat_asked"
            bo.wait_for(lambda m: m["type"] == "seat_ask", timeout=10)
            bo.send({"type": "seat_answer", "keep": True})
            bo.wait_for(lambda m: m["type"] == "seat_answered")
            a.rooms.clock.now += 31
            assert claim(a.http, code, one_time).json()["code"] == "seat_kept"
            # A new link: Bo's device stays silent (the seat stays), then says "that's me".
            one_time = host_link(a.http, code, room["token"])
            assert claim(a.http, code, one_time).json()["code"] == "seat_asked"
            bo.wait_for(lambda m: m["type"] == "seat_ask" and m is not None, timeout=10)
            a.rooms.clock.now += 31
            assert claim(a.http, code, one_time).json()["code"] == "seat_asked"
            bo.send({"type": "seat_answer", "keep": False})
            bo.wait_for(lambda m: m["type"] == "seat_answered")
            moved = claim(a.http, code, one_time)
            assert moved.status_code == 200
            assert bo.wait_for(lambda m: m["type"] == "seat_taken", timeout=10)["seat"] == 1
