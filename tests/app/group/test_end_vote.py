"""Ending a game by vote (issue 23, item 6): any seated player proposes "let bots finish" or
"abandon"; a majority of the humans seated passes it; a declined proposal can be made again a
minute later (the room's clock); spectators cannot vote; the proposal survives a restart."""

from __future__ import annotations

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room, join, start


def three_players(http, rounds=2):
    """Ann (host), Bo and Cy in a running toy game; (code, {name: token})."""
    room = create_room(http, name="Ann", options={"rounds": rounds})
    code = room["code"]
    tokens = {"Ann": room["token"]}
    for name in ("Bo", "Cy"):
        tokens[name] = join(http, code, name)["token"]
    start(http, code, room["token"])
    return code, tokens


def propose(http, code, token, kind):
    return http.post(f"/api/rooms/{code}/end-vote", json={"kind": kind}, headers=bearer(token))


def vote(http, code, token, yes):
    return http.post(f"/api/rooms/{code}/end-vote/answer", json={"yes": yes}, headers=bearer(token))


def test_a_majority_lets_bots_finish_the_game(shared_server):
    http = shared_server.http
    code, tokens = three_players(http)
    with shared_server.socket(code) as watcher:
        watcher.hello()
        watcher.wait_for(lambda m: m["type"] == "chat_history")
        opened = propose(http, code, tokens["Ann"], "bots").json()
        assert opened["end_vote"] == {"kind": "bots", "by": 0, "yes": [0], "no": [], "needed": 2}
        notice = watcher.wait_for(lambda m: m["type"] == "notice")
        assert notice["e"] == "vote_open" and notice["kind"] == "bots" and notice["name"] == "Ann"
        # Refused with a sentence, changing nothing: a spectator's vote, a second proposal,
        # a second vote of the proposer.
        spectator = http.post(f"/api/rooms/{code}/end-vote/answer", json={"yes": True})
        assert spectator.status_code == 403 and spectator.json()["code"] == "spectator_vote"
        assert "seated" in spectator.json()["message"]
        assert propose(http, code, tokens["Bo"], "abandon").json()["code"] == "vote_open"
        assert vote(http, code, tokens["Ann"], True).json()["code"] == "already_voted"
        assert http.get(f"/api/rooms/{code}").json()["end_vote"]["yes"] == [0]
        passed = vote(http, code, tokens["Bo"], True).json()
        assert passed["end_vote"] is None and passed["ended_by"] == "bots"
        assert all(seat["bot"] for seat in passed["seats"])
        notice = watcher.wait_for(lambda m: m["type"] == "notice" and m["e"] == "vote_passed")
        assert notice["kind"] == "bots"
        # The bots play the game to its end.
        assert watcher.wait_for(lambda m: m["type"] == "state" and m["over"], timeout=30)
    assert http.get(f"/api/rooms/{code}").json()["status"] == "over"
    # The rematch seats the players again, not bots.
    rematch = http.post(f"/api/rooms/{code}/rematch", headers=bearer(tokens["Ann"])).json()
    seats = http.get(f"/api/rooms/{rematch['code']}").json()["seats"]
    assert [seat["bot"] for seat in seats] == [False, False, False]


def test_a_declined_proposal_can_be_made_again_after_a_minute_and_abandon_ends_the_room(shared_server, clock):
    http = shared_server.http
    code, tokens = three_players(http)
    propose(http, code, tokens["Cy"], "abandon")
    assert vote(http, code, tokens["Ann"], False).json()["end_vote"]["no"] == [0]
    declined = vote(http, code, tokens["Bo"], False).json()
    assert declined["end_vote"] is None and declined["status"] == "playing"
    too_soon = propose(http, code, tokens["Cy"], "abandon")
    assert too_soon.status_code == 409 and too_soon.json()["code"] == "vote_too_soon"
    assert too_soon.json()["params"]["retry_after"] == 60
    clock.now += 59
    assert propose(http, code, tokens["Bo"], "abandon").json()["params"]["retry_after"] == 1
    # The other kind was never declined; it may be proposed (and withdrawn by a no majority).
    assert propose(http, code, tokens["Bo"], "bots").json()["end_vote"]["kind"] == "bots"
    vote(http, code, tokens["Ann"], False)
    vote(http, code, tokens["Cy"], False)
    clock.now += 1
    assert propose(http, code, tokens["Cy"], "abandon").status_code == 200
    ended = vote(http, code, tokens["Ann"], True).json()
    assert ended["status"] == "closed" and ended["ended_by"] == "abandon"
    assert propose(http, code, tokens["Cy"], "bots").json()["code"] == "not_playing"


def test_the_humans_seated_decide_not_the_bots_and_a_player_who_left_does_not_count(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 2})
    code = room["code"]
    bo = join(http, code, "Bo")
    http.post(f"/api/rooms/{code}/bots", json={"count": 2}, headers=bearer(room["token"]))
    start(http, code, room["token"])
    http.post(f"/api/rooms/{code}/leave", headers=bearer(bo["token"]))
    # Ann is the only human seated: her proposal passes at once.
    passed = propose(http, code, room["token"], "abandon").json()
    assert passed["status"] == "closed" and passed["ended_by"] == "abandon"


def test_an_open_proposal_survives_a_restart(tmp_path):
    settings = settings_for(f"sqlite:///{tmp_path / 'paddock.db'}")
    with LiveServer(settings) as first:
        code, tokens = three_players(first.http)
        propose(first.http, code, tokens["Bo"], "bots")
    with LiveServer(settings) as second:
        assert second.http.get(f"/api/rooms/{code}").json()["end_vote"]["yes"] == [1]
        assert vote(second.http, code, tokens["Cy"], True).json()["ended_by"] == "bots"
        with second.socket(code) as ann:
            ann.hello(tokens["Ann"])
            ann.wait_for(lambda m: m["type"] == "state" and m["over"], timeout=30)
