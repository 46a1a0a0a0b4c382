"""Operator endpoints (app/routes/ops.py): `/healthz`, `/readyz` (app.health) and `/metrics`
(app.metrics) on a real server, with PostgreSQL and Redis cut off through a TCP proxy."""

from __future__ import annotations

import time
import uuid
from urllib.parse import urlsplit, urlunsplit

import pytest
from prometheus_client.parser import text_string_to_metric_families

from tests.app.conftest import delete_redis_prefix, settings_for
from tests.utils.live_server import LiveServer, bearer, create_room, join
from tests.utils.tcp_proxy import TcpProxy


def through(proxy: TcpProxy, url: str) -> str:
    """`url` with its host and port replaced by the proxy's."""
    parts = urlsplit(url)
    auth = parts.netloc.rsplit("@", 1)[0] + "@" if "@" in parts.netloc else ""
    return urlunsplit(parts._replace(netloc=f"{auth}127.0.0.1:{proxy.port}"))


def proxy_to(url: str) -> TcpProxy:
    parts = urlsplit(url)
    return TcpProxy(parts.hostname or "127.0.0.1", parts.port or 5432).start()


def wait_ready(server: LiveServer, expect: int, timeout: float = 30) -> dict:
    """Poll /readyz until it answers `expect` (a probe is what a load balancer does too)."""
    deadline = time.monotonic() + timeout
    while True:
        response = server.http.get("/readyz")
        if response.status_code == expect or time.monotonic() > deadline:
            assert response.status_code == expect, response.text
            return response.json()
        time.sleep(0.05)


def metric_samples(server: LiveServer) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    response = server.http.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain; version=")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def test_healthz_and_readyz_on_sqlite(server):
    health = server.http.get("/healthz")
    assert health.status_code == 200 and health.json() == {"status": "ok"}
    assert health.headers["cache-control"] == "no-store"
    ready = server.http.get("/readyz")
    assert ready.status_code == 200
    assert ready.json() == {"status": "ready", "checks": {"database": "ok"}}


@pytest.mark.postgres
def test_readyz_answers_503_while_postgresql_is_unreachable(postgres_url):
    proxy = proxy_to(postgres_url)
    try:
        with LiveServer(settings_for(through(proxy, postgres_url))) as server:
            assert wait_ready(server, 200)["checks"] == {"database": "ok"}
            proxy.stop()
            body = wait_ready(server, 503)
            assert body["status"] == "unavailable"
            assert body["reason"].startswith("The database ") and body["reason"].endswith(".")
            assert body["checks"]["database"] == body["reason"]
            # Liveness does not depend on the database: the process itself is fine.
            assert server.http.get("/healthz").status_code == 200
            proxy.start()  # the database is back: ready again, without a restart
            assert wait_ready(server, 200)["status"] == "ready"
    finally:
        proxy.stop()


@pytest.mark.redis
def test_readyz_answers_503_while_redis_is_unreachable(sqlite_url, redis_url):
    proxy = proxy_to(redis_url)
    prefix = f"ptest:{uuid.uuid4().hex[:12]}:"
    settings = settings_for(sqlite_url, broadcast_url=through(proxy, redis_url), broadcast_prefix=prefix)
    try:
        with LiveServer(settings) as server:
            assert wait_ready(server, 200)["checks"] == {"database": "ok", "redis": "ok"}
            proxy.stop()
            body = wait_ready(server, 503)
            assert body["checks"]["database"] == "ok"
            assert body["reason"] == body["checks"]["redis"]
            assert "Redis" in body["reason"] and body["reason"].endswith(".")
            proxy.start()
            assert wait_ready(server, 200)["checks"]["redis"] == "ok"
            # The subscription came back once: counted as a reconnect.
            assert metric_samples(server)[("paddock_redis_reconnects_total", ())] >= 1
    finally:
        proxy.stop()
        delete_redis_prefix(redis_url, prefix)


