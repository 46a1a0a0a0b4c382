"""Seats you can't lose: the grace period before a bot may take an away seat, taking it back
with `hello`, moving a seat to another device by a one-time code, the turn timer mid-game."""

from __future__ import annotations

import sqlalchemy

from tests.utils.live_server import bearer, create_room, join, start


def started_pair(http):
    room = create_room(http, name="Ann", options={"rounds": 2})
    friend = join(http, room["code"], "Bo")
    start(http, room["code"], room["token"])
    return room, friend


def seat_summary(http, code, seat):
    return http.get(f"/api/rooms/{code}").json()["seats"][seat]


def dropped(server, code, token):
    """Bo connects, then the tab closes; returns once the room shows Bo away."""
    with server.socket(code) as bo:
        bo.hello(token)
        bo.state()
    with server.socket(code) as watcher:
        watcher.hello()
        watcher.wait_for(lambda m: m["type"] == "room" and not m["seats"][1]["connected"], timeout=15)


def test_a_dropped_seat_goes_to_a_bot_only_after_the_grace_period_and_comes_back(shared_server, clock):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    dropped(shared_server, code, friend["token"])
    grace = shared_server.settings.seat_grace_seconds
    assert seat_summary(http, code, 1)["bot_in"] == grace
    clock.now += grace - 1
    refused = http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
    assert refused.status_code == 409 and refused.json()["code"] == "too_soon"
    assert refused.json()["params"]["retry_after"] == 1
    assert seat_summary(http, code, 1)["bot"] is False
    clock.now += 1
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        ann.state()
        handed = http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
        assert handed.status_code == 200 and handed.json()["seats"][1]["bot"] is True
        notice = ann.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "seat_bot" and notice["seat"] == 1 and notice["name"] == "Bo"
        ann.state(v=1)  # the bot picked for Bo
        # Bo comes back with the same token: hello takes the seat back from the bot.
        with shared_server.socket(code) as bo:
            bo.hello(friend["token"])
            assert bo.wait_for(lambda m: m["type"] == "room")["you"] == 1
            back = ann.wait_for(lambda m: m["type"] == "notice")
            assert back["e"] == "seat_back" and back["seat"] == 1
            assert seat_summary(http, code, 1)["bot"] is False
            # Round 1 ends with Ann's pick; in round 2 Bo picks himself (no bot does).
            ann.send({"type": "act", "v": 1, "action": {"type": "pick", "n": 1}})
            state = bo.wait_for(lambda m: m["type"] == "state" and m["view"]["round"] == 2)
            assert 1 in state["view"]["to_act"]
            bo.send({"type": "act", "v": state["v"], "action": {"type": "pick", "n": 2}})
            bo.wait_for(lambda m: m["type"] == "state" and m["view"]["my_pick"] == 2)
    # The notices stay in the room's history.
    with shared_server.socket(code) as later:
        later.hello()
        history = later.wait_for(lambda m: m["type"] == "chat_history")["messages"]
        assert [m["e"] for m in history if m["type"] == "notice"] == ["seat_bot", "seat_back"]


def test_a_player_who_left_mid_game_has_a_bot_at_once_and_takes_the_seat_back_with_their_token(
    shared_server,
):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    left = http.post(f"/api/rooms/{code}/leave", headers=bearer(friend["token"])).json()
    assert left["seats"][1]["bot"] is True and left["seats"][1]["left"] is True
    already = http.post(f"/api/rooms/{code}/seats/1/bot", headers=bearer(room["token"]))
    assert already.status_code == 409 and already.json()["code"] == "already_bot"
    with shared_server.socket(code) as bo:
        bo.hello(friend["token"])
        assert bo.wait_for(lambda m: m["type"] == "room")["you"] == 1
        history = bo.wait_for(lambda m: m["type"] == "chat_history")["messages"]
        assert [m["e"] for m in history if m["type"] == "notice"] == ["seat_left", "seat_back"]
    assert seat_summary(http, code, 1)["bot"] is False


