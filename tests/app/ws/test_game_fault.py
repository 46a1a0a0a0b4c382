"""A bug inside game code reaches the player as `server_error` and is logged, never as a refusal
("That action is not understood"), and the room does not change."""

from __future__ import annotations

import logging

from engine import errors
from engine.moves import Int, Move, MoveTable
from engine.registry import GAMES, register
from tests.engine.toy_game import ToyGame, pick
from tests.utils.live_server import create_room, join, start


def pick_with_a_bug(state, seat, action, rng):
    if action["n"] == 3:
        state["no_such_key"]["x"] += 1  # the rule bug: KeyError
    pick(state, seat, action, rng)


class FaultyToy(ToyGame):
    id = "toy_faulty"
    moves = MoveTable(Move("pick", pick_with_a_bug, fields={"n": Int()}, sealed=True))


def test_a_bug_in_game_code_is_a_logged_server_error_not_a_refusal(server, caplog):
    register(FaultyToy())
    try:
        room = create_room(server.http, game="toy_faulty", name="Ann")
        join(server.http, room["code"], "Bo")
        start(server.http, room["code"], room["token"])
        with server.socket(room["code"]) as ws, caplog.at_level(logging.ERROR):
            ws.hello(room["token"])
            ws.state()
            ws.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 3}})
            error = ws.error()
            assert error["code"] == "server_error"
            assert "not understood" not in error["message"] and "KeyError" not in error["message"]
            ws.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 1.0}})
            refusal = ws.error()  # a malformed field is still the player's refusal, in words
            assert refusal["code"] == errors.BAD_ACTION and refusal["params"]["field"] == "n"
            ws.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 2}})
            assert ws.state(v=1)["v"] == 1  # the failed action changed nothing: version 0 -> 1
        assert any(record.exc_info and "GameFault" in repr(record.exc_info[1]) for record in caplog.records)
    finally:
        GAMES.pop("toy_faulty", None)
