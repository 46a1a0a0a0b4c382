"""Replays: a finished game rebuilt from seed + action log through the engine, every secret
revealed; refused (409 not_over, nothing leaked) while the game runs."""

from __future__ import annotations

import random

import engine
from app.rooms import replay as replay_mod
from app.rooms.replay import build, final_state, rebuild, views
from tests.utils.db import stored
from tests.utils.live_server import bearer, create_room, start
from tests.utils.play import play_random

PIP = "ponies_in_pursuit"


def finish_pip_room(live) -> str:
    """Ann (seat 0) and two bots play a one-round game to the end; returns the room code."""
    http = live.http
    room = create_room(http, game=PIP, name="Ann", options={"rounds": 1})
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 2}, headers=bearer(room["token"]))
    start(http, code, room["token"])
    with live.socket(code) as ann:
        ann.hello(room["token"])
        while True:
            state = ann.state()
            if state["over"]:
                return code
            if 0 in state["view"]["to_act"] and not state["view"]["submitted"][0]:
                submit = next(a for a in state["actions"] if a["type"] == "submit")
                ann.send({"type": "act", "v": state["v"], "action": submit})


def all_views(http, code: str, count: int, page: int) -> list[dict]:
    out = []
    for first in range(0, count + 1, page):
        span = {"from": first, "to": min(count, first + page - 1)}
        body = http.get(f"/api/rooms/{code}/replay/views", params=span)
        assert body.status_code == 200, body.text
        out += body.json()["views"]
    return out


def test_replay_of_a_finished_game_ends_on_the_stored_final_state(server, sqlite_url):
    http = server.http
    code = finish_pip_room(server)
    room, actions = stored(sqlite_url, code)
    body = http.get(f"/api/rooms/{code}/replay").json()
    assert body["game"] == PIP and body["seats"] == 3 and body["names"] == ["Ann", "Bot 1", "Bot 2"]
    assert body["seed"] == room["seed"] and body["count"] == room["version"] == len(actions)
    assert [(s["seq"], s["seat"], s["action"]) for s in body["steps"]] == actions
    assert {s["source"] for s in body["steps"]} == {"player", "bot"}
    # The log events of every step, in order, are the stored game's whole log (its rows), and
    # the stored state carries no log.
    log = body["initial_events"] + [e for s in body["steps"] for e in s["events"]]
    assert log == room["log"] and room["state"]["log"] == []
    # Engine state from the log == stored state; the last step's view == reveal of the stored state.
    rebuilt = rebuild(PIP, room["options"], 3, room["seed"], [(s, a) for _, s, a in actions])
    assert {**rebuilt, "log": []} == room["state"] and rebuilt["log"] == room["log"]
    seen = all_views(http, code, body["count"], body["page_max"])
    assert len(seen) == body["count"] + 1
    expected_last = engine.reveal_view(rebuilt)
    del expected_last["log"]
    assert seen[-1] == expected_last and seen[-1]["over"] is True
    # Every secret: each seat's hand and stakes at the start, each submission on the way.
    first = seen[0]
    assert [s["hand"] for s in first["secrets"]] == [room_hand for room_hand in first_hands(room)]
    submitted = [v for v in seen if any(s.get("submission") for s in v["secrets"])]
    assert submitted, "the submissions made during the round are revealed in the replay"


def first_hands(room) -> list[list[str]]:
    setup = engine.setup(PIP, room["options"], room["seat_count"], room["seed"])
    return [engine.view(setup, seat)["hand"] for seat in range(room["seat_count"])]


def test_replay_of_a_running_game_is_refused_and_leaks_nothing(server):
    http = server.http
    room = create_room(http, game=PIP, name="Ann", options={"rounds": 1})
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 2}, headers=bearer(room["token"]))
    for path in ("replay", "replay/views?from=0&to=0", "replay/tote"):
        lobby = http.get(f"/api/rooms/{code}/{path}")
        assert lobby.status_code == 409 and lobby.json()["code"] == "not_over"
    start(http, code, room["token"])
    for headers in ({}, bearer(room["token"])):  # a spectator, and a seated player
        for path in ("replay", "replay/views?from=0&to=0", "replay/tote", "log"):
            response = http.get(f"/api/rooms/{code}/{path}", headers=headers)
            assert response.status_code == 409, response.text
            body = response.json()
            assert set(body) == {"type", "code", "message", "params"} and body["code"] == "not_over"
            assert body["params"] == {} and "hand" not in response.text and "seed" not in response.text


def test_replay_views_are_paged(server):
    http = server.http
    code = finish_pip_room(server)
    count = http.get(f"/api/rooms/{code}/replay").json()["count"]
    for start_, stop in ((-1, 0), (0, count + 1), (3, 2), (0, replay_mod.PAGE_MAX)):
        response = http.get(f"/api/rooms/{code}/replay/views", params={"from": start_, "to": stop})
        assert response.status_code == 400 and response.json()["code"] == "bad_request"
    assert http.get("/api/rooms/nope/replay").json()["code"] == "not_found"


def test_paged_views_from_checkpoints_match_a_plain_replay(monkeypatch):
    """A long game: views computed from checkpoints equal those of a step-by-step replay."""
    monkeypatch.setattr(replay_mod, "CHECKPOINT_EVERY", 7)
    final, log = play_random("horse_racing", 4, seed=5)
    rows = [{"seq": n, "seat": s, "action": a, "source": "bot"} for n, (s, a) in enumerate(log, 1)]
    rebuilt = build("horse_racing", None, 4, 5, rows)
    assert len(rebuilt.checkpoints) == len(log) // 7 + 1
    assert final_state(rebuilt) == final
    state = engine.setup("horse_racing", None, 4, 5)
    plain = [state]
    for seat, action in log:
        state = engine.apply(state, seat, action)
        plain.append(state)
    for first in (0, 6, 7, 20, len(log) - 3):
        stop = min(first + 9, len(log))
        for offset, seen in enumerate(views(rebuilt, first, stop)):
            expected = engine.reveal_view(plain[first + offset])
            del expected["log"]
            assert seen == expected


def test_a_step_the_timer_played_opens_with_timer_played_as_on_the_table():
    """PIP-18: a timed-out round's forced submissions are replayed with the server's
    `timer_played` event first, as the table logged them; a player's own step is not."""
    state = engine.setup(PIP, {"rounds": 1}, 2, 5)
    rows = []
    for seq, seat in enumerate((0, 1), start=1):
        if seat == 1:
            action = engine.timeout_action(state, seat, random.Random(0))
        else:
            action = engine.legal_actions(state, 0)[0]
        state = engine.apply(state, seat, action)
        rows.append({"seq": seq, "seat": seat, "action": action, "source": "timer" if seat else "player"})
    replay = build(PIP, {"rounds": 1}, 2, 5, rows)
    assert replay.steps[1]["events"][0] == {"e": "timer_played", "seat": 1}
    assert all(event["e"] != "timer_played" for event in replay.steps[0]["events"])
    by_bot = build(PIP, {"rounds": 1}, 2, 5, [rows[0], {**rows[1], "source": "bot"}])
    assert replay.steps[1]["events"][1:] == by_bot.steps[1]["events"]
