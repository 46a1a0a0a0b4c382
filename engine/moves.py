"""Declared moves: each game lists its action types once, and the engine interprets the list.

A game's `moves` is a `MoveTable` of `Move`s: the action type, the fields it
carries and their types, when it is allowed, and the handler that applies it.
`engine.api` checks an incoming action against the table before any game code
runs:

1. the type is one the game declares (else `bad_action`);
2. its fields are exactly the declared ones (no unknown extra field, none
   missing unless optional) with the declared types: a declared `Int` takes a
   JSON integer only, never `true` or `1.0`; nested lists and objects are
   checked the same way (else `bad_action`, naming the field);
3. the move is allowed now (`allowed(state, seat)`, else `illegal_action` with
   the move's `not_now` sentence, which must hold no other seat's secret);
4. the handler runs on a copy of the state and may still refuse with an
   `EngineError` (rules that need the game's state: "you do not hold that card").

The validated action holds only the declared fields; it is what the server
stores (`engine.normalize`). Any other exception inside a handler is a bug in
the game, never the player's fault: the engine raises `GameFault`.

A combinatorial move (Ponies in Pursuit's sealed submission: which cards, each to move or
to bet) is listed once instead of once per combination: `legal_actions` gives one legal
sample of it plus, under the key `choose` (CHOOSE), a description of every value its fields
may take, in a shape the game documents. A move declared `described=True` drops that key
before the checks, so the listed action stays sendable verbatim; `engine.all_actions`
spells every combination out (for tests, bots and tools, never for frames).

The checks are written here rather than with pydantic because its strict mode
still turns `1.0` or `true` into `1` for a literal choice of ints, and a
player's refusal must be a plain sentence naming the field.

Example (Horse Racing's Joker)::

    Move("joker", race_move(race.play_joker),
         fields={"horse": Int(2, 12), "move": Int(choices=(1, -1))},
         allowed=in_race, not_now="The race has not started.")
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import errors
from .errors import EngineError

State = dict[str, Any]
Action = dict[str, Any]
Handler = Callable[..., None]  # (state, seat, action, rng) -> None
# The key of a listed action that describes all legal values of a combinatorial move.
CHOOSE = "choose"


def _refuse(where: str, message: str, **params: Any) -> EngineError:
    return errors.bad_action(message, field=where, **params)


class Spec:
    """The type of one field; `check` returns the value or raises a `bad_action` EngineError."""

    def check(self, value: Any, where: str) -> Any:
        raise NotImplementedError

    def describe(self) -> dict[str, Any]:
        raise NotImplementedError

    def sample(self) -> Any:
        """A valid value (the contract tests use it to build probes)."""
        raise NotImplementedError


@dataclass(frozen=True)
class Int(Spec):
    """A whole number (a JSON integer: not a bool, not a float), in [min, max] or one of `choices`."""

    min: int | None = None
    max: int | None = None
    choices: tuple[int, ...] = ()

    def check(self, value: Any, where: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _refuse(where, f"'{where}' must be a whole number.")
        if self.choices and value not in self.choices:
            shown = ", ".join(str(c) for c in self.choices)
            raise _refuse(where, f"'{where}' must be one of {shown}.", choices=list(self.choices))
        if self.min is not None and value < self.min or self.max is not None and value > self.max:
            raise _refuse(
                where, f"'{where}' must be between {self.min} and {self.max}.", min=self.min, max=self.max
            )
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "int"}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out

    def sample(self) -> int:
        if self.choices:
            return self.choices[0]
        return self.min if self.min is not None else 0


@dataclass(frozen=True)
class Bool(Spec):
    """true or false (never 0 or 1)."""

    def check(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise _refuse(where, f"'{where}' must be true or false.")
        return value

    def describe(self) -> dict[str, Any]:
        return {"kind": "bool"}

    def sample(self) -> bool:
        return False


@dataclass(frozen=True)
class Str(Spec):
    """A string, optionally one of `choices`; at most `max_len` characters."""

    choices: tuple[str, ...] = ()
    max_len: int = 40

    def check(self, value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise _refuse(where, f"'{where}' must be a word.")
        if len(value) > self.max_len:
            raise _refuse(where, f"'{where}' is too long.", max_len=self.max_len)
        if self.choices and value not in self.choices:
            raise _refuse(
                where, f"'{where}' must be one of: {', '.join(self.choices)}.", choices=list(self.choices)
            )
        return value

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": "str"}
        if self.choices:
            out["choices"] = list(self.choices)
        return out

    def sample(self) -> str:
        return self.choices[0] if self.choices else ""


@dataclass(frozen=True)
class ListOf(Spec):
    """A list of `item`s, `min_len` to `max_len` long."""

    item: Spec
    min_len: int = 0
    max_len: int = 20

    def check(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise _refuse(where, f"'{where}' must be a list.")
        if not self.min_len <= len(value) <= self.max_len:
            raise _refuse(
                where,
                f"'{where}' must hold {self.min_len} to {self.max_len} entries.",
                min=self.min_len,
                max=self.max_len,
            )
        return [self.item.check(entry, f"{where}[{i}]") for i, entry in enumerate(value)]

    def describe(self) -> dict[str, Any]:
        return {"kind": "list", "item": self.item.describe(), "min": self.min_len, "max": self.max_len}

    def sample(self) -> list[Any]:
        return [self.item.sample() for _ in range(self.min_len)]


@dataclass(frozen=True)
class Obj(Spec):
    """An object with exactly the declared keys (those in `optional` may be left out)."""

    fields: Mapping[str, Spec]
    optional: tuple[str, ...] = ()

    def check(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _refuse(where, f"'{where}' must be an object.")
        return check_fields(value, self.fields, self.optional, where)

    def describe(self) -> dict[str, Any]:
        return {"kind": "object", "fields": describe_fields(self.fields, self.optional)}

    def sample(self) -> dict[str, Any]:
        return {name: spec.sample() for name, spec in self.fields.items() if name not in self.optional}


def check_fields(
    value: Mapping[str, Any], fields: Mapping[str, Spec], optional: tuple[str, ...], where: str = ""
) -> dict[str, Any]:
    """The declared fields of `value`, each checked; refuses unknown and missing ones."""
    prefix = f"{where}." if where else ""
    for name in value:
        if name not in fields:
            shown = str(name)[:20]
            raise _refuse(f"{prefix}{shown}", f"'{prefix}{shown}' is not part of this action.")
    out: dict[str, Any] = {}
    for name, spec in fields.items():
        if name not in value:
            if name in optional:
                continue
            raise _refuse(f"{prefix}{name}", f"The action needs '{prefix}{name}'.")
        out[name] = spec.check(value[name], f"{prefix}{name}")
    return out


def describe_fields(fields: Mapping[str, Spec], optional: tuple[str, ...]) -> dict[str, Any]:
    return {name: {**spec.describe(), "optional": name in optional} for name, spec in fields.items()}


def always(state: State, seat: int) -> bool:
    return True


@dataclass(frozen=True)
class Move:
    """One action type of a game.

    type      the action's "type";
    handler   applies it: handler(state, seat, action, rng), the action already validated;
    fields    field name -> Spec (besides "type");
    optional  fields that may be left out;
    allowed   allowed(state, seat) -> bool: whether this move may be sent now (the phase,
              whose turn). False refuses with `not_now` (an `illegal_action`);
    sealed    the choice stays secret until the round resolves (simultaneous submissions):
              two states differing only in which sealed choice a seat made must look the
              same to every other seat (tests/engine/test_contract.py checks it);
    described legal_actions lists this move once, a sample plus a `choose` description of
              every legal value (see CHOOSE); the key is dropped before the checks.
    """

    type: str
    handler: Handler
    fields: Mapping[str, Spec] = field(default_factory=dict)
    optional: tuple[str, ...] = ()
    allowed: Callable[[State, int], bool] = always
    not_now: str = "That is not possible now."
    sealed: bool = False
    described: bool = False

    def validate(self, state: State, seat: int, action: Mapping[str, Any]) -> Action:
        skip = ("type", CHOOSE) if self.described else ("type",)
        body = {k: v for k, v in action.items() if k not in skip}
        checked = check_fields(body, self.fields, self.optional)
        if not self.allowed(state, seat):
            raise errors.illegal(self.not_now, action=self.type)
        return {"type": self.type, **checked}

    def describe(self) -> dict[str, Any]:
        fields = describe_fields(self.fields, self.optional)
        return {"type": self.type, "fields": fields, "sealed": self.sealed, "described": self.described}


class MoveTable:
    """A game's moves by type, interpreted once by the engine."""

    def __init__(self, *moves: Move) -> None:
        self.by_type: dict[str, Move] = {}
        for move in moves:
            if move.type in self.by_type:
                raise ValueError(f"move {move.type!r} declared twice")
            self.by_type[move.type] = move

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self.by_type)

    def move(self, kind: str) -> Move:
        try:
            return self.by_type[kind]
        except KeyError:
            names = ", ".join(self.by_type)
            raise errors.bad_action(
                f"There is no '{kind[:20]}' action in this game (send one of: {names}).",
                type=kind[:20],
                types=list(self.by_type),
            ) from None

    def validate(self, state: State, seat: int, action: Mapping[str, Any]) -> Action:
        """The action reduced to its declared, checked fields; raises EngineError if it is refused."""
        return self.move(action["type"]).validate(state, seat, action)

    def run(self, state: State, seat: int, action: Action, rng: Any) -> None:
        """Apply a validated action with its move's handler."""
        self.by_type[action["type"]].handler(state, seat, action, rng)

    def describe(self) -> list[dict[str, Any]]:
        return [move.describe() for move in self.by_type.values()]
