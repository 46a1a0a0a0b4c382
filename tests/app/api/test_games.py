"""GET /api/games lists every registered game with seat ranges and option defaults."""


def test_games_list_seat_ranges_and_option_defaults(shared_server):
    games = {game["id"]: game for game in shared_server.http.get("/api/games").json()["games"]}
    assert games["toy"]["min_seats"] == 2 and games["toy"]["max_seats"] == 4
    assert {"name": "rounds", "kind": "int", "default": 2, "min": 1, "max": 5} in games["toy"]["options"]
    pip = games["ponies_in_pursuit"]
    assert (pip["min_seats"], pip["max_seats"]) == (2, 6)
    assert any(opt["name"] == "round_seconds" and opt["default"] == 0 for opt in pip["options"])
