"""Named spectators (app.rooms.spectators): a spectator picks a name, unique in the room with the
seats' names; every socket's room summary lists and counts them; anonymous watching stays; a
muted spectator is told at once; refusals are sentences and change nothing."""

from __future__ import annotations

from tests.utils.live_server import bearer, create_room, join


def greeted(server, code, token=None, browser=None):
    """A socket that said hello: with a seat's token, or as a spectator (of the browser whose
    spectator key is `browser`, as the page sends it; None: an old client that sends none)."""
    ws = server.socket(code)
    if browser is None:
        ws.hello(token)
    else:
        ws.send({"type": "hello", "spectator": browser})
    ws.wait_for(lambda m: m["type"] == "chat_history")
    if token is None:  # a spectator is told its id (and that it has no name yet)
        ws.first = ws.wait_for(lambda m: m["type"] == "spectator")
    return ws


def spectator_reply(ws):
    return ws.wait_for(lambda m: m["type"] == "spectator")


def listing(ws, names):
    """Wait for a room summary that lists exactly `names` as spectators."""
    return ws.wait_for(
        lambda m: m["type"] == "room" and [s["name"] for s in m["spectators"]["named"]] == names
    )["spectators"]


def test_a_named_spectator_is_listed_and_counted_on_every_socket_and_chats_under_the_name(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    friend = join(http, room["code"], "Bo")
    code = room["code"]
    with greeted(shared_server, code, room["token"]) as ann:
        with (
            greeted(shared_server, code, friend["token"]) as bo,
            greeted(shared_server, code) as fan,
            greeted(shared_server, code) as lurker,
        ):
            hello = fan.first
            assert hello["name"] is None and hello["muted"] is False and hello["id"]
            fan.send({"type": "spectate", "name": "  Greta   Garbo "})
            reply = spectator_reply(fan)
            assert reply["name"] == "Greta Garbo" and reply["id"] == hello["id"]
            for ws in (ann, bo, lurker):  # (the namer may get its room message before its reply)
                seen = listing(ws, ["Greta Garbo"])
                assert seen["count"] == 1 and seen["named"][0]["id"] == hello["id"]
            assert http.get(f"/api/rooms/{code}").json()["spectators"]["count"] == 1
            fan.send({"type": "chat", "text": "go Bo"})
            line = ann.wait_for(lambda m: m["type"] == "chat")
            assert line["name"] == "Greta Garbo" and line["seat"] is None
            assert line["from"] == f"spec:{hello['id']}"
            # Anonymous again: listed no more.
            fan.send({"type": "spectate", "name": None})
            assert spectator_reply(fan)["name"] is None
            assert listing(ann, [])["count"] == 0
            fan.send({"type": "spectate", "name": "Greta"})
            listing(ann, ["Greta"])
        # Her socket closed: the others see her go.
        assert listing(ann, [])["count"] == 0
        assert http.get(f"/api/rooms/{code}").json()["spectators"] == {"count": 0, "named": []}


def test_a_name_already_taken_is_refused_in_words_and_changes_nothing(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with (
        greeted(shared_server, code, room["token"]) as ann,
        greeted(shared_server, code) as fan,
        greeted(shared_server, code) as other,
    ):
        fan.send({"type": "spectate", "name": "Greta"})
        assert spectator_reply(fan)["name"] == "Greta"
        listing(ann, ["Greta"])
        for taken in ("ANN", "greta", "Ａｎｎ"):  # a seat's, another spectator's, a look-alike
            other.send({"type": "spectate", "name": taken})
            error = other.error()
            assert error["code"] == "name_taken" and "already called" in error["message"]
        other.send({"type": "spectate", "name": "Spectator 12"})
        assert other.error()["code"] == "bad_name"
        other.send({"type": "spectate", "name": "x" * 41})
        assert other.error()["code"] == "bad_name"
        ann.send({"type": "spectate", "name": "Zed"})
        assert ann.error()["code"] == "seated"
        # A player cannot join under a spectator's name either; nothing changed.
        response = http.post(f"/api/rooms/{code}/join", json={"name": "GRETA"})
        assert response.status_code == 409 and response.json()["code"] == "name_taken"
        summary = http.get(f"/api/rooms/{code}").json()
        assert [s["name"] for s in summary["seats"]] == ["Ann"]
        assert summary["spectators"]["count"] == 1
        assert [s["name"] for s in summary["spectators"]["named"]] == ["Greta"]
        # Once Greta goes anonymous, the name is free for another spectator (a socket that has
        # not used up its naming burst: names cost like chat lines).
        fan.send({"type": "spectate", "name": ""})
        assert spectator_reply(fan)["name"] is None
        with greeted(shared_server, code) as third:
            third.send({"type": "spectate", "name": "greta"})
            assert spectator_reply(third)["name"] == "greta"


def test_a_muted_spectator_is_told_at_once_and_unmuted_too(shared_server):
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with greeted(shared_server, code, room["token"]) as ann, greeted(shared_server, code) as fan:
        fan.send({"type": "spectate", "name": "Greta"})
        me = spectator_reply(fan)
        fan.send({"type": "chat", "text": "hi"})
        ann.wait_for(lambda m: m["type"] == "chat")
        sender = f"spec:{me['id']}"
        # Only the host mutes.
        friend = join(http, code, "Bo")
        mute = f"/api/rooms/{code}/chat/mute"
        refused = http.post(mute, json={"from": sender}, headers=bearer(friend["token"]))
        assert refused.status_code == 403
        response = http.post(mute, json={"from": sender}, headers=bearer(room["token"]))
        assert response.status_code == 200
        told = spectator_reply(fan)
        assert told["muted"] is True and told["name"] == "Greta"
        fan.send({"type": "chat", "text": "still here"})
        assert fan.error()["code"] == "chat_muted"
        http.post(mute, json={"from": sender, "muted": False}, headers=bearer(room["token"]))
        assert spectator_reply(fan)["muted"] is False


def test_spectate_before_hello_and_bad_shapes_are_refused(shared_server):
    room = create_room(shared_server.http, name="Ann")
    with shared_server.socket(room["code"]) as ws:
        ws.send({"type": "spectate", "name": "Greta"})
        assert ws.error()["code"] == "hello_first"
        ws.send({"type": "spectate", "name": 5})
        assert ws.error()["code"] == "bad_message"


GRETAS_BROWSER = "k3y-of-Gretas-browser-0123456789"


def test_a_browser_that_reconnects_takes_its_name_back_while_its_old_socket_is_still_listed(shared_server):
    """A phone's connection drops and the page reconnects before the server has seen the old
    socket close (or the same link is opened in a second tab): the browser's spectator key
    makes it the same spectator, so its remembered name is its own, not "taken"; the name is
    listed once, and stays until the browser's last socket closes."""
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with greeted(shared_server, code, room["token"]) as ann:
        old = greeted(shared_server, code, browser=GRETAS_BROWSER)
        old.send({"type": "spectate", "name": "Greta"})
        first = spectator_reply(old)
        assert first["name"] == "Greta"
        listing(ann, ["Greta"])
        with greeted(shared_server, code, browser=GRETAS_BROWSER) as new:
            assert new.first["id"] == first["id"]  # the same spectator
            new.send({"type": "spectate", "name": "Greta"})
            assert spectator_reply(new)["name"] == "Greta"
            assert listing(ann, ["Greta"])["count"] == 1
            old.close()  # the old socket goes after all: she is still listed, once
            told = ann.wait_for(lambda m: m["type"] == "room")
            assert told["spectators"] == {"count": 1, "named": [{"id": first["id"], "name": "Greta"}]}
            new.send({"type": "chat", "text": "back again"})
            assert ann.wait_for(lambda m: m["type"] == "chat")["from"] == f"spec:{first['id']}"
            # Another browser still cannot take her name.
            with greeted(shared_server, code, browser="another-browser-key-0123456789") as other:
                assert other.first["id"] != first["id"]
                other.send({"type": "spectate", "name": "Greta"})
                assert other.error()["code"] == "name_taken"
        assert listing(ann, [])["count"] == 0


def test_the_spectator_key_stays_with_its_browser_and_only_its_public_id_is_shown(shared_server):
    """The key is the browser's secret: the id others see (in the listing, on chat lines) is
    derived from it and does not reveal it, so nobody can speak or be muted as another
    spectator; sockets that send no key are each their own spectator, as before."""
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with (
        greeted(shared_server, code, room["token"]) as ann,
        greeted(shared_server, code, browser=GRETAS_BROWSER) as fan,
        greeted(shared_server, code) as one,
        greeted(shared_server, code) as two,
    ):
        assert GRETAS_BROWSER not in fan.first["id"] and fan.first["id"] not in GRETAS_BROWSER
        assert one.first["id"] != two.first["id"]
        fan.send({"type": "spectate", "name": "Greta"})
        spectator_reply(fan)
        fan.send({"type": "chat", "text": "hello"})
        ann.wait_for(lambda m: m["type"] == "chat")
        listing(one, ["Greta"])
        for ws in (ann, one, two):
            assert not any(GRETAS_BROWSER in str(message) for message in ws.received)


def test_a_muted_spectator_stays_muted_after_reloading_the_page(shared_server):
    """Muting follows the spectator, not the connection: a reload is no way out of it."""
    http = shared_server.http
    room = create_room(http, name="Ann")
    code = room["code"]
    with greeted(shared_server, code, browser=GRETAS_BROWSER) as fan:
        sender = f"spec:{fan.first['id']}"
        fan.send({"type": "chat", "text": "boo"})  # (the host mutes someone who spoke)
        fan.wait_for(lambda m: m["type"] == "chat")
        mute = f"/api/rooms/{code}/chat/mute"
        response = http.post(mute, json={"from": sender}, headers=bearer(room["token"]))
        assert response.status_code == 200
        assert spectator_reply(fan)["muted"] is True
    with greeted(shared_server, code, browser=GRETAS_BROWSER) as again:
        assert again.first["muted"] is True
        again.send({"type": "chat", "text": "unmuted by a reload?"})
        assert again.error()["code"] == "chat_muted"


def test_a_spectator_key_of_the_wrong_shape_is_refused_in_words(shared_server):
    room = create_room(shared_server.http, name="Ann")
    with shared_server.socket(room["code"]) as ws:
        ws.send({"type": "hello", "spectator": "short"})
        assert ws.error()["code"] == "bad_message"


def test_a_browser_has_another_id_in_another_room(shared_server):
    """Who watches which rooms is not told by the ids: the same browser is another spectator
    id in each room."""
    http = shared_server.http
    first, second = create_room(http, name="Ann"), create_room(http, name="Bo")
    with (
        greeted(shared_server, first["code"], browser=GRETAS_BROWSER) as here,
        greeted(shared_server, second["code"], browser=GRETAS_BROWSER) as there,
    ):
        assert here.first["id"] != there.first["id"]
