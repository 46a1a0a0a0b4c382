"""`paddock serve [--host H] [--port P] [--workers N]`: run the web server (uvicorn).

Settings come from the environment (app.core.config); `--host`/`--port` override
HOST/PORT. With `--workers N` (default: $WEB_CONCURRENCY or 1) uvicorn starts N
processes that each build the app from the environment (`app.main:create_served_app`); that
needs BROADCAST_URL=redis://... so that a move reaches the players of every process,
and is refused with a sentence otherwise. Logging follows LOG_LEVEL and LOG_FORMAT
(app.logs) in every process, uvicorn's own lines included.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from typing import Any

from pydantic import ValidationError

from app.core.config import Settings
from app.core.workers import SharedFanOutRequired, check_workers
from app.logs import configure_logging, logging_config, server_level


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run the web server")
    parser.add_argument("--host", help="address to listen on (default: $HOST or 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default: $PORT or 8000)")
    parser.add_argument(
        "--workers",
        type=int,
        default=int(os.environ.get("WEB_CONCURRENCY") or 1),
        help="worker processes (default: $WEB_CONCURRENCY or 1); more than one needs BROADCAST_URL=redis://...",
    )
    parser.set_defaults(run=run)


def _settings_problem(exc: ValidationError) -> str:
    first = exc.errors()[0]
    name = str(first["loc"][0]).upper() if first.get("loc") else "a setting"
    return f"paddock serve: {name} is not valid ({first['msg']})."


def run(args: argparse.Namespace) -> int:
    import uvicorn

    overrides = {key: value for key, value in (("host", args.host), ("port", args.port)) if value is not None}
    try:
        settings = Settings(**overrides)
    except ValidationError as exc:
        print(_settings_problem(exc), file=sys.stderr)
        return 2
    if args.workers < 1:
        print("paddock serve: --workers must be at least 1.", file=sys.stderr)
        return 2
    try:
        check_workers(settings.broadcast_url, args.workers)
    except SharedFanOutRequired as exc:
        print(f"paddock serve: {exc}", file=sys.stderr)
        return 2
    from app.core.connections import HTTP_PROTOCOL, WS_PROTOCOL
    from app.core.storage import startup_problem

    problem = startup_problem(settings.database_url, settings)
    if problem is not None:
        print(f"Paddock cannot start: {problem}", file=sys.stderr, flush=True)
        return 1
    # Applied here for the line below, and by uvicorn in each process it runs the app in
    # (workers are fresh processes).
    log_config = logging_config(settings.log_level, settings.log_format)
    configure_logging(settings.log_level, settings.log_format)
    logging.getLogger("paddock").info("Paddock at http://%s:%s", settings.host, settings.port)
    common: dict[str, Any] = {
        "host": settings.host,
        "port": settings.port,
        # The protocol cap sits well above the app's own cap, which answers with an error.
        "ws_max_size": max(1 << 20, settings.max_message_bytes * 4),
        # Frames are small and the same text goes to every socket of an audience: compressing
        # it per socket would cost CPU per send and a zlib context (~100+ KiB) per connection.
        "ws_per_message_deflate": False,
        # The sans-I/O websockets protocol: no background tasks per connection (the legacy one
        # keeps three), so an idle socket costs far less memory.
        "ws": WS_PROTOCOL,
        # uvicorn's HTTP protocol with a header timeout and connection caps (app.core.connections).
        "http": HTTP_PROTOCOL,
        "log_config": log_config,
        # uvicorn sets its loggers to this level after applying log_config.
        "log_level": server_level(settings.log_level),
    }
    if args.workers > 1:
        # Each worker process builds its own app from the same environment.
        uvicorn.run("app.main:create_served_app", factory=True, workers=args.workers, **common)
    else:
        from app.main import create_app

        uvicorn.run(create_app(settings, served=True), **common)
    return 0
