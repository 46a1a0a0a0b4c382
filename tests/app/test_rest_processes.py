"""Rooms that rest, with two real `python -m app serve` processes on one PostgreSQL schema and
one Redis (issue 42): a spectator on the other process keeps a bots-only room playing; a room
nobody is connected to rests (every process's summary says so) and stays at its version; a
spectator's socket on the other process makes it play on to the end."""

from __future__ import annotations

import pytest

from tests.utils.live_server import bearer, create_room, summary_when
from tests.utils.process_server import running_pair

PIP = "ponies_in_pursuit"
pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def pair(postgres_url, redis_url, redis_prefix, tmp_path):
    with running_pair(
        postgres_url, redis_url, redis_prefix, tmp_path, SWEEP_SECONDS="1", REST_SECONDS="0"
    ) as servers:
        yield servers


def new_room(http) -> tuple[str, dict]:
    host = create_room(http, PIP, "Ann")
    code, auth = host["code"], bearer(host["token"])
    assert http.post(f"/api/rooms/{code}/bots", json={"count": 3}, headers=auth).status_code == 200
    return code, auth


def bots_take_over(http, code: str, auth: dict) -> None:
    """Start, and the host lets the bots finish (a bot plays every seat); the host never connects."""
    assert http.post(f"/api/rooms/{code}/start", headers=auth).status_code == 200
    assert http.post(f"/api/rooms/{code}/end-vote", json={"kind": "bots"}, headers=auth).status_code == 200


def version(http, code: str) -> int:
    return http.get(f"/api/rooms/{code}").json()["v"]


def test_a_room_rests_only_when_nobody_is_connected_to_any_process(pair):
    first, second = pair
    # Nobody anywhere: it rests, and the other process's summary says so too.
    alone, alone_auth = new_room(first.http)
    bots_take_over(first.http, alone, alone_auth)
    summary_when(first.http, alone, lambda s: s.get("resting") is True)
    summary_when(second.http, alone, lambda s: s.get("resting") is True)
    rested_at = version(first.http, alone)

    # A spectator on the second process: the first process's bots play the room to its end.
    watched, watched_auth = new_room(first.http)
    with second.socket(watched) as spectator:
        spectator.hello()
        spectator.wait_for(lambda m: m["type"] == "spectator")  # its hello was answered
        bots_take_over(first.http, watched, watched_auth)
        spectator.wait_for(lambda m: m["type"] == "state" and m["over"], 30)
    # Meanwhile the empty room stayed where it rested.
    assert version(first.http, alone) == rested_at
    assert first.http.get(f"/api/rooms/{alone}").json()["resting"] is True

    # A spectator connects to it on the second process: it plays on, to its end.
    with second.socket(alone) as spectator:
        spectator.hello()
        spectator.wait_for(lambda m: m["type"] == "state" and m["over"], 30)
    assert version(first.http, alone) > rested_at
    assert summary_when(first.http, alone, lambda s: s["status"] == "over")["resting"] is False
