"""Ponies in Pursuit played through the server: two players, a bot and a spectator to the results."""

from __future__ import annotations

from tests.utils.live_server import bearer, create_room, join, start

PIP = "ponies_in_pursuit"
SECRET_KEYS = ("hand", "stakes", "bet_cards", "submission", "spy_results")


def incoming(clients):
    """Every message that has arrived, per client, as (client, seat, message)."""
    for client, seat in clients:
        while True:
            try:
                yield client, seat, client.recv(0.01)
            except TimeoutError:
                break


def test_whole_game_with_a_bot_and_a_spectator_who_never_sees_a_hand_or_stake(shared_server):
    http = shared_server.http
    host = create_room(http, game=PIP, name="Ann", options={"rounds": 3, "seed": 7})
    code = host["code"]
    bo = join(http, code, "Bo")
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(host["token"]))
    start(http, code, host["token"])
    with (
        shared_server.socket(code) as ann,
        shared_server.socket(code) as bob,
        shared_server.socket(code) as fan,
    ):
        ann.hello(host["token"])
        bob.hello(bo["token"])
        fan.hello()
        spied = False
        finished = set()
        acted = set()  # (seat, version): a player answers each frame once
        while len(finished) < 3:
            for client, seat, message in incoming(((ann, 0), (bob, 1), (fan, None))):
                if message["type"] == "error":
                    assert message["code"] in ("stale", "game_over"), message  # raced the bot
                    continue
                if message["type"] != "state":
                    continue
                view = message["view"]
                if message["over"]:
                    finished.add(seat)
                    continue
                if seat is None:
                    assert all(view[key] is None for key in SECRET_KEYS), view
                    assert message["actions"] == []
                    continue
                assert isinstance(view["hand"], list)
                if seat in view["to_act"] and (seat, message["v"]) not in acted:
                    acted.add((seat, message["v"]))
                    if seat == 0 and view["round"] == 2 and not view["spied"][0]:
                        spied = True  # PIP-19: pay to see Bo's last submission (again if it came stale)
                        client.send(
                            {"type": "act", "v": message["v"], "action": {"type": "spy", "target": 1}}
                        )
                        continue
                    submit = next(a for a in message["actions"] if a["type"] == "submit")
                    client.send({"type": "act", "v": message["v"], "action": submit})
        # The spectator's final frame (odds and tote messages may come after it).
        final = next(m for m in reversed(fan.received) if m["type"] == "state" and m["over"])
    result = final["view"]["result"]
    assert len(result["scores"]) == 3 and result["revealed"]["stakes"] is not None
    spy_events = [e for e in final["log"] if e["e"] == "spy_result" and e["seat"] == 0]
    assert spied and spy_events and spy_events[0]["target"] == 1
    bob_frames = [m for m in bob.received if m["type"] == "state" and not m["over"]]
    bob_views = [m["view"] for m in bob_frames]
    assert all(e["e"] != "spy_result" for m in bob_frames for e in m["events"] + m.get("log", []))
    assert all(v["spy_results"] in (None, []) for v in bob_views)
    assert http.get(f"/api/rooms/{code}").json()["seed"] == 7
