"""Truthful seat controls (issue 23, item 2): leaving mid-game hands the seat to a bot that
the player's token takes back; the host role moving is announced; away and back."""

from __future__ import annotations

from tests.app.group.test_seats import seat_summary, started_pair
from tests.utils.live_server import bearer, create_room, join, start


def test_a_host_who_leaves_passes_the_role_on_and_the_room_is_told(shared_server):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    with shared_server.socket(code) as bo, shared_server.socket(code) as watcher:
        bo.hello(friend["token"])
        watcher.hello()
        bo.state()
        watcher.wait_for(lambda m: m["type"] == "chat_history")
        http.post(f"/api/rooms/{code}/leave", headers=bearer(room["token"]))
        assert bo.wait_for(lambda m: m["type"] == "room" and m["is_host"])["you"] == 1
        for ws in (bo, watcher):
            notice = ws.wait_for(lambda m: m["type"] == "notice" and m["e"] == "host_changed")
            assert notice["name"] == "Bo" and notice["seat"] == 1
        # Ann's seat is played by a bot, and her token takes it back (not as host).
        assert seat_summary(http, code, 0)["bot"] is True
        with shared_server.socket(code) as ann:
            ann.hello(room["token"])
            back = ann.wait_for(lambda m: m["type"] == "room")
            assert back["you"] == 0 and back["is_host"] is False


def test_the_last_player_leaving_ends_the_room(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 2})
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(room["token"]))
    start(http, code, room["token"])
    assert http.post(f"/api/rooms/{code}/leave", headers=bearer(room["token"])).json()["status"] == "closed"


def test_a_player_marked_away_has_a_bot_play_until_they_are_back(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 3})
    code = room["code"]
    bo = join(http, code, "Bo")
    start(http, code, room["token"])
    with shared_server.socket(code) as ann, shared_server.socket(code) as bo_ws:
        ann.hello(room["token"])
        bo_ws.hello(bo["token"])
        bo_ws.state()
        spectator = http.post(f"/api/rooms/{code}/away", json={"away": True})
        assert spectator.status_code == 403 and spectator.json()["code"] == "bad_token"
        away = http.post(f"/api/rooms/{code}/away", json={"away": True}, headers=bearer(bo["token"])).json()
        assert away["seats"][1]["away"] is True and away["seats"][1]["bot"] is True
        notice = ann.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "away" and notice["name"] == "Bo"
        # The bot picked for Bo; Bo keeps his seat and his own view, but cannot act.
        picked = bo_ws.wait_for(lambda m: m["type"] == "state" and m["view"].get("my_pick") is not None)
        bo_ws.send({"type": "act", "v": picked["v"], "action": {"type": "pick", "n": 1}})
        assert bo_ws.error()["code"] == "bot_plays"
        back = http.post(f"/api/rooms/{code}/away", json={"away": False}, headers=bearer(bo["token"])).json()
        assert back["seats"][1]["away"] is False and back["seats"][1]["bot"] is False
        assert ann.wait_for(lambda m: m["type"] == "notice" and m["e"] == "back")["name"] == "Bo"
        # Round 1 ends with Ann's pick; in round 2 Bo picks himself (no bot does first).
        ann.send({"type": "act", "v": picked["v"], "action": {"type": "pick", "n": 2}})
        round_two = bo_ws.wait_for(lambda m: m["type"] == "state" and m["view"]["round"] == 2)
        assert 1 in round_two["view"]["to_act"]
        bo_ws.send({"type": "act", "v": round_two["v"], "action": {"type": "pick", "n": 3}})
        mine = bo_ws.wait_for(lambda m: m["type"] in ("error", "state") and m["v"] > round_two["v"])
        assert mine["type"] == "state" and mine["view"]["my_pick"] == 3


def test_a_player_marked_away_still_takes_over_as_host(shared_server):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    http.post(f"/api/rooms/{code}/away", json={"away": True}, headers=bearer(friend["token"]))
    left = http.post(f"/api/rooms/{code}/leave", headers=bearer(room["token"])).json()
    assert left["status"] == "playing" and left["seats"][1]["host"] is True
