"""Two real `python -m app serve` processes on one PostgreSQL schema and one Redis.

Seats of one room sit on both processes (plus a spectator on each); whole Ponies in
Pursuit games are played with bots and humans; one process is SIGKILLed mid-game and its
clients finish on the other; clients race at the same version through both processes;
a round timer armed in both processes fires once per deadline.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
import sqlalchemy as sa
from websockets.exceptions import ConnectionClosed

import engine
from app.core.db import make_engine
from app.models import ActionRow, Room
from app.rooms.replay import rebuild
from tests.utils.db import stored
from tests.utils.live_server import Client, bearer, create_room, join, start
from tests.utils.process_server import ServerProcess, running_pair

PIP = "ponies_in_pursuit"
pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture(scope="module")
def postgres_url(module_postgres_url):
    return module_postgres_url


@pytest.fixture(scope="module")
def pair(postgres_url, redis_url, redis_prefix, tmp_path_factory):
    """Two processes started together (so their migrations meet the advisory lock), shared by
    the module; the last test kills one."""
    log_dir = tmp_path_factory.mktemp("pair")
    with running_pair(postgres_url, redis_url, redis_prefix, log_dir, SWEEP_SECONDS="1") as servers:
        yield servers


class Seat:
    """One client: a seat (or a spectator, seat None) on one process."""

    def __init__(self, server: ServerProcess, code: str, seat: int | None, token: str | None) -> None:
        self.seat, self.token, self.code = seat, token, code
        self.connect(server)

    def connect(self, server: ServerProcess) -> None:
        self.server = server
        self.client: Client = server.socket(self.code)
        self.client.hello(self.token)
        self.last: dict[str, Any] | None = None
        self.acted_at: int | None = None


def play(seats: list[Seat], until_over: bool = True, until_v: int | None = None, timeout: float = 60) -> None:
    """Each player submits its first legal submission whenever awaited, until the end (or until_v)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for s in seats:
            try:
                message = s.client.recv(0.02)
            except TimeoutError:
                continue
            if message["type"] == "error":
                assert message["code"] in ("stale", "game_over"), message
                continue
            if message["type"] != "state":
                continue
            s.last = message
            view = message["view"]
            if s.seat is not None and not message["over"] and s.seat in view["to_act"]:
                if s.acted_at != message["v"] and (until_v is None or message["v"] < until_v):
                    s.acted_at = message["v"]
                    action = next(a for a in message["actions"] if a["type"] == "submit")
                    s.client.send({"type": "act", "v": message["v"], "action": action})
        lasts = [s.last for s in seats]
        if all(lasts):
            if until_over and all(m["over"] for m in lasts) and len({m["v"] for m in lasts}) == 1:
                return
            if until_v is not None and all(m["v"] >= until_v for m in lasts):
                return
    raise AssertionError(f"timed out; versions {[s.last and s.last['v'] for s in seats]}")


def new_room(server: ServerProcess, humans: int, bots: int, seed: int, **options) -> tuple[str, list[str]]:
    http = server.http
    host = create_room(http, game=PIP, name="P0", options={"seed": seed, "rounds": 3, **options})
    code = host["code"]
    tokens = [host["token"]] + [join(http, code, f"P{i}")["token"] for i in range(1, humans)]
    if bots:
        http.post(f"/api/rooms/{code}/bots", json={"count": bots}, headers=bearer(host["token"]))
    start(http, code, host["token"])
    return code, tokens


def check_final(seats: list[Seat], db_url: str, code: str, n_seats: int) -> None:
    """Every client's last message is the stored final state at the stored version, and the
    action log (one row per version, no gap, no double) rebuilds that state."""
    room, actions = stored(db_url, code)
    assert room["status"] == "over"
    assert [seq for seq, _, _ in actions] == list(range(1, room["version"] + 1))
    rebuilt = rebuild(PIP, room["options"], n_seats, room["seed"], [(s, a) for _, s, a in actions])
    assert {**rebuilt, "log": []} == room["state"] and engine.is_over(rebuilt)
    assert rebuilt["log"] == room["log"]
    for s in seats:
        assert s.last["v"] == room["version"] and s.last["over"]
        assert s.last["view"] == engine.view(room["state"], s.seat, with_log=False)


