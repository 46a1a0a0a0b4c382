"""The shape of a room code, checked before a code is used for anything (a lock, a query, a key).

Codes are made by `secrets.token_urlsafe(12)` (16 URL-safe characters); anything that could not
be one is answered `not_found` at once, without touching the lock map or the database.
"""

from __future__ import annotations

import re

CODE_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,40}")


def valid_code(code: object) -> bool:
    return isinstance(code, str) and CODE_PATTERN.fullmatch(code) is not None
