"""The room socket over a real server: hello, sync, acting, stale versions, bad input, reconnects, bots."""

import json
import time

from tests.utils.live_server import bearer, create_room, join, start

PICK = {"type": "pick", "n": 2}


def two_player_room(http, **body):
    room = create_room(http, name="Ann", **body)
    friend = join(http, room["code"], "Bo")
    return room, friend


def started(http, **body):
    room, friend = two_player_room(http, **body)
    start(http, room["code"], room["token"])
    return room, friend


def test_seat_hello_gets_room_then_its_own_state(shared_server):
    room, friend = started(shared_server.http)
    with shared_server.socket(room["code"]) as ws:
        ws.hello(room["token"])
        lobby = ws.wait_for(lambda m: m["type"] == "room")
        assert lobby["you"] == 0 and lobby["is_host"] is True and lobby["status"] == "playing"
        state = ws.state()
        assert state["v"] == 0 and state["over"] is False
        assert state["view"]["you"] == 0
        assert {"type": "pick", "n": 3} in state["actions"]
        # The contract's fields, plus the log: whole at this first sync, new events after.
        # "pad": spaces that make the frame as long as its secrets' shape (app.ws.fixed_width).
        assert set(state) == {"type", "v", "over", "view", "actions", "events", "log", "pad"}
        assert "log" not in state["view"] and state["events"] == []


def test_spectator_gets_the_public_view_and_no_actions(shared_server):
    room, _ = started(shared_server.http)
    with shared_server.socket(room["code"]) as ws:
        ws.hello()
        assert ws.wait_for(lambda m: m["type"] == "room")["you"] is None
        state = ws.state()
        assert state["view"]["you"] is None and state["actions"] == []
        ws.send({"type": "act", "v": 0, "action": PICK})
        assert ws.error()["code"] == "spectator"


def test_action_reaches_everyone_with_the_next_version(shared_server):
    room, friend = started(shared_server.http)
    code = room["code"]
    with (
        shared_server.socket(code) as ann,
        shared_server.socket(code) as bo,
        shared_server.socket(code) as fan,
    ):
        for ws, token in ((ann, room["token"]), (bo, friend["token"]), (fan, None)):
            ws.hello(token)
            ws.state()
        ann.send({"type": "act", "v": 0, "action": PICK})
        for ws in (ann, bo, fan):
            state = ws.state(v=1)
            assert state["v"] == 1 and state["view"]["submitted"] == [True, False]
        assert ann.received[-1]["view"]["my_pick"] == 2
        assert bo.received[-1]["view"]["my_pick"] is None


def test_stale_version_is_refused_with_a_fresh_state(shared_server):
    room, friend = started(shared_server.http)
    code = room["code"]
    with shared_server.socket(code) as ann, shared_server.socket(code) as bo:
        ann.hello(room["token"])
        bo.hello(friend["token"])
        ann.state()
        bo.state()
        ann.send({"type": "act", "v": 0, "action": PICK})
        bo.state(v=1)
        bo.send({"type": "act", "v": 0, "action": PICK})
        error = bo.error()
        assert error["code"] == "stale" and error["params"]["v"] == 1
        fresh = bo.state()
        assert fresh["v"] == 1 and fresh["view"]["submitted"] == [True, False]
        assert shared_server.http.get(f"/api/rooms/{code}").json()["v"] == 1


def test_double_click_is_stale_and_costs_one_frame_without_the_log(shared_server):
    """The second click of a double click comes back `stale`, decided against the room in
    memory: the connection gets the new version's frame once (already on its way, or sent
    again when it was sent before), never a sync with the whole log."""
    room, _ = started(shared_server.http)
    with shared_server.socket(room["code"]) as ann:
        ann.hello(room["token"])
        assert "log" in ann.state()  # the first frame is a sync
        ann.send({"type": "act", "v": 0, "action": PICK})
        ann.send({"type": "act", "v": 0, "action": PICK})
        states, errors = [], []
        while not states or not errors:  # the update and the error may come in either order
            message = ann.recv()
            if message["type"] in ("state", "error"):
                (states if message["type"] == "state" else errors).append(message)
        ann.send({"type": "ping"})
        while (message := ann.recv())["type"] != "pong":
            if message["type"] == "state":
                states.append(message)
        assert message["v"] == 1
        assert [e["code"] for e in errors] == ["stale"] and errors[0]["params"]["v"] == 1
        assert {s["v"] for s in states} == {1} and all(s == states[0] for s in states)
        assert "log" not in states[0]
        assert shared_server.http.get(f"/api/rooms/{room['code']}").json()["v"] == 1


