"""What is stored is what the engine declared: an action is normalised to its type's fields
before it is stored or logged (issue: abuse-proof server — a legal action carrying a list
nested ~254 deep used to be stored as sent and broke `/log` and `/replay` for that room)."""

from __future__ import annotations

from tests.utils.choices import as_stored
from tests.utils.db import stored
from tests.utils.live_server import bearer, create_room, start

PIP = "ponies_in_pursuit"


def nested(depth: int) -> list:
    root: list = []
    current = root
    for _ in range(depth):
        inner: list = []
        current.append(inner)
        current = inner
    return root


def test_junk_riding_on_a_legal_action_is_refused_and_never_stored(server):
    http = server.http
    host = create_room(http, game=PIP, name="Ann", options={"rounds": 1})
    code = host["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 1}, headers=bearer(host["token"]))
    start(http, code, host["token"])
    with server.socket(code) as ann:
        ann.hello(host["token"])
        frame = ann.state()
        legal = next(a for a in frame["actions"] if a["type"] == "submit")
        for junk in (
            {**legal, "junk": nested(250)},
            {**legal, "cards": [nested(250)]},
            {**legal, "x": "y" * 9000},
        ):
            ann.send({"type": "act", "v": frame["v"], "action": junk})
            error = ann.error()
            # Nesting this deep is refused before parsing goes on (app.core.json_shape).
            assert error["code"] in ("bad_action", "too_deep") and error["message"].endswith(".")
        ann.send({"type": "act", "v": frame["v"], "action": legal})
        while not frame["over"]:
            frame = ann.state()
    room, actions = stored(server.settings.database_url, code)
    assert [action for _, seat, action in actions if seat == 0] == [as_stored(legal)], "no `choose` is stored"
    assert http.get(f"/api/rooms/{code}/log").status_code == 200
    replay = http.get(f"/api/rooms/{code}/replay")
    assert replay.status_code == 200 and replay.json()["steps"][0]["action"] in (
        as_stored(legal),
        *[a for _, _, a in actions],
    )
