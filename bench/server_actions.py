"""Accepted actions per second and act -> state latency through the real socket.

Runs a live server (uvicorn in a thread) on a SQLite file and, if reachable, on
PostgreSQL; 4 players per room each submit in turn; every action is committed
(state + version + log row) before its state comes back. Results go to
bench/RESULTS-server.md when run as `python -m bench.server_actions`.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

import sqlalchemy as sa

from app.core.config import Settings
from app.core.db import normalise_url
from engine.registry import register
from tests.engine.toy_game import ToyGame
from tests.utils.live_server import LiveServer, create_room, join, start

register(ToyGame())
ROOMS = int(os.environ.get("BENCH_ROOMS", "15"))


def run(url: str) -> str:
    latencies: list[float] = []
    with LiveServer(Settings(database_url=url, bot_delay=0)) as server:
        began = time.perf_counter()
        for _ in range(ROOMS):
            host = create_room(server.http, options={"rounds": 5})
            tokens = [host["token"]] + [join(server.http, host["code"], f"P{i}")["token"] for i in (1, 2, 3)]
            start(server.http, host["code"], host["token"])
            clients = [server.socket(host["code"]) for _ in tokens]
            for client, token in zip(clients, tokens, strict=True):
                client.hello(token)
                client.state()
            v = 0
            for _round in range(5):
                for client in clients:
                    sent = time.perf_counter()
                    client.send({"type": "act", "v": v, "action": {"type": "pick", "n": 2}})
                    v += 1
                    client.state(v=v)
                    latencies.append(time.perf_counter() - sent)
            for client in clients:
                client.close()
        elapsed = time.perf_counter() - began
    latencies.sort()
    return (
        f"{len(latencies)} actions, {len(latencies) / elapsed:.0f} accepted/s one at a time "
        "(room set-up included), "
        f"act->state p50 {statistics.median(latencies) * 1000:.1f} ms, "
        f"p95 {latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms"
    )


def postgres_url() -> tuple[str, str] | None:
    base = normalise_url(os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test"))
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    try:
        with sa.create_engine(base).begin() as conn:
            conn.execute(sa.text(f'CREATE SCHEMA "{schema}"'))
    except Exception:  # noqa: BLE001
        return None
    return f"{base}?options=-csearch_path%3D{schema}", schema


def main() -> None:
    lines = [f"# Server: accepted actions through the socket ({ROOMS} rooms x 20 actions, 4 players)", ""]
    with tempfile.TemporaryDirectory() as tmp:
        result = run(f"sqlite:///{Path(tmp) / 'bench.db'}")
        lines.append(f"- SQLite (WAL): {result}")
    pg = postgres_url()
    if pg:
        try:
            lines.append(f"- PostgreSQL: {run(pg[0])}")
        finally:
            base = normalise_url(
                os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
            )
            with sa.create_engine(base).begin() as conn:
                conn.execute(sa.text(f'DROP SCHEMA "{pg[1]}" CASCADE'))
    lines += [
        "",
        f"machine: {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; python {sys.version.split()[0]}",
    ]
    text = "\n".join(lines) + "\n"
    path = Path(__file__).with_name("RESULTS-server.md")
    # Sections written by other benches (e.g. bench/broadcast_fanout.py) are kept.
    kept = path.read_text().partition("\n## ")[2] if path.exists() else ""
    path.write_text(text + ("\n## " + kept if kept else ""))
    print(text)


if __name__ == "__main__":
    main()
