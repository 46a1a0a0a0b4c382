"""Rooms that rest, through real sockets (issue 42): a bots-only room nobody is connected to
shows `resting` in its summary and stays at its version; a spectator's socket saying hello
makes it play on, and the spectator sees it to the end."""

from __future__ import annotations

import pytest

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room, summary_when


@pytest.fixture
def server(sqlite_url):
    with LiveServer(settings_for(sqlite_url, rest_seconds=0)) as live:
        yield live


def bots_only_room(http) -> str:
    """A host and three bots; the host lets the bots finish and never connects."""
    host = create_room(http, "toy", "Ann", options={"rounds": 5})
    code, auth = host["code"], bearer(host["token"])
    assert http.post(f"/api/rooms/{code}/bots", json={"count": 3}, headers=auth).status_code == 200
    assert http.post(f"/api/rooms/{code}/start", headers=auth).status_code == 200
    assert http.post(f"/api/rooms/{code}/end-vote", json={"kind": "bots"}, headers=auth).status_code == 200
    return code


def test_a_resting_room_plays_on_when_a_spectator_connects(server):
    http = server.http
    code = bots_only_room(http)
    resting = summary_when(http, code, lambda s: s.get("resting") is True)
    assert resting["status"] == "playing"
    with server.socket(code) as spectator:
        spectator.hello()
        first = spectator.state()
        over = spectator.wait_for(lambda m: m["type"] == "state" and m["over"], 20)
        assert over["v"] > first["v"]
    assert summary_when(http, code, lambda s: s["status"] == "over")["resting"] is False
