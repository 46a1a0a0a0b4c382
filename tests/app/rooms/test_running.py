"""Games running per address (issue 42): starting one more than ROOMS_PER_ADDRESS is refused
with a sentence; ending one frees its place. Over HTTP on a live server (one address: the
tests' loopback)."""

from __future__ import annotations

import pytest

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room


@pytest.fixture
def capped(sqlite_url):
    with LiveServer(settings_for(sqlite_url, rooms_per_address=2)) as live:
        yield live


def room_with_a_bot(http) -> tuple[str, str]:
    host = create_room(http, "toy", "Ann", options={"rounds": 5})
    response = http.post(f"/api/rooms/{host['code']}/bots", json={"count": 1}, headers=bearer(host["token"]))
    assert response.status_code == 200, response.text
    return host["code"], host["token"]


def test_one_address_runs_at_most_its_cap_of_games(capped):
    http = capped.http
    rooms = [room_with_a_bot(http) for _ in range(3)]
    for code, token in rooms[:2]:
        assert http.post(f"/api/rooms/{code}/start", headers=bearer(token)).status_code == 200
    code, token = rooms[2]
    refused = http.post(f"/api/rooms/{code}/start", headers=bearer(token))
    assert refused.status_code == 429, refused.text
    body = refused.json()
    assert body["code"] == "too_many_games" and body["params"]["max"] == 2
    assert "already has 2 games running" in body["message"]
    assert http.get(f"/api/rooms/{code}").json()["status"] == "lobby"  # nothing changed
    # One of them ends (its only player leaves): its place is free again.
    first, first_token = rooms[0]
    assert http.post(f"/api/rooms/{first}/leave", headers=bearer(first_token)).status_code == 200
    assert http.get(f"/api/rooms/{first}").json()["status"] == "closed"
    assert http.post(f"/api/rooms/{code}/start", headers=bearer(token)).status_code == 200
