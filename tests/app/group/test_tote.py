"""The tote (app.rooms.tote, app.ws.tote): named spectators back contenders with the evening's
play chips over the socket while the tote is open; every watcher sees the pools and the payout
per chip move, each named spectator also its own chips and bets; refusals are sentences and
change nothing; the pool is shared pari-mutuel at the end (split on a shared win, refunded
when nobody backed the winner); the chips follow the series into the rematch; bets are stored
and survive a new server on the same database. The toy game's tote closes before its last round.
"""

from __future__ import annotations

import asyncio
import time

import pytest
import sqlalchemy

from app.broadcast.base import RESYNC
from engine.tote.closing import register
from tests.app.conftest import settings_for, toy_tote_closes
from tests.app.rooms.test_pipeline import game, run, service_on
from tests.utils.live_server import LiveServer, bearer, create_room, join, start

PUBLIC_KEYS = {"type", "open", "pools", "total", "payout", "settled", "rail", "you"}


pytestmark = pytest.mark.usefixtures("toy_tote")


def started(server, rounds=2, seed=None):
    """Ann (host, seat 0) and Bo (seat 1) in a started toy game."""
    options = {"rounds": rounds} if seed is None else {"rounds": rounds, "seed": seed}
    room = create_room(server.http, name="Ann", options=options)
    bo = join(server.http, room["code"], "Bo")
    start(server.http, room["code"], room["token"])
    return room["code"], [room["token"], bo["token"]]


def browser_key(name: str) -> str:
    """The spectator key of the browser `name` watches from (the page keeps one per browser)."""
    return f"browser-of-{name}-0123456789"[:64]


def spectator(server, code, name=None, key=None):
    """A spectator socket; named, it is the browser of that name (its spectator key), as the
    page's would be, so its tote account follows it into the rematch."""
    ws = server.socket(code)
    key = key or (browser_key(name) if name is not None else None)
    ws.send({"type": "hello"} if key is None else {"type": "hello", "spectator": key})
    ws.wait_for(lambda m: m["type"] == "spectator")
    if name is not None:
        ws.send({"type": "spectate", "name": name})
        ws.wait_for(lambda m: m["type"] == "spectator" and m["name"] == name)
    return ws


def tote(ws, match=lambda m: True):
    return ws.wait_for(lambda m: m["type"] == "tote" and match(m))


def refused(ws, code):
    error = ws.wait_for(lambda m: m["type"] == "error")
    assert error["code"] == code and error["message"].endswith(".")
    return error


def public(server, code):
    return server.http.get(f"/api/rooms/{code}/tote").json()


def play_round(server, code, tokens, picks):
    """Each seat picks its number for one round (the toy game's simultaneous move)."""
    for token, n in zip(tokens, picks, strict=True):
        with server.socket(code) as ws:
            ws.hello(token)
            v = ws.state()["v"]
            ws.send({"type": "act", "v": v, "action": {"type": "pick", "n": n}})
            ws.wait_for(lambda m, v=v: m["type"] == "state" and m["v"] > v or m["type"] == "error")


def test_backing_moves_the_pools_and_payouts_for_every_watcher_and_only_mine_is_mine(shared_server):
    code, tokens = started(shared_server)
    with (
        spectator(shared_server, code, "Greta") as greta,
        spectator(shared_server, code, "Hal") as hal,
        spectator(shared_server, code) as lurker,
        shared_server.socket(code) as ann,
    ):
        ann.hello(tokens[0])
        first = tote(greta)
        assert first["open"] is True and first["pools"] == {"0": 0, "1": 0}
        assert first["you"] == {"name": "Greta", "chips": 100, "bets": {}, "won": None}
        greta.send({"type": "back", "contender": "0", "chips": 30})
        mine = tote(greta, lambda m: m["total"] == 30)
        assert mine["you"]["chips"] == 70 and mine["you"]["bets"] == {"0": 30}
        assert mine["payout"] == {"0": 1.0, "1": None}
        seen_by_hal = tote(hal, lambda m: m["total"] == 30)
        assert seen_by_hal["you"] == {"name": "Hal", "chips": 100, "bets": {}, "won": None}
        assert "you" not in tote(lurker, lambda m: m["total"] == 30)
        hal.send({"type": "back", "contender": "1", "chips": 10})
        moved = tote(greta, lambda m: m["total"] == 40)
        assert moved["pools"] == {"0": 30, "1": 10} and moved["payout"] == {"0": 1.33, "1": 4.0}
        assert moved["you"]["chips"] == 70
        greta.send({"type": "back", "contender": "0", "chips": 5})  # one may back again
        tote(greta, lambda m: m["total"] == 45 and m["you"]["bets"] == {"0": 35})
        for message in greta.received + lurker.received:
            if message["type"] == "tote":
                assert set(message) <= PUBLIC_KEYS
        # A seated player never sees the tote while "odds for players" is off.
        ann.drain(quiet=0.5)
        assert not [m for m in ann.received if m["type"] == "tote"]
    assert public(shared_server, code)["pools"] == {"0": 35, "1": 10}


