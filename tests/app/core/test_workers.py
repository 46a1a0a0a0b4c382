"""Several workers with in-memory fan-out are refused (app.core.workers), by `paddock serve
--workers` and by the app itself under uvicorn's own `--workers`."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.core.workers import SharedFanOutRequired, check_workers, requested_workers

ROOT = Path(__file__).resolve().parents[3]


def test_workers_asked_of_uvicorn_or_gunicorn_are_read_from_their_command_line():
    assert requested_workers(["/venv/bin/uvicorn", "app.main:create_app", "--workers", "4"], {}) == 4
    assert requested_workers(["/x/uvicorn/__main__.py", "--factory", "--workers=3"], {}) == 3
    assert requested_workers(["gunicorn", "-w", "2", "-k", "uvicorn.workers.UvicornWorker"], {}) == 2
    assert requested_workers(["pytest", "-w", "5"], {}) == 1  # not a server's command line
    assert requested_workers(["paddock", "serve"], {"WEB_CONCURRENCY": "2"}) == 2
    assert requested_workers(["paddock", "serve"], {}) == 1


def test_several_workers_need_redis():
    check_workers("memory://", 1)
    check_workers("redis://127.0.0.1:6379/0", 4)
    with pytest.raises(SharedFanOutRequired, match="BROADCAST_URL=redis://"):
        check_workers("memory://", 2)


def test_paddock_serve_refuses_two_workers_with_memory_fan_out(tmp_path):
    env = {**os.environ, "BROADCAST_URL": "memory://", "DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"}
    out = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--workers", "2", "--port", "1"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert "need a shared fan-out" in out.stderr and "BROADCAST_URL=redis://" in out.stderr
    assert "Traceback" not in out.stderr
    assert not (tmp_path / "p.db").exists()  # refused before touching anything


@pytest.mark.slow
def test_uvicorn_with_two_workers_and_memory_fan_out_says_to_use_redis(tmp_path):
    """Started by uvicorn's own command line, each worker refuses to build the app."""
    env = {**os.environ, "BROADCAST_URL": "memory://", "DATABASE_URL": f"sqlite:///{tmp_path / 'p.db'}"}
    log_path = tmp_path / "uvicorn.log"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "app.main:create_app",
                "--factory",
                "--workers",
                "2",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        deadline = time.monotonic() + 120
        while "BROADCAST_URL=redis://" not in log_path.read_text(errors="replace"):
            assert time.monotonic() < deadline, log_path.read_text(errors="replace")[-3000:]
            assert process.poll() is None or "BROADCAST_URL" in log_path.read_text(errors="replace")
            time.sleep(0.1)
    finally:
        process.terminate()
        try:
            process.wait(20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)
    text = log_path.read_text(errors="replace")
    assert "need a shared fan-out" in text and "Traceback" not in text
    assert not (tmp_path / "p.db").exists()
