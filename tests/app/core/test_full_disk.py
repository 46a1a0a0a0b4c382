"""A full disk is not "ready" and `paddock serve` refuses to start on it (issue 20, finding 4),
on a small tmpfs the test mounts (skipped, with the reason, where it cannot). Before: /readyz
said `ready` while every write answered 503, and the start check's rolled-back no-op UPDATE
passed, although it needed no new page."""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.core.db import make_engine
from app.core.storage import StorageNotWritable, require_writable, startup_problem
from tests.app.test_ops import wait_ready
from tests.utils.live_server import LiveServer, create_room

from ..conftest import settings_for

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def small_disk(tmp_path) -> Path:
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mount)], capture_output=True, text=True
    )
    if done.returncode != 0:
        pytest.skip(f"cannot mount a small tmpfs here (needs root and CAP_SYS_ADMIN): {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)


def fill(disk: Path) -> Path:
    """Write a filler file until the disk is full; returns it (delete it to free the disk)."""
    filler = disk / "filler"
    chunk = b"\0" * 65536
    with open(filler, "wb", buffering=0) as out:
        with contextlib.suppress(OSError):
            while True:
                out.write(chunk)
        with contextlib.suppress(OSError):
            while True:
                out.write(b"\0" * 512)
    with pytest.raises(OSError) as full:
        (disk / "probe").write_bytes(b"\0" * 4096)
    assert full.value.errno == errno.ENOSPC
    with contextlib.suppress(OSError):
        (disk / "probe").unlink()
    return filler


def test_readyz_fails_while_the_disk_is_full_and_recovers(small_disk):
    url = f"sqlite:///{small_disk / 'paddock.db'}"
    with LiveServer(settings_for(url)) as server:
        assert wait_ready(server, 200)["status"] == "ready"
        create_room(server.http)
        filler = fill(small_disk)
        body = wait_ready(server, 503)
        assert body["status"] == "unavailable" and "full" in body["reason"], body
        refused = server.http.post("/api/rooms", json={"game": "ponies_in_pursuit", "name": "Ann"})
        assert refused.status_code == 503 and refused.json()["code"] == "storage_unavailable"
        filler.unlink()
        assert wait_ready(server, 200)["status"] == "ready"
        create_room(server.http)


def test_paddock_serve_refuses_to_start_on_a_full_disk(small_disk):
    url = f"sqlite:///{small_disk / 'paddock.db'}"
    assert startup_problem(url) is None  # migrated and writable while there is room
    # The start's write check itself, on a database already open (its WAL and shared-memory
    # files exist) when the disk fills: the old check (a rolled-back no-op UPDATE) passed here.
    engine = make_engine(url)
    try:
        with engine.connect() as connection:  # opened, then back in the pool
            connection.exec_driver_sql("SELECT count(*) FROM rooms").scalar()
        filler = fill(small_disk)
        with pytest.raises(StorageNotWritable, match=r"cannot be written \(database or disk is full\)"):
            require_writable(engine)
    finally:
        engine.dispose()
    # A fresh start on the full disk: refused with a sentence (here already opening the
    # database fails, as SQLite cannot create its WAL files).
    assert "disk space" in (startup_problem(url) or "")
    env = {**os.environ, "DATABASE_URL": url}
    done = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--port", "0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    assert "Paddock cannot start" in done.stderr and "disk space" in done.stderr
    filler.unlink()
    assert startup_problem(url) is None
