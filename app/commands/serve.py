"""`paddock serve [--host H] [--port P]`: run the web server (uvicorn)."""

from __future__ import annotations

import argparse
import logging
import sys

from app.core.config import Settings


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("serve", help="run the web server")
    parser.add_argument("--host", help="address to listen on (default: $HOST or 127.0.0.1)")
    parser.add_argument("--port", type=int, help="port to listen on (default: $PORT or 8000)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from app.core.storage import startup_problem
    from app.main import create_app

    overrides = {key: value for key, value in (("host", args.host), ("port", args.port)) if value is not None}
    settings = Settings(**overrides)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    problem = startup_problem(settings.database_url)
    if problem is not None:
        print(f"Paddock cannot start: {problem}", file=sys.stderr, flush=True)
        return 1
    print(f"Paddock at http://{settings.host}:{settings.port}", flush=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        # The protocol cap sits well above the app's own cap, which answers with an error.
        ws_max_size=max(1 << 20, settings.max_message_bytes * 4),
        # Frames are small and the same text goes to every socket of an audience: compressing
        # it per socket would cost CPU per send and a zlib context (~100+ KiB) per connection.
        ws_per_message_deflate=False,
        # The sans-I/O websockets protocol: no background tasks per connection (the legacy one
        # keeps three), so an idle socket costs far less memory.
        ws="websockets-sansio",
        log_level="info",
    )
    return 0
