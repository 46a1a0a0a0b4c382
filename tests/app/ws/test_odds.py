"""Live odds on the server (app.rooms.odds, app.ws.odds, GET /api/rooms/{code}/odds):

- a spectator's socket gets `{"type": "odds", "v", "chances", "labels"}` for the versions it
  is shown (chances summing to 1, labels the seat names), the same as the HTTP route;
- a seated player gets none until the host turns "odds for players" on (only the host may);
- two rooms with the same public record and another secret choice give identical odds.
"""

from __future__ import annotations

import pytest

from tests.utils.choices import spelled_out
from tests.utils.live_server import bearer, create_room, join, start

FIRST = 60  # seconds for the first odds of a server: its worker process starts first
SEED = 777


def odds_of(client, v, timeout=FIRST):
    return client.wait_for(lambda m: m["type"] == "odds" and m["v"] >= v, timeout)


def table(server, game="ponies_in_pursuit", names=("Ann", "Bo", "Cy")):
    http = server.http
    host = create_room(http, game=game, name=names[0], options={"seed": SEED, "rounds": 3})
    others = [join(http, host["code"], name) for name in names[1:]]
    start(http, host["code"], host["token"])
    return host, others


def test_a_spectator_gets_the_odds_of_each_version_and_the_route_agrees(shared_server):
    host, _others = table(shared_server)
    code = host["code"]
    with shared_server.socket(code) as fan:
        fan.hello()
        fan.state(v=0)
        odds = odds_of(fan, 0)
        assert set(odds) == {"type", "v", "chances", "labels"}
        assert odds["labels"] == {"0": "Ann", "1": "Bo", "2": "Cy"}
        assert set(odds["chances"]) == {"0", "1", "2"}
        assert sum(odds["chances"].values()) == pytest.approx(1.0)
        answer = shared_server.http.get(f"/api/rooms/{code}/odds").json()
        assert answer == {k: odds[k] for k in ("v", "chances", "labels")}


def test_players_get_no_odds_until_the_host_turns_them_on(shared_server):
    host, (bo, _cy) = table(shared_server)
    code, http = host["code"], shared_server.http
    with shared_server.socket(code) as ann, shared_server.socket(code) as fan:
        ann.hello(host["token"])
        fan.hello()
        first = ann.state(v=0)
        odds_of(fan, 0)
        ann.send({"type": "act", "v": 0, "action": spelled_out(first["actions"])[0]})
        ann.state(v=1)
        odds_of(fan, 1)
        ann.drain(quiet=0.5)
        assert not [m for m in ann.received if m["type"] == "odds"]
        url = f"/api/rooms/{code}/odds/players"
        refused = http.post(url, json={"on": True}, headers=bearer(bo["token"]))
        assert refused.status_code == 403
        turned = http.post(url, json={"on": True}, headers=bearer(host["token"]))
        assert turned.status_code == 200 and turned.json()["odds_players"] is True
        odds = odds_of(ann, 0)
        assert odds["labels"]["0"] == "Ann"
        http.post(url, json={"on": False}, headers=bearer(host["token"]))
        ann.wait_for(lambda m: m["type"] == "room" and m["odds_players"] is False)


def test_the_same_public_record_gives_the_same_odds_whatever_the_secret(shared_server):
    """Seat 0 submits another hand of cards (sealed): the room's odds must not tell."""
    answers = []
    for index in (0, -1):
        host, _others = table(shared_server)
        code = host["code"]
        with shared_server.socket(code) as ann, shared_server.socket(code) as fan:
            ann.hello(host["token"])
            fan.hello()
            first = ann.state(v=0)
            submits = [a for a in spelled_out(first["actions"]) if a["type"] == "submit"]
            ann.send({"type": "act", "v": 0, "action": submits[index]})
            ann.state(v=1)
            answers.append((odds_of(fan, 1), shared_server.http.get(f"/api/rooms/{code}/odds").json()))
    (fan_a, http_a), (fan_b, http_b) = answers
    assert fan_a == fan_b and http_a == http_b and http_a["v"] == 1


def test_odds_of_a_room_not_started_are_refused_in_a_sentence(shared_server):
    host = create_room(shared_server.http, game="ponies_in_pursuit", name="Ann")
    answer = shared_server.http.get(f"/api/rooms/{host['code']}/odds")
    assert answer.status_code == 409 and answer.json()["code"] == "not_started"


def test_the_replay_gets_each_players_chances_over_the_game_ending_with_the_result(shared_server):
    http = shared_server.http
    host = create_room(http, game="ponies_in_pursuit", name="Ann", options={"seed": SEED, "rounds": 2})
    http.post(f"/api/rooms/{host['code']}/bots", json={"count": 2}, headers=bearer(host["token"]))
    start(http, host["code"], host["token"])
    with shared_server.socket(host["code"]) as ann:
        ann.hello(host["token"])
        while not (state := ann.state())["over"]:
            if 0 in state["view"]["to_act"]:
                ann.send({"type": "act", "v": state["v"], "action": spelled_out(state["actions"])[0]})
    early = http.get(f"/api/rooms/{host['code']}/replay/odds")
    assert early.status_code == 200
    chart = early.json()
    assert set(chart["labels"]) == {"0", "1", "2"} and chart["labels"]["0"] == "Ann"
    steps = [point["step"] for point in chart["points"]]
    assert steps[0] == 0 and steps[-1] == chart["steps"] == state["v"]
    for point in chart["points"]:
        assert sum(point["chances"].values()) == pytest.approx(1.0)
    winners = state["view"]["result"]["winners"]
    assert chart["points"][-1]["chances"] == {
        str(s): (1 / len(winners) if s in winners else 0.0) for s in range(3)
    }


def test_the_chart_of_a_game_still_running_is_refused(shared_server):
    host, _others = table(shared_server)
    answer = shared_server.http.get(f"/api/rooms/{host['code']}/replay/odds")
    assert answer.status_code == 409 and answer.json()["code"] == "not_over"
