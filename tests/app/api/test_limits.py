"""Limits that hold (issue 13): the body limit counts the bytes that arrive (a chunked body has
no Content-Length), and per-address limits answer 429 with Retry-After and a sentence."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from app.core.config import Settings
from tests.utils.live_server import LiveServer, create_room
from tests.utils.process_server import ServerProcess

from ..conftest import settings_for

MB = 1 << 20
JSON = {"content-type": "application/json"}


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def send_chunked(port: int, path: str, total: int, chunk: int = 64 * 1024) -> tuple[int, bytes]:
    """POST a chunked body of up to `total` bytes, stopping as soon as the server answers or
    stops reading; returns (bytes sent, the answer)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n".encode()
    )
    piece = b"%x\r\n" % chunk + b" " * chunk + b"\r\n"
    sent = 0
    sock.settimeout(2)
    try:
        while sent < total:
            sock.sendall(piece)
            sent += chunk
    except (BrokenPipeError, ConnectionResetError, TimeoutError):
        pass  # the server answered and stopped reading
    sock.settimeout(10)
    answer = b""
    try:
        while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
            data = sock.recv(65536)
            if not data:
                break
            answer += data
    except (ConnectionResetError, TimeoutError):
        pass
    sock.close()
    return sent, answer


def test_a_50_mb_chunked_body_is_refused_without_being_read(tmp_path):
    """The finding: a 50 MB chunked POST /api/rooms got 201 and 200 MB raised RSS by 300 MB."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'paddock.db'}").start()
    try:
        pid = server.process.pid
        before = rss_kib(pid)
        sent, answer = send_chunked(server.port, "/api/rooms", 50 * MB)
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 413"), answer[:300]
        error = json.loads(body)
        assert error["code"] == "too_big"
        assert error["message"] == "That request is too large (the limit is 16384 bytes)."
        # The server stopped reading long before 50 MB (what was sent sits in socket buffers).
        assert sent < 50 * MB
        grown = rss_kib(pid) - before
        assert grown < 20 * 1024, f"RSS grew by {grown} KiB"
        # ...and it still serves.
        assert server.http.get("/api/games").status_code == 200
    finally:
        server.stop()


def test_a_small_chunked_body_still_works(shared_server):
    body = json.dumps({"game": "toy", "name": "Ann"}).encode()

    def pieces():
        yield body[:10]
        yield body[10:]

    response = shared_server.http.post("/api/rooms", content=pieces(), headers=JSON)
    assert response.status_code == 201, response.text


def test_a_chunked_body_just_over_the_limit_is_refused(shared_server):
    limit = shared_server.settings.max_message_bytes

    def pieces():
        yield b'{"game": "toy", "name": "'
        for _ in range(limit // 1000 + 1):
            yield b"x" * 1000
        yield b'"}'

    response = shared_server.http.post("/api/rooms", content=pieces(), headers=JSON)
    assert response.status_code == 413
    assert response.json()["code"] == "too_big"


@pytest.fixture
def limited(tmp_path):
    settings = settings_for(
        f"sqlite:///{tmp_path / 'paddock.db'}", rooms_created_limit="3/minute", joins_limit="2/minute"
    )
    with LiveServer(settings) as live:
        yield live


def test_room_creation_per_address_is_limited_with_retry_after(limited):
    """The finding: one client created 66 rooms/s."""
    for _ in range(3):
        create_room(limited.http)
    response = limited.http.post("/api/rooms", json={"game": "toy"})
    assert response.status_code == 429
    retry = int(response.headers["Retry-After"])
    assert 1 <= retry <= 60
    body = response.json()
    assert body["code"] == "slow_down" and body["params"]["retry_after"] == retry
    assert body["message"] == (
        f"Too many rooms created from your address (the limit is 3 per minute); "
        f"please try again in {retry} seconds."
    )


def test_joins_per_address_are_limited(limited):
    room = create_room(limited.http)
    for name in ("Bo", "Cy"):
        assert limited.http.post(f"/api/rooms/{room['code']}/join", json={"name": name}).status_code == 200
    response = limited.http.post(f"/api/rooms/{room['code']}/join", json={"name": "Di"})
    assert response.status_code == 429 and response.json()["code"] == "slow_down"
    assert "Retry-After" in response.headers
    # Reading is never limited.
    assert limited.http.get(f"/api/rooms/{room['code']}").status_code == 200


def test_rate_limits_off_in_the_environment_turns_the_per_client_limits_off(monkeypatch, tmp_path):
    monkeypatch.setenv("RATE_LIMITS", "off")
    monkeypatch.setenv("ROOMS_CREATED_LIMIT", "1/minute")
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'paddock.db'}")
    assert settings.rate_limits is False
    with LiveServer(settings) as live:
        for _ in range(5):
            create_room(live.http)
        # The byte limit stays.
        response = live.http.post("/api/rooms", json={"game": "toy", "name": "x" * 100_000})
        assert response.status_code == 413


def test_the_limit_state_stays_bounded(limited):
    """Each address keeps at most its window's hits; the open-socket counts hold only open ones."""
    limits = limited.app.state.limits
    for _ in range(10):
        limited.http.post("/api/rooms", json={"game": "toy"})
    assert sum(len(events) for events in limits.storage.events.values()) <= 3
    assert not limits.open_sockets
