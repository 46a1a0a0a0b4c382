"""Every HTTP failure is `{"type": "error", "code", "message", "params"}` with a sentence, never a trace."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.core.ratelimit import SlowDown
from app.core.storage import STORAGE_ERRORS, STORAGE_UNAVAILABLE
from app.rooms.errors import RoomError, error_message
from engine import EngineError

log = logging.getLogger("paddock.api")


def _error(
    status: int, code: str, message: str, headers: dict[str, str] | None = None, **params
) -> JSONResponse:
    return JSONResponse(
        {"type": "error", "code": code, "message": message, "params": params}, status, headers=headers
    )


# What a field's value must be, by pydantic error type (strict types: no bool/str -> number).
_MUST_BE = {
    "finite_number": "a finite number",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "string_type": "text",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "dict_type": "an object",
    "model_type": "an object",
    "model_attributes_type": "an object",
}


def _validation_sentence(error: dict, where: str) -> str:
    kind = error.get("type", "")
    ctx = error.get("ctx") or {}
    if kind in _MUST_BE:
        return f"The value of '{where}' must be {_MUST_BE[kind]}."
    if kind == "string_too_long":
        return f"The value of '{where}' is too long (at most {ctx.get('max_length')} characters)."
    if kind == "string_pattern_mismatch":
        return f"The value of '{where}' is not in the expected form."
    for bound, words in (("ge", "at least"), ("gt", "more than"), ("le", "at most"), ("lt", "less than")):
        if bound in ctx:
            return f"The value of '{where}' must be {words} {ctx[bound]}."
    return f"The value of '{where}' is not valid."


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        retry = exc.params.get("retry_after")
        headers = {"Retry-After": str(retry)} if retry is not None else None
        return JSONResponse(error_message(exc), exc.status, headers=headers)

    @app.exception_handler(SlowDown)
    async def slow_down(_request: Request, exc: SlowDown) -> JSONResponse:
        return _error(
            429, "slow_down", exc.message, {"Retry-After": str(exc.retry_after)}, retry_after=exc.retry_after
        )

    async def storage_error(_request: Request, exc: Exception) -> JSONResponse:
        log.warning("storage unavailable: %s", exc.__class__.__name__)
        return _error(503, "storage_unavailable", STORAGE_UNAVAILABLE, {"Retry-After": "5"}, retry_after=5)

    for error_class in STORAGE_ERRORS:
        app.add_exception_handler(error_class, storage_error)

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
        return _error(400, "bad_request", _validation_sentence(first, where), field=where)

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
