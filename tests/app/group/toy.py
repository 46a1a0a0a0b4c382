"""Shared steps of the group-play tests on the toy game (tests/engine/toy_game.py)."""

from __future__ import annotations

import time

from tests.utils.live_server import Client, bearer, create_room, join, start


def play_to_the_end(players: dict[int, Client], timeout: float = 60) -> None:
    """Each socket (already said hello) picks whenever its seat is awaited, until every one of
    them has seen the game end."""
    pending = dict(players)
    end = time.monotonic() + timeout
    while pending:
        assert time.monotonic() < end, "the game did not end"
        for seat, ws in list(pending.items()):
            try:
                message = ws.recv(0.2)
            except TimeoutError:
                continue
            if message["type"] != "state":
                continue
            if message["over"]:
                del pending[seat]
            elif seat in message["view"]["to_act"] and message["actions"]:
                ws.send({"type": "act", "v": message["v"], "action": message["actions"][0]})


def finished_room_with_a_friend_and_a_bot(server, rounds: int = 1) -> tuple[dict, dict]:
    """Ann (host), Bo and a bot play a toy game to the end over two sockets; (room, friend)."""
    http = server.http
    room = create_room(http, name="Ann", options={"rounds": rounds})
    friend = join(http, room["code"], "Bo")
    http.post(f"/api/rooms/{room['code']}/bots", json={"count": 1}, headers=bearer(room["token"]))
    start(http, room["code"], room["token"])
    with server.socket(room["code"]) as ann, server.socket(room["code"]) as bo:
        ann.hello(room["token"])
        bo.hello(friend["token"])
        play_to_the_end({0: ann, 1: bo})
    return room, friend
