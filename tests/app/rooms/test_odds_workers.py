"""The live odds' worker processes (app.rooms.odds) end with their server, even one that was
killed: before, a SIGKILLed server left its worker waiting on its task pipe for ever (seen:
orphans of bench servers still there half an hour later)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

# A server's odds desk with its worker started; prints the worker's pid, then waits to be killed.
SERVER = """
import os, sys, time
from app.rooms.odds import OddsDesk
desk = OddsDesk(1)
print(desk._executor().submit(os.getpid).result(timeout=120), flush=True)
time.sleep(600)
"""


def running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended too
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_a_killed_servers_odds_worker_ends_too():
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        assert worker != server.pid and running(worker)
        server.send_signal(signal.SIGKILL)
        server.wait(60)
        deadline = time.monotonic() + 60  # a bound, not a wait: it ends within about a second
        while running(worker) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not running(worker), "the odds worker outlived its killed server"
    finally:
        server.kill()