def test_a_seat_moves_to_another_device_by_a_one_time_code(shared_server):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    with shared_server.socket(code) as old_device:
        old_device.hello(friend["token"])
        old_device.state()
        refused = http.post(f"/api/rooms/{code}/seat-link")
        assert refused.status_code == 401
        link = http.post(f"/api/rooms/{code}/seat-link", headers=bearer(friend["token"])).json()
        assert link["seat"] == 1 and link["path"].startswith(f"/rooms/{code}#seat=")
        assert link["qr"].startswith("data:image/svg+xml") and link["expires_in"] > 0
        one_time = link["path"].split("#seat=", 1)[1]
        assert friend["token"] not in str(link)
        # The old device is connected: it is asked first, and here lets the seat go.
        asked = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})
        assert asked.status_code == 409 and asked.json()["code"] == "seat_asked"
        assert old_device.wait_for(lambda m: m["type"] == "seat_ask")["seat"] == 1
        old_device.send({"type": "seat_answer", "keep": False})
        old_device.wait_for(lambda m: m["type"] == "seat_answered")
        claimed = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})
        assert claimed.status_code == 200 and claimed.json()["seat"] == 1
        new_token = claimed.json()["token"]
        assert old_device.wait_for(lambda m: m["type"] == "seat_taken")["seat"] == 1
        assert new_token != friend["token"]
        # The old device turns into a spectator; its token no longer works.
        assert any(m["type"] == "room" and m["you"] is None for m in old_device.received)
        old_device.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 1}})
        assert old_device.error()["code"] == "no_seat"
    again = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})
    assert again.status_code == 410 and again.json()["code"] == "bad_link"
    with shared_server.socket(code) as new_device:
        new_device.hello(new_token)
        assert new_device.wait_for(lambda m: m["type"] == "room")["you"] == 1
        new_device.send({"type": "act", "v": 0, "action": {"type": "pick", "n": 1}})
        new_device.wait_for(lambda m: m["type"] == "state" and m["view"]["my_pick"] == 1)
    with shared_server.socket(code) as stale:
        stale.hello(friend["token"])
        assert stale.error()["code"] == "bad_token"


def test_host_reissues_a_seat_link_and_links_expire(shared_server, clock):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    refused = http.post(f"/api/rooms/{code}/seats/0/link", headers=bearer(friend["token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not_host"
    link = http.post(f"/api/rooms/{code}/seats/1/link", headers=bearer(room["token"])).json()
    one_time = link["path"].split("#seat=", 1)[1]
    clock.now += shared_server.settings.seat_link_seconds + 1
    expired = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": one_time})
    assert expired.status_code == 410
    link = http.post(f"/api/rooms/{code}/seats/1/link", headers=bearer(room["token"])).json()
    fresh = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": link["path"].split("#seat=", 1)[1]})
    assert fresh.status_code == 200 and fresh.json()["seat"] == 1
    assert http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": "nonsense"}).status_code == 410


def test_host_sets_a_turn_timer_mid_game_for_an_away_seat(shared_server):
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    assert http.get(f"/api/rooms/{code}").json()["timer_seconds"] is None
    refused = http.post(
        f"/api/rooms/{code}/timer", json={"turn_seconds": 30}, headers=bearer(friend["token"])
    )
    assert refused.status_code == 403
    bad = http.post(f"/api/rooms/{code}/timer", json={"turn_seconds": -4}, headers=bearer(room["token"]))
    assert bad.status_code == 400 and bad.json()["code"] == "bad_options"
    with shared_server.socket(code) as ann:
        ann.hello(room["token"])
        ann.state()
        summary = http.post(
            f"/api/rooms/{code}/timer", json={"turn_seconds": 30}, headers=bearer(room["token"])
        )
        assert summary.json()["timer_seconds"] == 30 and 0 < summary.json()["deadline_in"] <= 30
        notice = ann.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "timer_set" and notice["seconds"] == 30
        off = http.post(
            f"/api/rooms/{code}/timer", json={"turn_seconds": None}, headers=bearer(room["token"])
        )
        assert off.json()["timer_seconds"] is None and off.json()["deadline_in"] is None


def test_players_leaving_a_finished_game_write_nothing_and_are_shown_gone(shared_server):
    """Once the game is over there is no seat to hand to a bot and no idle game to close: the
    players' sockets closing write no row (before, each one marked its seat away and stamped
    the room's activity), and the room still shows them disconnected."""
    http = shared_server.http
    room, friend = started_pair(http)
    code = room["code"]
    bind = shared_server.rooms.sessions.kw["bind"]
    writes: list[str] = []

    def count(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith(("UPDATE", "INSERT", "DELETE")):
            writes.append(statement)

    for _ in range(2):  # the toy game's two rounds, each seat picking in turn
        for token in (room["token"], friend["token"]):
            with shared_server.socket(code) as player:
                player.hello(token)
                v = player.state()["v"]
                player.send({"type": "act", "v": v, "action": {"type": "pick", "n": 1}})
                player.wait_for(lambda m, v=v: m["type"] == "state" and m["v"] > v)
    with shared_server.socket(code) as ann, shared_server.socket(code) as bo:
        ann.hello(room["token"])
        bo.hello(friend["token"])
        ann.wait_for(lambda m: m["type"] == "state" and m["over"])
        bo.wait_for(lambda m: m["type"] == "state" and m["over"])
        sqlalchemy.event.listen(bind, "before_cursor_execute", count)
    try:
        with shared_server.socket(code) as watcher:
            watcher.hello()
            watcher.wait_for(
                lambda m: m["type"] == "room" and not any(s["connected"] for s in m["seats"]), timeout=15
            )
    finally:
        sqlalchemy.event.remove(bind, "before_cursor_execute", count)
    assert writes == []
    assert http.get(f"/api/rooms/{code}").json()["status"] == "over"