def test_metrics_count_rooms_by_status(server):
    before = metric_samples(server)
    assert before[("paddock_rooms", (("status", "lobby"),))] == 0
    assert before[("paddock_rooms", (("status", "playing"),))] == 0
    assert ("paddock_redis_reconnects_total", ()) not in before  # in-memory fan-out: no Redis
    host = create_room(server.http, name="Host")
    create_room(server.http, name="Other")
    join(server.http, host["code"], "Friend")
    server.http.post(f"/api/rooms/{host['code']}/start", headers=bearer(host["token"])).raise_for_status()
    after = metric_samples(server)
    assert after[("paddock_rooms", (("status", "lobby"),))] == 1
    assert after[("paddock_rooms", (("status", "playing"),))] == 1
    # The client library's standard process metrics come along.
    assert any(name == "process_cpu_seconds_total" for name, _ in after)
    text = server.http.get("/metrics").text
    for name in (
        "paddock_actions_accepted_total",
        "paddock_actions_refused_total",
        "paddock_action_commit_seconds",
        "paddock_fanout_seconds",
        "paddock_sweep_seconds",
        "paddock_sockets",
    ):
        assert f"# TYPE {name} " in text, name


def wait_for_sample(server: LiveServer, key, match, timeout: float = 30) -> float:
    """Scrape until the sample satisfies `match` (the socket's end is noticed asynchronously)."""
    deadline = time.monotonic() + timeout
    while True:
        value = metric_samples(server).get(key, 0.0)
        if match(value) or time.monotonic() > deadline:
            assert match(value), f"{key} = {value}"
            return value
        time.sleep(0.05)


def test_metrics_count_sockets_actions_refusals_and_latencies(server):
    """Counters are per process (several test servers share one): compared before and after."""
    accepted = ("paddock_actions_accepted_total", (("source", "player"),))
    refused_illegal = ("paddock_actions_refused_total", (("code", "illegal_action"),))
    refused_spectator = ("paddock_actions_refused_total", (("code", "spectator"),))
    commits = ("paddock_action_commit_seconds_count", ())
    fanouts = ("paddock_fanout_seconds_count", ())
    sockets = ("paddock_sockets", ())
    host = create_room(server.http, name="Host")
    join(server.http, host["code"], "Friend")
    server.http.post(f"/api/rooms/{host['code']}/start", headers=bearer(host["token"])).raise_for_status()
    before = metric_samples(server)
    with server.socket(host["code"]) as ann, server.socket(host["code"]) as watcher:
        ann.hello(host["token"])
        watcher.hello()
        state = ann.state()
        watcher.state()
        assert metric_samples(server)[sockets] == before[sockets] + 2
        ann.send({"type": "act", "v": state["v"], "action": {"type": "pick", "n": 2}})
        ann.state(v=state["v"] + 1)
        watcher.state(v=state["v"] + 1)  # the frame reached both sockets: two fan-outs
        ann.send({"type": "act", "v": state["v"] + 1, "action": {"type": "pick", "n": 9}})
        assert ann.error()["code"] == "illegal_action"
        watcher.send({"type": "act", "v": state["v"] + 1, "action": {"type": "pick", "n": 1}})
        assert watcher.error()["code"] == "spectator"
        after = metric_samples(server)
    assert after[accepted] == before[accepted] + 1
    assert after[commits] == before[commits] + 1 and after[("paddock_action_commit_seconds_sum", ())] > 0
    assert after[fanouts] >= before[fanouts] + 2
    assert after[refused_illegal] == before[refused_illegal] + 1
    assert after[refused_spectator] == before.get(refused_spectator, 0) + 1
    wait_for_sample(server, sockets, lambda value: value == before[sockets])


def test_metrics_count_bot_moves_and_time_the_sweep(sqlite_url):
    bot_moves = ("paddock_actions_accepted_total", (("source", "bot"),))
    sweeps = ("paddock_sweep_seconds_count", ())
    with LiveServer(settings_for(sqlite_url, sweep_seconds=0.05)) as server:
        before = metric_samples(server)
        host = create_room(server.http, name="Host")
        server.http.post(
            f"/api/rooms/{host['code']}/bots", json={"count": 1}, headers=bearer(host["token"])
        ).raise_for_status()
        server.http.post(f"/api/rooms/{host['code']}/start", headers=bearer(host["token"])).raise_for_status()
        wait_for_sample(server, bot_moves, lambda value: value >= before[bot_moves] + 1)
        wait_for_sample(server, sweeps, lambda value: value >= before[sweeps] + 1)
