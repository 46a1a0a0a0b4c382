"""Alembic environment. The app passes its connection in `config.attributes`;
run from the command line (`alembic -c migrations/alembic.ini upgrade head`) it
uses DATABASE_URL from the settings."""

from alembic import context

from app.models import Base

config = context.config
target_metadata = Base.metadata


def run(connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run(connection)
        return
    from app.core.config import Settings
    from app.core.db import make_engine

    engine = make_engine(Settings().database_url)
    with engine.begin() as connection:
        run(connection)


if context.is_offline_mode():
    raise SystemExit("Offline migrations are not supported; run against a database.")
run_online()
