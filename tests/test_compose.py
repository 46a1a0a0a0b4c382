"""docker-compose.yml: the app (built from the Dockerfile), PostgreSQL and Redis with health
checks, the app waiting for both to be healthy, and the app's settings pointing at them;
the app checked by its readiness endpoint and restarted when it exits; the Dockerfile
installing the wheel (not editable) and running as an unprivileged user.

No Docker engine runs here; the same topology runs with real processes in
tests/app/test_multiprocess.py."""

from __future__ import annotations

import shlex
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from app.core.config import Settings
from app.core.db import normalise_url

ROOT = Path(__file__).resolve().parents[1]
WHEEL_SOURCES = (
    "pyproject.toml",
    "setup.py",
    "README.md",
    "app",
    "engine",
    "templates",
    "static",
    "migrations",
)


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


def test_health_checks_use_the_readiness_endpoint_and_postgres_over_tcp():
    services = compose()["services"]
    app_check = " ".join(services["app"]["healthcheck"]["test"])
    assert "/readyz" in app_check and "/api/games" not in app_check
    pg_check = shlex.split(" ".join(services["postgres"]["healthcheck"]["test"][1:]))
    assert pg_check[0] == "pg_isready" and "-h" in pg_check
    assert pg_check[pg_check.index("-h") + 1] in ("127.0.0.1", "localhost")
    assert pg_check[pg_check.index("-U") + 1] == services["postgres"]["environment"]["POSTGRES_USER"]


def test_the_app_is_restarted_when_it_exits():
    """`paddock serve` exits when PostgreSQL or Redis is unreachable at start: it must come back."""
    for name, service in compose()["services"].items():
        assert service.get("restart") in ("always", "unless-stopped", "on-failure"), name


def dockerfile_instructions() -> list[tuple[str, str]]:
    text = (ROOT / "Dockerfile").read_text().replace("\\\n", " ")
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1] if " " in line else "") for line in lines]


def test_the_image_installs_the_wheel_and_runs_as_an_unprivileged_user():
    instructions = dockerfile_instructions()
    final_stage = instructions[max(i for i, (op, _) in enumerate(instructions) if op == "FROM") :]
    runs = [arg for op, arg in instructions if op == "RUN"]
    assert any("pip wheel" in run for run in runs), "the wheel is built"
    installs = [arg for op, arg in final_stage if op == "RUN" and "pip install" in arg]
    assert installs and all(".whl" in run and " -e " not in f" {run} " for run in installs), installs
    assert all("--editable" not in run for run in runs)
    users = [arg for op, arg in final_stage if op == "USER"]
    assert users and users[-1] not in ("root", "0"), "the server must not run as root"
    # The build stage copies everything the wheel is made of.
    copied = " ".join(arg for op, arg in instructions if op == "COPY" and "--from" not in arg)
    for source in WHEEL_SOURCES:
        assert source in copied.split(), source
