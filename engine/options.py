"""Room options: each game declares its options; one validator checks them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .errors import BAD_OPTIONS, EngineError


@dataclass(frozen=True)
class Option:
    """One option of a game.

    kind: "int", "float", "bool", "choice" (one of `choices`) or "custom"
    (checked by `check`, which returns the normalised value or raises
    ValueError with a sentence).
    """

    name: str
    kind: str
    default: Any
    help: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[Any, ...] = ()
    check: Callable[[Any], Any] | None = field(default=None, compare=False)

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.default}
        if self.help:
            out["help"] = self.help
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        if self.choices:
            out["choices"] = list(self.choices)
        return out

    def normalise(self, value: Any) -> Any:
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(f"Option '{self.name}' must be true or false.")
            return value
        if self.kind in ("int", "float"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"Option '{self.name}' must be a number.")
            if self.kind == "int":
                if isinstance(value, float) and not value.is_integer():
                    raise ValueError(f"Option '{self.name}' must be a whole number.")
                value = int(value)
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise ValueError(
                    f"Option '{self.name}' must be between {_num(self.min)} and {_num(self.max)}."
                )
            return value
        if self.kind == "choice":
            if value not in self.choices:
                allowed = ", ".join(str(c) for c in self.choices)
                raise ValueError(f"Option '{self.name}' must be one of: {allowed}.")
            return value
        if self.kind == "custom" and self.check is not None:
            return self.check(value)
        raise ValueError(f"Option '{self.name}' cannot be checked.")


def _num(value: float | None) -> str:
    if value is None:
        return "any"
    return str(int(value)) if float(value).is_integer() else str(value)


def validate_options(
    declared: tuple[Option, ...], given: dict[str, Any] | None, game_title: str
) -> dict[str, Any]:
    """Fill defaults and check every given value; raise EngineError(bad_options)."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise EngineError(BAD_OPTIONS, "Options must be a set of named values.")
    by_name = {opt.name: opt for opt in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise EngineError(
            BAD_OPTIONS,
            f"{game_title} has no option named '{unknown[0]}'.",
            option=unknown[0],
        )
    result = {}
    for opt in declared:
        if opt.name not in given:
            result[opt.name] = opt.default
            continue
        try:
            result[opt.name] = opt.normalise(given[opt.name])
        except ValueError as exc:
            raise EngineError(BAD_OPTIONS, str(exc), option=opt.name) from None
    return result
