"""Prepared statements (the play path's fast way to run Core statements on the driver's cursor)
give what SQLAlchemy's own execution gives, on a SQLite file and on PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from app.core.db import make_engine
from app.core.prepared import Prepared, PreparedSet

METADATA = sa.MetaData()
THINGS = sa.Table(
    "things",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(20)),
    sa.Column("data", sa.JSON, nullable=True),
    sa.Column("flag", sa.Boolean),
    sa.Column("score", sa.Float, nullable=True),
    sa.Column("at", sa.DateTime(timezone=True)),
)
ROWS = [
    {"name": "a", "data": {"nested": [1, {"x": None}], "text": "é"}, "flag": True, "score": 1.5},
    {"name": "b", "data": [1, 2, 3], "flag": False, "score": None},
]
SELECT = sa.select(THINGS).where(THINGS.c.flag == sa.bindparam("flag")).order_by(THINGS.c.id)
UPDATE = sa.update(THINGS).where(THINGS.c.name == sa.bindparam("which"))
AT = datetime(2026, 12, 1, 12, 30, tzinfo=UTC)


@pytest.fixture
def things(database_url):
    """The table THINGS holding ROWS (written by a prepared insert), on the database_url."""
    engine = make_engine(database_url)
    METADATA.create_all(engine)
    try:
        with engine.begin() as conn:
            insert = Prepared(sa.insert(THINGS), conn.dialect, ("name", "data", "flag", "score", "at"))
            insert.run_many(conn, [{**row, "at": AT} for row in ROWS])
        yield engine
    finally:
        METADATA.drop_all(engine)
        engine.dispose()


def test_prepared_statements_read_and_write_like_core(things):
    engine = things
    with engine.begin() as conn:
        for flag in (True, False):
            core = [dict(row) for row in conn.execute(SELECT, {"flag": flag}).mappings()]
            fast = Prepared(SELECT, conn.dialect).rows(conn, {"flag": flag})
            assert fast == core
            assert fast[0]["data"] == next(r["data"] for r in ROWS if r["flag"] is flag)
            assert fast[0]["flag"] is flag
    with engine.begin() as conn:
        update = Prepared(UPDATE, conn.dialect, ("data", "score"))
        assert update.run(conn, {"which": "b", "data": {"now": True}, "score": 2.0}) == 1
        assert update.run(conn, {"which": "nobody", "data": None, "score": None}) == 0
    with engine.begin() as conn:
        changed = conn.execute(sa.select(THINGS.c.data, THINGS.c.score).where(THINGS.c.name == "b")).one()
        assert (changed.data, changed.score) == ({"now": True}, 2.0)
        assert conn.execute(sa.select(THINGS.c.at).where(THINGS.c.name == "a")).scalar_one() in (
            AT,
            AT.replace(tzinfo=None),  # SQLite keeps no time zone
        )


def test_a_prepared_set_compiles_each_statement_once_per_dialect(sqlite_url):
    engine = make_engine(sqlite_url)
    METADATA.create_all(engine)
    compiled: list[str] = []
    prepared = PreparedSet()

    def make(dialect):
        compiled.append(dialect.name)
        return Prepared(SELECT, dialect)

    try:
        for _ in range(3):
            with engine.begin() as conn:
                assert prepared.get(conn, "select", make).rows(conn, {"flag": True}) == []
        assert compiled == ["sqlite"]
    finally:
        engine.dispose()


def test_writes_run_together_each_tell_the_rows_they_touched(things):
    """Several writes in one go (on PostgreSQL, one pipeline): each one's count is its own,
    in order, and each sees the writes before it in the same transaction."""
    engine = things
    guarded = sa.update(THINGS).where(
        THINGS.c.name == sa.bindparam("which"), THINGS.c.score == sa.bindparam("was")
    )
    with engine.begin() as conn:
        update = Prepared(guarded, conn.dialect, ("score",))
        touched = Prepared.run_together(
            conn,
            [
                (update, {"which": "a", "was": 1.5, "score": 2.5}),
                (update, {"which": "b", "was": 9.0, "score": 3.0}),  # b's score is not 9
                (update, {"which": "a", "was": 2.5, "score": 3.5}),  # sees the first write
                (update, {"which": "a", "was": 1.5, "score": 0.0}),  # no longer 1.5
            ],
        )
        assert touched == [1, 0, 1, 0]
        assert Prepared.run_together(conn, [(update, {"which": "b", "was": None, "score": 1.0})]) == [0]
    with engine.begin() as conn:
        scores = dict(conn.execute(sa.select(THINGS.c.name, THINGS.c.score)).all())
        assert scores == {"a": 3.5, "b": None}


def test_writes_run_together_fail_as_one_transaction(things):
    """An error in one of the writes run together raises, and nothing of the transaction stays."""
    engine = things
    by_name = sa.update(THINGS).where(THINGS.c.name == sa.bindparam("which"))
    with pytest.raises(Exception) as raised, engine.begin() as conn:
        Prepared.run_together(
            conn,
            [
                (Prepared(by_name, conn.dialect, ("score",)), {"which": "a", "score": 7.0}),
                (Prepared(by_name, conn.dialect, ("id",)), {"which": "b", "id": 1}),  # a's id
            ],
        )
    assert "unique" in str(raised.value).lower() or "duplicate" in str(raised.value).lower()
    with engine.begin() as conn:
        assert dict(conn.execute(sa.select(THINGS.c.name, THINGS.c.score)).all()) == {
            "a": 1.5,
            "b": None,
        }
