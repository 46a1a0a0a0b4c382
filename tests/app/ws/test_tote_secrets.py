"""The tote's messages carry no hidden information: two rooms whose public records are the
same and whose secrets differ (another seed: the toy game's hidden bonus; sealed picks made
in another order) send a named spectator byte-identical tote messages at every step, and
those messages hold only the public pools, payouts and the spectator's own chips."""

from __future__ import annotations

import orjson
import pytest

from tests.utils.live_server import create_room, join, start

ALLOWED = {"type", "open", "pools", "total", "payout", "settled", "rail", "refund", "you"}


pytestmark = pytest.mark.usefixtures("toy_tote")


def run_room(server, seed, order):
    """A toy room of three rounds; Greta backs, the seats pick (in `order`), to the end; the
    tote messages Greta got, as text."""
    http = server.http
    room = create_room(http, name="Ann", options={"rounds": 3, "seed": seed})
    bo = join(http, room["code"], "Bo")
    start(http, room["code"], room["token"])
    code, tokens = room["code"], [room["token"], bo["token"]]
    seats = {0: server.socket(code), 1: server.socket(code)}
    for seat, ws in seats.items():
        ws.hello(tokens[seat])
    with server.socket(code) as greta, server.socket(code) as hal:
        for ws, name in ((greta, "Greta"), (hal, "Hal")):
            ws.hello()
            ws.send({"type": "spectate", "name": name})
            ws.wait_for(lambda m, name=name: m["type"] == "spectator" and m["name"] == name)
        greta.send({"type": "back", "contender": "0", "chips": 30})
        greta.wait_for(lambda m: m["type"] == "tote" and m["total"] == 30)
        hal.send({"type": "back", "contender": "1", "chips": 20})
        greta.wait_for(lambda m: m["type"] == "tote" and m["total"] == 50)
        v = 0
        for picks in ((3, 1), (1, 2), (2, 2)):
            for seat in order:
                seats[seat].send({"type": "act", "v": v, "action": {"type": "pick", "n": picks[seat]}})
                v += 1
                seats[seat].wait_for(lambda m, v=v: m["type"] == "state" and m["v"] == v)
        greta.wait_for(lambda m: m["type"] == "tote" and m["settled"])
        greta.drain(quiet=0.5)
        for ws in seats.values():
            ws.close()
        return [m for m in greta.received if m["type"] == "tote"]


def test_same_public_record_other_secrets_give_identical_tote_messages(shared_server):
    first = run_room(shared_server, seed=11, order=(0, 1))
    second = run_room(shared_server, seed=9999, order=(1, 0))
    assert orjson.dumps(first) == orjson.dumps(second)
    assert [m["open"] for m in first][0] is True and first[-1]["open"] is False
    for message in first:
        assert set(message) <= ALLOWED
        assert set(message["pools"]) == {"0", "1"} and set(message["payout"]) == {"0", "1"}
        if "you" in message:
            assert message["you"]["name"] == "Greta"
