"""CPU of a process that serves 1 of N busy rooms, per message delivered to it (Redis pub/sub).

    python -m bench.broadcast_fanout [--rooms 1,20,100] [--rate 2000] [--seconds 10]
                                     [--before da7d118] [--write]

A publisher (this process) sends `--rate` state messages a second, spread evenly over N rooms,
to the real Redis on 127.0.0.1 (the payloads of real Pony Express Race changes, as
app.rooms.core publishes them). A listener process (app.broadcast.redis.RedisBroadcast of a
checkout) has 5 local subscribers in room 0 only (3 seats + 2 spectators) that turn each
message into its audience's frame (app.ws.frames.update_frame, as the sockets do). Reported:
the listener's CPU (user + system) over the run divided by the messages of room 0 it
delivered, for `--before` (a commit whose listener PSUBSCRIBEs every room; default the last
one) and for this checkout (SUBSCRIBE per room with local sockets). Both run in one go; the
old one from a temporary `git worktree` that is removed after. Stops by itself.

`--write` replaces the "Redis fan-out" section of bench/RESULTS-server.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
AUDIENCES = (0, 1, 2, None, None)
GAME = "pony_express_race"
SECTION = "## Redis fan-out: a process serving 1 of N busy rooms"


# ---- the listener (a child process, importing the checkout given by --root) ---------------


async def listen(url: str, prefix: str) -> None:
    from app.broadcast.redis import RedisBroadcast
    from app.ws.frames import update_frame

    backend = RedisBroadcast(url, 1024, prefix)
    await backend.connect()
    done = asyncio.Event()
    delivered = [0]

    def drainer(subscription: Any, audience: int | None, first: bool):
        def drain() -> None:
            while subscription.items:
                payload = subscription.items.popleft()
                if payload.get("kind") == "end":
                    done.set()
                elif payload.get("kind") == "state":
                    update_frame(payload, audience)
                    delivered[0] += first

        return drain

    for i, audience in enumerate(AUDIENCES):
        subscription = backend.subscribe("room:0")
        subscription.waker = drainer(subscription, audience, i == 0)
        if hasattr(backend, "wait_confirmed"):
            await backend.wait_confirmed(subscription)
    print("ready", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # "go"
    began = os.times()
    await done.wait()
    ended = os.times()
    cpu = (ended.user - began.user) + (ended.system - began.system)
    print(json.dumps({"cpu": cpu, "delivered": delivered[0]}), flush=True)
    await backend.disconnect()


# ---- the publisher ------------------------------------------------------------------------


def payloads(count: int) -> list[bytes]:
    """`count` consecutive changes of a real game, as published (JSON, no "_" keys)."""
    import orjson

    import engine

    out: list[bytes] = []
    rng = random.Random(7)
    while len(out) < count:
        state, _ = engine.start(GAME, None, 3, rng.randrange(1 << 30))
        v = 0
        while not engine.is_over(state) and len(out) < count:
            seat = engine.to_act(state)[0]
            action = rng.choice(engine.legal_actions(state, seat))
            state, events = engine.step(state, seat, action)
            v += 1
            payload = {"kind": "state", "from": v - 1, "v": v, "state": state, "events": events, "log": None}
            out.append(orjson.dumps({**payload, "at": time.time()}))
    return out


def run(
    root: Path, url: str, rooms: int, rate: int, seconds: float, messages: list[bytes]
) -> dict[str, float]:
    import redis

    prefix = f"pbench:{uuid.uuid4().hex[:8]}:"
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--listen", "--url", url, "--prefix", prefix],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    client = redis.Redis.from_url(url)
    try:
        assert child.stdout.readline().strip() == "ready"
        child.stdin.write("go\n")
        child.stdin.flush()
        tick = 0.01
        per_tick = max(1, round(rate * tick))
        sent = 0
        total = int(rate * seconds)
        began = time.monotonic()
        while sent < total:
            with client.pipeline(transaction=False) as pipe:
                for _ in range(min(per_tick, total - sent)):
                    pipe.publish(f"{prefix}room:{sent % rooms}", messages[sent % len(messages)])
                    sent += 1
                pipe.execute()
            behind = began + sent / rate - time.monotonic()
            if behind > 0:
                time.sleep(behind)
        client.publish(f"{prefix}room:0", b'{"kind": "end"}')
        result = json.loads(child.stdout.readline())
        child.wait(30)
    finally:
        if child.poll() is None:
            child.kill()
        client.close()
    return {
        "cpu_ms_per_message": result["cpu"] * 1000 / max(1, result["delivered"]),
        "delivered": result["delivered"],
        "published": total,
        "cpu_s": result["cpu"],
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--prefix", default="pbench:")
    parser.add_argument("--rooms", default="1,20,100")
    parser.add_argument("--rate", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--before", default="da7d118")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    if args.listen:
        asyncio.run(listen(args.url, args.prefix))
        return
    messages = payloads(200)
    mean_bytes = sum(map(len, messages)) / len(messages)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        before = Path(tmp) / "before"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(before), args.before],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        try:
            for rooms in [int(n) for n in args.rooms.split(",")]:
                old = run(before, args.url, rooms, args.rate, args.seconds, messages)
                new = run(ROOT, args.url, rooms, args.rate, args.seconds, messages)
                rows.append(
                    f"| {rooms} | {old['delivered']} of {old['published']} | "
                    f"{old['cpu_ms_per_message']:.3f} ms ({old['cpu_s']:.2f} s) | "
                    f"{new['cpu_ms_per_message']:.3f} ms ({new['cpu_s']:.2f} s) | "
                    f"{old['cpu_ms_per_message'] / max(new['cpu_ms_per_message'], 1e-9):.1f} x |"
                )
                print(rows[-1], flush=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(before)], cwd=ROOT, check=False)
    load = os.getloadavg()[0]
    text = "\n".join(
        [
            SECTION,
            "",
            f"`python -m bench.broadcast_fanout` ({args.rate} state messages/s of {GAME} "
            "spread over N rooms, "
            f"mean {mean_bytes / 1000:.1f} kB, {args.seconds:g} s; the listener process has 5 subscribers "
            "(3 seats + 2 spectators) in room 0 and builds their frames). CPU of the listener process "
            "per message of room 0, before (PSUBSCRIBE `room:*`, commit "
            f"{args.before}) and after (SUBSCRIBE per room with local sockets):",
            "",
            "| busy rooms N | room 0 messages of all | before: CPU per message (total) | after "
            "| before / after |",
            "| --- | --- | --- | --- | --- |",
            *rows,
            "",
            f"machine: {os.cpu_count()} cores, load {load:.1f}; python {sys.version.split()[0]}",
            "",
        ]
    )
    print(text)
    if args.write:
        path = ROOT / "bench" / "RESULTS-server.md"
        current = path.read_text() if path.exists() else ""
        head = current.split(SECTION)[0].rstrip("\n")
        path.write_text((head + "\n\n" if head else "") + text)


if __name__ == "__main__":
    main()