def test_refusals_are_sentences_and_change_nothing(shared_server):
    code, tokens = started(shared_server)
    with (
        spectator(shared_server, code, "Greta") as greta,
        spectator(shared_server, code) as anonymous,
        shared_server.socket(code) as ann,
    ):
        ann.hello(tokens[0])
        ann.state()
        greta.send({"type": "back", "contender": "0", "chips": 60})
        tote(greta, lambda m: m["total"] == 60)
        for ws, message, code_ in (
            (greta, {"contender": "0", "chips": 41}, "tote_chips"),
            (greta, {"contender": "0", "chips": 0}, "tote_chips"),
            (greta, {"contender": "7", "chips": 5}, "tote_contender"),
            (anonymous, {"contender": "0", "chips": 5}, "tote_unnamed"),
            (ann, {"contender": "1", "chips": 5}, "tote_seated"),
        ):
            ws.send({"type": "back", **message})
            refused(ws, code_)
        assert public(shared_server, code)["pools"] == {"0": 60, "1": 0}
        play_round(shared_server, code, tokens, (1, 1))  # the last round: the tote closes
        closed = tote(greta, lambda m: m["open"] is False)
        assert closed["pools"] == {"0": 60, "1": 0}
        greta.send({"type": "back", "contender": "1", "chips": 5})
        error = refused(greta, "tote_closed")
        assert "closed" in error["message"]
    assert public(shared_server, code)["pools"] == {"0": 60, "1": 0}


def test_the_winners_backers_share_the_pool_and_the_rail_shows_it(shared_server):
    code, tokens = started(shared_server)
    with spectator(shared_server, code, "Greta") as greta, spectator(shared_server, code, "Hal") as hal:
        greta.send({"type": "back", "contender": "0", "chips": 30})
        tote(greta, lambda m: m["total"] == 30)
        hal.send({"type": "back", "contender": "1", "chips": 50})
        tote(greta, lambda m: m["total"] == 80)
        play_round(shared_server, code, tokens, (3, 1))
        play_round(shared_server, code, tokens, (3, 1))  # Ann (seat 0) wins
        end = tote(greta, lambda m: m["settled"])
        assert end["you"] == {"name": "Greta", "chips": 150, "bets": {"0": 30}, "won": 80}
        assert end["rail"] == [{"name": "Greta", "chips": 150}, {"name": "Hal", "chips": 50}]
        assert tote(hal, lambda m: m["settled"])["you"]["won"] == 0
    series = shared_server.http.get(f"/api/rooms/{code}/series").json()
    assert series["rail"] == end["rail"]


def test_a_shared_win_splits_and_nobody_on_the_winner_refunds(shared_server):
    split, tokens = started(shared_server, rounds=1)
    refund, refund_tokens = started(shared_server, rounds=1)
    register("toy", lambda state: False)  # the toy's one round: the tote stays open till the end
    try:
        with spectator(shared_server, split, "Greta") as greta, spectator(shared_server, split, "Hal") as hal:
            greta.send({"type": "back", "contender": "0", "chips": 20})
            tote(greta, lambda m: m["total"] == 20)
            hal.send({"type": "back", "contender": "1", "chips": 30})
            tote(greta, lambda m: m["total"] == 50)
            play_round(shared_server, split, tokens, (2, 2))  # a tie: both win
            assert tote(greta, lambda m: m["settled"])["you"]["won"] == 25
            assert tote(hal, lambda m: m["settled"])["you"]["won"] == 25
        with spectator(shared_server, refund, "Ida") as ida, spectator(shared_server, refund, "Jo") as jo:
            ida.send({"type": "back", "contender": "1", "chips": 20})
            tote(ida, lambda m: m["total"] == 20)
            jo.send({"type": "back", "contender": "1", "chips": 30})
            tote(ida, lambda m: m["total"] == 50)
            play_round(shared_server, refund, refund_tokens, (3, 1))  # Ann wins, nobody backed her
            end = tote(ida, lambda m: m["settled"])
            assert end["you"]["won"] == 20 and end["you"]["chips"] == 100
            assert end["rail"] == [{"name": "Ida", "chips": 100}, {"name": "Jo", "chips": 100}]
    finally:
        register("toy", toy_tote_closes)


