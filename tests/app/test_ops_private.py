"""Tokens and operations kept private (issue 20, finding 6): every answer that carries a seat
token says `Cache-Control: no-store`; `/metrics` and the reasons of `/readyz` (database host,
driver errors) are for operators only: the OPS_TOKEN as a bearer token or, with none set, a
request from the machine itself. Before: no no-store on create/join/claim, both public."""

from __future__ import annotations

import pytest

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room, join, start

OPS_TOKEN = "operators-only-1234"


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", ops_token=OPS_TOKEN)) as live:
        yield live


def test_every_answer_carrying_a_token_is_not_stored(guarded):
    http = guarded.http
    created = http.post("/api/rooms", json={"game": "toy", "name": "Ann"})
    assert "token" in created.json() and created.headers["cache-control"] == "no-store"
    code, host = created.json()["code"], created.json()["token"]
    joined = http.post(f"/api/rooms/{code}/join", json={"name": "Bo"})
    assert "token" in joined.json() and joined.headers["cache-control"] == "no-store"
    link = http.post(f"/api/rooms/{code}/seats/1/link", headers=bearer(host)).json()
    claimed = http.post(f"/api/rooms/{code}/seat-link/claim", json={"code": link["path"].split("=", 1)[1]})
    assert "token" in claimed.json() and claimed.headers["cache-control"] == "no-store"
    # Every other API answer too (nothing of a room is for a shared cache), and errors.
    assert http.get(f"/api/rooms/{code}").headers["cache-control"] == "no-store"
    assert http.post("/api/rooms", json={}).headers["cache-control"] == "no-store"


def test_a_rematch_answer_is_not_stored(guarded):
    from tests.app.group.toy import finished_room_with_a_friend_and_a_bot

    room, _friend = finished_room_with_a_friend_and_a_bot(guarded)
    rematch = guarded.http.post(f"/api/rooms/{room['code']}/rematch", headers=bearer(room["token"]))
    assert "token" in rematch.json() and rematch.headers["cache-control"] == "no-store"


def test_readyz_is_a_bare_status_and_metrics_are_refused_without_the_ops_token(guarded):
    http = guarded.http
    public = http.get("/readyz")
    assert public.status_code == 200 and public.json() == {"status": "ready"}
    operator = http.get("/readyz", headers=bearer(OPS_TOKEN))
    assert operator.json() == {"status": "ready", "checks": {"database": "ok"}}
    refused = http.get("/metrics")
    assert refused.status_code == 403 and refused.json()["code"] == "operators_only"
    assert "paddock_" not in refused.text
    assert http.get("/metrics", headers=bearer("wrong")).status_code == 403
    allowed = http.get("/metrics", headers=bearer(OPS_TOKEN))
    assert allowed.status_code == 200 and "paddock_" in allowed.text


def test_without_an_ops_token_only_the_machine_itself_is_an_operator(server):
    """The test client is on loopback: it sees the details; the rule for other addresses is
    the same function (app.routes.ops.is_operator), checked here with a forged scope."""
    from starlette.requests import Request

    from app.routes.ops import is_operator

    assert server.http.get("/metrics").status_code == 200
    assert "checks" in server.http.get("/readyz").json()

    def request_from(host: str) -> Request:
        return Request({"type": "http", "headers": [], "client": (host, 1234), "app": server.app})

    assert is_operator(request_from("127.0.0.1")) and is_operator(request_from("::1"))
    assert not is_operator(request_from("192.0.2.7")) and not is_operator(request_from("unknown"))


def test_a_game_still_plays_with_the_guarded_settings(guarded):
    room = create_room(guarded.http)
    friend = join(guarded.http, room["code"], "Bo")
    start(guarded.http, room["code"], room["token"])
    with guarded.socket(room["code"]) as bo:
        bo.hello(friend["token"])
        assert bo.state()["view"]["you"] == 1


@pytest.mark.parametrize("path", ["/openapi.json", "/docs", "/redoc"])
def test_the_api_map_is_refused_without_the_ops_token(guarded, path):
    """Issue 42, finding 7: /docs, /redoc and /openapi.json answered anyone."""
    http = guarded.http
    for headers in ({}, bearer("wrong")):
        refused = http.get(path, headers=headers)
        assert refused.status_code == 403 and refused.json()["code"] == "operators_only"
        assert "/api/rooms" not in refused.text
    allowed = http.get(path, headers=bearer(OPS_TOKEN))
    assert allowed.status_code == 200 and allowed.headers["cache-control"] == "no-store"
    if path == "/openapi.json":
        assert "/api/rooms/{code}/join" in allowed.json()["paths"]


def test_without_an_ops_token_the_api_map_is_for_the_machine_itself(server):
    """Another address (X-Forwarded-For, trusted from the loopback proxy) is refused."""
    assert server.http.get("/openapi.json").status_code == 200
    elsewhere = server.http.get("/openapi.json", headers={"X-Forwarded-For": "192.0.2.7"})
    assert elsewhere.status_code == 403 and elsewhere.json()["code"] == "operators_only"
