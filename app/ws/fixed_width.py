"""A seat's frame is as long as the shape of its secrets, never as their values (issue 20,
finding 7).

Secrets are short strings and numbers of varying width ("9" and "10" under the cup, item
names in a hand), so a network observer could read them off the length of the encrypted
frame. The private parts of a seat's frame (the view's `private_keys` of the game and the
log events addressed to the seat) are therefore counted at the width of their SHAPE: every
string in them as if it were FIELD bytes wide, every other scalar NUMBER_FIELD (or the next
power of two for a longer one), plus their structure; the difference is sent as a `"pad"`
field of spaces, and the frame is rounded up to a multiple of ROUND bytes. So two states that
differ only in a seat's secret values (the same structure, values within those widths) give
that seat frames of the same length. The legal actions are sent at their own width (leaf
padding would more than double a frame): where a secret changes them (e.g. which item one may
play now), the rounding only blurs the difference.
Spectators' frames hold no secret and are not padded.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import orjson

import engine

# Widths a scalar of a private part counts as: strings (with their quotes) and the rest.
FIELD = 24
NUMBER_FIELD = 8
ROUND = 64
_PAD_FIELD = len(b',"pad":""')
# The integers whose JSON is at most NUMBER_FIELD bytes wide.
_SMALL_INT = (-(10 ** (NUMBER_FIELD - 1)) + 1, 10**NUMBER_FIELD - 1)


def _scalar_width(value: Any) -> int:
    if value is None or value is True or value is False:
        return NUMBER_FIELD
    if type(value) is int and _SMALL_INT[0] <= value <= _SMALL_INT[1]:
        return NUMBER_FIELD
    if type(value) is str:
        return _string_width(value)
    return _width(len(orjson.dumps(value)), NUMBER_FIELD)


def _width(width: int, field: int) -> int:
    return field if width <= field else 1 << (width - 1).bit_length()


@lru_cache(maxsize=4096)
def _string_width(value: str) -> int:
    """A string's field width (strings of a game's secrets repeat: card and item names)."""
    return _width(len(orjson.dumps(value)), FIELD)


@lru_cache(maxsize=4096)
def _key_width(key: str) -> int:
    return len(orjson.dumps(key)) + 1  # "key":


def shape_width(value: Any) -> int:
    """The bytes `value` would take with every scalar at its field width (no recursion)."""
    total = 0
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            total += 2 + max(len(item) - 1, 0)  # braces, commas
            for key, child in item.items():
                total += _key_width(key)
                stack.append(child)
        elif isinstance(item, (list, tuple)):  # a JSON array either way
            total += 2 + max(len(item) - 1, 0)
            stack.extend(item)
        else:
            total += _scalar_width(item)
    return total


def part_pad(part: Any) -> int:
    """What a private part's shape adds to its JSON width. The shape is a function of
    the part's JSON text alone, and the parts of a seat's frames repeat from frame to frame (a
    hand through a round, the seat's events in every sync's log), so it is computed once per
    text while that text keeps coming."""
    text = orjson.dumps(part)
    pad = _PADS.get(text)
    if pad is None:
        if len(_PADS) >= PADS_KEPT:
            _PADS.clear()
        pad = _PADS[text] = shape_width(part) - len(text)
    return pad


# What the shape adds to each recent private part, by its JSON text (see part_pad).
PADS_KEPT = 8192
_PADS: dict[bytes, int] = {}


def private_parts(message: dict[str, Any]) -> list[Any]:
    """The parts of a seat's state frame that depend on its secrets."""
    view = message.get("view") or {}
    try:
        keys = engine.get_game(str(view.get("game"))).private_keys
    except Exception:  # noqa: BLE001 - an unknown game: count the whole view as private
        keys = tuple(view)
    parts: list[Any] = [view.get(key) for key in keys if key in view]
    for name in ("events", "log"):
        parts.extend(event for event in message.get(name) or () if isinstance(event, dict) and "to" in event)
    return parts


def padded_text(message: dict[str, Any]) -> str:
    """A seat's frame as JSON text, padded as above."""
    text = orjson.dumps(message)
    parts = private_parts(message)
    pad = sum(map(part_pad, parts))
    total = len(text) + _PAD_FIELD + pad
    pad += -total % ROUND
    if "pad" in message:
        return orjson.dumps({**message, "pad": " " * pad}).decode()
    # The same text, without dumping the message again: the pad is its last key.
    return (text[:-1] + b',"pad":"' + b" " * pad + b'"}').decode()
