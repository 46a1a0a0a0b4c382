"""GET /api/games/horse_racing/board-odds: the HR-2 estimate the room options show."""

from engine.games.horse_racing.odds import board_odds


def test_hr_2_classic_board_odds_match_the_engine_estimate(shared_server):
    response = shared_server.http.get("/api/games/horse_racing/board-odds", params={"board": "classic"})
    assert response.status_code == 200
    body = response.json()
    assert body["board"] == "classic"
    assert body["races"] == 100_000
    assert sorted(body["win"], key=int) == [str(h) for h in range(2, 13)]
    assert body["win"] == board_odds("classic")["win"]
    # HR-2: the source's claim about the classic board.
    assert body["win"]["7"] < 0.03
    assert body["win"]["2"] > 0.19 and body["win"]["12"] > 0.19
    assert abs(sum(body["win"].values()) - 1) < 1e-9


def test_hr_2_custom_board_as_comma_separated_steps(shared_server):
    steps = "1,40,40,40,40,40,40,40,40,40,40"
    body = shared_server.http.get("/api/games/horse_racing/board-odds", params={"board": steps}).json()
    assert body["board"] == [1] + [40] * 10
    assert body["win"]["2"] > 0.8  # one step to go: horse 2 wins unless it is scratched first


def test_board_odds_default_board_is_even_a(shared_server):
    body = shared_server.http.get("/api/games/horse_racing/board-odds").json()
    assert body["board"] == "even-a"


def test_board_odds_refuse_a_bad_board_with_a_sentence(shared_server):
    for bad in ("nope", "1,2,3", "3,6,8,11,14,17,14,11,8,6,x", "0,6,8,11,14,17,14,11,8,6,3"):
        response = shared_server.http.get("/api/games/horse_racing/board-odds", params={"board": bad})
        assert response.status_code == 400, bad
        body = response.json()
        assert body["code"] == "bad_options"
        assert body["message"].startswith("Option 'board'"), body["message"]
