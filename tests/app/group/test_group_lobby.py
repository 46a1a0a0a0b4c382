"""The lobby of a group (app.rooms.group_lobby): ready ticks everyone sees, the host's "start when
everyone is ready", and a friend at a full lobby who asks to replace a bot (the host approves with
one call, or declines). Refusals are sentences and change nothing."""

from __future__ import annotations

from tests.utils.live_server import bearer, create_room, join


def summary(http, code):
    return http.get(f"/api/rooms/{code}").json()


def lobby_of(ws, match):
    """The next room summary on `ws` whose lobby part satisfies `match`."""
    return ws.wait_for(lambda m: m["type"] == "room" and "lobby" in m and match(m["lobby"]))


def add_bots(http, code, token, count):
    response = http.post(f"/api/rooms/{code}/bots", json={"count": count}, headers=bearer(token))
    assert response.status_code == 200


def test_ready_ticks_are_seen_by_everyone_and_need_a_seat(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    code = room["code"]
    bo = join(http, code, "Bo")
    add_bots(http, code, room["token"], 1)
    assert summary(http, code)["lobby"] == {"ready": [2], "auto_start": False, "asks": []}
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        response = http.post(f"/api/rooms/{code}/ready", json={"ready": True}, headers=bearer(bo["token"]))
        assert response.status_code == 200 and response.json()["lobby"]["ready"] == [1, 2]
        lobby_of(ann, lambda lobby: lobby["ready"] == [1, 2])
        http.post(f"/api/rooms/{code}/ready", json={"ready": False}, headers=bearer(bo["token"]))
        lobby_of(ann, lambda lobby: lobby["ready"] == [2])
    refused = http.post(f"/api/rooms/{code}/ready", json={"ready": True}, headers=bearer("not-a-seat"))
    assert refused.status_code in (401, 403) and refused.json()["message"].endswith(".")
    assert summary(http, code)["lobby"]["ready"] == [2]


def test_the_game_starts_by_itself_once_everyone_is_ready(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    code = room["code"]
    bo = join(http, code, "Bo")
    refused = http.post(f"/api/rooms/{code}/auto-start", json={"on": True}, headers=bearer(bo["token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    assert summary(http, code)["lobby"]["auto_start"] is False
    on = http.post(f"/api/rooms/{code}/auto-start", json={"on": True}, headers=bearer(room["token"]))
    assert on.status_code == 200 and on.json()["lobby"]["auto_start"] is True
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        http.post(f"/api/rooms/{code}/ready", json={"ready": True}, headers=bearer(bo["token"]))
        assert summary(http, code)["status"] == "lobby"  # Ann is not ready yet
        http.post(f"/api/rooms/{code}/ready", json={"ready": True}, headers=bearer(room["token"]))
        state = ann.state()
        assert state["v"] == 0 and not state["over"]
    assert summary(http, code)["status"] == "playing"
    late = http.post(f"/api/rooms/{code}/ready", json={"ready": False}, headers=bearer(bo["token"]))
    assert late.status_code == 409 and late.json()["code"] == "already_started"


def test_a_friend_at_a_full_lobby_replaces_a_bot_after_the_host_approves(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    code = room["code"]
    bo = join(http, code, "Bo")
    not_full = http.post(f"/api/rooms/{code}/asks", json={"name": "Cy"})
    assert not_full.status_code == 409 and not_full.json()["code"] == "room_not_full"
    add_bots(http, code, room["token"], 2)  # toy: 4 seats, now full
    before = summary(http, code)
    taken = http.post(f"/api/rooms/{code}/asks", json={"name": "BO"})
    assert taken.status_code == 409 and taken.json()["code"] == "name_taken"
    with shared_server.socket(code) as ann, shared_server.socket(code) as cy:
        ann.hello(room["token"])
        cy.hello()
        asked = http.post(f"/api/rooms/{code}/asks", json={"name": "Cy"})
        assert asked.status_code == 201
        ask_id, token = asked.json()["id"], asked.json()["token"]
        seen = lobby_of(ann, lambda lobby: lobby["asks"])
        assert seen["lobby"]["asks"] == [{"id": ask_id, "name": "Cy"}]
        assert token not in str(ann.received) and token not in str(summary(http, code))
        # Only the host answers; Bo's approval changes nothing.
        url = f"/api/rooms/{code}/asks/{ask_id}"
        refused = http.post(url, json={"approve": True}, headers=bearer(bo["token"]))
        assert refused.status_code == 403 and refused.json()["code"] == "not_host"
        names = [(s["name"], s["bot"]) for s in before["seats"]]
        assert [(s["name"], s["bot"]) for s in summary(http, code)["seats"]] == names
        approved = http.post(url, json={"approve": True}, headers=bearer(room["token"]))
        assert approved.status_code == 200
        seats = approved.json()["seats"]
        assert [s["name"] for s in seats] == ["Ann", "Bo", "Cy", before["seats"][3]["name"]]
        assert seats[2]["bot"] is False and approved.json()["lobby"]["asks"] == []
        notice = cy.wait_for(lambda m: m["type"] == "notice" and m["e"] == "seat_granted")
        assert notice["id"] == ask_id and notice["seat"] == 2 and notice["name"] == "Cy"
        again = http.post(url, json={"approve": True}, headers=bearer(room["token"]))
        assert again.status_code == 404 and again.json()["code"] == "no_such_ask"
    with shared_server.socket(code) as cy:
        cy.hello(token)  # the token Cy got when asking is now the seat's
        assert cy.wait_for(lambda m: m["type"] == "room")["you"] == 2
    # A second friend is declined: nothing changes but the notice.
    di = http.post(f"/api/rooms/{code}/asks", json={"name": "Di"}).json()
    decline = {"approve": False}
    declined = http.post(f"/api/rooms/{code}/asks/{di['id']}", json=decline, headers=bearer(room["token"]))
    assert declined.status_code == 200 and declined.json()["lobby"]["asks"] == []
    assert [s["name"] for s in declined.json()["seats"]][:3] == ["Ann", "Bo", "Cy"]
    # The last bot goes to Ed; then nobody can ask any more.
    ed = http.post(f"/api/rooms/{code}/asks", json={"name": "Ed"}).json()
    http.post(f"/api/rooms/{code}/asks/{ed['id']}", json={"approve": True}, headers=bearer(room["token"]))
    no_bot = http.post(f"/api/rooms/{code}/asks", json={"name": "Flo"})
    assert no_bot.status_code == 409 and no_bot.json()["code"] == "no_bot"
