"""Refusals are counted, not logged one by one (issue 20, finding 3): a flood of acts, of
malformed messages, of invalid-UTF-8 text frames and garbage HTTP requests writes at most one
line per connection (uvicorn's errors: per process) per `refusal_log_seconds`, with a count.
Before: every flood refusal was one INFO line (63 MB in 20 s from one socket) and every bad
frame an ERROR with a traceback."""

from __future__ import annotations

import socket
import time

from websockets.frames import Frame, Opcode
from websockets.sync.client import connect

from tests.utils.live_server import create_room, join, start
from tests.utils.process_server import ServerProcess

FLOOD = 3000


def flood(server: ServerProcess, code: str, token: str, count: int = FLOOD) -> None:
    """`count` acts and a tenth as many malformed messages on one socket, as fast as it goes;
    returns once the server has answered them all (the pong comes after)."""
    with server.socket(code) as ws:
        ws.hello(token)
        ws.state()
        for n in range(count):
            ws.send({"type": "act", "v": 0, "action": {"type": "nonsense"}})
            if n % 10 == 0:
                ws.send("{not json")
        ws.send({"type": "ping"})
        ws.wait_for(lambda m: m["type"] == "pong", timeout=120)


def bad_traffic(port: int, code: str, count: int = 40) -> None:
    """Invalid-UTF-8 text frames, each on its own connection, and garbage HTTP requests."""
    for _ in range(count):
        with connect(f"ws://127.0.0.1:{port}/ws/rooms/{code}", open_timeout=10) as ws:
            ws.protocol.send_frame(Frame(Opcode.TEXT, b"\xff\xfe{}"))
            with ws.protocol_mutex:
                ws.send_data()
            try:
                ws.recv(timeout=5)
            except Exception:  # noqa: BLE001 - the server closes it; how does not matter here
                pass
        with socket.create_connection(("127.0.0.1", port)) as raw:
            raw.sendall(b"GARBAGE \x00\x01 nonsense\r\n\r\n")
            raw.recv(1024)


def wait_for_text(path, text: str, timeout: float = 30) -> str:
    deadline = time.monotonic() + timeout
    while True:
        content = path.read_text(encoding="utf-8", errors="replace")
        if text in content or time.monotonic() > deadline:
            return content
        time.sleep(0.05)


def started(server: ServerProcess) -> tuple[str, str]:
    room = create_room(server.http, game="ponies_in_pursuit", name="Ann")
    join(server.http, room["code"], "Bo")
    start(server.http, room["code"], room["token"])
    return room["code"], room["token"]


def test_a_flood_writes_a_few_lines_of_log_not_one_per_refusal(tmp_path):
    log_path = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'paddock.db'}", log_path=log_path).start()
    try:
        code, token = started(server)
        before = log_path.stat().st_size
        flood(server, code, token)
        log = wait_for_text(log_path, "refused on a connection that closed")
        after_flood = len(log.encode())
        bad_traffic(server.port, code)
    finally:
        server.stop()
    grown = log.encode()[before:].decode(errors="replace")
    refusal_lines = [line for line in grown.splitlines() if "refused" in line]
    assert len(refusal_lines) == 2, refusal_lines  # the first refusal, then the count at close
    # "... room X: 2890 slow_down, 300 bad_json, 110 bad_action": every act was refused (by the
    # flood limit, or, once it refilled, as a nonsense action: how many of each depends on the
    # machine's speed) and every one is counted, as is every malformed message.
    summary = refusal_lines[-1].split(": ")[-1]
    counts = {code: int(n) for n, code in (part.split() for part in summary.split(", "))}
    acts = sum(n for code, n in counts.items() if code != "bad_json")
    assert FLOOD - 1 <= acts <= FLOOD, counts  # the first one may be in its own line
    assert FLOOD // 10 - 1 <= counts.get("bad_json", 0) <= FLOOD // 10, counts
    # Without the per-connection count: 3000+ lines, some 250 KB. With it: a few hundred bytes
    # (the rest is uvicorn's line for the socket's opening and closing).
    assert len(grown.encode()) < 4096, grown
    # Bad frames and requests: uvicorn's own lines about them come once, without a traceback
    # (its access lines, one per connection, stay: connections per address are capped).
    tail = log_path.read_bytes()[after_flood:].decode(errors="replace")
    noise = [line for line in tail.splitlines() if "Invalid" in line]
    assert len(noise) == 1, noise
    assert "Traceback" not in tail and "UnicodeDecodeError" not in tail


def test_the_interval_bounds_the_lines_per_connection(tmp_path):
    """With a short interval the count lines come often, but never more than one per interval."""
    interval = 0.2
    log_path = tmp_path / "server.log"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'paddock.db'}", log_path=log_path, REFUSAL_LOG_SECONDS=str(interval)
    ).start()
    try:
        code, token = started(server)
        before = log_path.stat().st_size
        with server.socket(code) as ws:
            ws.hello(token)
            ws.state()
            began = time.monotonic()
            while time.monotonic() - began < 10 * interval:  # waves of acts, each answered
                for _ in range(200):
                    ws.send({"type": "act", "v": 0, "action": {"type": "nonsense"}})
                for _ in range(200):
                    ws.wait_for(lambda m: m["type"] == "error", timeout=60)
            elapsed = time.monotonic() - began
        log = wait_for_text(log_path, "refused on a connection that closed")
    finally:
        server.stop()
    lines = [line for line in log.encode()[before:].decode().splitlines() if "refused" in line]
    assert 2 <= len(lines) <= elapsed / interval + 2, (len(lines), elapsed)
    assert any("more on this connection in the last 0.2 s" in line for line in lines), lines
