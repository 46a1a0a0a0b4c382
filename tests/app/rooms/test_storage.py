"""Storage on SQLite and PostgreSQL: every accepted action is logged with the state it made,
the log rebuilds the stored state, and concurrent actions on one version never both apply."""

from __future__ import annotations

import threading

import sqlalchemy as sa

from app.core.db import make_engine
from app.rooms.replay import rebuild
from tests.utils.choices import spelled_out
from tests.utils.db import stored
from tests.utils.live_server import bearer, create_room, join, start

PIP = "ponies_in_pursuit"


def assert_log_rebuilds_state(db_url, code):
    room, actions = stored(db_url, code)
    assert [seq for seq, _, _ in actions] == list(range(1, room["version"] + 1))
    rebuilt = rebuild(
        room["game"],
        room["options"],
        room["seat_count"],
        room["seed"],
        [(seat, action) for _, seat, action in actions],
    )
    # The stored state keeps no log; the rows keep each action's events, append-only.
    assert {**rebuilt, "log": []} == room["state"] and rebuilt["log"] == room["log"]
    return room


def newest_revision() -> str:
    from alembic.script import ScriptDirectory

    from app.core.migrate import alembic_config

    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_migrations_create_the_tables(db_server, database_url):
    database = make_engine(database_url)
    try:
        names = set(sa.inspect(database).get_table_names())
        with database.connect() as conn:
            head = conn.execute(sa.text("select version_num from alembic_version")).scalar_one()
    finally:
        database.dispose()
    assert {"rooms", "seats", "actions", "alembic_version"} <= names and head == newest_revision()


def test_the_migrated_schema_matches_the_models(database_url):
    """`alembic upgrade head` builds every table and column the models declare (the tote's bet
    versions of migration 0011 included), with nothing missing or left over."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from app.core.migrate import upgrade
    from app.models import Base

    database = make_engine(database_url)
    try:
        upgrade(database)
        with database.connect() as conn:
            differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
            columns = {column["name"] for column in sa.inspect(conn).get_columns("tote_bets")}
    finally:
        database.dispose()
    assert differences == []
    assert "v" in columns


def test_rebuilding_a_room_from_its_log_gives_the_stored_state(db_server, database_url):
    http = db_server.http
    room = create_room(http, game=PIP, name="Ann", options={"rounds": 2})
    code = room["code"]
    http.post(f"/api/rooms/{code}/bots", json={"count": 2}, headers=bearer(room["token"]))
    start(http, code, room["token"])
    checked_mid_game = False
    with db_server.socket(code) as ann:
        ann.hello(room["token"])
        while True:
            state = ann.state()
            if state["over"]:
                break
            if 0 in state["view"]["to_act"]:
                if state["v"] > 0 and not checked_mid_game:
                    assert assert_log_rebuilds_state(database_url, code)["status"] == "playing"
                    checked_mid_game = True
                submit = next(a for a in state["actions"] if a["type"] == "submit")
                ann.send({"type": "act", "v": state["v"], "action": submit})
    assert checked_mid_game
    assert assert_log_rebuilds_state(database_url, code)["status"] == "over"


def _race(db_server, code, tokens, choose):
    """One socket per token, all released together to act against version 0."""
    clients = [db_server.socket(code) for _ in tokens]
    try:
        for client, token in zip(clients, tokens, strict=True):
            client.hello(token)
        firsts = [client.state() for client in clients]
        go = threading.Barrier(len(clients))

        def submit(client, state, index):
            go.wait()
            client.send({"type": "act", "v": 0, "action": choose(state, index)})

        threads = [
            threading.Thread(target=submit, args=(client, state, index))
            for index, (client, state) in enumerate(zip(clients, firsts, strict=True))
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for client in clients:
            client.wait_for(lambda m: m["type"] == "state" and m["v"] >= 1)
            client.answered()  # a stale refusal may come after the state (it once came late)
        return sum(m["type"] == "error" and m["code"] == "stale" for c in clients for m in c.received)
    finally:
        for client in clients:
            client.close()


def test_simultaneous_submissions_of_different_seats_all_count(db_server, database_url):
    """PIP-8: four seats sealing their submissions against the same version are all accepted:
    one seat's submission never makes another's stale."""
    http = db_server.http
    host = create_room(http, game=PIP, name="Ann", options={"rounds": 1})
    code = host["code"]
    others = [join(http, code, name) for name in ("Bo", "Cy", "Di")]
    start(http, code, host["token"])

    def first_submission(state, _):
        return next(a for a in state["actions"] if a["type"] == "submit")

    stale = _race(db_server, code, [host["token"]] + [o["token"] for o in others], first_submission)
    room = assert_log_rebuilds_state(database_url, code)
    assert stale == 0 and room["version"] == 4


def test_one_seat_acting_twice_on_one_version_applies_once(db_server, database_url):
    """Two sockets of the same seat race against version 0: exactly one action is applied,
    the other is stale (no two actions against the same decision)."""
    http = db_server.http
    host = create_room(http, game=PIP, name="Ann", options={"rounds": 1})
    code = host["code"]
    join(http, code, "Bo")
    start(http, code, host["token"])

    def different_submissions(state, index):
        return [a for a in spelled_out(state["actions"]) if a["type"] == "submit"][index]

    stale = _race(db_server, code, [host["token"]] * 2, different_submissions)
    room = assert_log_rebuilds_state(database_url, code)
    assert room["version"] == 1 and stale == 1