def test_engine_refusals_pass_through_and_change_nothing(shared_server):
    room, _ = started(shared_server.http)
    with shared_server.socket(room["code"]) as ann:
        ann.hello(room["token"])
        ann.state()
        ann.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 7}})
        error = ann.error()
        assert (error["code"], error["message"]) == ("illegal_action", "Pick 1, 2 or 3.")
        ann.send({"type": "act", "v": 0, "action": {"nothing": 1}})
        assert ann.error()["code"] == "bad_action"
        ann.send({"type": "act", "v": 0, "action": PICK, "seat": 1})
        assert ann.error()["code"] == "not_your_seat"
        assert shared_server.http.get(f"/api/rooms/{room['code']}").json()["v"] == 0
        ann.send({"type": "act", "v": 0, "action": PICK})
        assert ann.state(v=1)["v"] == 1


def test_bad_messages_get_errors_and_the_connection_survives(shared_server):
    room, _ = started(shared_server.http)
    with shared_server.socket(room["code"]) as ws:
        ws.send({"type": "act", "v": 0, "action": PICK})
        assert ws.error()["code"] == "hello_first"
        ws.send("{broken")
        assert ws.error()["code"] == "bad_json"
        ws.send({"type": "shout"})
        assert ws.error()["code"] == "unknown_type"
        ws.send(json.dumps({"type": "hello", "token": "x" * 40_000}))
        assert ws.error()["code"] == "too_big"
        ws.hello("not-a-real-token")
        assert ws.error()["code"] == "bad_token"
        ws.hello(room["token"])
        ws.state()
        ws.hello(room["token"])
        assert ws.error()["code"] == "already_greeted"
        ws.send({"type": "ping"})
        # The pong carries the newest version this socket was sent.
        assert ws.wait_for(lambda m: m["type"] == "pong") == {"type": "pong", "v": 0}
        ws.send({"type": "act", "v": 0, "action": PICK})
        assert ws.state(v=1)["v"] == 1


def test_a_token_from_another_room_is_refused(shared_server):
    room, _ = started(shared_server.http)
    other = create_room(shared_server.http)
    with shared_server.socket(room["code"]) as ws:
        ws.hello(other["token"])
        assert ws.error()["code"] == "bad_token"


def test_unknown_room_is_an_error_then_close(shared_server):
    with shared_server.socket("no-such-room") as ws:
        assert ws.recv()["code"] == "not_found"
        assert ws.is_closed()


def test_acting_before_the_start_is_refused(shared_server):
    room, _ = two_player_room(shared_server.http)
    with shared_server.socket(room["code"]) as ws:
        ws.hello(room["token"])
        assert ws.wait_for(lambda m: m["type"] == "room")["status"] == "lobby"
        ws.send({"type": "act", "v": 0, "action": PICK})
        assert ws.error()["code"] == "not_started"


def test_lobby_changes_and_presence_reach_watchers(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        assert ann.wait_for(lambda m: m["type"] == "room")["seats"][0]["connected"] is True
        friend = join(http, code, "Bo")
        assert [
            s["name"] for s in ann.wait_for(lambda m: m["type"] == "room" and len(m["seats"]) == 2)["seats"]
        ] == ["Ann", "Bo"]
        with shared_server.socket(code) as bo:
            bo.hello(friend["token"])
            seen = ann.wait_for(lambda m: m["type"] == "room" and m["seats"][1]["connected"])
            assert seen["you"] == 0
        assert ann.wait_for(lambda m: m["type"] == "room" and not m["seats"][1]["connected"])
        start(http, code, room["token"])
        assert ann.state()["v"] == 0


def test_reconnect_with_the_token_gets_the_same_seat_and_current_state(shared_server):
    room, friend = started(shared_server.http)
    code = room["code"]
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        ann.state()
        with shared_server.socket(code) as bo:
            bo.hello(friend["token"])
            bo.state()
            bo.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 3}})
            bo.state(v=1)
        ann.wait_for(lambda m: m["type"] == "room" and not m["seats"][1]["connected"])
        ann.send({"type": "act", "v": 1, "action": PICK})
        ann.state(v=2)
    with shared_server.socket(code) as bo:
        bo.hello(friend["token"])
        assert bo.wait_for(lambda m: m["type"] == "room")["you"] == 1
        state = bo.state()
        assert state["v"] == 2 and state["view"]["totals"] == [2, 3] and state["view"]["you"] == 1


