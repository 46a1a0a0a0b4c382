"""The rooms HTTP API: create, join, bots, start, leave, hand to bot, summary; every refusal is a sentence."""

import pytest

from tests.utils.live_server import bearer, create_room, join, start


def error_of(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["code"] == code, body
    assert body["message"].endswith(".") and "Traceback" not in body["message"]
    return body


def test_create_room_gives_code_token_seat_and_url(shared_server):
    room = create_room(shared_server.http, name="Ann")
    assert set(room) == {"code", "token", "seat", "url"}
    assert room["seat"] == 0 and room["url"] == f"/rooms/{room['code']}"
    assert len(room["code"]) >= 16 and len(room["token"]) >= 40
    summary = shared_server.http.get(f"/api/rooms/{room['code']}").json()
    assert summary["status"] == "lobby" and summary["seeded"] is False
    assert summary["seats"] == [
        {"seat": 0, "name": "Ann", "bot": False, "host": True, "left": False, "connected": False}
    ]
    assert room["token"] not in str(summary)
    assert "seed" not in summary


def test_room_codes_and_tokens_are_unique_and_random(shared_server):
    rooms = [create_room(shared_server.http) for _ in range(5)]
    assert len({r["code"] for r in rooms}) == 5 and len({r["token"] for r in rooms}) == 5


def test_seeded_room_says_so_but_hides_the_seed_until_the_end(shared_server):
    http = shared_server.http
    room = create_room(http, options={"seed": 123456789, "rounds": 1})
    summary = http.get(f"/api/rooms/{room['code']}").json()
    assert summary["seeded"] is True and summary["options"] == {"rounds": 1, "fast": False, "mode": "sum"}
    assert "123456789" not in str(summary)


def test_join_bots_start_and_summary(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code, host = room["code"], room["token"]
    friend = join(http, code, "Bo")
    assert friend["seat"] == 1 and friend["token"] != host
    summary = http.post(f"/api/rooms/{code}/bots", json={"count": 2}, headers=bearer(host)).json()
    assert [(s["name"], s["bot"]) for s in summary["seats"]] == [
        ("Ann", False),
        ("Bo", False),
        ("Bot 1", True),
        ("Bot 2", True),
    ]
    summary = http.delete(f"/api/rooms/{code}/seats/2", headers=bearer(host)).json()
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bo", "Bot 2"]
    assert [s["seat"] for s in summary["seats"]] == [0, 1, 2]
    summary = start(http, code, host)
    assert summary["status"] == "playing" and summary["v"] >= 0


def test_a_name_taken_in_the_room_is_refused_whatever_its_case(shared_server):
    """Two seats never share a name: "ann", "ANN " and the full-width "Ａｎｎ" are Ann's."""
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    for name in ("ann", " ANN ", "\uff21\uff4e\uff4e"):
        body = error_of(http.post(f"/api/rooms/{code}/join", json={"name": name}), 409, "name_taken")
        assert "another name" in body["message"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"]))
    # Bot names are the server's to give (issue 20), taken or not.
    error_of(http.post(f"/api/rooms/{code}/join", json={"name": "bot 1"}), 400, "bad_name")
    assert [s["name"] for s in http.get(f"/api/rooms/{code}").json()["seats"]] == ["Ann", "Bot 1"]
    # A player without a name gets a default nobody has.
    join(http, code, "player 4")
    assert join_unnamed(http, code)["seat"] == 3
    assert [s["name"] for s in http.get(f"/api/rooms/{code}").json()["seats"]][-1] == "Player 5"


def join_unnamed(http, code: str) -> dict:
    response = http.post(f"/api/rooms/{code}/join", json={})
    assert response.status_code == 200, response.text
    return response.json()


def test_full_room_refuses_joins_and_bots(shared_server):
    http = shared_server.http
    room = create_room(http)
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 3}, headers=bearer(room["token"]))
    error_of(http.post(f"/api/rooms/{code}/join", json={"name": "Late"}), 409, "room_full")
    error_of(
        http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"])),
        409,
        "room_full",
    )
    assert len(http.get(f"/api/rooms/{code}").json()["seats"]) == 4


def test_started_room_refuses_joins(shared_server):
    http = shared_server.http
    room = create_room(http)
    join(http, room["code"], "Bo")
    start(http, room["code"], room["token"])
    error_of(http.post(f"/api/rooms/{room['code']}/join", json={"name": "Late"}), 409, "already_started")
    error_of(
        http.post(f"/api/rooms/{room['code']}/start", headers=bearer(room["token"])), 409, "already_started"
    )


def test_start_below_minimum_is_refused_and_changes_nothing(shared_server):
    http = shared_server.http
    room = create_room(http)
    body = error_of(
        http.post(f"/api/rooms/{room['code']}/start", headers=bearer(room["token"])), 409, "too_few_seats"
    )
    assert body["params"]["min"] == 2
    assert http.get(f"/api/rooms/{room['code']}").json()["status"] == "lobby"


def test_host_only_calls_need_the_host_token(shared_server):
    http = shared_server.http
    room = create_room(http)
    code = room["code"]
    friend = join(http, code, "Bo")
    error_of(http.post(f"/api/rooms/{code}/start"), 401, "no_token")
    error_of(http.post(f"/api/rooms/{code}/start", headers=bearer("x" * 43)), 403, "bad_token")
    error_of(http.post(f"/api/rooms/{code}/start", headers=bearer(friend["token"])), 403, "not_host")
    error_of(
        http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(friend["token"])),
        403,
        "not_host",
    )
    error_of(http.delete(f"/api/rooms/{code}/seats/1", headers=bearer(friend["token"])), 403, "not_host")
    error_of(http.delete(f"/api/rooms/{code}/seats/0", headers=bearer(room["token"])), 409, "own_seat")
    error_of(http.post(f"/api/rooms/{code}/start", headers={"Authorization": room["token"]}), 401, "no_token")
    assert http.get(f"/api/rooms/{code}").json()["status"] == "lobby"


