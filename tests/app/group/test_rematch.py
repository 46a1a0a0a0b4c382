"""Rematch: POST /api/rooms/{code}/rematch (host, after the end) -> {"code": NEW}; every socket
of the old room gets {"type": "rematch", "code": NEW}, a seat's sockets also their own token."""

from __future__ import annotations

from tests.app.group.toy import finished_room_with_a_friend_and_a_bot, play_to_the_end
from tests.utils.live_server import bearer, create_room, join, start


def is_rematch(message):
    return message["type"] == "rematch"


def test_every_socket_follows_and_only_a_seat_gets_its_own_token(shared_server):
    http = shared_server.http
    room, friend = finished_room_with_a_friend_and_a_bot(shared_server)
    code = room["code"]
    with (
        shared_server.socket(code) as ann,
        shared_server.socket(code) as bo,
        shared_server.socket(code) as bo_phone,
        shared_server.socket(code) as fan,
    ):
        for ws, token in (
            (ann, room["token"]),
            (bo, friend["token"]),
            (bo_phone, friend["token"]),
            (fan, None),
        ):
            ws.hello(token)
            ws.wait_for(lambda m: m["type"] == "chat_history")
        refused = http.post(f"/api/rooms/{code}/rematch", headers=bearer(friend["token"]))
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        response = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"]))
        assert response.status_code == 200
        new = response.json()["code"]
        assert new != code
        got = {
            name: ws.wait_for(is_rematch)
            for name, ws in (("ann", ann), ("bo", bo), ("bo2", bo_phone), ("fan", fan))
        }
        assert all(message["code"] == new for message in got.values())
        assert set(got["fan"]) == {"type", "code"}
        assert got["ann"]["seat"] == 0 and got["bo"]["seat"] == 1
        assert got["bo"]["token"] == got["bo2"]["token"]  # both of Bo's devices, the same seat
        assert got["ann"]["token"] == response.json()["token"]
        assert len({got["ann"]["token"], got["bo"]["token"], room["token"], friend["token"]}) == 4
        # Nobody's socket saw another seat's token.
        ann_token, bo_token = got["ann"]["token"], got["bo"]["token"]
        for ws, foreign in (
            (ann, [bo_token]),
            (bo, [ann_token]),
            (bo_phone, [ann_token]),
            (fan, [ann_token, bo_token]),
        ):
            assert not any(token in str(message) for message in ws.received for token in foreign)
        # Asking again returns the same room.
        again = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()
        assert again["code"] == new and again["token"] == got["ann"]["token"]

    summary = http.get(f"/api/rooms/{new}").json()
    assert summary["status"] == "lobby" and summary["seeded"] is False
    assert summary["options"] == http.get(f"/api/rooms/{code}").json()["options"]
    assert [(s["name"], s["bot"], s["host"]) for s in summary["seats"]] == [
        ("Ann", False, True),
        ("Bo", False, False),
        ("Bot 1", True, False),
    ]
    assert http.get(f"/api/rooms/{code}").json()["rematch"] == new
    # The new tokens hold the seats: the host starts, Bo plays in the new room.
    start(http, new, got["ann"]["token"])
    with shared_server.socket(new) as bo_new:
        bo_new.hello(got["bo"]["token"])
        assert bo_new.wait_for(lambda m: m["type"] == "room")["you"] == 1
        assert bo_new.state()["view"]["you"] == 1


def test_a_late_socket_gets_the_rematch_at_sync_and_a_player_can_decline(shared_server):
    http = shared_server.http
    room, friend = finished_room_with_a_friend_and_a_bot(shared_server)
    code = room["code"]
    new = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()["code"]
    with shared_server.socket(code) as bo:
        bo.hello(friend["token"])
        message = bo.wait_for(is_rematch)
        assert message["code"] == new and message["seat"] == 1
    # Bo declines: leaving the new lobby frees the seat; the old room then offers only the code.
    left = http.post(f"/api/rooms/{new}/leave", headers=bearer(message["token"]))
    assert [s["name"] for s in left.json()["seats"]] == ["Ann", "Bot 1"]
    with shared_server.socket(code) as bo:
        bo.hello(friend["token"])
        assert set(bo.wait_for(is_rematch)) == {"type", "code"}


def host_and_bot_play(server, code, token):
    with server.socket(code) as ann:
        ann.hello(token)
        play_to_the_end({0: ann})


def test_rematch_only_after_the_end_and_a_seeded_room_gets_a_fresh_seed(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1, "seed": 42})
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"]))
    refused = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"]))
    assert refused.status_code == 409 and refused.json()["code"] == "not_finished"
    start(http, code, room["token"])
    assert (
        http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()["code"]
        == "not_finished"
    )
    host_and_bot_play(shared_server, code, room["token"])
    assert http.get(f"/api/rooms/{code}").json()["seed"] == 42
    again = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()
    assert http.get(f"/api/rooms/{again['code']}").json()["seeded"] is False
    start(http, again["code"], again["token"])
    host_and_bot_play(shared_server, again["code"], again["token"])
    assert http.get(f"/api/rooms/{again['code']}").json()["seed"] != 42


def test_no_seat_moves_after_the_end_and_the_rematch_seat_is_its_players(shared_server):
    """Issue 42, finding 2: a host's link for a player who dropped a moment ago (as the game
    ended) moved the seat at once, and the rematch then went to the link's claimant while the
    real player's token answered bad_token. Now seats no longer move once the game has ended:
    the grace never runs out on a finished game, and the rematch seat is its player's."""
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    code = room["code"]
    friend = join(http, code, "Bo")
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"]))
    start(http, code, room["token"])
    link = http.post(f"/api/rooms/{code}/seats/1/link", headers=bearer(room["token"])).json()["path"]
    with shared_server.socket(code) as ann, shared_server.socket(code) as bo:
        ann.hello(room["token"])
        bo.hello(friend["token"])
        play_to_the_end({0: ann, 1: bo})
    # Bo's tab closed as the game ended; his link is opened elsewhere at once.
    with shared_server.socket(code) as watcher:
        watcher.hello()
        watcher.wait_for(lambda m: m["type"] == "room" and not m["seats"][1]["connected"], timeout=15)
    claimed = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": link.split("#seat=", 1)[1]})
    assert claimed.status_code == 409 and claimed.json()["code"] == "seats_final"
    made = http.post(f"/api/rooms/{code}/seats/1/link", headers=bearer(room["token"]))
    assert made.status_code == 409 and made.json()["code"] == "seats_final"
    new = http.post(f"/api/rooms/{code}/rematch", headers=bearer(room["token"])).json()["code"]
    with shared_server.socket(code) as bo:
        bo.hello(friend["token"])
        message = bo.wait_for(is_rematch)
        assert message["code"] == new and message["seat"] == 1
    with shared_server.socket(new) as bo_new:
        bo_new.hello(message["token"])
        assert bo_new.wait_for(lambda m: m["type"] == "room")["you"] == 1
