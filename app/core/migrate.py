"""Apply the Alembic migrations in `migrations/` programmatically at start-up."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

from app.resources import MIGRATIONS_DIR

# Advisory lock key held while migrating on PostgreSQL ("paddock" in ASCII).
MIGRATION_LOCK = 0x7061646465636B


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema (creates it on first run)."""
    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes starting together: one migrates, the others wait here
            # (the lock ends with the transaction) and then find nothing left to do.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
