"""Tote chips belong to a spectator's identity, not to a name (issue 42, finding 3): Greta bet
30 and her phone slept; another browser asked for "Greta", saw her 70 chips and her bet and
spent them, and "greta" was a fresh 100-chip account, so one person could fill the pools
without limit. Now the account is the browser's (derived on the server from its spectator key
and the series), a name that backed in the series is its account's alone, look-alikes folded,
and one address opens at most TOTE_ACCOUNTS_PER_ADDRESS accounts in a room."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from tests.app.conftest import settings_for
from tests.app.group.test_tote import browser_key, refused, spectator, started, tote
from tests.utils.live_server import LiveServer

pytestmark = pytest.mark.usefixtures("toy_tote")

GRETA = browser_key("Greta")
OTHER = browser_key("someone-else")


def named(server, code, name, key, headers=None):
    """A spectator socket of the browser `key` asking for `name`: the `spectator` reply, or the
    error refusing it."""
    ws = server.socket(code, headers)
    ws.send({"type": "hello", "spectator": key})
    ws.wait_for(lambda m: m["type"] == "spectator")
    ws.send({"type": "spectate", "name": name})
    return ws, ws.wait_for(lambda m: m["type"] == "error" or m["type"] == "spectator" and m["name"] == name)


def test_another_browser_asking_for_a_name_whose_account_holds_chips_is_refused(shared_server):
    code, _tokens = started(shared_server)
    with spectator(shared_server, code, "Greta", key=GRETA) as greta:
        greta.send({"type": "back", "contender": "0", "chips": 30})
        assert tote(greta, lambda m: m["total"] == 30)["you"]["chips"] == 70
    # Her phone sleeps (the socket is gone). Another browser asks for her name, in any case or
    # with a Cyrillic look-alike: refused.
    for name in ("Greta", "greta", "GRETA", "Grеta"):
        ws, answer = named(shared_server, code, name, OTHER)
        with ws:
            assert answer["type"] == "error" and answer["code"] == "name_taken", name
            assert answer["message"].endswith(".")
            ws.send({"type": "back", "contender": "1", "chips": 10})
            assert refused(ws, "tote_unnamed")
    # Under a name of its own it is a fresh account: none of Greta's chips or bets.
    ws, answer = named(shared_server, code, "Hal", OTHER)
    with ws:
        assert answer["type"] == "spectator"
        mine = tote(ws, lambda m: "you" in m)["you"]
        assert mine == {"name": "Hal", "chips": 100, "bets": {}, "won": None}
        ws.send({"type": "back", "contender": "1", "chips": 100})
        assert tote(ws, lambda m: m["total"] == 130)["you"]["chips"] == 0
        ws.send({"type": "back", "contender": "1", "chips": 1})  # Greta's 70 are not Hal's
        assert refused(ws, "tote_chips")["params"]["chips"] == 0
    # Greta's browser comes back: her name, her chips, her bet.
    ws, answer = named(shared_server, code, "Greta", GRETA)
    with ws:
        assert answer["type"] == "spectator"
        assert tote(ws, lambda m: "you" in m)["you"] == {
            "name": "Greta",
            "chips": 70,
            "bets": {"0": 30},
            "won": None,
        }


def test_you_goes_only_to_the_identity_whose_account_it_is(shared_server):
    """Two sockets of Greta's browser both see her chips; a socket of another browser that
    takes her name while she is connected is refused, and sees nothing of hers."""
    code, _tokens = started(shared_server)
    with (
        spectator(shared_server, code, "Greta", key=GRETA) as one,
        spectator(shared_server, code, "Greta", key=GRETA) as two,
    ):
        one.send({"type": "back", "contender": "1", "chips": 25})
        assert tote(two, lambda m: m["total"] == 25)["you"]["chips"] == 75
        ws, answer = named(shared_server, code, "greta", OTHER)
        with ws:
            assert answer["code"] == "name_taken"
            assert all("you" not in m for m in ws.received if m["type"] == "tote")


@pytest.fixture(scope="module")
def capped(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", tote_accounts_per_address=2)) as live:
        yield live


def test_an_address_opens_at_most_the_cap_of_fresh_accounts_in_a_room(capped):
    code, _tokens = started(capped)
    here = {"X-Forwarded-For": "203.0.113.9"}
    sockets = []
    try:
        for n in range(3):
            ws, answer = named(capped, code, f"Fan {n}", browser_key(f"fan-{n}"), here)
            sockets.append(ws)
            assert answer["type"] == "spectator"
        for ws in sockets[:2]:
            ws.send({"type": "back", "contender": "0", "chips": 10})
            tote(ws, lambda m: m["you"]["bets"] == {"0": 10})
        sockets[2].send({"type": "back", "contender": "0", "chips": 10})
        error = refused(sockets[2], "tote_accounts")
        assert error["params"]["max"] == 2
        # An account already open backs on; another address opens its own.
        sockets[0].send({"type": "back", "contender": "1", "chips": 5})
        assert tote(sockets[0], lambda m: m["you"]["bets"] == {"0": 10, "1": 5})["total"] == 25
        ws, answer = named(
            capped, code, "Elsewhere", browser_key("elsewhere"), {"X-Forwarded-For": "203.0.113.10"}
        )
        sockets.append(ws)
        ws.send({"type": "back", "contender": "0", "chips": 10})
        assert tote(ws, lambda m: m["total"] == 35)["you"]["chips"] == 90
        # The same address's /64 rule holds for IPv6 too (app.core.ratelimit.limit_key).
        for n, address in enumerate(("2001:db8:7:7::1", "2001:db8:7:7::2", "2001:db8:7:7::3")):
            ws, _ = named(capped, code, f"Six {n}", browser_key(f"six-{n}"), {"X-Forwarded-For": address})
            sockets.append(ws)
            ws.send({"type": "back", "contender": "1", "chips": 1})
            if n < 2:
                tote(ws, lambda m: m["you"]["bets"] == {"1": 1})
            else:
                refused(ws, "tote_accounts")
    finally:
        for ws in sockets:
            ws.close()


def test_bets_stored_before_accounts_read_as_the_accounts_of_their_names(database_url):
    """Rows of migration 0011 become the account `name:<name>`: the board, the rail and the
    replay read as before, and nobody can take an old backer's name over."""
    from alembic import command

    from app.core.db import make_engine
    from app.core.migrate import alembic_config
    from app.models import Room
    from app.rooms.tote import board, history

    database = make_engine(database_url)
    try:
        config = alembic_config()
        with database.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0011_tote_bet_versions")
        with database.begin() as connection:
            connection.execute(
                sa.text(
                    "INSERT INTO rooms (id, code, game, options, seed, seeded, status, version, "
                    "created_at) VALUES (1, 'oldroom', 'toy', '{}', 1, false, 'over', 3, CURRENT_TIMESTAMP)"
                )
            )
            for position, name in enumerate(("Ann", "Bo")):
                connection.execute(
                    sa.text(
                        "INSERT INTO seats (room_id, position, name, is_bot, is_host, has_left) "
                        "VALUES (1, :p, :n, false, false, false)"
                    ),
                    {"p": position, "n": name},
                )
            for name, contender, chips in (("Greta", "0", 30), ("Hal", "1", 50), ("Greta", "0", 10)):
                connection.execute(
                    sa.text(
                        "INSERT INTO tote_bets (room_id, name, contender, chips, v, created_at) "
                        "VALUES (1, :n, :c, :k, 1, CURRENT_TIMESTAMP)"
                    ),
                    {"n": name, "c": contender, "k": chips},
                )
            for name, chips in (("Greta", 90), ("Hal", 0)):
                connection.execute(
                    sa.text(
                        "INSERT INTO tote_payouts (room_id, name, chips, created_at) "
                        "VALUES (1, :n, :k, CURRENT_TIMESTAMP)"
                    ),
                    {"n": name, "k": chips},
                )
        with database.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        with sa.orm.Session(database) as session:
            room = session.scalars(sa.select(Room)).one()
            found = board(session, room, open_now=False)
            replay = history(session, room)
    finally:
        database.dispose()
    assert found["public"]["rail"] == [{"name": "Greta", "chips": 150}, {"name": "Hal", "chips": 50}]
    assert found["people"]["name:Greta"] == {"chips": 150, "bets": {"0": 40}, "won": 90}
    assert found["names"] == {"Greta": "name:Greta", "Hal": "name:Hal"}
    assert replay["payouts"] == {"Greta": 90, "Hal": 0} and len(replay["bets"]) == 3