def test_the_chips_follow_the_series_into_the_rematch(shared_server):
    http = shared_server.http
    code, tokens = started(shared_server)
    with spectator(shared_server, code, "Greta") as greta:
        greta.send({"type": "back", "contender": "1", "chips": 40})
        tote(greta, lambda m: m["total"] == 40)
        play_round(shared_server, code, tokens, (1, 3))
        play_round(shared_server, code, tokens, (1, 3))  # Bo wins: Greta gets the pool back, 100
    with spectator(shared_server, code, "Hal") as hal:  # a named spectator joining late
        assert tote(hal)["settled"] is True
    response = http.post(f"/api/rooms/{code}/rematch", headers=bearer(tokens[0]))
    new = response.json()["code"]
    with shared_server.socket(code) as bo:
        bo.hello(tokens[1])
        new_tokens = [response.json()["token"], bo.wait_for(lambda m: m["type"] == "rematch")["token"]]
    start(http, new, new_tokens[0])
    with spectator(shared_server, new, "Greta") as greta, spectator(shared_server, new, "Ida") as ida:
        assert tote(greta, lambda m: "you" in m)["you"]["chips"] == 100
        greta.send({"type": "back", "contender": "0", "chips": 70})
        tote(greta, lambda m: m["total"] == 70)
        ida.send({"type": "back", "contender": "1", "chips": 30})
        tote(greta, lambda m: m["total"] == 100)
        play_round(shared_server, new, new_tokens, (3, 1))
        play_round(shared_server, new, new_tokens, (3, 1))  # Ann wins: Greta takes all 100
        end = tote(greta, lambda m: m["settled"])
        assert end["you"]["chips"] == 130
    series = http.get(f"/api/rooms/{new}/series").json()
    assert series["rail"] == [{"name": "Greta", "chips": 130}, {"name": "Ida", "chips": 70}]
    assert http.get(f"/api/rooms/{code}/series").json()["rail"] == [{"name": "Greta", "chips": 100}]


def test_bets_survive_a_new_server_on_the_same_database(tmp_path):
    url = f"sqlite:///{tmp_path / 'paddock.db'}"
    with LiveServer(settings_for(url)) as server:
        code, tokens = started(server)
        with spectator(server, code, "Greta") as greta:
            greta.send({"type": "back", "contender": "0", "chips": 25})
            tote(greta, lambda m: m["total"] == 25)
    with LiveServer(settings_for(url)) as again:
        with spectator(again, code, "Greta") as greta:
            board = tote(greta, lambda m: "you" in m)
            assert board["pools"] == {"0": 25, "1": 0} and board["you"]["chips"] == 75
            play_round(again, code, tokens, (3, 1))
            play_round(again, code, tokens, (3, 1))
            assert tote(greta, lambda m: m["settled"])["you"] == {
                "name": "Greta",
                "chips": 100,
                "bets": {"0": 25},
                "won": 25,
            }


def test_players_see_the_tote_only_once_the_host_turns_odds_for_players_on(shared_server):
    code, tokens = started(shared_server)
    with spectator(shared_server, code, "Greta") as greta, shared_server.socket(code) as bo:
        bo.hello(tokens[1])
        bo.state()
        greta.send({"type": "back", "contender": "1", "chips": 10})
        tote(greta, lambda m: m["total"] == 10)
        bo.drain(quiet=0.5)
        assert not [m for m in bo.received if m["type"] == "tote"]
        on = shared_server.http.post(
            f"/api/rooms/{code}/odds/players", json={"on": True}, headers=bearer(tokens[0])
        )
        assert on.status_code == 200
        seen = tote(bo, lambda m: m["total"] == 10)
        assert "you" not in seen
        bo.send({"type": "back", "contender": "1", "chips": 5})  # still a seated player
        refused(bo, "tote_seated")


def first_tote(ws):
    """The first tote message of a socket (it may have come before the spectator's own)."""
    found = [m for m in ws.received if m["type"] == "tote"]
    return found[0] if found else tote(ws)


