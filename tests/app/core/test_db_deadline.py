"""The checkout of a pooled PostgreSQL connection (app.core.db_deadline): a connection in use
a moment ago with nothing waiting on its socket is handed out without a ping; one idle long
enough, or one whose server spoke or hung up meanwhile, is pinged, and replaced if dead."""

from __future__ import annotations

import time

import pytest
import sqlalchemy as sa

from app.core.db import normalise_url
from app.core.db_deadline import ConnectionDeadlines

pytestmark = pytest.mark.postgres


def pooled(url: str, ping_idle: float) -> sa.Engine:
    engine = sa.create_engine(normalise_url(url), pool_size=1, max_overflow=0)
    ConnectionDeadlines(engine, 10.0, ping_idle=ping_idle)
    return engine


def last_query(observer: sa.Engine, pid: int) -> str | None:
    with observer.connect() as conn:
        return conn.execute(
            sa.text("SELECT query FROM pg_stat_activity WHERE pid = :pid"), {"pid": pid}
        ).scalar()


def query_at_second_checkout(url: str, ping_idle: float) -> str | None:
    """What the pooled connection's backend ran last once it was checked out a second time."""
    engine, observer = pooled(url, ping_idle), sa.create_engine(normalise_url(url), poolclass=sa.NullPool)
    try:
        with engine.connect() as conn:
            pid = conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
        assert last_query(observer, pid) == "ROLLBACK"  # the pool's reset at checkin
        with engine.connect():
            return last_query(observer, pid)
    finally:
        engine.dispose()
        observer.dispose()


def test_a_connection_used_a_moment_ago_is_handed_out_without_a_ping(postgres_url):
    assert query_at_second_checkout(postgres_url, ping_idle=60.0) == "ROLLBACK"


def test_a_connection_idle_past_the_limit_is_pinged(postgres_url):
    # ping_idle 0: every checkout counts as idle too long (the limit is 5 s in the server).
    assert query_at_second_checkout(postgres_url, ping_idle=0.0) == "SELECT 1"


def test_a_connection_whose_backend_was_ended_is_replaced_at_checkout_with_no_error(postgres_url):
    """As at a PostgreSQL restart: the backend says FATAL and hangs up. Used a moment ago, the
    connection is still pinged because its socket has something waiting, fails the ping, and
    a new connection serves the checkout; the caller sees nothing of it."""
    engine, observer = (
        pooled(postgres_url, 60.0),
        sa.create_engine(normalise_url(postgres_url), poolclass=sa.NullPool),
    )
    try:
        with engine.connect() as conn:
            pid = conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one()
        with observer.connect() as conn:
            assert conn.execute(sa.text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}).scalar()
        end = time.monotonic() + 30
        while last_query(observer, pid) is not None:  # until the backend is gone
            assert time.monotonic() < end, "the backend did not end"
            time.sleep(0.05)
        with engine.connect() as conn:
            assert conn.execute(sa.text("SELECT pg_backend_pid()")).scalar_one() != pid
    finally:
        engine.dispose()
        observer.dispose()
