"""Two shapes of JSON that are refused before anything reads them, anywhere in a body or a
socket message: nesting deeper than MAX_DEPTH (a recursive check would overflow the stack
and answer 500) and lone surrogates (\\ud800 alone: not text, and a sentence quoting it cannot
even be encoded). Both are walked without recursion."""

from __future__ import annotations

import json
from typing import Any

import orjson

# Arrays and objects inside each other; game options and actions need a handful.
MAX_DEPTH = 32

TOO_DEEP = ("too_deep", f"That message is nested too deeply (at most {MAX_DEPTH} levels).")
BAD_TEXT = ("bad_text", "That message contains a lone surrogate (\\ud800-\\udfff), which is not text.")


def shape_problem(value: Any) -> tuple[str, str] | None:
    """TOO_DEEP, BAD_TEXT or None for a parsed JSON value."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if _has_surrogate(item):
                return BAD_TEXT
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                return TOO_DEEP
            if isinstance(item, dict):
                for key, child in item.items():
                    if isinstance(key, str) and _has_surrogate(key):
                        return BAD_TEXT
                    stack.append((child, depth + 1))
            else:
                stack.extend((child, depth + 1) for child in item)
    return None


def may_be_refused(raw: str | bytes) -> bool:
    """Whether JSON text that parsed could hold what shape_problem refuses: a lone surrogate
    comes only from a \\u escape (text that arrived as UTF-8 holds none), and nesting deeper
    than MAX_DEPTH needs more brackets than that. Most messages have neither, and skip the walk."""
    if isinstance(raw, str):
        return "\\u" in raw or raw.count("{") + raw.count("[") > MAX_DEPTH
    return b"\\u" in raw or raw.count(b"{") + raw.count(b"[") > MAX_DEPTH


def body_problem(body: bytes) -> tuple[str, str] | None:
    """The same for raw JSON bytes; None also for what is not JSON at all (the route says so)."""
    if not body.strip():
        return None
    try:
        value = orjson.loads(body)
    except orjson.JSONDecodeError as exc:
        if "surrogate" in str(exc):
            return BAD_TEXT
        try:  # what Python's parser (the routes') takes and orjson does not: NaN, 1e400
            value = json.loads(body)
        except RecursionError:
            return TOO_DEEP
        except ValueError:
            return None
    return shape_problem(value)


def _has_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
