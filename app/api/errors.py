"""Every HTTP failure is `{"type": "error", "code", "message", "params"}` with a sentence, never a trace."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.rooms.errors import RoomError, error_message
from engine import EngineError

log = logging.getLogger("paddock.api")


def _error(status: int, code: str, message: str, **params) -> JSONResponse:
    return JSONResponse({"type": "error", "code": code, "message": message, "params": params}, status)


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        return JSONResponse(error_message(exc), exc.status)

    @app.exception_handler(EngineError)
    async def engine_error(_request: Request, exc: EngineError) -> JSONResponse:
        return JSONResponse(error_message(exc), 400)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "request"
        if first.get("type") == "json_invalid":
            return _error(400, "bad_json", "The request body is not valid JSON.")
        if first.get("type") == "missing":
            return _error(400, "bad_request", f"The request needs '{where}'.", field=where)
        return _error(400, "bad_request", f"The value of '{where}' is not valid.", field=where)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 404:
            return _error(404, "not_found", "There is nothing at this address.")
        if exc.status_code == 405:
            return _error(405, "bad_method", "That method is not allowed here.")
        return _error(exc.status_code, "http_error", str(exc.detail))

    @app.exception_handler(Exception)
    async def server_error(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error", exc_info=exc)
        return _error(500, "server_error", "Something went wrong on the server; please try again.")
