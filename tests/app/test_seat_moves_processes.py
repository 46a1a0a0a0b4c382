"""Who may move a seat, over two real `python -m app serve` processes on one PostgreSQL schema
and one Redis (issue 42, finding 1): Bea's seated socket on one process, her spectator socket on
the other. Before: with the host gone, Bea asked for the host's seat from her spectator socket,
gave it from her seated one and held the host's seat and powers; the same path took a dropped
player's seat. Now one other player never moves a seat, and with the host here only the host
answers for another player's seat."""

from __future__ import annotations

import pytest

from tests.utils.live_server import Client, bearer, create_room, join, start
from tests.utils.process_server import running_pair

PIP = "ponies_in_pursuit"
pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def ask(spectator: Client, seat: int) -> dict:
    spectator.send({"type": "seat_request", "seat": seat})
    return spectator.wait_for(lambda m: m["type"] in ("seat_requested", "error"), timeout=10)


def give(giver: Client, seat: int) -> dict:
    giver.send({"type": "seat_give", "seat": seat})
    return giver.wait_for(lambda m: m["type"] in ("seat_gave", "error"), timeout=10)


def asked_for(ws: Client, seat: int) -> None:
    ws.wait_for(lambda m: m["type"] == "room" and m["seats"][seat]["requested"], timeout=15)


def test_a_player_cannot_give_a_seat_to_their_own_socket_on_another_process(
    postgres_url, redis_url, redis_prefix, tmp_path
):
    # SEAT_GRACE_SECONDS 0: a dropped device is gone at once (no grace to wait through).
    with running_pair(postgres_url, redis_url, redis_prefix, tmp_path, SEAT_GRACE_SECONDS="0") as (a, b):
        http = a.http
        room = create_room(http, game=PIP, name="Ann", options={"rounds": 3})
        code = room["code"]
        bea = join(http, code, "Bea")
        cy = join(http, code, "Cy")
        start(http, code, room["token"])
        with b.socket(code) as bea_ws, a.socket(code) as bea_spec:
            bea_ws.hello(bea["token"])
            bea_spec.hello()
            bea_ws.state(timeout=15)
            bea_spec.wait_for(lambda m: m["type"] == "room", timeout=15)
            # The host's seat (Ann never connected): Bea alone never moves it.
            assert ask(bea_spec, 0)["type"] == "seat_requested"
            asked_for(bea_ws, 0)
            refused = give(bea_ws, 0)
            assert refused["type"] == "error" and refused["code"] == "too_few_players"
            with a.socket(code) as cy_ws:
                cy_ws.hello(cy["token"])
                cy_ws.state(timeout=15)
                bea_ws.wait_for(lambda m: m["type"] == "room" and m["seats"][2]["connected"], timeout=15)
                assert give(bea_ws, 0) == {"type": "seat_gave", "seat": 0, "outcome": "agreed"}
                cy_ws.send({"type": "seat_give", "seat": 0, "yes": False})
                assert cy_ws.wait_for(lambda m: m["type"] == "seat_gave", timeout=10)["outcome"] == "dropped"
            # Cy's seat, Cy gone: with the host here, only the host answers.
            assert ask(bea_spec, 2)["type"] == "seat_requested"
            with b.socket(code) as ann:
                ann.hello(room["token"])
                ann.state(timeout=15)
                bea_ws.wait_for(lambda m: m["type"] == "room" and m["seats"][0]["connected"], timeout=15)
                assert give(bea_ws, 2)["code"] == "give_host_only"
            assert not any(m["type"] == "seat_given" for m in bea_spec.drain())
        # Every token still holds its seat, the host's its powers.
        timer = http.post(
            f"/api/rooms/{code}/timer", json={"turn_seconds": 60}, headers=bearer(room["token"])
        )
        assert timer.status_code == 200
        for token in (bea["token"], cy["token"]):
            assert b.http.post(f"/api/rooms/{code}/seat-link", headers=bearer(token)).status_code == 200
