""" "I'm one of the players" (issue 23, item 1): a spectator asks for a seat, the host gives it
with one click, the one-time code goes to the asking connection only, and the seat moves as a
seat link moves it: a connected device is asked first and keeps the seat if it answers, an
away seat moves only after the grace period. Refusals are sentences and change nothing."""

from __future__ import annotations

import json
from contextlib import contextmanager

import pytest

from tests.app.conftest import settings_for
from tests.app.group.conftest import Clock
from tests.app.group.test_seats import dropped, seat_summary, started_pair
from tests.utils.live_server import LiveServer, bearer, create_room, join, start


def claim(http, code, one_time):
    return http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})


def ask(spectator, seat):
    spectator.send({"type": "seat_request", "seat": seat})
    return spectator.wait_for(lambda m: m["type"] in ("seat_requested", "error"))


def give(giver, seat):
    giver.send({"type": "seat_give", "seat": seat})
    return giver.wait_for(lambda m: m["type"] in ("seat_gave", "error"))


@contextmanager
def host_phone_and_fresh_browser(server):
    """Ann hosts (connected), Bo's phone holds seat 1 (connected), a fresh browser watches.
    Yields (code, Bo's token, Ann's socket, Bo's, the fresh browser's)."""
    room, friend = started_pair(server.http)
    code = room["code"]
    with server.socket(code) as ann, server.socket(code) as bo, server.socket(code) as fresh:
        ann.hello(room["token"])
        bo.hello(friend["token"])
        fresh.hello()
        for ws in (ann, bo):
            ws.state()
        fresh.wait_for(lambda m: m["type"] == "room")
        yield code, friend["token"], ann, bo, fresh


def test_a_spectator_gets_a_connected_seat_after_one_host_click_and_the_devices_silence(shared_server, clock):
    http = shared_server.http
    with host_phone_and_fresh_browser(shared_server) as (code, bo_token, ann, bo, fresh):
        other = shared_server.socket(code)
        other.hello()
        other.wait_for(lambda m: m["type"] == "room")
        assert ask(fresh, 1) == {"type": "seat_requested", "seat": 1, "name": "Bo"}
        ann.wait_for(lambda m: m["type"] == "room" and m["seats"][1]["requested"])
        # A second claim of the same seat, a give by a non-host while the host is here, a give
        # by a spectator, and a seated player asking: each refused with a sentence.
        second = ask(other, 1)
        assert second["code"] == "seat_requested" and "already asked" in second["message"]
        refused = give(bo, 1)
        assert refused["code"] == "give_host_only" and "host" in refused["message"]
        assert give(other, 1)["code"] == "not_seated"
        assert ask(bo, 0)["code"] == "already_seated"
        assert seat_summary(http, code, 1)["requested"] is True
        # One host click: the code goes to the asking connection only.
        assert give(ann, 1) == {"type": "seat_gave", "seat": 1}
        given = fresh.wait_for(lambda m: m["type"] == "seat_given")
        link = given["link"]
        assert seat_summary(http, code, 1)["requested"] is False
        for ws in (ann, bo, other):
            ws.drain()
            assert link not in json.dumps(ws.received)
        # Bo's device is still connected: it is asked, stays silent, and loses the seat.
        asked = claim(http, code, link)
        assert asked.status_code == 409 and asked.json()["code"] == "seat_asked"
        assert "another device" in bo.wait_for(lambda m: m["type"] == "seat_ask")["message"]
        clock.now += shared_server.settings.seat_ask_seconds
        moved = claim(http, code, link)
        assert moved.status_code == 200 and moved.json()["seat"] == 1
        bo.wait_for(lambda m: m["type"] == "seat_taken")
        notice = ann.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "seat_moved" and notice["name"] == "Bo"
        other.close()
    with shared_server.socket(code) as new_device:
        new_device.hello(moved.json()["token"])
        assert new_device.wait_for(lambda m: m["type"] == "room")["you"] == 1
    with shared_server.socket(code) as old_token:
        old_token.hello(bo_token)
        assert old_token.error()["code"] == "bad_token"


def test_the_connected_device_keeps_its_seat_and_the_asker_is_told(shared_server, clock):
    http = shared_server.http
    with host_phone_and_fresh_browser(shared_server) as (code, _bo_token, ann, bo, fresh):
        ask(fresh, 1)
        give(ann, 1)
        link = fresh.wait_for(lambda m: m["type"] == "seat_given")["link"]
        assert claim(http, code, link).json()["code"] == "seat_asked"
        bo.wait_for(lambda m: m["type"] == "seat_ask")
        bo.send({"type": "seat_answer", "keep": True})
        bo.wait_for(lambda m: m["type"] == "seat_answered")
        clock.now += shared_server.settings.seat_ask_seconds + 1
        kept = claim(http, code, link)
        assert kept.status_code == 409 and kept.json()["code"] == "seat_kept"
        assert "kept that seat" in kept.json()["message"]
        bo.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 1}})
        assert bo.wait_for(lambda m: m["type"] == "state" and m["view"].get("my_pick") == 1)


