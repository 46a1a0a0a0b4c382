"""A real uvicorn server in a thread, plus small HTTP and WebSocket clients for tests."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from app.core.config import Settings
from app.main import create_app


class LiveServer:
    """`with LiveServer(settings) as server:` serves create_app(settings) on a free port."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.app = create_app(settings)
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(
            self.app, log_level="warning", lifespan="on", ws_max_size=1 << 20, ws_per_message_deflate=False
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    @property
    def rooms(self):
        return self.app.state.rooms

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("test server did not start")
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: Any) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(10)

    def socket(self, code: str, headers: dict[str, str] | None = None) -> Client:
        """A room socket; `headers` go with its handshake (e.g. X-Forwarded-For: uvicorn takes
        the client's address from it, the test client being the trusted loopback proxy)."""
        return Client(f"ws://127.0.0.1:{self.port}/ws/rooms/{code}", headers)


# How long a client waits for a message before the test fails: a bound for a regression, not
# a wait (a message that comes returns at once), generous for a machine shared and loaded.
WAIT_SECONDS = 30


class Client:
    """A WebSocket client that records every message it receives."""

    def __init__(self, url: str, headers: dict[str, str] | None = None) -> None:
        self.ws = connect(url, max_size=1 << 22, open_timeout=10, additional_headers=headers)
        self.ws.__enter__()  # websockets >= 17.1 wants the connection entered
        self.received: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))

    def recv(self, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        message = json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        return message

    def wait_for(
        self, match: Callable[[dict[str, Any]], bool], timeout: float = WAIT_SECONDS
    ) -> dict[str, Any]:
        return self.until(lambda got: bool(got) and match(got[-1]), timeout)[-1]

    def state(self, timeout: float = WAIT_SECONDS, v: int | None = None) -> dict[str, Any]:
        return self.wait_for(lambda m: m["type"] == "state" and (v is None or m["v"] >= v), timeout)

    def error(self, timeout: float = WAIT_SECONDS) -> dict[str, Any]:
        return self.wait_for(lambda m: m["type"] == "error", timeout)

    def until(
        self, enough: Callable[[list[dict[str, Any]]], bool], timeout: float = WAIT_SECONDS
    ) -> list[dict[str, Any]]:
        """The messages that arrive from now until `enough` of them holds (a bound, not a wait:
        fails after `timeout` seconds)."""
        got: list[dict[str, Any]] = []
        end = time.monotonic() + timeout
        while not enough(got):
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no matching message; last: {self.received[-3:]}")
            try:
                got.append(self.recv(left))
            except TimeoutError:
                continue
        return got

    def answered(self, timeout: float = WAIT_SECONDS) -> list[dict[str, Any]]:
        """The messages that arrive until the server has answered everything sent so far: it
        handles a socket's messages one at a time, in order, so once a ping's pong is back,
        so are the answers (a refusal, a fresh state) to what was sent before it."""
        self.send({"type": "ping"})
        return self.until(lambda got: bool(got) and got[-1]["type"] == "pong", timeout)

    def drain(self, quiet: float = 0.3) -> list[dict[str, Any]]:
        """Everything that arrives until nothing has come for `quiet` seconds."""
        got = []
        while True:
            try:
                got.append(self.recv(quiet))
            except TimeoutError:
                return got

    def hello(self, token: str | None = None) -> None:
        self.send({"type": "hello", "token": token} if token else {"type": "hello"})

    def is_closed(self, timeout: float = WAIT_SECONDS) -> bool:
        """True once the server closes the socket; False if a message comes first or nothing
        does within `timeout`."""
        try:
            self.ws.recv(timeout=timeout)
        except ConnectionClosed:
            return True
        except TimeoutError:
            return False
        return False

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create_room(http: httpx.Client, game: str = "toy", name: str = "Host", **body: Any) -> dict[str, Any]:
    response = http.post("/api/rooms", json={"game": game, "name": name, **body})
    assert response.status_code == 201, response.text
    return response.json()


def join(http: httpx.Client, code: str, name: str) -> dict[str, Any]:
    response = http.post(f"/api/rooms/{code}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()


def start(http: httpx.Client, code: str, token: str) -> dict[str, Any]:
    response = http.post(f"/api/rooms/{code}/start", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def summary_when(
    http: httpx.Client, code: str, check: Callable[[dict[str, Any]], bool], seconds: float = 30.0
) -> dict[str, Any]:
    """The room's public summary once `check(summary)` holds (asked again until then)."""
    end = time.monotonic() + seconds
    while True:
        summary = http.get(f"/api/rooms/{code}").json()
        if check(summary):
            return summary
        assert time.monotonic() < end, f"room {code} never got there: {summary}"
        time.sleep(0.02)
