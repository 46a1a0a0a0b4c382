"""Several worker processes need a shared fan-out.

With `BROADCAST_URL=memory://` a move is told only to the sockets of the process that
stored it, so a second worker silently splits every room (players on the other worker
never see the move). `paddock serve --workers N` refuses that, and so does the app
itself when uvicorn or gunicorn start it with several workers (`--workers` / `-w` on
their command line, which worker processes inherit, or `WEB_CONCURRENCY`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path


class SharedFanOutRequired(RuntimeError):
    pass


def is_memory(broadcast_url: str) -> bool:
    return broadcast_url.startswith("memory://") or broadcast_url == "memory"


def refusal(workers: int) -> str:
    return (
        f"{workers} worker processes need a shared fan-out: with BROADCAST_URL=memory:// each worker "
        "tells only its own players about a move, so rooms would split. Set "
        "BROADCAST_URL=redis://host:6379/0 (with a PostgreSQL DATABASE_URL), or run one worker."
    )


def check_workers(broadcast_url: str, workers: int) -> None:
    """Raise SharedFanOutRequired (with a sentence saying to use Redis) for several in-memory workers."""
    if workers > 1 and is_memory(broadcast_url):
        raise SharedFanOutRequired(refusal(workers))


def _int(text: str | None) -> int:
    try:
        return int(text or 1)
    except ValueError:
        return 1


def requested_workers(argv: Sequence[str] | None = None, env: Mapping[str, str] | None = None) -> int:
    """Worker processes asked of the server that runs this app (1 when it cannot tell)."""
    argv = list(sys.argv if argv is None else argv)
    env = os.environ if env is None else env
    workers = _int(env.get("WEB_CONCURRENCY"))
    program = Path(argv[0]).as_posix() if argv else ""
    if not any(name in program for name in ("uvicorn", "gunicorn")):
        return workers
    for index, arg in enumerate(argv[1:], start=1):
        if arg in ("--workers", "-w") and index + 1 < len(argv):
            workers = _int(argv[index + 1])
        elif arg.startswith("--workers="):
            workers = _int(arg.split("=", 1)[1])
    return workers
