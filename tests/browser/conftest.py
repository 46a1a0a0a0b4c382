"""Real Chromium (the system's /usr/bin/chromium, never a downloaded one), a
real server process on a free port with a fresh SQLite file, and axe-core
from npm cached under ~/.cache/paddock/axe (or $PADDOCK_AXE_DIR)."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("PADDOCK_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts" / "browser"
AXE_VERSION = "4"

# `expect(...)` retries until the page shows what it asserts; the timeout only bounds a failure,
# so it is generous: on a loaded shared machine a frame can take seconds to arrive.
expect.set_options(timeout=30_000)


def required() -> bool:
    return bool(os.environ.get("PADDOCK_REQUIRE_SERVICES"))


def skip_or_fail(reason: str) -> None:
    if required():
        pytest.fail(f"{reason} (PADDOCK_REQUIRE_SERVICES is set)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="session")
def chromium_path() -> str:
    if not CHROMIUM.exists():
        skip_or_fail(f"no Chromium at {CHROMIUM}: apt-get install chromium to run the browser tests")
    return str(CHROMIUM)


@pytest.fixture(scope="module")
def browser(chromium_path):
    """One Chromium per test module. Playwright's sync API holds an event loop on the thread
    while it runs, so the tests that call asyncio.run cannot follow it in the same process (with
    pytest-xdist any module may come next): it stops at the end of each module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # Playwright gives every launch a fresh temporary profile (user-data-dir).
        launched = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@contextlib.contextmanager
def run_server(**env_overrides: str):
    """`python -m app serve --port P` in the repo root, SQLite in a temp dir, bots without delay;
    yields the base URL. `env_overrides` set more settings (e.g. SEAT_GRACE_SECONDS)."""
    workdir = Path(tempfile.mkdtemp(prefix="paddock-browser-"))
    port = free_port()
    env = dict(os.environ)
    env.update(
        DATABASE_URL=f"sqlite:///{workdir / 'paddock.db'}",
        BROADCAST_URL="memory://",
        BOT_DELAY="0",
        # Scripted players here act at machine speed; flood control is tested in tests/app.
        RATE_LIMITS="off",
        PYTHONPATH=str(ROOT),
        **env_overrides,
    )
    log = open(workdir / "server.log", "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120  # a loaded machine can take long to import the app
        while True:
            try:
                with urllib.request.urlopen(f"{url}/api/games", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("server did not start:\n" + (workdir / "server.log").read_text()[-3000:])
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture(scope="session")
def server_url():
    """The shared server; a dropped player's seat may go to a bot at once (no grace period)."""
    with run_server(SEAT_GRACE_SECONDS="0") as url:
        yield url


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core's minified source, installed from npm once into a cache dir."""
    cache = Path(os.environ.get("PADDOCK_AXE_DIR", Path.home() / ".cache" / "paddock" / "axe"))
    script = cache / "node_modules" / "axe-core" / "axe.min.js"
    if not script.is_file():
        npm = shutil.which("npm")
        if npm is None:
            skip_or_fail("npm is not installed, so axe-core cannot be fetched for the accessibility checks")
        cache.mkdir(parents=True, exist_ok=True)
        result = subprocess.run(
            [npm, "install", "--prefix", str(cache), "--no-audit", "--no-fund", f"axe-core@{AXE_VERSION}"],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if result.returncode != 0 or not script.is_file():
            skip_or_fail(f"npm install axe-core failed: {result.stderr[-500:]}")
    return script.read_text(encoding="utf-8")


@pytest.fixture
def artifacts(request) -> Path:
    name = request.node.callspec.id if hasattr(request.node, "callspec") else request.node.name
    folder = ARTIFACTS / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder
