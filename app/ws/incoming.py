"""The ONE place where client socket messages are parsed and checked.

Client -> server:
    {"type": "hello"}                      watch as a spectator
    {"type": "hello", "spectator": KEY}    ... as this browser's spectator (KEY: 16-64 of
                                           A-Z a-z 0-9 _ -, kept by the browser; app.ws.group)
    {"type": "hello", "token": "..."}      take your seat (token from create/join)
    {"type": "act", "v": N, "action": {...}}  (optional "seat": N must be your own)
    {"type": "ping"}                       answered with {"type": "pong"}
    {"type": "chat", "text": "..."}        a chat line to the room (app.ws.group)
    {"type": "seat_answer", "keep": true}  after a `seat_ask`: keep the seat on this device
                                           (false: let the other device have it now)
    {"type": "spectate", "name": "..."}    a spectator watches under this name (null or "":
                                           anonymously again; app.rooms.spectators)
    {"type": "seat_request", "seat": N}    a spectator: "I'm one of the players" (seat N)
    {"type": "seat_give", "seat": N}       the host: give seat N to the spectator who asked
                                           (app.ws.seat_asks)
    {"type": "back", "contender": "0", "chips": N}  a named spectator backs a contender
                                           of the tote (app.ws.tote)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import orjson
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from app.core.json_shape import may_be_refused, shape_problem


class BadMessage(Exception):
    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Hello(_Message):
    """`spectator`: the browser's spectator key (a secret it keeps), so that its sockets, a
    reconnect's included, are one spectator (app.ws.group)."""

    type: Literal["hello"]
    token: Annotated[StrictStr, Field(min_length=1, max_length=256)] | None = None
    spectator: Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9_-]{16,64}$")] | None = None


class Act(_Message):
    type: Literal["act"]
    v: StrictInt
    action: dict[str, Any]
    seat: StrictInt | None = None


class Ping(_Message):
    type: Literal["ping"]


class Chat(_Message):
    """Length and characters are checked by app.rooms.chat, which words the refusals."""

    type: Literal["chat"]
    text: StrictStr


class SeatAnswer(_Message):
    type: Literal["seat_answer"]
    keep: StrictBool


class Spectate(_Message):
    """The name is checked by app.rooms.spectators (app.rooms.names), which words the refusals."""

    type: Literal["spectate"]
    name: Annotated[StrictStr, Field(max_length=200)] | None = None


class Back(_Message):
    """Back a contender of the tote (app.rooms.tote words the refusals)."""

    type: Literal["back"]
    contender: Annotated[StrictStr, Field(max_length=8)]
    chips: StrictInt


class SeatRequest(_Message):
    """`name`: who the asker says they are (checked by app.rooms.names; none: the seat's name)."""

    type: Literal["seat_request"]
    seat: StrictInt
    name: Annotated[StrictStr, Field(max_length=200)] | None = None


class SeatGive(_Message):
    """An answer to the request of spectator `from` for the seat (none: its only request):
    `yes` (default) or no."""

    type: Literal["seat_give"]
    seat: StrictInt
    sender: Annotated[StrictStr | None, Field(alias="from", max_length=40)] = None
    yes: StrictBool = True


Incoming = Hello | Act | Ping | Chat | SeatAnswer | Spectate | SeatRequest | SeatGive | Back
ClientMessage = Annotated[Incoming, Field(discriminator="type")]
_adapter: TypeAdapter[Incoming] = TypeAdapter(ClientMessage)
KNOWN_TYPES = ("hello", "act", "ping", "chat", "seat_answer", "spectate", "seat_request", "seat_give", "back")


def parse(raw: str | bytes | None, max_bytes: int) -> Incoming:
    """A typed message, or BadMessage with a code and a sentence for the sender."""
    if raw is None:
        raise BadMessage("bad_message", "Messages must be JSON text.")
    size = len(raw.encode("utf-8")) if isinstance(raw, str) else len(raw)
    if size > max_bytes:
        raise BadMessage(
            "too_big", f"That message is too large (the limit is {max_bytes} bytes).", max=max_bytes
        )
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError:
        raise BadMessage("bad_json", "That message is not valid JSON.") from None
    if may_be_refused(raw) and (problem := shape_problem(data)) is not None:
        raise BadMessage(*problem)
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BadMessage("bad_message", 'A message must be a JSON object with a "type".')
    if data["type"] not in KNOWN_TYPES:
        raise BadMessage(
            "unknown_type",
            "Unknown message type; expected hello, act, ping, chat, seat_answer, spectate, seat_request "
            "or seat_give.",
            known=list(KNOWN_TYPES),
        )
    try:
        return _adapter.validate_python(data)
    except ValidationError as exc:
        raise BadMessage("bad_message", _sentence(data["type"], exc)) from None


def _sentence(kind: str, exc: ValidationError) -> str:
    article = "An" if kind[:1] in "aeiou" else "A"
    first = exc.errors()[0]
    field = ".".join(str(part) for part in first["loc"][1:]) or "message"
    if first["type"] == "extra_forbidden":
        return f"{article} {kind} message has no field '{field}'."
    if first["type"] == "missing":
        return f"{article} {kind} message needs the field '{field}'."
    expected = {"v": "a whole number", "action": "an object", "seat": "a whole number", "token": "text"}
    expected["text"] = "text"
    expected["keep"] = "true or false"
    expected["name"] = "text of at most 200 characters, or null"
    return f"In {article.lower()} {kind} message, '{field}' must be {expected.get(field, 'valid')}."
