"""What one accepted action costs PostgreSQL, Redis and the app: the capacity model of docs/scaling.md.

    python -m bench.capacity [--seconds 20] [--rooms 20] [--game ponies_in_pursuit]

Two `paddock serve` processes (each room's sockets spread over both, so every action crosses
processes) on a database of their own on the local PostgreSQL and a Redis server of their own
(started here on a free loopback port), loaded by bench/pipeline.py's seats (3 per room plus 2
spectators, each acting as soon as it is awaited). Everything below is counted over the whole
run, room creation and joins included, and divided by the actions the rooms stored (their
versions), so set-up is amortised as it is on a real site:

- database round trips: every execute/executemany the app's processes send, counted at the
  driver (bench/sql_recorder.py) and read from their /metrics; transactions from pg_stat_database;
- rows written: inserts, updates and deletes in pg_stat_user_tables; bytes: growth of the
  tables with their indexes and TOAST (pg_total_relation_size);
- Redis: commands (INFO stats total_commands_processed), PUBLISH calls (INFO commandstats),
  bytes in and out (total_net_input_bytes / total_net_output_bytes), Redis CPU (INFO cpu);
- CPU: the app processes' and the database's backends' user+system time, from /proc.
Loopback only; the database and the Redis server are removed at the end."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import redis
import sqlalchemy as sa
from prometheus_client.parser import text_string_to_metric_families

from app.core.db import normalise_url
from bench.pipeline import seats_of
from bench.seats import Load, PaddockTarget
from bench.servers import DATABASE, ROOT, cpu_seconds
from tests.utils.process_server import free_port

COUNTER = "paddock_bench_db_statements"


def serve(port: int) -> int:
    """`paddock serve` with its SQL counted at the driver and exported on /metrics."""
    from prometheus_client import Counter

    from app.cli import main
    from app.metrics import REGISTRY
    from bench.sql_recorder import Recorder

    statements = Counter(COUNTER, "SQL statements sent (executemany rows count one each)", registry=REGISTRY)
    with Recorder(lambda _sql, executions: statements.inc(executions)):
        return main(["serve", "--port", str(port)])


class Servers:
    def __init__(self, database_url: str, redis_url: str, tmp: Path, count: int = 2) -> None:
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "BROADCAST_URL": redis_url,
            "BROADCAST_PREFIX": "capacity:",
            "BOT_DELAY": "0",
            "SWEEP_SECONDS": "10",
            "RATE_LIMITS": "off",
            # Every load client connects from 127.0.0.1: no per-address cap on connections.
            "CONNECTIONS_PER_ADDRESS": "0",
            "LOG_LEVEL": "warning",
        }
        self.ports = [free_port() for _ in range(count)]
        self.processes = []
        for i, port in enumerate(self.ports):
            with open(tmp / f"server{i}.log", "wb") as log:
                self.processes.append(
                    subprocess.Popen(
                        [sys.executable, "-m", "bench.capacity", "--serve", str(port)],
                        cwd=ROOT,
                        env=env,
                        stdout=log,
                        stderr=subprocess.STDOUT,
                    )
                )
            self.wait_ready(port)

    def wait_ready(self, port: int) -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=5).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server on {port} not ready in 120 s")

    def statements(self) -> float:
        total = 0.0
        for port in self.ports:
            text = httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=10).text
            for family in text_string_to_metric_families(text):
                for sample in family.samples:
                    if sample.name == f"{COUNTER}_total":
                        total += sample.value
        return total

    def cpu(self) -> float:
        return sum(cpu_seconds(p.pid) for p in self.processes)

    def stop(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()


class PrivateRedis:
    def __init__(self, tmp: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=tmp,
            stdout=subprocess.DEVNULL,
        )
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.client = redis.Redis.from_url(self.url)
        deadline = time.monotonic() + 30
        while True:
            try:
                self.client.ping()
                return
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def counters(self) -> dict[str, float]:
        stats, cpu = self.client.info("stats"), self.client.info("cpu")
        publish = self.client.info("commandstats").get("cmdstat_publish", {}).get("calls", 0)
        return {
            "commands": stats["total_commands_processed"],
            "publishes": publish,
            "net_in": stats["total_net_input_bytes"],
            "net_out": stats["total_net_output_bytes"],
            "cpu": cpu["used_cpu_user"] + cpu["used_cpu_sys"],
        }

    def stop(self) -> None:
        self.client.close()
        self.process.terminate()
        self.process.wait(10)


def database_counters(engine: sa.Engine, name: str) -> dict[str, float]:
    with engine.connect() as conn:
        conn.execute(sa.text("SELECT pg_stat_clear_snapshot()"))
        db = conn.execute(
            sa.text("SELECT xact_commit, xact_rollback FROM pg_stat_database WHERE datname = :n"), {"n": name}
        ).one()
        tables = conn.execute(
            sa.text(
                "SELECT coalesce(sum(n_tup_ins), 0), coalesce(sum(n_tup_upd), 0),"
                " coalesce(sum(n_tup_del), 0), coalesce(sum(pg_total_relation_size(relid)), 0)"
                " FROM pg_stat_user_tables"
            )
        ).one()
        backends = conn.execute(
            sa.text("SELECT pid FROM pg_stat_activity WHERE datname = :n AND pid <> pg_backend_pid()"),
            {"n": name},
        ).scalars()
        cpu = 0.0
        for pid in backends:
            try:
                cpu += cpu_seconds(pid)
            except OSError:
                pass
        actions = conn.execute(sa.text("SELECT coalesce(sum(version), 0), count(*) FROM rooms")).one()
    return {
        "transactions": float(db[0] + db[1]),
        "inserts": float(tables[0]),
        "updates": float(tables[1]),
        "deletes": float(tables[2]),
        "bytes": float(tables[3]),
        "backend_cpu": cpu,
        "actions": float(actions[0]),
        "rooms": float(actions[1]),
    }


def measure(seconds: float, rooms: int, game: str) -> dict[str, Any]:
    name = f"paddock_capacity_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(normalise_url(DATABASE), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    base = normalise_url(DATABASE).rsplit("/", 1)[0]
    url = f"{base}/{name}"
    watcher = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with tempfile.TemporaryDirectory() as tmp_dir:
            tmp = Path(tmp_dir)
            bus = PrivateRedis(tmp)
            servers = Servers(url.replace("+psycopg", ""), bus.url, tmp)
            try:
                time.sleep(1.0)  # statistics flushed after the migrations
                # Backends are per connection and pooled: read the database's CPU across the run.
                db0, r0, cpu0, sql0 = (
                    database_counters(watcher, name),
                    bus.counters(),
                    servers.cpu(),
                    servers.statements(),
                )
                target = PaddockTarget(servers.ports, game, seats_of(servers.ports[0], game))
                asyncio.run(Load(target, seconds, rooms).run([p.pid for p in servers.processes]))
                time.sleep(1.5)  # PostgreSQL flushes table statistics at most once a second
                db1, r1, cpu1, sql1 = (
                    database_counters(watcher, name),
                    bus.counters(),
                    servers.cpu(),
                    servers.statements(),
                )
            finally:
                servers.stop()
                bus.stop()
    finally:
        watcher.dispose()
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()
    actions = db1["actions"] - db0["actions"]
    per = lambda value: value / max(actions, 1)  # noqa: E731
    return {
        "game": game,
        "rooms": db1["rooms"],
        "actions": actions,
        "seconds": seconds,
        "statements": per(sql1 - sql0),
        "transactions": per(db1["transactions"] - db0["transactions"]),
        "rows_inserted": per(db1["inserts"] - db0["inserts"]),
        "rows_updated": per(db1["updates"] - db0["updates"]),
        "rows_deleted": per(db1["deletes"] - db0["deletes"]),
        "stored_bytes": per(db1["bytes"] - db0["bytes"]),
        "db_cpu_ms": per(db1["backend_cpu"] - db0["backend_cpu"]) * 1000,
        "redis_commands": per(r1["commands"] - r0["commands"]),
        "redis_publishes": per(r1["publishes"] - r0["publishes"]),
        "redis_bytes_in": per(r1["net_in"] - r0["net_in"]),
        "redis_bytes_out": per(r1["net_out"] - r0["net_out"]),
        "redis_cpu_ms": per(r1["cpu"] - r0["cpu"]) * 1000,
        "app_cpu_ms": per(cpu1 - cpu0) * 1000,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--game", default="ponies_in_pursuit")
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        return serve(args.serve)
    print(json.dumps(measure(args.seconds, args.rooms, args.game), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
