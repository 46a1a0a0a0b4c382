"""Frames are deltas, built once per audience; summaries only when they change; small updates."""

from __future__ import annotations

import random
import time

import orjson

import engine
from app.ws import frames
from app.ws.outgoing import state_message
from tests.utils.live_server import create_room, join, start

PICK = {"type": "pick", "n": 1}


def presence_told(server, clients) -> None:
    """Wait until the server has told the room of the seats that just arrived (one summary per
    burst, app.rooms.presence_news), then take what it sent off every socket."""
    deadline = time.monotonic() + 30
    while server.rooms.seats.presence_news.tasks:
        assert time.monotonic() < deadline, "the arrivals were never told"
        time.sleep(0.01)
    for client in clients:
        client.drain(0.3)


def test_one_frame_per_audience_however_many_sockets(server, monkeypatch):
    """Per version, the spectators' frame is built once and each seat's once, whatever the
    number of sockets; every spectator gets the same frame, with only the new events."""
    built: list[tuple[int, int | None]] = []
    real = frames.state_message

    def counting(state, v, seat, events, log=None, sight=None, deadline=False, full=True):
        built.append((v, seat))
        return real(state, v, seat, events, log, sight, deadline, full)

    monkeypatch.setattr(frames, "state_message", counting)
    http = server.http
    host = create_room(http, game="toy", name="Ann")
    code = host["code"]
    bo = join(http, code, "Bo")
    start(http, code, host["token"])
    ann = [server.socket(code) for _ in range(2)]
    fans = [server.socket(code) for _ in range(3)]
    bob = server.socket(code)
    try:
        for client in ann:
            client.hello(host["token"])
        for client in fans:
            client.hello()
        bob.hello(bo["token"])
        for client in [*ann, *fans, bob]:
            synced = client.state(v=0)
            assert "log" in synced and "log" not in synced["view"]
        presence_told(server, [*ann, *fans, bob])
        built.clear()
        ann[0].send({"type": "act", "v": 0, "action": PICK})
        got = [client.state(v=1) for client in [*ann, *fans, bob]]
        assert sorted(built, key=str) == sorted([(1, 0), (1, None), (1, 1)], key=str)
        assert got[2] == got[3] == got[4] and got[0] == got[1]
        assert all("log" not in m and m["v"] == 1 for m in got)
        # Only what is new, and only what each audience may read.
        assert all(m["events"] == got[2]["events"] for m in got[2:])
        # No room summary was published for a plain action (nothing in it changed).
        for client in [*fans, bob]:
            assert not [m for m in client.drain(0.3) if m["type"] == "room"]
    finally:
        for client in [*ann, *fans, bob]:
            client.close()


def test_a_games_static_board_comes_with_a_connections_first_frame_only(server):
    """Dice and Bluff's board drawing (Game.static_keys) is in the sync frame, named under
    `static`, and left out of the frames of later changes; a connection arriving later gets it
    in its own sync frame."""
    http = server.http
    host = create_room(http, game="pony_express_bluff", name="Ann")
    code = host["code"]
    tokens = [host["token"], join(http, code, "Bo")["token"], join(http, code, "Cy")["token"]]
    start(http, code, host["token"])
    seats = [server.socket(code) for _ in tokens]
    fan = server.socket(code)
    late = None
    try:
        for client, token in zip(seats, tokens, strict=True):
            client.hello(token)
        fan.hello()
        synced = [client.state(v=0) for client in [*seats, fan]]
        board = synced[-1]["view"]["board"]
        assert board["spaces"]
        assert all(m["static"] == ["board", "move_table"] and m["view"]["board"] == board for m in synced)
        mover = next(i for i, m in enumerate(synced[:3]) if m["actions"])
        seats[mover].send({"type": "act", "v": 0, "action": synced[mover]["actions"][0]})
        changed = [client.state(v=1) for client in [*seats, fan]]
        assert all("board" not in m["view"] and "move_table" not in m["view"] for m in changed)
        assert all("static" not in m for m in changed)
        late = server.socket(code)
        late.hello()
        joined = late.state(v=1)
        assert joined["static"] == ["board", "move_table"] and joined["view"]["board"] == board
    finally:
        for client in [*seats, fan, *([late] if late else [])]:
            client.close()


def test_late_game_horse_racing_update_for_twelve_seats_is_small():
    """A 12-seat Horse Racing update, late in a four-race game, stays under 4 KiB for every
    audience (the log travels as new events only), and the stored state stays small."""
    rng = random.Random(3)
    state, _ = engine.start("horse_racing", {"races": 4}, 12, 7)
    v = 0
    largest = 0
    sizes = []
    log: list[dict] = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        out = engine.step(state, seat, rng.choice(engine.legal_actions(state, seat)))
        state, events = out.state, out.events
        v += 1
        log += events
        sizes.append(len(orjson.dumps(state)))
        if v > 100 and not engine.is_over(state):
            for audience in [None, *range(12)]:
                largest = max(largest, len(orjson.dumps(state_message(state, v, audience, events))))
    assert v > 300, "a long game"
    assert largest <= 4096, largest
    # The stored state holds the table, not the history: it stays a few KiB while the log
    # (which used to live inside it) grows with every action.
    assert max(sizes) < 8192 and len(orjson.dumps(log)) > 5 * max(sizes), (max(sizes), len(log))
