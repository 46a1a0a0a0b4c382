"""Endpoints for operators and their tools: `/healthz`, `/readyz` (app.health) and
`/metrics` (app.metrics, Prometheus text format). None of them is cached.

Only operators see `/metrics` and the reasons and checks of `/readyz` (database host, driver
errors): a request carrying `Authorization: Bearer <OPS_TOKEN>`, or, while no OPS_TOKEN is
set, a request from a loopback address (the machine itself). Anyone else gets the bare
status of `/readyz` (same 200/503) and a 403 from `/metrics`."""

from __future__ import annotations

import hmac
import ipaddress
from collections.abc import Callable

from fastapi import APIRouter, Request, Response
from fastapi.openapi.docs import get_redoc_html, get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse

from app import metrics
from app.api.deps import token_of

router = APIRouter(include_in_schema=False)
NO_STORE = {"Cache-Control": "no-store"}


@router.get("/healthz")
def healthz() -> JSONResponse:
    """The process is up and answering (liveness): no dependency is checked."""
    return JSONResponse({"status": "ok"}, headers=NO_STORE)


@router.get("/readyz")
async def readyz(request: Request) -> JSONResponse:
    """The database answers, and Redis too when the fan-out uses it (readiness); 503 with the reason."""
    ready, body = await request.app.state.readiness.check()
    if not is_operator(request):
        body = {"status": body["status"]}
    return JSONResponse(body, status_code=200 if ready else 503, headers=NO_STORE)


@router.get("/metrics")
def metrics_endpoint(request: Request) -> Response:
    """Prometheus text format. A plain `def`: the rooms count queries the database on a worker thread."""
    if not is_operator(request):
        return operators_only("The metrics are")
    body = metrics.exposition(getattr(request.app.state, "metrics", None))
    return Response(body, media_type=metrics.CONTENT_TYPE, headers=NO_STORE)


@router.get("/openapi.json")
def openapi(request: Request) -> JSONResponse:
    """The API map (OpenAPI), for operators."""
    if not is_operator(request):
        return operators_only("The API map is")
    return JSONResponse(request.app.openapi(), headers=NO_STORE)


@router.get("/docs")
def docs(request: Request) -> Response:
    return _map_page(request, get_swagger_ui_html)


@router.get("/redoc")
def redoc(request: Request) -> Response:
    return _map_page(request, get_redoc_html)


def _map_page(request: Request, build: Callable[..., HTMLResponse]) -> Response:
    """A page reading the API map (FastAPI's Swagger UI or ReDoc), for operators."""
    if not is_operator(request):
        return operators_only("The API map is")
    page = build(openapi_url="/openapi.json", title="Paddock API")
    page.headers.update(NO_STORE)
    return page


def operators_only(what: str) -> JSONResponse:
    """The 403 of an operators' endpoint; `what`: its subject ("The metrics are")."""
    return JSONResponse(
        {
            "type": "error",
            "code": "operators_only",
            "message": f"{what} for the site's operators (send the OPS_TOKEN as a bearer token).",
            "params": {},
        },
        status_code=403,
        headers=NO_STORE,
    )


def is_operator(request: Request) -> bool:
    """The OPS_TOKEN as a bearer token, or (no OPS_TOKEN set) a request from the machine itself."""
    expected = request.app.state.settings.ops_token
    if expected:
        given = token_of(request.headers.get("authorization")) or ""
        return hmac.compare_digest(given.encode(), expected.encode())
    host = request.client.host if request.client else ""
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