def test_bots_play_their_seats_to_the_end(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 3})
    http.post(f"/api/rooms/{room['code']}/bots", json={"count": 2}, headers=bearer(room["token"]))
    start(http, room["code"], room["token"])
    with shared_server.socket(room["code"]) as ann:
        ann.hello(room["token"])
        last_act = None
        while True:  # a client acting on each newest state it sees (stale ones come back fresh)
            message = ann.wait_for(lambda m: m["type"] in ("state", "error"), timeout=30)
            if message["type"] == "error":
                # Acting on every frame can outrun the flood limit: a dropped act is sent again
                # after the wait the server names (a stale one comes back with a fresh state).
                if message["code"] == "slow_down" and last_act is not None:
                    time.sleep(message["params"]["retry_after"])
                    ann.send(last_act)
                continue
            state = message
            if state["over"]:
                break
            if 0 in state["view"]["to_act"]:
                last_act = {"type": "act", "v": state["v"], "action": PICK}
                ann.send(last_act)
        assert state["view"]["result"]["scores"][0] == 6 and state["actions"] == []
    summary = http.get(f"/api/rooms/{room['code']}").json()
    assert summary["status"] == "over" and isinstance(summary["seed"], int)
    log = http.get(f"/api/rooms/{room['code']}/log").json()
    assert len(log["actions"]) >= 9 and [a["seq"] for a in log["actions"]] == list(range(1, summary["v"] + 1))
    assert {a["source"] for a in log["actions"] if a["seat"] == 0} == {"player"}
    assert {a["source"] for a in log["actions"] if a["seat"] != 0} == {"bot"}


def test_host_hands_an_abandoned_seat_to_a_bot_which_plays_on(shared_server):
    http = shared_server.http
    room, friend = started(http, options={"rounds": 1})
    code = room["code"]
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        ann.state()
        ann.send({"type": "act", "v": 0, "action": PICK})
        ann.state(v=1)
        refused = http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
        assert refused.status_code == 200  # Bo never connected: the seat is abandoned
        final = ann.wait_for(lambda m: m["type"] == "state" and m["over"])
        assert final["v"] == 2


def test_a_connected_player_keeps_their_seat(shared_server):
    http = shared_server.http
    room, friend = started(http)
    with shared_server.socket(room["code"]) as bo:
        bo.hello(friend["token"])
        bo.state()
        response = http.post(f"/api/rooms/{room['code']}/seats/1/bot", headers=bearer(room["token"]))
        assert response.status_code == 409 and response.json()["code"] == "seat_in_use"


def test_player_who_left_becomes_a_watcher_and_cannot_act(shared_server):
    http = shared_server.http
    room, friend = started(http)
    with shared_server.socket(room["code"]) as bo:
        bo.hello(friend["token"])
        bo.state()
        http.post(f"/api/rooms/{room['code']}/leave", headers=bearer(friend["token"]))
        assert bo.wait_for(lambda m: m["type"] == "room" and m["seats"][1]["left"])["you"] is None
        assert bo.state()["view"]["you"] is None
        bo.send({"type": "act", "v": 0, "action": PICK})
        assert bo.error()["code"] == "no_seat"


def test_turn_timer_applies_the_timeout_action(shared_server):
    http = shared_server.http
    # One second, not less: on a busy machine (or PostgreSQL) a shorter timer can fire before
    # the spectator's first message.
    room, _ = started(http, turn_seconds=1, options={"rounds": 2})
    with shared_server.socket(room["code"]) as fan:
        fan.hello()
        lobby = fan.wait_for(lambda m: m["type"] == "room")
        assert lobby["timer_seconds"] == 1 and 0 < lobby["deadline_in"] <= 1
        state = fan.wait_for(lambda m: m["type"] == "state" and m["view"]["round"] == 2)
        assert state["v"] == 2 and state["view"]["to_act"] == [0, 1]
        final = fan.wait_for(lambda m: m["type"] == "state" and m["over"])
        assert final["v"] == 4
    log = http.get(f"/api/rooms/{room['code']}/log").json()
    assert {a["source"] for a in log["actions"]} == {"timer"}


def test_seats_move_up_when_someone_leaves_the_lobby_and_connections_follow(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    bo = join(http, code, "Bo")
    cy = join(http, code, "Cy")
    with shared_server.socket(code) as cyd:
        cyd.hello(cy["token"])
        assert cyd.wait_for(lambda m: m["type"] == "room")["you"] == 2
        http.post(f"/api/rooms/{code}/leave", headers=bearer(bo["token"]))
        moved = cyd.wait_for(lambda m: m["type"] == "room" and len(m["seats"]) == 2)
        assert moved["you"] == 1 and moved["seats"][1]["name"] == "Cy" and moved["seats"][1]["connected"]
        start(http, code, room["token"])
        state = cyd.state()
        assert state["view"]["you"] == 1 and state["view"]["seats"] == 2


def test_a_faulty_bot_does_not_stall_the_table(shared_server, monkeypatch):
    from tests.engine.toy_game import ToyGame

    def broken(self, view, actions, rng):
        raise RuntimeError("bot bug")

    monkeypatch.setattr(ToyGame, "bot_action", broken)
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    http.post(f"/api/rooms/{room['code']}/bots", json={"count": 1}, headers=bearer(room["token"]))
    start(http, room["code"], room["token"])
    with shared_server.socket(room["code"]) as ann:
        ann.hello(room["token"])
        while not (final := ann.state())["over"]:
            if 0 in final["view"]["to_act"]:
                ann.send({"type": "act", "v": final["v"], "action": PICK})
        assert final["view"]["totals"] == [2, 1]  # the bot played its first legal action
