"""Kill the real server (SIGKILL) mid-game and start it again on the same SQLite file:
every room is there, clients reconnect with their tokens and finish, no accepted action is lost,
and a stored round timer still fires."""

from __future__ import annotations

import time

import pytest

import engine
from app.rooms.replay import rebuild
from tests.utils.db import stored
from tests.utils.live_server import bearer, create_room, join, start
from tests.utils.process_server import ServerProcess

PIP = "ponies_in_pursuit"


@pytest.fixture
def db_file(tmp_path):
    return tmp_path / "paddock.db"


def first_submission(state):
    return next(a for a in state["actions"] if a["type"] == "submit")


def act_when_awaited(clients, seats, until_v=None, until_over=False, timeout=20):
    """Each client submits its first legal submission whenever its seat is awaited.

    Returns each client's last state once all reached `until_v` (or the end)."""
    last = {}
    end = time.monotonic() + timeout
    acted_at = {}
    while time.monotonic() < end:
        for client, seat in zip(clients, seats, strict=True):
            try:
                message = client.recv(0.05)
            except TimeoutError:
                continue
            if message["type"] != "state":
                continue
            last[seat] = message
            if message["over"]:
                continue
            if seat in message["view"]["to_act"] and acted_at.get(seat) != message["v"]:
                if until_v is not None and message["v"] >= until_v:
                    continue
                acted_at[seat] = message["v"]
                client.send({"type": "act", "v": message["v"], "action": first_submission(message)})
        states = list(last.values())
        if len(states) == len(seats):
            if until_over and all(s["over"] for s in states):
                return states
            if until_v is not None and all(s["v"] >= until_v for s in states):
                return states
    raise AssertionError(f"timed out; last states v={[s['v'] for s in last.values()]}")


def test_sigkill_mid_game_loses_no_room_and_no_accepted_action(db_file, tmp_path):
    db_url = f"sqlite:///{db_file}"
    server = ServerProcess(db_url, log_path=tmp_path / "server.log").start()
    try:
        http = server.http
        room = create_room(http, game=PIP, name="Ann", options={"seed": 99, "rounds": 3})
        code = room["code"]
        bo = join(http, code, "Bo")
        http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"]))
        start(http, code, room["token"])
        ann, bob = server.socket(code), server.socket(code)
        ann.hello(room["token"])
        bob.hello(bo["token"])
        # Play into round 2: every accepted action has come back as a state to both players.
        states = act_when_awaited([ann, bob], [0, 1], until_v=4)
        seen_v = max(s["v"] for s in states)
        server.kill()
    finally:
        server.stop()

    room_row, actions = stored(db_url, code)
    assert room_row["version"] >= seen_v
    assert [seq for seq, _, _ in actions] == list(range(1, room_row["version"] + 1))

    server = ServerProcess(db_url, port=server.port, log_path=tmp_path / "server.log").start()
    try:
        summary = server.http.get(f"/api/rooms/{code}").json()
        # The bot seat may already have moved again since the restart (bots are woken at start-up).
        assert summary["status"] == "playing" and summary["v"] >= room_row["version"]
        ann, bob = server.socket(code), server.socket(code)
        ann.hello(room["token"])
        bob.hello(bo["token"])
        assert ann.wait_for(lambda m: m["type"] == "room")["you"] == 0
        finals = act_when_awaited([ann, bob], [0, 1], until_over=True)
        assert all(s["view"]["result"] is not None for s in finals)
        assert finals[0]["view"]["result"] == finals[1]["view"]["result"]
    finally:
        server.stop()

    log_text = (tmp_path / "server.log").read_text()
    assert "GET /api/rooms/" in log_text  # the access log is there ...
    assert room["token"] not in log_text and bo["token"] not in log_text  # ... and no token in it

    room_row, actions = stored(db_url, code)
    assert room_row["status"] == "over"
    assert [seq for seq, _, _ in actions] == list(range(1, room_row["version"] + 1))
    log = [(seat, action) for _, seat, action in actions]
    rebuilt = rebuild(PIP, room_row["options"], 3, room_row["seed"], log)
    assert {**rebuilt, "log": []} == room_row["state"] and rebuilt["log"] == room_row["log"]
    assert engine.is_over(rebuilt)


def test_round_timer_survives_a_restart(db_file, tmp_path):
    db_url = f"sqlite:///{db_file}"
    server = ServerProcess(db_url, log_path=tmp_path / "server.log").start()
    try:
        room = create_room(server.http, game=PIP, name="Ann", options={"round_seconds": 2, "rounds": 2})
        code = room["code"]
        join(server.http, code, "Bo")
        summary = start(server.http, code, room["token"])
        assert summary["timer_seconds"] == 2 and summary["deadline_in"] > 0
        server.kill()
    finally:
        server.stop()
    server = ServerProcess(db_url, port=server.port, log_path=tmp_path / "server.log").start()
    try:
        with server.socket(code) as fan:
            fan.hello()
            state = fan.wait_for(lambda m: m["type"] == "state" and m["view"]["round"] == 2, timeout=10)
            assert state["v"] == 2
    finally:
        server.stop()
    _, actions = stored(db_url, code)
    assert len(actions) == 2
