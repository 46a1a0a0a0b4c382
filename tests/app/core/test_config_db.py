"""Settings from the environment, database URL forms, SQLite in WAL mode."""

import threading

import pytest
import sqlalchemy as sa

from app.core.config import Settings
from app.core.db import make_engine, normalise_url
from app.core.migrate import upgrade


def test_defaults_and_environment(monkeypatch):
    for name in ("DATABASE_URL", "BROADCAST_URL", "HOST", "PORT"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings()
    assert settings.database_url == "sqlite:///paddock.db" and settings.broadcast_url == "memory://"
    assert (settings.host, settings.port) == ("127.0.0.1", 8000) and settings.max_message_bytes > 0
    monkeypatch.setenv("DATABASE_URL", "postgresql://u@h/db")
    monkeypatch.setenv("PORT", "9001")
    monkeypatch.setenv("BOT_DELAY", "0")
    settings = Settings()
    assert (
        settings.database_url == "postgresql://u@h/db" and settings.port == 9001 and settings.bot_delay == 0
    )


def test_plain_postgres_urls_pick_psycopg3():
    assert normalise_url("postgresql://u@h:5432/db") == "postgresql+psycopg://u@h:5432/db"
    assert normalise_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"


def test_sqlite_file_is_created_in_wal_mode_and_migrated(tmp_path):
    database = make_engine(f"sqlite:///{tmp_path / 'new.db'}")
    try:
        upgrade(database)
        upgrade(database)  # idempotent at every start
        with database.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert {"rooms", "seats", "actions"} <= set(sa.inspect(database).get_table_names())
    finally:
        database.dispose()
    assert (tmp_path / "new.db").exists()


@pytest.mark.postgres
def test_a_plain_postgresql_url_connects_with_psycopg3(postgres_url):
    plain = postgres_url.replace("postgresql+psycopg://", "postgresql://", 1)
    assert plain.startswith("postgresql://")
    database = make_engine(plain)
    try:
        with database.connect() as conn:
            assert conn.scalar(sa.text("select 1")) == 1
        assert database.dialect.driver == "psycopg"
    finally:
        database.dispose()


@pytest.mark.postgres
def test_processes_migrating_one_postgres_database_at_once_do_not_collide(postgres_url):
    """Each `upgrade` waits for the migration advisory lock; the later ones find nothing to do."""
    engines = [make_engine(postgres_url) for _ in range(3)]
    errors = []

    def migrate(database):
        try:
            upgrade(database)
        except Exception as exc:  # noqa: BLE001 - collected and reported
            errors.append(exc)

    threads = [threading.Thread(target=migrate, args=(e,)) for e in engines]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert errors == []
        assert {"rooms", "seats", "actions"} <= set(sa.inspect(engines[0]).get_table_names())
        with engines[0].connect() as conn:
            assert conn.scalar(sa.text("select count(*) from alembic_version")) == 1
    finally:
        for database in engines:
            database.dispose()
