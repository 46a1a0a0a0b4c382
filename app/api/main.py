"""All HTTP API routers."""

from fastapi import APIRouter

from app.api.routes import board_odds, games, group, group_lobby, odds, play_choices, rooms, series, tote

api_router = APIRouter()
api_router.include_router(games.router)
api_router.include_router(board_odds.router)
api_router.include_router(rooms.router)
api_router.include_router(group.router)
api_router.include_router(odds.router)
api_router.include_router(series.router)
api_router.include_router(tote.router)
api_router.include_router(group_lobby.router)
api_router.include_router(play_choices.router)
