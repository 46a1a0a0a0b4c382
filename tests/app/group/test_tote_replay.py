"""The tote in the replay (app.rooms.tote `history`, `GET /api/rooms/{code}/replay/tote`): each
bet keeps the room's version when it was placed; after the end (and only then, as the replay)
the history gives the bets with their versions, the pools from each of those versions on, the
settlement and the rail, also from a new server on the same database."""

from __future__ import annotations

import pytest

from app.rooms.tote import stages
from tests.app.conftest import settings_for
from tests.app.group.test_tote import play_round, spectator, started, tote
from tests.utils.live_server import LiveServer, bearer, create_room

pytestmark = pytest.mark.usefixtures("toy_tote")


def history(server, code, headers=None):
    return server.http.get(f"/api/rooms/{code}/replay/tote", headers=headers or {})


def version(server, code, token):
    with server.socket(code) as ws:
        ws.hello(token)
        return ws.state()["v"]


def bet_twice_and_finish(server):
    """Greta backs Ann at the start, Hal backs Bo after the first round; Ann wins the 3 rounds.
    Returns the room's code and the versions the two bets were placed at."""
    code, tokens = started(server, rounds=3)
    placed = []
    with spectator(server, code, "Greta") as greta, spectator(server, code, "Hal") as hal:
        placed.append(version(server, code, tokens[0]))
        greta.send({"type": "back", "contender": "0", "chips": 30})
        tote(greta, lambda m: m["total"] == 30)
        play_round(server, code, tokens, (3, 1))
        placed.append(version(server, code, tokens[0]))
        hal.send({"type": "back", "contender": "1", "chips": 50})
        tote(greta, lambda m: m["total"] == 80)
        refused = history(server, code)
        assert refused.status_code == 409 and refused.json()["code"] == "not_over"
        assert "Greta" not in refused.text
        play_round(server, code, tokens, (3, 1))
        play_round(server, code, tokens, (3, 1))
        tote(greta, lambda m: m["settled"])
    return code, tokens, placed


EXPECTED_PAYOUTS = {"Greta": 80, "Hal": 0}
EXPECTED_RAIL = [{"name": "Greta", "chips": 150}, {"name": "Hal", "chips": 50}]


def test_the_replay_tote_gives_each_bet_its_version_once_the_game_is_over(shared_server):
    code, tokens, placed = bet_twice_and_finish(shared_server)
    assert placed == [0, 2]  # two simultaneous picks per round: one version each
    for headers in ({}, bearer(tokens[0])):
        response = history(shared_server, code, headers)
        assert response.status_code == 200, response.text
        assert response.json() == {
            "bets": [
                {"v": 0, "name": "Greta", "contender": "0", "chips": 30},
                {"v": 2, "name": "Hal", "contender": "1", "chips": 50},
            ],
            "stages": [
                {"v": 0, "pools": {"0": 30, "1": 0}, "total": 30, "payout": {"0": 1.0, "1": None}},
                {"v": 2, "pools": {"0": 30, "1": 50}, "total": 80, "payout": {"0": 2.67, "1": 1.6}},
            ],
            "payouts": EXPECTED_PAYOUTS,
            "rail": EXPECTED_RAIL,
        }
    # The versions are the replay's steps: step 2 is the end of the first round.
    steps = shared_server.http.get(f"/api/rooms/{code}/replay").json()["steps"]
    assert [step["seq"] for step in steps[:2]] == [1, 2]


def test_a_room_nobody_backed_has_an_empty_replay_tote(shared_server):
    code, tokens = started(shared_server, rounds=1)
    play_round(shared_server, code, tokens, (3, 1))
    assert history(shared_server, code).json() == {"bets": [], "stages": [], "payouts": {}, "rail": []}


def test_the_replay_tote_is_refused_before_the_start(shared_server):
    room = create_room(shared_server.http, name="Ann")
    response = history(shared_server, room["code"])
    assert response.status_code == 409 and response.json()["code"] == "not_over"
    assert history(shared_server, "nope").json()["code"] == "not_found"


def test_the_replay_tote_survives_a_new_server_on_the_same_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'paddock.db'}"
    with LiveServer(settings_for(url)) as server:
        code, _, _ = bet_twice_and_finish(server)
        before = history(server, code).json()
    with LiveServer(settings_for(url)) as again:
        after = history(again, code)
    assert after.status_code == 200 and after.json() == before
    assert [bet["v"] for bet in before["bets"]] == [0, 2] and before["payouts"] == EXPECTED_PAYOUTS
    assert before["rail"] == EXPECTED_RAIL


def test_stages_gather_the_bets_of_one_version_and_count_unversioned_bets_from_the_start():
    bets = [
        {"v": None, "name": "Old", "contender": "1", "chips": 5},
        {"v": 3, "name": "Ann", "contender": "0", "chips": 10},
        {"v": 3, "name": "Bo", "contender": "1", "chips": 10},
    ]
    assert stages(bets, ["0", "1"]) == [
        {"v": 0, "pools": {"0": 0, "1": 5}, "total": 5, "payout": {"0": None, "1": 1.0}},
        {"v": 3, "pools": {"0": 10, "1": 15}, "total": 25, "payout": {"0": 2.5, "1": 1.67}},
    ]
