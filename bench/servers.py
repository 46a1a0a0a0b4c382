"""The servers a bench run drives, each its own process on 127.0.0.1, and what is read from
them from outside: CPU and RSS from /proc, database transactions (SQLite: bench/counted_serve.py's
counts; PostgreSQL: pg_stat_database of a database made for the run).

- PaddockServer: `python -m bench.counted_serve serve` (`python -m app serve`, transactions counted);
- FloorServer:   bench/floor.py, a bare websockets fan-out;
- PeerServer:    boardgame.io, installed from the npm registry into a temporary folder by
                 `npm install boardgame.io@PEER_VERSION`, serving bench/peer/*.js (ours).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import orjson
import sqlalchemy as sa

from app.core.db import normalise_url
from tests.utils.process_server import free_port

ROOT = Path(__file__).resolve().parents[1]
PEER_DIR = Path(__file__).resolve().parent / "peer"
PEER_VERSION = "0.50.2"
DATABASE = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK  # utime + stime


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def stop_process(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def wait_http(process: subprocess.Popen, url: str, what: str) -> None:
    # Generous: on a busy shared machine importing the app alone can take half a minute.
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            if httpx.get(url, timeout=5).status_code < 500:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start in 120 s")


class PaddockServer:
    """One Paddock process; its SQLite transactions counted into `counts_path`."""

    def __init__(self, database_url: str, broadcast_url: str, tmp: Path, env: dict[str, str]) -> None:
        self.port = free_port()
        self.counts_path = tmp / f"sql-counts-{self.port}.json"
        log = open(tmp / f"server-{self.port}.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.counted_serve", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env={
                **os.environ,
                "DATABASE_URL": database_url,
                "BROADCAST_URL": broadcast_url,
                "BENCH_SQL_COUNTS": str(self.counts_path),
                **env,
            },
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        wait_http(self.process, f"http://127.0.0.1:{self.port}/api/games", "paddock")

    def sqlite_transactions(self) -> int:
        return orjson.loads(self.counts_path.read_bytes())["transactions"]

    def stop(self) -> None:
        stop_process(self.process)


def paddock_servers(n: int, database_url: str, broadcast_url: str, tmp: Path) -> list[PaddockServer]:
    env = {
        "BOT_DELAY": "0",
        "BROADCAST_PREFIX": f"bench:{uuid.uuid4().hex[:8]}:",
        # No background sweep while transactions are counted (it would add its own).
        "SWEEP_SECONDS": "3600",
        "RATE_LIMITS": "off",
        # Every load client connects from 127.0.0.1: no per-address cap on connections.
        "CONNECTIONS_PER_ADDRESS": "0",
    }
    return [PaddockServer(database_url, broadcast_url, tmp, env) for _ in range(n)]


class FloorServer:
    def __init__(self, frame_bytes: int) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bench.floor",
                "--port",
                str(self.port),
                "--frame-bytes",
                str(frame_bytes),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
        )
        assert self.process.stdout is not None
        self.process.stdout.readline()  # "floor on PORT": listening

    def stop(self) -> None:
        stop_process(self.process)


def install_peer() -> Path:
    """`npm install boardgame.io@PEER_VERSION` into a new temporary folder (the caller removes it)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-peer-"))
    try:
        (folder / "package.json").write_text('{"private": true}\n')
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", f"boardgame.io@{PEER_VERSION}"],
            cwd=folder,
            check=True,
            stdout=subprocess.DEVNULL,
            timeout=600,
        )
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


class PeerServer:
    """boardgame.io (installed by install_peer, nothing vendored) serving our two games, in memory."""

    def __init__(self, installed: Path) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            ["node", str(PEER_DIR / "server.js"), str(self.port)],
            cwd=PEER_DIR,
            env={**os.environ, "NODE_PATH": str(installed / "node_modules"), "NODE_ENV": "production"},
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # it logs every dropped (stale) move
        )
        assert self.process.stdout is not None
        line = self.process.stdout.readline().decode()
        if not line.startswith("peer on"):
            self.stop()
            raise RuntimeError(f"the peer did not start: {line!r}")

    def stop(self) -> None:
        stop_process(self.process)


class PgDatabase:
    """A PostgreSQL database made for one run (so other work on the machine is not counted),
    dropped afterwards; its transactions read from pg_stat_database."""

    def __init__(self) -> None:
        self.name = f"paddock_bench_{uuid.uuid4().hex[:10]}"
        self.admin = sa.create_engine(normalise_url(DATABASE), isolation_level="AUTOCOMMIT")
        with self.admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{self.name}"'))
        self.url = DATABASE.rsplit("/", 1)[0] + "/" + self.name

    def transactions(self) -> int:
        """xact_commit + xact_rollback; each backend reports at most once a second while busy
        and within 10 s once idle (PostgreSQL 15), so callers sample a stable value."""
        with self.admin.connect() as conn:
            conn.execute(sa.text("SELECT pg_stat_clear_snapshot()"))
            row = conn.execute(
                sa.text("SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = :name"),
                {"name": self.name},
            ).one()
        return int(row[0])

    def without_autovacuum(self) -> None:
        """Autovacuum's workers count in pg_stat_database too: off for this database's tables
        (once the servers made them), so the count is the servers' own."""
        engine = sa.create_engine(normalise_url(self.url), isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                tables = conn.execute(
                    sa.text("SELECT schemaname, tablename FROM pg_tables WHERE schemaname = current_schema()")
                ).all()
                for schema, table in tables:
                    conn.execute(
                        sa.text(
                            f'ALTER TABLE "{schema}"."{table}" SET '
                            "(autovacuum_enabled = false, toast.autovacuum_enabled = false)"
                        )
                    )
        finally:
            engine.dispose()

    def drop(self) -> None:
        with self.admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)'))
        self.admin.dispose()
