"""Mutes that stick and chat budgets beyond one connection (issue 42, finding 5): a muted
spectator reconnected with a new spectator key and chatted again; the 32-entry mute list
filled; flood control was per connection only, so 23 sockets of one address wiped the
room's 50 kept lines in a second. Now a mute binds the sender's address for the room (an
IPv6 client by its /64), the list never fills, and every line counts against its address's
budget in the room, every spectator line against the room's."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from app.rooms.chat import MAX_MUTED
from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room, join


def spectator(server, code, address, key=None):
    """A spectator socket from `address` (X-Forwarded-For: the test client is the trusted
    loopback proxy), of the browser `key` (None: a client that sends no key)."""
    ws = server.socket(code, {"X-Forwarded-For": address})
    ws.send({"type": "hello"} if key is None else {"type": "hello", "spectator": key})
    ws.wait_for(lambda m: m["type"] == "chat_history")
    ws.first = ws.wait_for(lambda m: m["type"] == "spectator")
    return ws


def seat(server, code, token):
    ws = server.socket(code)
    ws.hello(token)
    ws.wait_for(lambda m: m["type"] == "chat_history")
    return ws


def say(ws, text):
    """Send a line: the error refusing it, or None once it came back."""
    ws.send({"type": "chat", "text": text})
    found = ws.wait_for(lambda m: m["type"] == "error" or m["type"] == "chat" and m["text"] == text)
    return found if found["type"] == "error" else None


def mute(server, room, sender, muted=True):
    answer = server.http.post(
        f"/api/rooms/{room['code']}/chat/mute",
        json={"from": sender, "muted": muted},
        headers=bearer(room["token"]),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_muted_spectator_coming_back_with_a_new_key_stays_muted(shared_server):
    room = create_room(shared_server.http, name="Ann")
    code = room["code"]
    with spectator(shared_server, code, "198.51.100.4", "the-trolls-first-key-0001") as troll:
        assert say(troll, "spam") is None
        mute(shared_server, room, f"spec:{troll.first['id']}")
    # A new key is a new spectator id: the address is muted still, also for a keyless socket.
    for key in ("the-trolls-second-key-0002", None):
        with spectator(shared_server, code, "198.51.100.4", key) as again:
            assert again.first["id"] != troll.first["id"]
            assert say(again, "spam again")["code"] == "chat_muted"
    # Another address is not; players at the troll's address are not either.
    with spectator(shared_server, code, "198.51.100.5", "someone-elses-key-000003") as other:
        assert say(other, "hello") is None
    # Unmuting lifts the address too.
    mute(shared_server, room, f"spec:{troll.first['id']}", muted=False)
    with spectator(shared_server, code, "198.51.100.4", "the-trolls-third-key-0003") as forgiven:
        assert say(forgiven, "sorry") is None


def test_a_muted_player_cannot_speak_from_a_spectator_socket_of_their_address(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    friend = join(http, room["code"], "Bo")
    code = room["code"]
    with seat(shared_server, code, friend["token"]) as bo:
        assert say(bo, "hi") is None
        mute(shared_server, room, "seat:1")
        assert say(bo, "hi again")["code"] == "chat_muted"
    # (The test client's own address: the seat's lines came from there.)
    with spectator(shared_server, code, "127.0.0.1", "bos-other-browser-0001") as sneaky:
        assert say(sneaky, "it's me")["code"] == "chat_muted"
    with seat(shared_server, code, room["token"]) as ann:  # Ann shares the address, not the mute
        assert say(ann, "players still talk") is None


@pytest.fixture(scope="module")
def roomy(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", chat_room_limit="200/minute")) as live:
        yield live


def test_the_mute_list_never_fills(roomy):
    """More senders than the summary lists can be muted; the oldest drop out of the listing,
    not out of the mute."""
    room = create_room(roomy.http, name="Ann")
    code = room["code"]
    senders = []
    for n in range(MAX_MUTED + 4):
        with spectator(roomy, code, f"203.0.113.{n + 1}", f"fan-number-{n:04d}-key") as fan:
            assert say(fan, "hi") is None
            senders.append(f"spec:{fan.first['id']}")
    for sender in senders:
        listed = mute(roomy, room, sender)["chat"]["muted"]
    assert listed == senders[-MAX_MUTED:]
    with spectator(roomy, code, "203.0.113.1", "fan-number-0000-key") as first:
        assert first.first["id"] == senders[0].split(":", 1)[1]
        assert say(first, "am I free?")["code"] == "chat_muted"


@pytest.fixture(scope="module")
def budgeted(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    settings = settings_for(f"sqlite:///{path}", chat_address_limit="4/minute", chat_room_limit="6/minute")
    with LiveServer(settings) as live:
        yield live


def test_one_addresses_sockets_share_one_chat_budget_in_a_room(budgeted):
    room, other_room = create_room(budgeted.http, name="Ann"), create_room(budgeted.http, name="Bo")
    code = room["code"]
    sockets = [spectator(budgeted, code, "192.0.2.1") for _ in range(3)]
    try:
        answers = [say(ws, f"line {n} of {i}") for n in range(2) for i, ws in enumerate(sockets)]
        assert [a is None for a in answers] == [True] * 4 + [False] * 2
        assert answers[4]["code"] == "chat_slow" and answers[4]["params"]["retry_after"] >= 1
        with spectator(budgeted, code, "192.0.2.2") as elsewhere:
            assert say(elsewhere, "another address") is None
        with spectator(budgeted, other_room["code"], "192.0.2.1") as there:
            assert say(there, "another room") is None
    finally:
        for ws in sockets:
            ws.close()


def test_a_rooms_spectators_share_one_budget_and_players_keep_talking(budgeted):
    room = create_room(budgeted.http, name="Ann")
    code = room["code"]
    crowd = [spectator(budgeted, code, f"192.0.2.{10 + n}") for n in range(7)]
    try:
        answers = [say(ws, f"line of {n}") for n, ws in enumerate(crowd)]
        assert [a is None for a in answers] == [True] * 6 + [False]
        assert answers[6]["code"] == "chat_slow"
        with seat(budgeted, code, room["token"]) as ann:
            assert say(ann, "the host still talks") is None
    finally:
        for ws in crowd:
            ws.close()


def test_twenty_three_sockets_of_one_address_cannot_wash_the_kept_lines_away(shared_server):
    """The finding, with the default budgets: 23 sockets of one address, 5 lines each (each
    socket's own burst) at once; the line before them is still among the 50 kept."""
    room = create_room(shared_server.http, name="Ann")
    code = room["code"]
    with seat(shared_server, code, room["token"]) as ann:
        assert say(ann, "keep me") is None
    crowd = [spectator(shared_server, code, "192.0.2.99") for _ in range(23)]
    try:
        for n in range(5):
            for ws in crowd:
                ws.send({"type": "chat", "text": f"flood {n}"})
        for ws in crowd:  # every line answered: its echo, or a refusal
            answered(ws, 5)
    finally:
        with ThreadPoolExecutor(8) as pool:  # (one at a time, closing a busy socket takes a while)
            list(pool.map(lambda ws: ws.close(), crowd))
    with seat(shared_server, code, room["token"]) as late:
        history = [m.get("text") for m in late.received[-1]["messages"]]
    assert "keep me" in history
    assert sum(str(text).startswith("flood") for text in history) <= 20  # the address's budget


def answered(ws, lines):
    """Wait until this socket's `lines` lines were each echoed or refused."""
    mine = f"spec:{ws.first['id']}"

    def count() -> int:
        return sum(m["type"] == "error" or m["type"] == "chat" and m["from"] == mine for m in ws.received)

    if count() < lines:
        ws.wait_for(lambda m: count() >= lines)
