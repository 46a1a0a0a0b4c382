"""Builds the FastAPI app: settings, database (migrated at start), broadcast, rooms, routes."""

from __future__ import annotations

import importlib.util
from contextlib import asynccontextmanager

from fastapi import FastAPI

from app import metrics
from app.api.errors import install_error_handlers
from app.api.headers import SecurityHeaders
from app.api.limits import BodySizeLimit
from app.api.main import api_router
from app.broadcast import make_broadcast
from app.core import collector, log_noise
from app.core.config import Settings
from app.core.db import engine_for, make_sessions
from app.core.migrate import upgrade
from app.core.ratelimit import ClientLimits
from app.core.storage import require_writable
from app.core.workers import SharedFanOutRequired, check_workers, requested_workers
from app.health import Readiness
from app.rooms.service import RoomService
from app.routes import ops
from app.ws.route import RoomSocketRoute


def create_served_app() -> FastAPI:
    """The app of a `paddock serve` process (uvicorn's factory for its workers too): its
    garbage collector is tuned once it has started (app.core.collector)."""
    return create_app(served=True)


def create_app(settings: Settings | None = None, served: bool = False) -> FastAPI:
    settings = settings or Settings()
    # Several uvicorn/gunicorn workers with in-memory fan-out would split rooms: refuse, with
    # the sentence alone (a worker process prints a SystemExit's text, not a traceback).
    try:
        check_workers(settings.broadcast_url, requested_workers())
    except SharedFanOutRequired as exc:
        raise SystemExit(f"paddock: {exc}") from None

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        database = engine_for(settings)
        upgrade(database)
        require_writable(database)
        broadcast = make_broadcast(
            settings.broadcast_url, settings.subscriber_queue_size, settings.broadcast_prefix
        )
        await broadcast.connect()
        app.state.readiness = Readiness(database, broadcast)
        app.state.metrics = metrics.app_registry(database, broadcast)
        app.state.rooms = RoomService(make_sessions(database), broadcast, settings)
        await app.state.rooms.resume()
        if served:  # not in a test's process, whose many apps come and go
            collector.tune(settings.gc_thresholds)
        yield
        app.state.readiness.close()
        await app.state.rooms.close()
        await broadcast.disconnect()
        database.dispose()

    log_noise.install(settings.refusal_log_seconds)  # uvicorn's protocol errors, counted
    # The API map (/openapi.json, /docs, /redoc) is for operators only: app.routes.ops serves it.
    app = FastAPI(title="Paddock", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.settings = settings
    app.state.limits = ClientLimits(settings)
    install_error_handlers(app)
    app.add_middleware(BodySizeLimit, max_bytes=settings.max_message_bytes)
    app.add_middleware(SecurityHeaders)  # outermost of the HTTP ones: every answer gets the headers
    app.add_middleware(RoomSocketRoute)  # room sockets skip the routing and the HTTP middlewares
    app.include_router(ops.router)
    app.include_router(api_router)
    _install_pages(app)
    return app


def _install_pages(app: FastAPI) -> None:
    """The browser pages and static files (app/routes/pages.py), when present."""
    try:
        found = importlib.util.find_spec("app.routes.pages") is not None
    except ModuleNotFoundError:
        found = False
    if found:
        from app.routes import pages

        pages.install(app)
