"""No seat and no spectator ever receives another seat's secret over the socket.

Two rooms with the same seed differ only in one secret choice of seat 0. Every
message seat 1, seat 2 and a spectator receive — the first sync after the
secret exists, updates, errors (refused, stale, spectator), the game log in the
views, and the HTTP summary — must be identical between the two rooms. Seat 0's
own messages must differ (so the comparison can fail).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.utils.choices import spelled_out
from tests.utils.live_server import create_room, join, start

SEED = 4242


def normalised(messages, code):
    """The room code and spectator ids replaced, and each list as the set of distinct messages:
    what was said, not the interleaving (presence and sync messages may cross on a busy machine).
    Live odds are compared apart (`odds_by_version`): which versions' odds a spectator gets
    depends on timing."""
    plain = json.loads(json.dumps(messages).replace(code, "ROOM"))
    for got in plain.values():  # a spectator socket's id is drawn at random (app.ws.group)
        for message in got if isinstance(got, list) else ():
            if message.get("type") == "spectator":
                message["id"] = "ID"
    plain = {
        who: [m for m in got if m.get("type") != "odds"] if isinstance(got, list) else got
        for who, got in plain.items()
    }
    return {
        who: sorted({json.dumps(m, sort_keys=True) for m in got}) if isinstance(got, list) else got
        for who, got in plain.items()
    }


def settle(*clients):
    """Read every client until all have been quiet for a moment (in parallel, to stay quick)."""
    with ThreadPoolExecutor(len(clients)) as pool:
        list(pool.map(lambda client: client.drain(quiet=0.2), clients))


def last_state(client):
    return next(m for m in reversed(client.received) if m["type"] == "state")


def scenario(server, game, options, secret_choice):
    """Play the script; seat 0's secret choice is `secret_choice(actions)`."""
    http = server.http
    host = create_room(http, game=game, name="Ann", options={**options, "seed": SEED})
    code = host["code"]
    bo = join(http, code, "Bo")
    cy = join(http, code, "Cy")
    start(http, code, host["token"])

    ann = server.socket(code)
    ann.hello(host["token"])
    ann.state(v=0)
    ann.send({"type": "act", "v": 0, "action": secret_choice(last_state(ann)["actions"])})
    ann.state(v=1)

    bob, cyd, fan = server.socket(code), server.socket(code), server.socket(code)
    for seat, client, token in ((1, bob, bo["token"]), (2, cyd, cy["token"]), (None, fan, None)):
        client.hello(token)  # the first sync happens after seat 0's secret exists
        client.state(v=1)
        if seat is not None:
            # A seat's arrival is told in a summary once the burst of arrivals is over
            # (app.rooms.presence_news): wait for it, so each run sees the same summaries.
            ann.wait_for(lambda m, seat=seat: m["type"] == "room" and m["seats"][seat]["connected"])

    action = last_state(bob)["actions"][0]
    bob.send({"type": "act", "v": 1, "action": action})
    for client in (ann, bob, cyd, fan):
        client.state(v=2)
    bob.send({"type": "act", "v": 0, "action": action})  # stale: error + fresh state
    assert bob.error()["code"] == "stale"
    bob.send({"type": "act", "v": 2, "action": {"type": "nonsense"}})
    assert bob.error()["code"] == "bad_action"
    cyd.send({"type": "act", "v": 2, "action": action, "seat": 0})
    assert cyd.error()["code"] == "not_your_seat"
    cyd.send({"type": "act", "v": 2, "action": {"type": "submit", "cards": "all"}})
    cyd.error()
    fan.send({"type": "act", "v": 2, "action": action})
    assert fan.error()["code"] == "spectator"
    settle(ann, bob, cyd, fan)
    if game != "toy":  # the toy game is registered in this test process only, not in odds workers
        if not any(m["type"] == "odds" and m["v"] >= 2 for m in fan.received):  # not yet arrived
            fan.wait_for(lambda m: m["type"] == "odds" and m["v"] >= 2, timeout=60)

    seen = {
        "seat1": bob.received,
        "seat2": cyd.received,
        "spectator": fan.received,
        "summary": http.get(f"/api/rooms/{code}").json(),
        "log": http.get(f"/api/rooms/{code}/log").json(),
    }
    seen["seat0"] = ann.received
    odds = odds_by_version(fan.received + bob.received + cyd.received)
    for client in (ann, bob, cyd, fan):
        client.close()
    everything = normalised(seen, code)
    own = everything.pop("seat0")
    everything["odds"] = odds
    return everything, own


def odds_by_version(received):
    """The live odds messages received, by version (the spectator's; players get none)."""
    return {m["v"]: m for m in received if m["type"] == "odds"}


def toy_secret(n):
    return lambda actions: {"type": "pick", "n": n}


def pip_secret(index):
    return lambda actions: [a for a in spelled_out(actions) if a["type"] == "submit"][index]


@pytest.mark.parametrize(
    "game, options, first, second",
    [
        ("toy", {"rounds": 2}, toy_secret(1), toy_secret(3)),
        ("ponies_in_pursuit", {"rounds": 3}, pip_secret(0), pip_secret(-1)),
    ],
    ids=["toy", "ponies_in_pursuit"],
)
def test_other_seats_and_spectators_see_nothing_of_a_secret_choice(
    shared_server, game, options, first, second
):
    seen_a, own_a = scenario(shared_server, game, options, first)
    seen_b, own_b = scenario(shared_server, game, options, second)
    assert own_a != own_b, "seat 0's own view must show its choice, or this test proves nothing"
    for who in ("seat1", "seat2", "spectator"):
        kinds = {json.loads(m)["type"] for m in seen_a[who]}
        assert {"room", "state", "error"} <= kinds, (who, kinds)
        assert seen_a[who] == seen_b[who], f"{who} can tell seat 0's secret apart"
    assert seen_a["summary"] == seen_b["summary"]
    odds_a, odds_b = seen_a["odds"], seen_b["odds"]
    assert game == "toy" or (2 in odds_a and 2 in odds_b)
    for v in set(odds_a) & set(odds_b):
        assert odds_a[v] == odds_b[v], f"the live odds of version {v} tell seat 0's secret"
    assert not [m for m in seen_a["seat1"] + seen_a["seat2"] if json.loads(m)["type"] == "odds"]
    assert seen_a["log"] == seen_b["log"] and seen_a["log"]["code"] == "not_over"
    received = [json.loads(m) for m in seen_a["seat1"] + seen_a["seat2"] + seen_a["spectator"]]
    errors = [m["code"] for m in received if m["type"] == "error"]
    assert {"stale", "not_your_seat", "spectator"} <= set(errors)


def test_the_seed_and_rng_never_reach_a_client_before_the_end(shared_server):
    http = shared_server.http
    host = create_room(http, game="ponies_in_pursuit", name="Ann", options={"seed": 987654321})
    join(http, host["code"], "Bo")
    start(http, host["code"], host["token"])
    with shared_server.socket(host["code"]) as ann, shared_server.socket(host["code"]) as fan:
        ann.hello(host["token"])
        fan.hello()
        settle(ann, fan)
        text = json.dumps(ann.received + fan.received + [http.get(f"/api/rooms/{host['code']}").json()])
    assert "987654321" not in text and '"rng"' not in text and host["token"] not in text
