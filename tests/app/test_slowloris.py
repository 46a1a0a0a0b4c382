"""One client cannot starve the server (issue 20, finding 2): against a real `paddock serve`
with a low file-descriptor limit (256), one address opens 300 connections that trickle a
request header a byte at a time and 300 more that send nothing, while players on another
address keep playing. The header timeout closes the trickling ones, the per-address cap
refuses the rest with a 503 sentence, and the total cap keeps descriptors from running out.
Before: every connection was held forever and, at the fd limit, every player was locked out."""

from __future__ import annotations

import contextlib
import resource
import socket
import threading
import time

import httpx
from websockets.sync.client import connect

from tests.utils.live_server import Client
from tests.utils.process_server import ServerProcess

FD_LIMIT = 256
PER_ADDRESS = 32
HEADER_TIMEOUT = 2.0
ATTACKER = "127.0.0.3"
PLAYER = "127.0.0.2"


def low_fd_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FD_LIMIT, FD_LIMIT))


class PlayerSocket(Client):
    """The test's socket client, from the players' own loopback address."""

    def __init__(self, port: int, code: str) -> None:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(PLAYER, 0))
        self.ws = connect(
            f"ws://127.0.0.1:{port}/ws/rooms/{code}", sock=sock, max_size=1 << 22, open_timeout=10
        )
        self.ws.__enter__()
        self.received = []


class Attack:
    """Slow and silent connections from one address, until stopped."""

    def __init__(self, port: int, slow: int = 300, silent: int = 300) -> None:
        self.port = port
        self.sockets: list[socket.socket] = []
        self.refused = 0
        self.stopped = threading.Event()
        for n in range(slow + silent):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(ATTACKER, 0))
            except OSError:
                self.refused += 1
                continue
            if n < slow:
                with contextlib.suppress(OSError):
                    sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: paddock\r\n")
            sock.setblocking(False)
            self.sockets.append(sock)
        self.thread = threading.Thread(target=self.trickle, daemon=True)
        self.thread.start()

    def trickle(self) -> None:
        while not self.stopped.wait(0.5):
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.send(b"X")

    def open_count(self) -> int:
        """Attacker connections the server still holds (not closed or refused by it)."""
        still = 0
        for sock in self.sockets:
            try:
                data = sock.recv(4096)
            except BlockingIOError:
                still += 1
                continue
            except OSError:
                continue
            if b"too_many_connections" in data:
                self.refused += 1
        return still

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(5)
        for sock in self.sockets:
            sock.close()


def test_slow_and_silent_connections_from_one_address_leave_another_players_game_playable(tmp_path):
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'paddock.db'}",
        preexec_fn=low_fd_limit,
        HEADER_TIMEOUT_SECONDS=str(HEADER_TIMEOUT),
        CONNECTIONS_PER_ADDRESS=str(PER_ADDRESS),
        RATE_LIMITS="off",
    ).start()
    players = httpx.Client(
        base_url=f"http://127.0.0.1:{server.port}",
        transport=httpx.HTTPTransport(local_address=PLAYER),
        timeout=10,
    )
    attack = None
    try:
        room = players.post("/api/rooms", json={"game": "ponies_in_pursuit", "name": "Ann"}).json()
        code = room["code"]
        friend = players.post(f"/api/rooms/{code}/join", json={"name": "Bo"}).json()
        attack = Attack(server.port)
        # While the attack holds everything it can: the players start and play.
        assert players.post(f"/api/rooms/{code}/start", headers={"Authorization": f"Bearer {room['token']}"})
        with PlayerSocket(server.port, code) as ann, PlayerSocket(server.port, code) as bo:
            ann.hello(room["token"])
            bo.hello(friend["token"])
            state = ann.state()
            submit = next(a for a in state["actions"] if a["type"] == "submit")
            ann.send({"type": "act", "v": state["v"], "action": submit})
            assert ann.state(v=state["v"] + 1)["v"] == state["v"] + 1
            assert bo.state(v=state["v"] + 1)["v"] == state["v"] + 1
            assert players.get(f"/api/rooms/{code}").status_code == 200
            # The attacker holds at most its cap, and the trickling ones go at the header timeout.
            assert attack.open_count() <= PER_ADDRESS
            deadline = time.monotonic() + 60
            while attack.open_count() > 0:
                assert time.monotonic() < deadline, "slow connections were never closed"
                time.sleep(0.2)
            assert attack.refused >= 600 - 2 * PER_ADDRESS
            # The players' sockets are untouched by all this.
            bo.send({"type": "ping"})
            assert bo.wait_for(lambda m: m["type"] == "pong")
        # A fresh attacker connection that completes its request in time is served.
        with socket.create_connection(("127.0.0.1", server.port), source_address=(ATTACKER, 0)) as late:
            late.sendall(b"GET /healthz HTTP/1.1\r\nHost: paddock\r\nConnection: close\r\n\r\n")
            assert late.recv(4096).startswith(b"HTTP/1.1 200")
    finally:
        if attack is not None:
            attack.stop()
        players.close()
        server.stop()
