"""docker-compose.yml: the app (built from the Dockerfile), PostgreSQL and Redis with health
checks, the app waiting for both to be healthy, and the app's settings pointing at them.

No Docker engine runs here; the same topology runs with real processes in
tests/app/test_multiprocess.py."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import yaml

from app.core.config import Settings
from app.core.db import normalise_url

ROOT = Path(__file__).resolve().parents[1]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_three_services_each_with_a_health_check():
    services = compose()["services"]
    assert set(services) == {"app", "postgres", "redis"}
    for name, service in services.items():
        check = service["healthcheck"]
        assert check["test"] and check["interval"] and check["retries"] > 0, name
    assert "pg_isready" in " ".join(services["postgres"]["healthcheck"]["test"])
    assert "ping" in services["redis"]["healthcheck"]["test"]
    assert services["postgres"]["image"].startswith("postgres:")
    assert services["redis"]["image"].startswith("redis:")


def test_the_app_is_built_here_and_waits_for_healthy_postgres_and_redis():
    app = compose()["services"]["app"]
    assert app["build"] == "."
    assert (ROOT / "Dockerfile").exists()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "paddock" in dockerfile.split("CMD", 1)[1] and "serve" in dockerfile.split("CMD", 1)[1]
    assert app["depends_on"] == {
        "postgres": {"condition": "service_healthy"},
        "redis": {"condition": "service_healthy"},
    }


def test_the_apps_settings_point_at_the_compose_postgres_and_redis(monkeypatch):
    services = compose()["services"]
    for key, value in services["app"]["environment"].items():
        monkeypatch.setenv(key, str(value))
    settings = Settings()
    database = urlsplit(normalise_url(settings.database_url))
    assert database.scheme == "postgresql+psycopg"
    assert database.hostname == "postgres" and (database.port or 5432) == 5432
    pg = services["postgres"]["environment"]
    assert database.username == pg["POSTGRES_USER"] and database.password == pg["POSTGRES_PASSWORD"]
    assert database.path == "/" + pg["POSTGRES_DB"]
    broadcast = urlsplit(settings.broadcast_url)
    assert broadcast.scheme == "redis" and broadcast.hostname == "redis" and broadcast.port == 6379
    assert settings.host == "0.0.0.0" and settings.port == 8000
