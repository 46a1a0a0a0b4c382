"""All HTTP API routers."""

from fastapi import APIRouter

from app.api.routes import games, rooms

api_router = APIRouter()
api_router.include_router(games.router)
api_router.include_router(rooms.router)
