"""Log settings: `LOG_LEVEL` (debug, info, warning, error, critical) and `LOG_FORMAT`
(`text`, or `json`: one JSON object per line, with the fields a call passed in `extra`,
e.g. `room` and `version` of an action).

`paddock serve` hands this configuration to uvicorn, which applies it in every worker
process, so uvicorn's own lines (start-up, access log) come out in the same format.

`debug` applies to the app's own loggers (`paddock.*`). uvicorn's and websockets' loggers
never go below `info`: at debug they write every socket frame, seat tokens included, and a
token must never reach a log.
"""

from __future__ import annotations

import logging.config
from typing import Any

LEVELS = ("debug", "info", "warning", "error", "critical")
FORMATS = ("text", "json")
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Loggers of the server libraries, which dump whole socket frames at debug.
SERVER_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi", "websockets")


def server_level(level: str) -> str:
    """The level for SERVER_LOGGERS: `level`, but never below info."""
    return "info" if level == "debug" else level


def logging_config(level: str = "info", fmt: str = "text") -> dict[str, Any]:
    """A `logging.config.dictConfig` dictionary: one stderr handler for everything."""
    if fmt == "json":
        formatter: dict[str, Any] = {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        }
    else:
        formatter = {"format": TEXT_FORMAT}
    level_name = level.upper()
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"default": formatter},
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": "default",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["default"], "level": level_name},
        "loggers": {
            # uvicorn's loggers hand their records to the root handler, in our format.
            name: {"handlers": [], "propagate": True, "level": server_level(level).upper()}
            for name in SERVER_LOGGERS
        },
    }


def configure_logging(level: str = "info", fmt: str = "text") -> None:
    logging.config.dictConfig(logging_config(level, fmt))