def test_the_board_is_read_once_then_kept_and_a_bet_replaces_it(shared_server):
    """The process keeps a room's board: a second spectator arriving and the tote closing read
    no tote row (whether it is open comes from the room in memory); a bet replaces the kept
    board, so the next arrival sees it; the end of a game with bets is settled from the rows."""
    code, tokens = started(shared_server)
    bind = shared_server.rooms.sessions.kw["bind"]
    reads: list[str] = []

    def count(conn, cursor, statement, *args):
        if "tote_bets" in statement and statement.lstrip().upper().startswith("SELECT"):
            reads.append(statement)

    sqlalchemy.event.listen(bind, "before_cursor_execute", count)
    try:
        with spectator(shared_server, code, "Greta") as greta:
            assert first_tote(greta)["open"] is True
            first_read = len(reads)
            assert first_read >= 1, "the first reader reads the board"
            with spectator(shared_server, code, "Hal") as hal:
                assert first_tote(hal)["pools"] == {"0": 0, "1": 0}
                assert len(reads) == first_read, "a second arrival reads no tote row"
                greta.send({"type": "back", "contender": "1", "chips": 20})
                tote(hal, lambda m: m["total"] == 20)
                after_bet = len(reads)
                with spectator(shared_server, code) as late:
                    assert first_tote(late)["pools"] == {"0": 0, "1": 20}
                play_round(shared_server, code, tokens, (1, 1))  # the last round: the tote closes
                assert tote(hal, lambda m: m["open"] is False)["pools"] == {"0": 0, "1": 20}
                assert len(reads) == after_bet, "closing reads no tote row"
                play_round(shared_server, code, tokens, (1, 3))  # Bo (seat 1) wins
                end = tote(greta, lambda m: m["settled"])
                assert end["you"]["won"] == 20 and len(reads) > after_bet
    finally:
        sqlalchemy.event.remove(bind, "before_cursor_execute", count)


def test_the_first_reader_of_a_board_reads_the_room_without_its_game_state(shared_server):
    """Reading a room's board (a spectator's first look) takes whether the tote is open from the
    room held in memory: the room's row is read without its game state."""
    code, _ = started(shared_server)
    bind = shared_server.rooms.sessions.kw["bind"]
    rooms_read: list[str] = []

    def count(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("SELECT") and "FROM rooms" in statement:
            rooms_read.append(statement)

    sqlalchemy.event.listen(bind, "before_cursor_execute", count)
    try:
        with spectator(shared_server, code, "Greta") as greta:
            assert first_tote(greta)["open"] is True
    finally:
        sqlalchemy.event.remove(bind, "before_cursor_execute", count)
    ormish = [statement for statement in rooms_read if "rooms.rematch_code" in statement]
    assert ormish, "the board's read of the room's row"
    assert not any("rooms.state" in statement for statement in ormish)


def test_a_board_heard_from_another_process_is_kept_and_a_resync_drops_it(shared_server):
    """Another process's bet arrives as its board: kept here, the room's record untouched. A
    RESYNC (this process heard the room again after a gap) drops the kept board: read next."""
    code, _ = started(shared_server)
    rooms = shared_server.rooms
    with spectator(shared_server, code, "Greta") as greta:
        first_tote(greta)
        heard = {"public": {**rooms.tote.boards[code]["public"], "total": 7}, "people": {}}
        rooms._remote_change(f"room:{code}", {"kind": "tote", "board": heard})
        assert rooms.tote.boards[code] is heard
        assert code in rooms.memory.records, "a bet elsewhere leaves the room's record as it was"
        rooms._remote_change(f"room:{code}", RESYNC)
        assert code not in rooms.tote.boards


def test_spectators_arriving_together_share_one_read_of_a_first_games_board(sqlite_url):
    """Spectators of a room arriving together (each socket's first look asks for the board)
    read it once; the first game of a series is the whole of its series, so its board reads
    its own bets only, not the series' rooms and balances."""
    rooms = service_on(sqlite_url)
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        if statement.lstrip().upper().startswith("SELECT"):
            statements.append(statement)

    async def scenario():
        code, _ = await game(rooms)
        await rooms.memory.record(code)  # the room held, as a spectator's sync leaves it
        sqlalchemy.event.listen(rooms.store.engine, "before_cursor_execute", count)
        try:
            since = time.monotonic()  # each heard the room's channel from here (its socket's)
            return await asyncio.gather(*(rooms.tote.board(code, since) for _ in range(4)))
        finally:
            sqlalchemy.event.remove(rooms.store.engine, "before_cursor_execute", count)

    boards = run(rooms, scenario=scenario())
    assert all(found == boards[0] for found in boards)
    assert boards[0]["public"]["pools"] == {"0": 0, "1": 0} and boards[0]["public"]["open"] is True
    assert len([s for s in statements if "FROM tote_bets" in s]) == 1, "one read, bets only"
    assert not [s for s in statements if "series_game <=" in s], "no read of the series' rooms"
