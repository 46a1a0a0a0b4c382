"""What a room socket must pass (issue 13): the page's Origin, a cap on sockets per address and
room, a per-address hello limit (10,000 wrong-token hellos cost 35 s of CPU), and a deadline
for the hello (a socket that never said hello stayed open)."""

from __future__ import annotations

import json

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.utils.live_server import Client, LiveServer, create_room

from ..conftest import settings_for


def open_socket(server: LiveServer, code: str, origin: str | None = None):
    kwargs = {"origin": origin} if origin else {}
    ws = connect(f"ws://127.0.0.1:{server.port}/ws/rooms/{code}", open_timeout=10, **kwargs)
    ws.__enter__()
    return ws


def next_message(ws, timeout: float = 10) -> dict:
    return json.loads(ws.recv(timeout=timeout))


def closed_with(ws, timeout: float = 10) -> int:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=timeout)
    return closed.value.rcvd.code


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    settings = settings_for(
        f"sqlite:///{path}",
        sockets_per_room=3,
        hellos_limit="1000/minute",
        hello_timeout_seconds=1.0,
        allowed_origins="https://play.example, https://friends.example/",
    )
    with LiveServer(settings) as live:
        yield live


def test_a_page_from_another_origin_cannot_open_the_socket(server):
    code = create_room(server.http)["code"]
    ws = open_socket(server, code, origin="http://evil.example")
    error = next_message(ws)
    assert error["code"] == "bad_origin"
    assert error["message"] == "This page may not connect to the game server (its origin is not allowed)."
    assert closed_with(ws) == 4403


@pytest.mark.parametrize(
    "origin",
    [None, "same", "https://play.example", "https://friends.example"],
    ids=["none", "same", "listed", "listed-with-slash"],
)
def test_the_page_s_own_origin_listed_origins_and_non_browsers_may_connect(server, origin):
    code = create_room(server.http)["code"]
    if origin == "same":
        origin = f"http://127.0.0.1:{server.port}"
    ws = open_socket(server, code, origin=origin)
    ws.send(json.dumps({"type": "hello"}))
    assert next_message(ws)["type"] == "room"
    ws.close()


def test_sockets_per_address_and_room_are_capped(server):
    """The finding: one client opened 2,000 sockets to one room."""
    code = create_room(server.http)["code"]
    other = create_room(server.http)["code"]
    held = [server.socket(code) for _ in range(3)]
    for client in held:
        client.hello()
        client.wait_for(lambda m: m["type"] == "room")
    refused = open_socket(server, code)
    error = next_message(refused)
    assert error["code"] == "slow_down" and error["params"]["retry_after"] >= 1
    assert error["message"] == (
        "Your address already has 3 connections open to this room; close some tabs and try again."
    )
    assert closed_with(refused) == 4429
    with server.socket(other) as elsewhere:  # another room is not affected
        elsewhere.hello()
        elsewhere.wait_for(lambda m: m["type"] == "room")
    held.pop().close()
    # Once one closes, a new one fits (the count drops when the server sees the close).
    for _attempt in range(50):
        again = server.socket(code)
        again.hello()
        first = again.recv(10)
        if first["type"] == "room":
            break
        assert first["code"] == "slow_down"
        again.close()
    else:
        raise AssertionError("the cap never freed a place")
    again.close()
    for client in held:
        client.close()


def test_a_socket_that_never_says_hello_is_closed(server):
    code = create_room(server.http)["code"]
    greeted = server.socket(code)
    greeted.hello()
    greeted.wait_for(lambda m: m["type"] == "room")
    silent = open_socket(server, code)
    error = next_message(silent)
    assert error["code"] == "hello_timeout" and error["params"]["seconds"] == 1.0
    assert error["message"] == "No hello arrived within 1 seconds of connecting; the connection is closed."
    assert closed_with(silent) == 4408
    # The one that said hello earlier is past its deadline too, and still served.
    greeted.send({"type": "ping"})
    assert greeted.wait_for(lambda m: m["type"] == "pong")
    greeted.close()


def test_wrong_token_hellos_do_not_hold_the_socket_open_past_the_deadline(server):
    code = create_room(server.http)["code"]
    ws = open_socket(server, code)
    ws.send(json.dumps({"type": "hello", "token": "wrong"}))
    assert next_message(ws)["code"] == "bad_token"
    assert next_message(ws)["code"] == "hello_timeout"
    assert closed_with(ws) == 4408


def test_hellos_per_address_are_limited(tmp_path):
    settings = settings_for(f"sqlite:///{tmp_path / 'paddock.db'}", hellos_limit="5/minute")
    with LiveServer(settings) as live:
        code = create_room(live.http)["code"]
        with live.socket(code) as client:
            for _ in range(5):
                client.hello("wrong-token")
                assert client.error()["code"] == "bad_token"
            client.hello("wrong-token")
            error = client.error()
            assert error["code"] == "slow_down" and 1 <= error["params"]["retry_after"] <= 60
            assert error["message"].startswith("Too many connections to rooms from your address")
        # A new socket from the same address is refused its hello too, with the same sentence.
        with live.socket(code) as fresh:
            fresh.hello()
            assert fresh.error()["code"] == "slow_down"


def test_rate_limits_off_lifts_the_socket_cap_and_hello_limit(tmp_path):
    settings = settings_for(
        f"sqlite:///{tmp_path / 'paddock.db'}", rate_limits=False, sockets_per_room=1, hellos_limit="1/minute"
    )
    with LiveServer(settings) as live:
        code = create_room(live.http)["code"]
        clients: list[Client] = [live.socket(code) for _ in range(4)]
        for client in clients:
            client.hello()
            assert client.wait_for(lambda m: m["type"] in ("room", "error"))["type"] == "room"
            client.close()
