"""Every bad HTTP input is a 400 with a sentence naming the field (issue 13): strict types (no
bool/text -> number), the turn timer's bounds, Infinity / 1e400 / NaN anywhere, and storage
failures as a 503 with a sentence instead of "Something went wrong"."""

from __future__ import annotations

import pytest
from sqlalchemy.orm import sessionmaker

from app.core.db import make_engine
from tests.utils.live_server import LiveServer, bearer, create_room, join, start

from ..conftest import settings_for


def refused(response, status: int = 400) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["type"] == "error" and body["message"].endswith("."), body
    assert "Traceback" not in body["message"] and "float" not in body["message"], body
    return body


def raw_post(http, path: str, text: str, headers: dict | None = None):
    headers = {"content-type": "application/json", **(headers or {})}
    return http.post(path, content=text.encode(), headers=headers)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Default settings (the 5-second minimum timer included), limits off: this module floods."""
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", min_turn_seconds=5, rate_limits=False)) as live:
        yield live


@pytest.mark.parametrize(
    "value",
    [True, "5", "30", [5], {"s": 5}],
)
def test_turn_seconds_is_never_coerced_from_a_bool_or_text(server, value):
    body = refused(server.http.post("/api/rooms", json={"game": "toy", "turn_seconds": value}))
    assert body["code"] == "bad_request" and body["params"]["field"] == "turn_seconds"
    assert "'turn_seconds' must be a number" in body["message"]


@pytest.mark.parametrize("value", [1e-9, 0.5, 4.99, -5, 86_401, 1e12])
def test_turn_seconds_is_bounded_from_5_seconds_to_24_hours(server, value):
    body = refused(server.http.post("/api/rooms", json={"game": "toy", "turn_seconds": value}))
    assert body["code"] == "bad_options" and body["params"]["option"] == "turn_seconds"
    assert body["message"] == (
        "The turn timer 'turn_seconds' must be between 5 and 86400 seconds (0 for no timer)."
    )


@pytest.mark.parametrize("value", [5, 5.5, 86_400, 0])
def test_turn_seconds_inside_the_bounds_or_off_is_accepted(server, value):
    room = create_room(server.http, turn_seconds=value)
    summary = server.http.get(f"/api/rooms/{room['code']}").json()
    assert summary["timer_seconds"] == (value or None)


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "NaN", "1e400", "-1e400"])
def test_non_finite_turn_seconds_is_a_sentence(server, literal):
    text = '{"game": "toy", "turn_seconds": LITERAL}'.replace("LITERAL", literal)
    body = refused(raw_post(server.http, "/api/rooms", text))
    assert body["params"]["field"] == "turn_seconds"
    assert body["message"] == "The value of 'turn_seconds' must be a finite number."


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ('{"races": Infinity}', "races"),
        ('{"races": 1e400}', "races"),
        ('{"races": NaN}', "races"),
        ('{"board": [1e400, 6, 8, 11, 14, 17, 14, 11, 8, 6, 3]}', "board"),
        ('{"board": [3, 6, 8, 11, 14, NaN, 14, 11, 8, 6, 3]}', "board"),
        ('{"seed": Infinity}', "seed"),
    ],
)
def test_infinity_and_nan_in_options_are_a_400_naming_the_option(server, options, option):
    text = '{"game": "horse_racing", "options": OPTIONS}'.replace("OPTIONS", options)
    body = refused(raw_post(server.http, "/api/rooms", text))
    assert body["code"] == "bad_options" and body["params"]["option"] == option
    assert body["message"] == f"Option '{option}' must be a finite number."


def test_the_engine_itself_refuses_non_finite_board_and_races():
    """Behind the HTTP check, the options' own checks give sentences too (never OverflowError)."""
    from engine.games.horse_racing.board import check_board
    from engine.games.horse_racing.game import check_races

    for bad in (float("inf"), float("nan")):
        with pytest.raises(ValueError, match="Option 'races'"):
            check_races(bad)
        with pytest.raises(ValueError, match="Option 'board'"):
            check_board([bad] + [6] * 10)


