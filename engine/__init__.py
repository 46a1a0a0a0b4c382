"""Paddock's pure rules layer: no I/O, never imports `app`."""

from .api import (
    all_actions,
    apply,
    bot_action,
    decision_basis,
    describe_games,
    is_over,
    legal_actions,
    normalize,
    result,
    reveal_view,
    setup,
    start,
    step,
    timeout_action,
    timer_seconds,
    to_act,
    view,
    views,
)
from .errors import EngineError, GameFault
from .events import visible_events
from .registry import get_game

__all__ = [
    "EngineError",
    "GameFault",
    "all_actions",
    "apply",
    "bot_action",
    "decision_basis",
    "describe_games",
    "get_game",
    "is_over",
    "legal_actions",
    "normalize",
    "result",
    "reveal_view",
    "setup",
    "start",
    "step",
    "timeout_action",
    "timer_seconds",
    "to_act",
    "view",
    "views",
    "visible_events",
]
