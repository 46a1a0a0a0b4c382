"""Settings from the environment, database URL forms, SQLite in WAL mode."""

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