def _fire(client: Client, message: dict[str, Any], v: int, barrier: threading.Barrier) -> None:
    """Send the first submission at version v the moment every racer is ready."""
    action = next(x for x in message["actions"] if x["type"] == "submit")
    barrier.wait()
    client.send({"type": "act", "v": v, "action": action})


def test_racing_clients_on_both_processes_get_one_action_per_seat_decision(pair, postgres_url):
    """Four sockets per seat (two on each process) all submit against the same version: per
    seat exactly one is applied (the others are stale and get the fresh state), and no seat's
    submission makes another seat's stale (PIP-8). The log has no gap and no double."""
    a, b = pair
    code, tokens = new_room(a, humans=3, bots=0, seed=5)
    # Four sockets per seat, two on each process: twelve clients.
    clients = []
    for seat, token in enumerate(tokens):
        for server in (a, b, a, b):
            client = server.socket(code)
            client.hello(token)
            clients.append((seat, client))
    latest = {id(c): c.state() for _, c in clients}
    stale_total = 0
    for _round in range(4):
        v = max(m["v"] for m in latest.values())
        state = next(m for m in latest.values() if m["v"] == v)
        awaited = set(state["view"]["to_act"])
        racers = [(seat, c) for seat, c in clients if seat in awaited and latest[id(c)]["v"] == v]
        assert len(racers) >= 4
        deciding = len({seat for seat, _ in racers})
        target = v + deciding
        barrier = threading.Barrier(len(racers))

        threads = [threading.Thread(target=_fire, args=(c, latest[id(c)], v, barrier)) for _, c in racers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        # Every client ends at v + (one action per seat); each loser was told "stale".
        got: dict[int, list[dict[str, Any]]] = {id(c): [] for _, c in clients}
        end = time.monotonic() + 20
        while time.monotonic() < end:
            for _seat, c in clients:
                got[id(c)] += c.drain(0.05)
            stale = sum(1 for msgs in got.values() for m in msgs if m["type"] == "error")
            at_next = all(
                any(m["type"] == "state" and m["v"] == target for m in msgs) for msgs in got.values()
            )
            if stale >= len(racers) - deciding and at_next:
                break
        for _seat, c in clients:
            got[id(c)] += c.drain(0.3)
        for msgs in got.values():
            for message in msgs:
                # Refused as stale, or, once the last seat's submission ended the game, as over.
                assert message["type"] != "error" or message["code"] in ("stale", "game_over"), message
            states = [m for m in msgs if m["type"] == "state"]
            assert states and states[-1]["v"] == target, (v, [m.get("v") for m in msgs])
        for _seat, c in clients:
            latest[id(c)] = [m for m in got[id(c)] if m["type"] == "state"][-1]
        stale = sum(1 for msgs in got.values() for m in msgs if m["type"] == "error")
        assert stale == len(racers) - deciding
        stale_total += stale
        room, actions = stored(postgres_url, code)
        assert room["version"] == target
        assert [seq for seq, _, _ in actions] == list(range(1, target + 1))
        assert sorted(seat for _, seat, _ in actions[v:]) == sorted({seat for seat, _ in racers})
        if room["status"] == "over":
            break
    assert stale_total >= 9
    for _, c in clients:
        c.close()


def test_an_indecisive_pair_on_one_process_never_stalls_the_third_seat_on_the_other(pair, postgres_url):
    """PIP-8 across processes: seats 0 and 1 re-submit in a tight loop through process A while
    seat 2 submits once through process B: accepted on its first try, the round resolves."""
    from tests.app.ws.test_people_not_bots import LOOP_SECONDS, check_indecision, indecisive_round

    a, b = pair
    code, tokens = new_room(a, humans=3, bots=0, seed=11)
    sockets = [a.socket(code), a.socket(code), b.socket(code)]
    try:
        loopers, _ = indecisive_round(sockets, tokens, LOOP_SECONDS)
    finally:
        for client in sockets:
            client.close()
    check_indecision(loopers, postgres_url, code)


def test_a_round_timer_armed_on_both_processes_fires_once_per_deadline(pair, postgres_url):
    a, b = pair
    code, _tokens = new_room(a, humans=2, bots=0, seed=3, round_seconds=1)
    # A spectator on each process: both adopt the room's timer.
    fans = [Seat(a, code, None, None), Seat(b, code, None, None)]
    for fan in fans:
        fan.client.wait_for(lambda m: m["type"] == "state" and m["view"]["round"] >= 3, timeout=15)
    time.sleep(0.3)
    room, actions = stored(postgres_url, code)
    # Each firing submits once for each of the 2 awaited seats: versions advance by 2 per round.
    fired = [(seq, seat) for seq, seat, _ in actions]
    assert room["version"] == len(fired) and len(fired) % 2 == 0
    for i in range(0, len(fired), 2):
        assert {fired[i][1], fired[i + 1][1]} == {0, 1}, fired
    assert len(fired) // 2 == room["state"]["round"] - 1 or room["status"] == "over"
    # Once per deadline: consecutive firings are a whole round (1 s) apart, never back to back
    # (a second process firing the same deadline would start the next round at once).
    times = fire_times(postgres_url, code)
    firings = [times[i] for i in range(0, len(times), 2)]
    assert len(firings) >= 2
    gaps = [later - earlier for earlier, later in zip(firings, firings[1:], strict=False)]
    assert min(gaps) >= 0.8, gaps


def fire_times(db_url: str, code: str) -> list[float]:
    """When each action row of the room was written (seconds), in version order."""
    database = make_engine(db_url)
    try:
        with database.connect() as conn:
            rows = conn.execute(
                sa.select(ActionRow.created_at)
                .join(Room, Room.id == ActionRow.room_id)
                .where(Room.code == code)
                .order_by(ActionRow.seq)
            ).all()
        return [row[0].timestamp() for row in rows]
    finally:
        database.dispose()


def test_a_room_spread_over_two_processes_plays_to_the_end_and_survives_losing_one(pair, postgres_url):
    a, b = pair
    # Game 1: three humans alternately on A and B, one bot, a spectator on each.
    code, tokens = new_room(a, humans=3, bots=1, seed=11)
    seats = [Seat((a, b)[i % 2], code, i, tok) for i, tok in enumerate(tokens)]
    fans = [Seat(a, code, None, None), Seat(b, code, None, None)]
    # Presence crosses processes: the room shows all three humans connected on both sides.
    for fan in fans:
        fan.client.wait_for(
            lambda m: m["type"] == "room" and all(s["connected"] for s in m["seats"]), timeout=10
        )
    play(seats + fans)
    check_final(seats + fans, postgres_url, code, 4)
    for s in seats + fans:
        s.client.close()

    # Game 2: A dies (SIGKILL) mid-game; its clients reconnect to B and finish there.
    code, tokens = new_room(b, humans=3, bots=1, seed=12)
    seats = [Seat((a, b)[i % 2], code, i, tok) for i, tok in enumerate(tokens)]
    fans = [Seat(a, code, None, None), Seat(b, code, None, None)]
    play(seats + fans, until_over=False, until_v=4)
    a.kill()
    for s in seats + fans:
        if s.server is a:
            with pytest.raises(ConnectionClosed):
                while True:
                    s.client.recv(2)
            s.connect(b)
    play(seats + fans)
    check_final(seats + fans, postgres_url, code, 4)
