"""Server memory after requests naming made-up rooms (issue 13: `RoomCore.locks` kept an entry
for every code named in /join, /start, /bots, /leave or a seat call, and never dropped it).

    python -m bench.locks_memory [--requests 5000] [--code-length 10000] [--ref GIT_REF] [--write]

Starts a real `python -m app serve` process (fresh SQLite file, RATE_LIMITS=off so the per-address
limits do not cut the run short), reads its RSS (VmRSS) after a warm-up, sends `--requests`
requests spread over join, start, bots, leave and the seat-to-bot call, each naming a different
random code of `--code-length` characters, and reads the RSS again. With `--ref`, the same run is
made first against that commit's code (exported with `git archive`), for a before/after table.
`--write` writes bench/RESULTS-abuse.md.
"""

from __future__ import annotations

import argparse
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from tests.utils.process_server import free_port

ROOT = Path(__file__).resolve().parents[1]
CALLS = (
    ("POST", "/api/rooms/{code}/join"),
    ("POST", "/api/rooms/{code}/start"),
    ("POST", "/api/rooms/{code}/bots"),
    ("POST", "/api/rooms/{code}/leave"),
    ("POST", "/api/rooms/{code}/seats/1/bot"),
)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def made_up_code(length: int) -> str:
    return secrets.token_urlsafe(length)[:length]


def measure(source: Path, requests: int, code_length: int) -> dict[str, float]:
    workdir = Path(tempfile.mkdtemp(prefix="paddock-locks-"))
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'paddock.db'}",
        "RATE_LIMITS": "off",
        "SWEEP_SECONDS": "0",
        "PYTHONPATH": str(source),
    }
    log = open(workdir / "server.log", "wb")  # noqa: SIM115
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--port", str(port)],
        cwd=source,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    http = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=30)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if http.get("/api/games").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("server did not start: " + (workdir / "server.log").read_text()[-2000:])
            time.sleep(0.1)
        token = http.post("/api/rooms", json={"game": "horse_racing", "name": "Ann"}).json()["token"]
        headers = {"Authorization": f"Bearer {token}"}
        # Warm-up: the first requests of each kind load code paths and caches.
        for method, path in CALLS * 20:
            http.request(method, path.format(code=made_up_code(16)), headers=headers, json={})
        time.sleep(1)
        before = rss_kib(process.pid)
        started = time.monotonic()
        statuses: dict[int, int] = {}
        for number in range(requests):
            method, path = CALLS[number % len(CALLS)]
            url = path.format(code=made_up_code(code_length))
            response = http.request(method, url, headers=headers, json={})
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        seconds = time.monotonic() - started
        time.sleep(1)
        after = rss_kib(process.pid)
        return {
            "before_mib": before / 1024,
            "after_mib": after / 1024,
            "growth_mib": (after - before) / 1024,
            "seconds": seconds,
            "statuses": statuses,
        }
    finally:
        http.close()
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def export(ref: str) -> Path:
    target = Path(tempfile.mkdtemp(prefix="paddock-ref-"))
    archive = subprocess.run(["git", "archive", ref], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(target)], input=archive, check=True)
    return target


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--code-length", type=int, default=10_000)
    parser.add_argument("--ref", help="also measure this commit's code first (e.g. before the fix)")
    parser.add_argument("--write", action="store_true", help="write bench/RESULTS-abuse.md")
    args = parser.parse_args()

    runs: list[tuple[str, dict]] = []
    if args.ref:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", args.ref], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()
        before = measure(export(args.ref), args.requests, args.code_length)
        runs.append((f"before ({args.ref} = {commit})", before))
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    runs.append((f"after (this tree, HEAD {head})", measure(ROOT, args.requests, args.code_length)))

    lines = [
        "# Made-up room codes: server memory (bench/locks_memory.py)",
        "",
        f"{args.requests} requests (join, start, bots, leave, seat-to-bot in turn), each naming a different "
        f"random {args.code_length}-character room code; one `python -m app serve` process on SQLite, "
        "RSS (VmRSS) after a warm-up and after the requests.",
        "",
        "| code | RSS before | RSS after | growth | time | answers |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for name, result in runs:
        answers = ", ".join(f"{count}x {status}" for status, count in sorted(result["statuses"].items()))
        lines.append(
            f"| {name} | {result['before_mib']:.1f} MiB | {result['after_mib']:.1f} MiB | "
            f"{result['growth_mib']:+.1f} MiB | {result['seconds']:.1f} s | {answers} |"
        )
    load = os.getloadavg()[0]
    lines += ["", f"machine: {os.cpu_count()} cores, load {load:.1f}; python {sys.version.split()[0]}", ""]
    text = "\n".join(lines)
    print(text)
    if args.write:
        (ROOT / "bench" / "RESULTS-abuse.md").write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
