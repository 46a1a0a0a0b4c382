"""Fixtures for the server tests: the toy game, databases (SQLite and PostgreSQL), live servers."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from app.core.config import Settings
from app.core.db import normalise_url
from engine.registry import register
from engine.tote import closing as tote_closing
from tests.engine.toy_game import ToyGame
from tests.utils.live_server import LiveServer

register(ToyGame())


def toy_tote_closes(state) -> bool:
    """The toy game's tote closes before its last round (engine/tote/closing.py)."""
    return state["round"] >= state["options"]["rounds"]


@pytest.fixture(scope="module")
def toy_tote():
    """Give the toy game a tote closing point for a module's tests."""
    tote_closing.register("toy", toy_tote_closes)
    yield
    tote_closing.CLOSED.pop("toy", None)


TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
TEST_REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _postgres_schema_url() -> Iterator[str]:
    """A fresh schema on the test PostgreSQL server (dropped afterwards), so parallel runs never collide."""
    url = normalise_url(TEST_DATABASE_URL)
    admin = sa.create_engine(url)
    try:
        with admin.connect() as conn:
            conn.execute(sa.text("select 1"))
    except Exception as exc:  # noqa: BLE001 - any failure means "unreachable"
        admin.dispose()
        if os.environ.get("PADDOCK_REQUIRE_SERVICES"):
            pytest.fail(f"PostgreSQL at {TEST_DATABASE_URL} is required but unreachable: {exc}")
        pytest.skip(f"PostgreSQL at {TEST_DATABASE_URL} is unreachable (set TEST_DATABASE_URL)")
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with admin.begin() as conn:
        conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in url else "?"
    try:
        yield f"{url}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL schema (for tests that need PostgreSQL itself, e.g. several processes)."""
    yield from _postgres_schema_url()


@pytest.fixture(scope="module")
def module_postgres_url() -> Iterator[str]:
    """One fresh PostgreSQL schema for a whole module (e.g. one pair of server processes)."""
    yield from _postgres_schema_url()


def _require_redis() -> str:
    """The test Redis URL, or a skip (a failure under PADDOCK_REQUIRE_SERVICES) when unreachable."""
    import redis

    client = redis.Redis.from_url(TEST_REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as exc:
        if os.environ.get("PADDOCK_REQUIRE_SERVICES"):
            pytest.fail(f"Redis at {TEST_REDIS_URL} is required but unreachable: {exc}")
        pytest.skip(f"Redis at {TEST_REDIS_URL} is unreachable (set TEST_REDIS_URL)")
    finally:
        client.close()
    return TEST_REDIS_URL


@pytest.fixture(scope="module")
def redis_url() -> str:
    return _require_redis()


def delete_redis_prefix(url: str, prefix: str) -> int:
    """Delete every key under `prefix` (presence hashes, heartbeat and presence-since keys): the
    app gives them an expiry too, but a test run leaves nothing behind even for that long."""
    import redis

    client = redis.Redis.from_url(url, socket_connect_timeout=2)
    try:
        keys = list(client.scan_iter(match=f"{prefix}*", count=500))
        return client.delete(*keys) if keys else 0
    except redis.RedisError:
        return 0  # unreachable: the tests that needed it were skipped or failed already
    finally:
        client.close()


@pytest.fixture(scope="module")
def redis_prefix() -> Iterator[str]:
    """Unique key/channel prefix per test module, so parallel runs on one Redis never see each other;
    its keys are deleted after the module."""
    prefix = f"ptest:{uuid.uuid4().hex[:12]}:"
    yield prefix
    delete_redis_prefix(TEST_REDIS_URL, prefix)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request, tmp_path) -> Iterator[str]:
    """Each storage test runs on a SQLite file and on a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'paddock.db'}"
    else:
        yield from _postgres_schema_url()


@pytest.fixture
def sqlite_url(tmp_path) -> str:
    return f"sqlite:///{tmp_path / 'paddock.db'}"


def settings_for(url: str, **overrides) -> Settings:
    """Bots act at once, and room timers may be as short as one second (tests wait on them)."""
    overrides.setdefault("min_turn_seconds", 1)
    return Settings(database_url=url, bot_delay=0, **overrides)


@pytest.fixture
def server(sqlite_url) -> Iterator[LiveServer]:
    """A live server on a fresh SQLite file; bots act at once."""
    with LiveServer(settings_for(sqlite_url)) as live:
        yield live


@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgres+redis", marks=[pytest.mark.postgres, pytest.mark.redis])],
)
def shared_server(request, tmp_path_factory) -> Iterator[LiveServer]:
    """One live server for a whole module of tests that each make their own rooms: on a SQLite
    file with in-memory fan-out, and on a fresh PostgreSQL schema with Redis fan-out."""
    if request.param == "sqlite":
        path = tmp_path_factory.mktemp("db") / "paddock.db"
        with LiveServer(settings_for(f"sqlite:///{path}")) as live:
            yield live
        return
    redis_url = _require_redis()
    prefix = f"ptest:{uuid.uuid4().hex[:12]}:"
    for url in _postgres_schema_url():
        settings = settings_for(url, broadcast_url=redis_url, broadcast_prefix=prefix)
        try:
            with LiveServer(settings) as live:
                yield live
        finally:
            delete_redis_prefix(redis_url, prefix)


@pytest.fixture
def db_server(database_url) -> Iterator[LiveServer]:
    """A live server over each storage backend."""
    with LiveServer(settings_for(database_url)) as live:
        yield live
