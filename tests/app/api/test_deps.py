"""The API's route dependencies run on the event loop: FastAPI runs a plain `def` dependency in
its thread pool, one thread hop per request and dependency (each room's life takes four API calls
with two or three such dependencies)."""

from __future__ import annotations

import inspect

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute

from app.api.deps import token_of
from app.api.main import api_router


def dependencies(dependant: Dependant) -> list[Dependant]:
    found = []
    for sub in dependant.dependencies:
        found.append(sub)
        found.extend(dependencies(sub))
    return found


def routes(router) -> list[APIRoute]:
    """Every route of `router`, through the routers it includes."""
    found = []
    for route in router.routes:
        if isinstance(route, APIRoute):
            found.append(route)
        else:
            found.extend(routes(getattr(route, "original_router", route)))
    return found


def test_no_api_route_hands_a_dependency_to_the_thread_pool():
    api_routes = routes(api_router)
    assert len(api_routes) > 10
    checked = 0
    for route in api_routes:
        for dep in dependencies(route.dependant):
            assert dep.call is not None
            assert inspect.iscoroutinefunction(dep.call), (
                f"{route.path}: dependency {dep.call.__qualname__} is a plain def (runs in the thread pool)"
            )
            checked += 1
    assert checked > len(api_routes)  # every room route has a few


def test_a_bearer_header_gives_its_token_and_nothing_else_does():
    assert token_of("Bearer abc ") == "abc"
    assert token_of("bearer abc") == "abc"
    assert token_of("Basic abc") is None
    assert token_of("Bearer ") is None
    assert token_of(None) is None
