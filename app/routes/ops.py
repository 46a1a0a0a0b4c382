"""Endpoints for operators and their tools: `/healthz`, `/readyz` (app.health) and
`/metrics` (app.metrics, Prometheus text format). None of them is cached."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse

from app import metrics

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
    return JSONResponse(body, status_code=200 if ready else 503, headers=NO_STORE)


@router.get("/metrics")
def metrics_endpoint(request: Request) -> Response:
    """Prometheus text format. A plain `def`: the rooms count queries the database on a worker thread."""
    body = metrics.exposition(getattr(request.app.state, "metrics", None))
    return Response(body, media_type=metrics.CONTENT_TYPE, headers=NO_STORE)
