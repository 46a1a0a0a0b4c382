"""docker-compose.yml: the app (built from the Dockerfile), PostgreSQL and Redis with health
checks, nginx in front of the app replicas (deploy/nginx.conf, the file tests/app/test_proxy.py
runs with Debian's nginx), the app waiting for both to be healthy, and the app's settings pointing at them;
the app checked by its readiness endpoint and restarted when it exits; the Dockerfile
installing the wheel (not editable) and running as an unprivileged user.

No Docker engine runs here; the same topology runs with real processes in
tests/app/test_multiprocess.py."""

from __future__ import annotations

import ipaddress
import re
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


def test_four_services_each_with_a_health_check():
    services = compose()["services"]
    assert set(services) == {"app", "postgres", "redis", "proxy"}
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


def nginx_conf() -> str:
    return re.sub(r"#[^\n]*", "", (ROOT / "deploy" / "nginx.conf").read_text())


def test_the_proxy_is_official_nginx_with_the_deploy_config_and_the_only_published_port():
    services = compose()["services"]
    proxy = services["proxy"]
    assert re.fullmatch(r"nginx:[\w.-]+", proxy["image"]), proxy["image"]
    mounts = [volume.split(":") for volume in proxy["volumes"]]
    assert ["./deploy/nginx.conf", "/etc/nginx/nginx.conf", "ro"] in mounts
    assert (ROOT / "deploy" / "nginx.conf").is_file()
    listen = re.search(r"^\s*listen\s+(\d+);", nginx_conf(), re.M)
    assert listen, "the proxy listens on one port"
    (published,) = proxy["ports"]
    assert published.split(":")[-1] == listen.group(1)
    # Clients reach the replicas through the proxy only (and `--scale` needs no port range).
    assert "ports" not in services["app"]
    assert proxy["depends_on"] == {"app": {"condition": "service_healthy"}}
    assert "/proxy-health" in " ".join(proxy["healthcheck"]["test"])
    assert re.search(r"location\s*=\s*/proxy-health\s*\{[^}]*return\s+200", nginx_conf())


def test_the_proxy_sends_each_room_to_one_replica_by_a_consistent_hash_of_its_code():
    """A room's page, API calls and socket reach the replica its code hashes to (its changes
    cross no process); requests of no room go by the client's address. No session stickiness:
    the key is the room, any replica serves any room, and a lost replica's rooms move on."""
    conf = nginx_conf()
    app_port = compose()["services"]["app"]["environment"]["PORT"]
    upstream = re.search(r"upstream\s+(\w+)\s*\{([^}]*)\}", conf)
    assert upstream, "an upstream block"
    servers = re.findall(r"^\s*server\s+(\S+)(.*);", upstream.group(2), re.M)
    assert [address for address, _ in servers] == [f"app:{app_port}"]  # Docker DNS: every replica
    assert "max_fails=" in servers[0][1] and "fail_timeout=" in servers[0][1]  # passive health
    hashed = re.search(r"^\s*hash\s+\$(\w+)\s+consistent;", upstream.group(2), re.M)
    assert hashed, "a consistent hash"
    for sticky in ("ip_hash", "sticky"):
        assert sticky not in upstream.group(2), sticky
    keys = re.search(r"map\s+\$uri\s+\$" + hashed.group(1) + r"\s*\{([^}]*)\}", conf)
    assert keys, "the hash key is made from the path"
    (pattern, value), (default, fallback) = re.findall(r"^\s*(\S+)\s+(\S+);", keys.group(1), re.M)
    assert (
        pattern.startswith("~")
        and value.startswith("$")
        and (default, fallback) == ("default", "$remote_addr")
    )
    room = re.compile(pattern[1:].replace("(?<", "(?P<"))  # PCRE's named group in Python's spelling

    def key(uri: str) -> str:
        found = room.match(uri)
        return found.group(value[1:]) if found else fallback

    for uri in ("/rooms/AB12CD", "/api/rooms/AB12CD", "/api/rooms/AB12CD/join", "/ws/rooms/AB12CD"):
        assert key(uri) == "AB12CD", uri
    for uri in ("/", "/api/rooms", "/api/games", "/healthz", "/static/app.js"):
        assert key(uri) == "$remote_addr", uri
    assert f"proxy_pass http://{upstream.group(1)};" in conf
    assert "proxy_http_version 1.1;" in conf
    assert "proxy_set_header Upgrade $http_upgrade;" in conf
    assert "proxy_set_header Connection $connection_upgrade;" in conf
    assert re.search(r"proxy_next_upstream\s+error\s+timeout[^;]*http_503", conf)


def test_the_client_address_is_set_by_the_proxy_and_trusted_from_the_proxy_only():
    services = compose()["services"]
    conf = nginx_conf()
    # Set, not appended ($proxy_add_x_forwarded_for would keep what the client forged).
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in conf
    assert "$proxy_add_x_forwarded_for" not in conf
    proxy_ip = services["proxy"]["networks"]["paddock"]["ipv4_address"]
    trusted = str(services["app"]["environment"]["FORWARDED_ALLOW_IPS"]).split(",")
    assert trusted == [proxy_ip], "only the proxy may say who the client is"
    subnet = compose()["networks"]["paddock"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(proxy_ip) in ipaddress.ip_network(subnet)
    for name, service in services.items():
        assert "paddock" in service["networks"], name


def test_the_proxy_enforces_its_own_slow_client_and_per_address_connection_limits():
    conf = nginx_conf()
    assert re.search(r"limit_conn_zone\s+\$binary_remote_addr\s+zone=(\w+):", conf)
    zone = re.search(r"zone=(\w+):", conf).group(1)
    assert re.search(rf"limit_conn\s+{zone}\s+\d+;", conf)
    assert "limit_conn_status 429;" in conf
    for directive in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        seconds = re.search(rf"{directive}\s+(\d+)s;", conf)
        assert seconds and 0 < int(seconds.group(1)) <= 30, directive
