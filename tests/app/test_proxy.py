"""deploy/nginx.conf, the proxy of docker-compose.yml, run with Debian's nginx (`apt-get install -y
nginx`) in front of two real `paddock serve` processes on one PostgreSQL schema and one Redis:
only the listen port and the upstream addresses are rewritten for this machine.

A game with spectators is played through the proxy (HTTP and WebSockets), every socket of the
room on the one replica its code hashes to; that process is SIGKILLed mid-game and every client
reconnects through the same proxy address, which skips the dead replica, and finishes the game
on the other. The app's
per-address limits count the real client: two clients on the loopback addresses 127.0.0.1 and
127.0.0.2 reach the app through the proxy's one address, and only the one past its limit is
refused, even when the other forges an X-Forwarded-For."""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed

from tests.app.test_multiprocess import Seat, check_final, new_room, play
from tests.utils.live_server import Client
from tests.utils.process_server import ROOT, ServerProcess, free_port

NGINX = Path("/usr/sbin/nginx")
ROOMS_PER_MINUTE = 3
pytestmark = [pytest.mark.postgres, pytest.mark.redis]


def require_nginx() -> None:
    if NGINX.is_file():
        return
    if os.environ.get("PADDOCK_REQUIRE_SERVICES"):
        pytest.fail(f"{NGINX} is required (apt-get install -y nginx) but absent")
    pytest.skip(f"{NGINX} is absent: apt-get install -y nginx to run the proxy test")


def proxy_config(port: int, upstreams: list[int]) -> str:
    """deploy/nginx.conf with this machine's addresses: the listen port and one upstream server
    line per process (with the file's own passive-health parameters)."""
    text = (ROOT / "deploy" / "nginx.conf").read_text()
    text, listens = re.subn(r"^(\s*)listen\s+80;", rf"\g<1>listen 127.0.0.1:{port};", text, flags=re.M)
    servers = re.search(r"^(\s*)server\s+app:8000(.*);$", text, flags=re.M)
    assert listens == 1 and servers, "deploy/nginx.conf no longer has the lines this test rewrites"
    indent, params = servers.group(1), servers.group(2)
    lines = "\n".join(f"{indent}server 127.0.0.1:{p}{params};" for p in upstreams)
    return text[: servers.start()] + lines + text[servers.end() :]