@pytest.mark.parametrize(
    "body, status, code",
    [
        ({"game": "chess"}, 400, "bad_setup"),
        ({"game": "toy", "options": {"rounds": 9}}, 400, "bad_options"),
        ({"game": "toy", "options": {"colour": 1}}, 400, "bad_options"),
        ({"game": "toy", "options": {"seed": "abc"}}, 400, "bad_options"),
        ({"game": "toy", "options": {"seed": -1}}, 400, "bad_options"),
        ({"game": "toy", "turn_seconds": -5}, 400, "bad_options"),
        ({"game": "toy", "name": "x" * 41}, 400, "bad_name"),
        ({"game": "toy", "name": "a\u0000b"}, 400, "bad_name"),
        ({"name": "no game"}, 400, "bad_request"),
        ({"game": "toy", "options": [1, 2]}, 400, "bad_request"),
    ],
)
def test_bad_room_creation_is_a_clear_error(shared_server, body, status, code):
    error_of(shared_server.http.post("/api/rooms", json=body), status, code)


def test_malformed_body_and_unknown_room(shared_server):
    http = shared_server.http
    error_of(
        http.post("/api/rooms", content=b"{not json", headers={"Content-Type": "application/json"}),
        400,
        "bad_json",
    )
    error_of(http.get("/api/rooms/nope"), 404, "not_found")
    error_of(http.post("/api/rooms/nope/join", json={"name": "A"}), 404, "not_found")
    error_of(http.post("/api/rooms/x/bots", json={"count": "many"}), 400, "bad_request")


def test_leave_in_lobby_frees_the_seat_and_passes_the_host_on(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    bo = join(http, code, "Bo")
    join(http, code, "Cy")
    summary = http.post(f"/api/rooms/{code}/leave", headers=bearer(room["token"])).json()
    assert [(s["seat"], s["name"], s["host"]) for s in summary["seats"]] == [
        (0, "Bo", True),
        (1, "Cy", False),
    ]
    error_of(http.post(f"/api/rooms/{code}/leave", headers=bearer(room["token"])), 403, "bad_token")
    # Bo, now seat 0, is the host and can add a bot.
    summary = http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(bo["token"])).json()
    assert len(summary["seats"]) == 3


def test_leave_during_a_game_keeps_the_seat_for_a_bot(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    bo = join(http, code, "Bo")
    start(http, code, room["token"])
    error_of(http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(bo["token"])), 403, "not_host")
    summary = http.post(f"/api/rooms/{code}/leave", headers=bearer(bo["token"])).json()
    # A bot plays the seat at once (its player may take it back with their token).
    assert summary["seats"][1]["left"] is True and summary["seats"][1]["bot"] is True
    error_of(http.post(f"/api/rooms/{code}/seats/0/bot", headers=bearer(room["token"])), 409, "own_seat")
    error_of(http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"])), 409, "already_bot")
    error_of(http.post(f"/api/rooms/{code}/seats/7/bot", headers=bearer(room["token"])), 404, "no_such_seat")


def test_action_log_is_only_shown_after_the_game(shared_server):
    http = shared_server.http
    room = create_room(http)
    error_of(http.get(f"/api/rooms/{room['code']}/log"), 409, "not_over")


def test_huge_request_body_is_refused(shared_server):
    body = {"game": "toy", "options": {"rounds": 1}, "name": "x" * 100_000}
    error_of(shared_server.http.post("/api/rooms", json=body), 413, "too_big")