def test_with_the_host_not_here_another_seated_player_gives_and_an_away_seat_waits_the_grace(
    shared_server, clock
):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 2})
    code = room["code"]
    bo = join(http, code, "Bo")
    cy = join(http, code, "Cy")
    start(http, code, room["token"])
    dropped(shared_server, code, cy["token"])  # Cy's phone died a moment ago
    with shared_server.socket(code) as bo_ws, shared_server.socket(code) as fresh:
        bo_ws.hello(bo["token"])
        fresh.hello()
        bo_ws.state()
        assert ask(fresh, 2)["name"] == "Cy"
        assert give(bo_ws, 2) == {"type": "seat_gave", "seat": 2}  # Ann, the host, is not connected
        link = fresh.wait_for(lambda m: m["type"] == "seat_given")["link"]
        grace = shared_server.settings.seat_grace_seconds
        early = claim(http, code, link)
        assert early.status_code == 409 and early.json()["code"] == "seat_away"
        assert early.json()["params"]["retry_after"] == grace
        clock.now += grace
        moved = claim(http, code, link)
        assert moved.status_code == 200 and moved.json()["seat"] == 2


def test_nobody_can_give_a_seat_nobody_asked_for(shared_server):
    http = shared_server.http
    room, _friend = started_pair(http)
    with shared_server.socket(room["code"]) as ann:
        ann.hello(room["token"])
        ann.state()
        refused = give(ann, 1)
        assert refused["code"] == "no_request" and "Nobody" in refused["message"]
    summary = http.get(f"/api/rooms/{room['code']}").json()
    assert [seat["requested"] for seat in summary["seats"]] == [False, False]


@pytest.mark.postgres
@pytest.mark.redis
def test_a_seat_request_and_its_give_cross_processes(postgres_url, redis_url, redis_prefix):
    """The asker is on process A, the host and the seat's device on process B."""
    settings = settings_for(postgres_url, broadcast_url=redis_url, broadcast_prefix=redis_prefix)
    with LiveServer(settings) as a, LiveServer(settings) as b:
        a.rooms.clock = Clock()
        b.rooms.clock = a.rooms.clock
        room, friend = started_pair(a.http)
        code = room["code"]
        with b.socket(code) as ann, b.socket(code) as bo, a.socket(code) as fresh:
            ann.hello(room["token"])
            bo.hello(friend["token"])
            fresh.hello()
            bo.state()
            fresh.wait_for(lambda m: m["type"] == "room")
            assert ask(fresh, 1)["type"] == "seat_requested"
            ann.wait_for(lambda m: m["type"] == "room" and m["seats"][1]["requested"], timeout=10)
            assert give(ann, 1)["type"] == "seat_gave"
            link = fresh.wait_for(lambda m: m["type"] == "seat_given", timeout=10)["link"]
            assert claim(a.http, code, link).json()["code"] == "seat_asked"
            bo.wait_for(lambda m: m["type"] == "seat_ask", timeout=10)
            a.rooms.clock.now += settings.seat_ask_seconds
            moved = claim(a.http, code, link)
            assert moved.status_code == 200
            assert bo.wait_for(lambda m: m["type"] == "seat_taken", timeout=10)["seat"] == 1
            old_token = a.http.post(f"/api/rooms/{code}/seat-link", headers=bearer(friend["token"]))
            assert old_token.status_code == 403


def test_a_seat_marked_away_on_a_connected_device_is_still_asked_first(shared_server, clock):
    http = shared_server.http
    with host_phone_and_fresh_browser(shared_server) as (code, bo_token, ann, bo, fresh):
        http.post(f"/api/rooms/{code}/away", json={"away": True}, headers=bearer(bo_token))
        ask(fresh, 1)
        give(ann, 1)
        link = fresh.wait_for(lambda m: m["type"] == "seat_given")["link"]
        asked = claim(http, code, link)
        assert asked.status_code == 409 and asked.json()["code"] == "seat_asked"
        bo.wait_for(lambda m: m["type"] == "seat_ask")
        clock.now += shared_server.settings.seat_ask_seconds
        assert claim(http, code, link).status_code == 200
        # On the new device the player is back: no bot plays the seat any more.
        assert seat_summary(http, code, 1)["bot"] is False