@pytest.mark.parametrize("first", ["²", "Infinity", "1e400", "NaN", "٣", "99999999999999999999", "-Infinity"])
def test_board_odds_refuse_odd_digits_and_non_finite_numbers_with_a_sentence(server, first):
    board = first + ",6,8,11,14,17,14,11,8,6,3"
    body = refused(server.http.get("/api/games/horse_racing/board-odds", params={"board": board}))
    assert body["code"] == "bad_options" and body["message"].startswith("Option 'board'")


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/rooms", {"game": 5}, "game"),
        ("/api/rooms", {"game": "toy", "name": 7}, "name"),
        ("/api/rooms", {"game": "toy", "options": "rounds=2"}, "options"),
        ("/api/rooms", {"game": True}, "game"),
    ],
)
def test_strict_types_in_create_room(server, path, body, field):
    answer = refused(server.http.post(path, json=body))
    assert answer["params"]["field"] == field and f"'{field}'" in answer["message"]


def test_strict_types_in_join_and_bots(server):
    room = create_room(server.http)
    code = room["code"]
    answer = refused(server.http.post(f"/api/rooms/{code}/join", json={"name": 12}))
    assert answer["params"]["field"] == "name" and answer["message"] == "The value of 'name' must be text."
    for count in (True, "2", 1.5, "Infinity"):
        answer = refused(
            server.http.post(f"/api/rooms/{code}/bots", json={"count": count}, headers=bearer(room["token"]))
        )
        assert answer["params"]["field"] == "count"
        assert answer["message"] == "The value of 'count' must be a whole number."
    answer = refused(
        raw_post(server.http, f"/api/rooms/{code}/bots", '{"count": 1e400}', headers=bearer(room["token"]))
    )
    assert answer["params"]["field"] == "count"


def test_options_of_the_game_name_the_field_in_their_sentence(server):
    for options, option in (({"rounds": True}, "rounds"), ({"rounds": "2"}, "rounds"), ({"mode": 3}, "mode")):
        body = refused(server.http.post("/api/rooms", json={"game": "toy", "options": options}))
        assert body["code"] == "bad_options" and body["params"]["option"] == option
        assert f"'{option}'" in body["message"]


def test_replay_views_refuse_huge_and_non_numeric_steps(server):
    room = create_room(server.http, options={"rounds": 1})
    code = room["code"]
    for value in ("1e400", "Infinity", "NaN", "true"):
        body = refused(server.http.get(f"/api/rooms/{code}/replay/views", params={"from": value, "to": 1}))
        assert body["params"]["field"] == "from"


def test_a_storage_failure_is_a_503_with_a_sentence(server, tmp_path):
    """The database turns read-only under a running server: writes get 503 and a sentence."""
    room = create_room(server.http)
    friend = join(server.http, room["code"], "Bo")
    rooms = server.rooms
    path = server.settings.database_url.removeprefix("sqlite:///")
    read_only = make_engine(f"sqlite:///file:{path}?mode=ro&uri=true")
    writable = rooms.store.sessions
    rooms.store.sessions = sessionmaker(read_only, expire_on_commit=False)
    try:
        for response in (
            server.http.post("/api/rooms", json={"game": "toy"}),
            server.http.post(f"/api/rooms/{room['code']}/join", json={"name": "Cy"}),
            server.http.post(f"/api/rooms/{room['code']}/start", headers=bearer(room["token"])),
        ):
            body = refused(response, 503)
            assert body["code"] == "storage_unavailable"
            assert body["message"].startswith("The game storage is not available right now")
            assert response.headers["Retry-After"] == "5"
    finally:
        rooms.store.sessions = writable
        read_only.dispose()
    start(server.http, room["code"], room["token"])  # fine again once the database is
    assert friend["seat"] == 1
