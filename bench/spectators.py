"""One room, N idle spectators on one Paddock process (SQLite): RSS per idle connection, then a
seat acts K times and the time from each act until the LAST spectator has the new version
(`python -m bench.pipeline --spectators 1000,5000`)."""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import connect

from bench.servers import paddock_servers, rss_kib


async def spectators_run(port: int, pid: int, count: int, acts: int) -> dict[str, Any]:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        host = (
            await http.post(
                "/api/rooms", json={"game": "ponies_in_pursuit", "name": "Ann", "options": {"rounds": 6}}
            )
        ).json()
        code = host["code"]
        await http.post(
            f"/api/rooms/{code}/bots", json={"count": 1}, headers={"Authorization": f"Bearer {host['token']}"}
        )
        await http.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {host['token']}"})
    url = f"ws://127.0.0.1:{port}/ws/rooms/{code}"
    before = rss_kib(pid)
    sockets = []
    for start in range(0, count, 200):
        batch = await asyncio.gather(
            *(
                connect(url, max_size=1 << 22, compression=None, open_timeout=60)
                for _ in range(min(200, count - start))
            )
        )
        for ws in batch:
            await ws.send('{"type":"hello"}')
        sockets += batch
    newest = [-1] * len(sockets)
    arrived: list[float] = [0.0] * len(sockets)

    async def reader(i: int, ws) -> None:
        async for raw in ws:
            if raw.startswith('{"type":"state"'):
                v = orjson.loads(raw)["v"]
                if v > newest[i]:
                    newest[i] = v
                    arrived[i] = time.perf_counter()

    readers = [asyncio.create_task(reader(i, ws)) for i, ws in enumerate(sockets)]
    while min(newest) < 0:  # every spectator has its first (sync) frame
        await asyncio.sleep(0.1)
    await asyncio.sleep(2.0)
    idle_kib = (rss_kib(pid) - before) / len(sockets)
    times = []
    async with connect(url, max_size=1 << 22, compression=None) as seat:
        await seat.send(orjson.dumps({"type": "hello", "token": host["token"]}).decode())
        v = -1
        frame = None
        for _ in range(acts):
            while True:
                message = orjson.loads(await seat.recv())
                if message["type"] == "state" and message["v"] > v and 0 in message["view"]["to_act"]:
                    frame = message
                    break
            v = frame["v"]
            target = v + 1
            sent = time.perf_counter()
            await seat.send(orjson.dumps({"type": "act", "v": v, "action": frame["actions"][0]}).decode())
            while min(newest) < target:
                await asyncio.sleep(0.002)
            times.append(max(arrived) - sent)
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    for start in range(0, len(sockets), 500):
        await asyncio.gather(*(ws.close() for ws in sockets[start : start + 500]), return_exceptions=True)
    return {
        "spectators": count,
        "idle_kib_per_conn": idle_kib,
        "p50_ms": statistics.median(times) * 1000,
        "max_ms": max(times) * 1000,
        "acts": len(times),
    }


def spectators(count: int, acts: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        (server,) = paddock_servers(1, f"sqlite:///{tmp / 'paddock.db'}", "memory://", tmp)
        try:
            return asyncio.run(spectators_run(server.port, server.process.pid, count, acts))
        finally:
            server.stop()
