"""The one error type the engine raises, with stable codes.

Every refusal leaves the state untouched: the engine works on a copy and only
returns it once the action has been fully applied.
"""

from __future__ import annotations

from typing import Any

# Stable codes; the server and the translations key on these.
NOT_YOUR_TURN = "not_your_turn"
ILLEGAL_ACTION = "illegal_action"
GAME_OVER = "game_over"
BAD_ACTION = "bad_action"
BAD_OPTIONS = "bad_options"
BAD_SETUP = "bad_setup"

CODES = (NOT_YOUR_TURN, ILLEGAL_ACTION, GAME_OVER, BAD_ACTION, BAD_OPTIONS, BAD_SETUP)


class EngineError(Exception):
    """A refused action or set-up.

    `code` is one of CODES; `message` is an English sentence a player
    understands; `params` holds the values the sentence was built from so a
    translation can rebuild it in another language. Never put another seat's
    secret in either.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        if code not in CODES:
            raise ValueError(f"unknown engine error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "params": self.params}


def illegal(message: str, **params: Any) -> EngineError:
    return EngineError(ILLEGAL_ACTION, message, **params)


def bad_action(message: str, **params: Any) -> EngineError:
    return EngineError(BAD_ACTION, message, **params)


class GameFault(Exception):
    """An exception inside game code: a bug in the rules, never the player's fault.

    Not an EngineError, so nothing reports it to the player as a refusal: the
    server logs it and answers `server_error`. The original exception is the
    `__cause__`.
    """

    def __init__(self, game: str, during: str, cause: BaseException) -> None:
        super().__init__(f"{game}: {type(cause).__name__} during {during}: {cause}")
        self.game = game
        self.during = during
