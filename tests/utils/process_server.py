"""A real `python -m app serve` process (cwd = repo root) for restart tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.utils.live_server import Client

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class ServerProcess:
    def __init__(
        self,
        database_url: str,
        port: int | None = None,
        log_path: Path | None = None,
        broadcast_url: str = "memory://",
        preexec_fn=None,
        **env: str,
    ) -> None:
        # `preexec_fn`: run in the child before the server starts (e.g. resource.setrlimit).
        self.preexec_fn = preexec_fn
        self.database_url = database_url
        self.broadcast_url = broadcast_url
        self.env = env
        self.port = port or free_port()
        self.log_path = log_path
        self.process: subprocess.Popen | None = None
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10)

    def start(self) -> ServerProcess:
        env = {
            **os.environ,
            "DATABASE_URL": self.database_url,
            "BOT_DELAY": "0",
            "BROADCAST_URL": self.broadcast_url,
            **self.env,
        }
        out = open(self.log_path, "ab") if self.log_path else subprocess.DEVNULL  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            preexec_fn=self.preexec_fn,  # noqa: PLW1509 - only tests lower a limit here
        )
        # Generous: on a busy shared machine importing the app alone can take half a minute.
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited with {self.process.returncode}")
            try:
                if self.http.get("/api/games").status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        raise RuntimeError("server did not start in 120 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown hooks, no flushing, like a crash."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self.http.close()

    def socket(self, code: str) -> Client:
        return Client(f"ws://127.0.0.1:{self.port}/ws/rooms/{code}")


def start_together(servers: list[ServerProcess]) -> list[BaseException]:
    """Start the servers at the same time (so their migrations meet the advisory lock); the
    errors of those that did not start."""
    errors: list[BaseException] = []

    def boot(server: ServerProcess) -> None:
        try:
            server.start()
        except BaseException as exc:  # noqa: BLE001 - returned to the caller
            errors.append(exc)

    threads = [threading.Thread(target=boot, args=(s,)) for s in servers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


@contextmanager
def running_pair(
    database_url: str, redis_url: str, redis_prefix: str, log_dir: Path, **env: str
) -> Iterator[list[ServerProcess]]:
    """Two processes on one database and one Redis, started together; stopped afterwards. A
    process that did not start fails the caller with its error and both logs."""
    servers = [
        ServerProcess(
            database_url,
            log_path=log_dir / f"server{i}.log",
            broadcast_url=redis_url,
            BROADCAST_PREFIX=redis_prefix,
            **env,
        )
        for i in (0, 1)
    ]
    try:
        errors = start_together(servers)
        if errors:
            logs = [(log_dir / f"server{i}.log").read_text(errors="replace") for i in (0, 1)]
            raise RuntimeError(f"{[str(e) for e in errors]}\n" + "\n".join(logs))
        yield servers
    finally:
        for server in servers:
            server.stop()