class Proxy:
    """nginx in the foreground, plus an HTTP client (from a chosen loopback address) and sockets."""

    def __init__(self, workdir: Path, upstreams: list[int]) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.conf = workdir / "nginx.conf"
        self.conf.write_text(proxy_config(self.port, upstreams))
        self.log = workdir / "nginx.log"
        self.process: subprocess.Popen | None = None
        self.http = self.client("127.0.0.3")

    def client(self, source: str) -> httpx.Client:
        transport = httpx.HTTPTransport(local_address=source)
        return httpx.Client(base_url=f"http://127.0.0.1:{self.port}", transport=transport, timeout=10)

    def start(self) -> Proxy:
        with open(self.log, "wb") as out:
            self.process = subprocess.Popen(
                # As root, nginx's workers would switch to `nobody`, who cannot read pytest's tmp dirs.
                [
                    NGINX,
                    "-p",
                    self.workdir,
                    "-c",
                    self.conf,
                    "-g",
                    f"daemon off; user root; pid {self.workdir}/nginx.pid;",
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 60
        while True:
            assert self.process.poll() is None, self.log.read_text()
            try:
                if self.http.get("/healthz").status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "nginx did not answer in 60 s:\n" + self.log.read_text()
            time.sleep(0.05)

    def stop(self) -> None:
        self.http.close()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)

    def socket(self, code: str) -> Client:
        return Client(f"ws://127.0.0.1:{self.port}/ws/rooms/{code}")


@pytest.fixture(scope="module")
def stack(module_postgres_url, redis_url, redis_prefix, tmp_path_factory) -> Iterator[tuple]:
    require_nginx()
    workdir = tmp_path_factory.mktemp("proxy")
    servers = [
        ServerProcess(
            module_postgres_url,
            log_path=workdir / f"server{i}.log",
            broadcast_url=redis_url,
            BROADCAST_PREFIX=redis_prefix,
            SWEEP_SECONDS="1",
            # nginx connects to the upstreams from 127.0.0.1: its X-Forwarded-For is believed.
            FORWARDED_ALLOW_IPS="127.0.0.1",
            ROOMS_CREATED_LIMIT=f"{ROOMS_PER_MINUTE}/minute",
        )
        for i in (0, 1)
    ]
    proxy = Proxy(workdir, [s.port for s in servers])
    try:
        for server in servers:
            server.start()  # one after the other: the second finds the migrations done
        yield proxy.start(), servers
    finally:
        proxy.stop()
        for server in servers:
            server.stop()


def sockets_held(server: ServerProcess) -> float:
    text = server.http.get("/metrics").text
    return sum(
        sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
        if sample.name == "paddock_sockets"
    )


def wait_for_sockets(servers: list[ServerProcess], total: int) -> list[float]:
    """Each replica's open sockets, once they add up to `total` (every hello was served)."""
    deadline = time.monotonic() + 30
    while True:
        counts = [sockets_held(s) for s in servers]
        if sum(counts) >= total:
            return counts
        assert time.monotonic() < deadline, counts
        time.sleep(0.05)


def test_per_address_limits_count_the_real_client_not_the_proxy(stack):
    proxy, _servers = stack
    greedy, other = proxy.client("127.0.0.1"), proxy.client("127.0.0.2")
    body = {"game": "ponies_in_pursuit", "name": "Host", "options": {}}
    try:
        # Each process counts its own clients; the proxy sends a client's requests of no room to
        # one replica (by its address), so the limit is met there: never more than 2 x pass.
        answers = []
        for _ in range(2 * ROOMS_PER_MINUTE + 1):
            answers.append(greedy.post("/api/rooms", json=body))
            if answers[-1].status_code == 429:
                break
        assert [a.status_code for a in answers[:-1]] == [201] * (len(answers) - 1)
        refused = answers[-1]
        assert refused.status_code == 429 and refused.json()["code"] == "slow_down", refused.text
        assert int(refused.headers["Retry-After"]) > 0
        # Another address behind the same proxy is untouched, even claiming to be the greedy one:
        # the proxy replaces X-Forwarded-For with the address it sees.
        for _ in range(2):
            answer = other.post("/api/rooms", json=body, headers={"X-Forwarded-For": "127.0.0.1"})
            assert answer.status_code == 201, answer.text
        assert greedy.post("/api/rooms", json=body).status_code == 429
    finally:
        greedy.close()
        other.close()


def test_a_room_is_served_by_one_replica_and_moves_to_another_when_it_is_lost(stack, module_postgres_url):
    """Three humans and two spectators on sockets through the proxy: nginx sends every socket of
    the room to one replica (its code's hash), so the room's changes cross no process. That
    replica is killed mid-game: the sockets close, their clients reconnect to the same proxy
    address, are served by the survivor, and every client ends on the stored final state."""
    proxy, servers = stack
    code, tokens = new_room(proxy, humans=3, bots=0, seed=21)
    clients = [Seat(proxy, code, i, token) for i, token in enumerate(tokens)]
    clients += [Seat(proxy, code, None, None) for _ in range(2)]
    counts = wait_for_sockets(servers, len(clients))
    assert sorted(counts) == [0, len(clients)], counts
    play(clients, until_over=False, until_v=4)

    victim = servers[counts.index(len(clients))]
    victim.kill()
    for client in clients:
        with pytest.raises(ConnectionClosed):
            while True:
                client.client.recv(10)
        client.connect(proxy)  # the same address: nginx skips the dead replica
    play(clients)
    check_final(clients, module_postgres_url, code, 3)
    for client in clients:
        client.client.close()
