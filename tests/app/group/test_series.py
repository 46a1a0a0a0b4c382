"""An evening is a series (app.rooms.series): each rematch is the evening's next game, carries
the chat, and `GET /api/rooms/{code}/series` gives the running tally (wins, scores) of the
finished games up to that room; it is stored, so a new server on the same database has it."""

from __future__ import annotations

from tests.app.conftest import settings_for
from tests.app.group.toy import play_to_the_end
from tests.utils.live_server import LiveServer, bearer, create_room, join, start


def greeted(server, code, token=None):
    ws = server.socket(code)
    ws.hello(token)
    history = ws.wait_for(lambda m: m["type"] == "chat_history")
    ws.history = history["messages"]
    return ws


def play_game(server, code, tokens):
    """Start the room and play it to the end over one socket per seat; its final result."""
    start(server.http, code, tokens[0])
    sockets = {seat: server.socket(code) for seat in range(len(tokens))}
    for seat, token in enumerate(tokens):
        sockets[seat].hello(token)
    try:
        play_to_the_end(sockets)
        final = next(m for m in reversed(sockets[0].received) if m["type"] == "state" and m["over"])
        return final["view"]["result"]
    finally:
        for ws in sockets.values():
            ws.close()


def rematch(server, code, tokens):
    """The host asks for the rematch; each player's socket claims its seat there."""
    http = server.http
    response = http.post(f"/api/rooms/{code}/rematch", headers=bearer(tokens[0]))
    assert response.status_code == 200
    new = response.json()["code"]
    new_tokens = [response.json()["token"]]
    for token in tokens[1:]:
        with greeted(server, code, token) as ws:
            new_tokens.append(ws.wait_for(lambda m: m["type"] == "rematch")["token"])
    return new, new_tokens


def expected_tally(results, names):
    rows = {name: {"name": name, "games": 0, "wins": 0, "score": 0} for name in names}
    for result in results:
        for seat, name in enumerate(names):
            rows[name]["games"] += 1
            rows[name]["wins"] += seat in result["winners"]
            rows[name]["score"] += result["scores"][seat]
    return sorted(rows.values(), key=lambda r: (-r["wins"], -r["score"], r["name"].casefold()))


def test_three_rematches_keep_the_chat_count_the_games_and_tally_wins_and_scores(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann", options={"rounds": 1})
    bo = join(http, room["code"], "Bo")
    code, tokens = room["code"], [room["token"], bo["token"]]
    # The group's "start by itself when everyone is ready" follows each rematch.
    on = http.post(f"/api/rooms/{code}/auto-start", json={"on": True}, headers=bearer(tokens[0]))
    assert on.status_code == 200
    first = http.get(f"/api/rooms/{code}/series").json()
    assert first["game"] == 1 and first["series"] == code and first["tally"] == [] and first["finished"] == 0
    with greeted(shared_server, code, tokens[1]) as ws:
        ws.send({"type": "chat", "text": "ready for a long night"})
        ws.wait_for(lambda m: m["type"] == "chat")
    results = []
    codes = [code]
    for game in range(1, 4):
        results.append(play_game(shared_server, code, tokens))
        series = http.get(f"/api/rooms/{code}/series").json()
        assert series["game"] == game and series["finished"] == game
        assert series["tally"] == expected_tally(results, ["Ann", "Bo"])
        assert [g["code"] for g in series["games"]] == codes
        code, tokens = rematch(shared_server, code, tokens)
        codes.append(code)
        later = http.get(f"/api/rooms/{code}/series").json()
        assert later["game"] == game + 1 and later["series"] == codes[0]
        assert later["tally"] == series["tally"] and later["games"][-1]["status"] == "lobby"
        assert http.get(f"/api/rooms/{code}").json()["lobby"]["auto_start"] is True
        # The chat came along (with the lines of the games before).
        with greeted(shared_server, code) as fan:
            assert "ready for a long night" in [m.get("text") for m in fan.history]
    # The first room's series still ends with its own game.
    assert http.get(f"/api/rooms/{codes[0]}/series").json()["finished"] == 1
    assert http.get("/api/rooms/nosuchroom1234/series").status_code == 404


def test_the_series_survives_a_new_server_on_the_same_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'paddock.db'}"
    with LiveServer(settings_for(url)) as server:
        room = create_room(server.http, name="Ann", options={"rounds": 1})
        bo = join(server.http, room["code"], "Bo")
        tokens = [room["token"], bo["token"]]
        play_game(server, room["code"], tokens)
        new, _ = rematch(server, room["code"], tokens)
        before = server.http.get(f"/api/rooms/{new}/series").json()
    with LiveServer(settings_for(url)) as again:
        after = again.http.get(f"/api/rooms/{new}/series").json()
    assert after == before and after["game"] == 2 and after["finished"] == 1
