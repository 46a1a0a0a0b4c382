"""A game's hidden information, declared once, in the spirit of OpenSpiel's observer.

Every game says where its secrets live and how its secret plays look to the others
(`Game.hidden`, a `HiddenInfo`); the contract tests (tests/engine/contract.py) then
perturb each declared secret and require every audience that may not see it to get
exactly the same views, legal actions, error replies, events and frames:

- `Secret`: a list in the state (`path`, keys joined by dots: "hands", "race.hand",
  "dice.values") and, per entry, the seats that may see it now (`seen_by`): `PER_SEAT`
  (entry s is seat s's own: a hand, a stake row), `NOBODY` (the deck, set-aside cards:
  their order and contents, during the game and after it) or a function of the state
  and the entry's index returning the seats, or `PUBLIC` (None) when that entry is open
  now (a die on the table, every hand after the end). An entry is one item or, with
  `nested`, a list of items (a hand). `values`: other values an item could have had
  (a die's faces), for "another roll".
- `deals`: groups of secret paths whose items could trade places without anyone outside
  noticing ("another deal": a hand card for a set-aside card).
- `plays`: face-down plays in turn (a race card played face down, a card kept from an
  offer): move type -> the part of the play the other audiences learn. Two listed plays
  of that type with the same public part must look the same to every other audience.
  A move declared `sealed` (engine/moves.py) is hidden while other seats are still
  awaited in its round; `plays` covers the rest.
- `possible`: whether a perturbed state is one the game could be in (cards a seat has
  already submitted must stay in its hand), when some perturbations would not be.

A move that is neither sealed nor in `plays` is public: the contract fails a game in
which two such choices leave the mover's own view different and every other audience's
the same (an undeclared secret move).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]
Action = dict[str, Any]
Seen = tuple[int, ...] | None  # the seats that may see an entry; None: everybody (public now)
PUBLIC: Seen = None


def PER_SEAT(state: State, index: int) -> Seen:  # noqa: N802 - a constant-like shorthand
    """Entry `index` belongs to seat `index` (until the end, when everything held is shown)."""
    return PUBLIC if _over(state) else (index,)


def NOBODY(state: State, index: int) -> Seen:  # noqa: N802
    """Nobody ever sees it (the deck's order, set-aside cards), after the end as well."""
    return ()


def _over(state: State) -> bool:
    from .registry import get_game

    return bool(get_game(state["game"]).is_over(state))


@dataclass(frozen=True)
class Secret:
    """Hidden items in a list at `path`; `seen_by(state, index)` names who may see entry `index`."""

    path: str
    seen_by: Callable[[State, int], Seen] = PER_SEAT
    nested: bool = True
    values: tuple[Any, ...] = ()

    def holders(self, state: State) -> list[list[Any]]:
        """The lists at `path` (a `*` key stands for every element of a list: "played.*"),
        none where the state has none now."""
        found: list[Any] = [state]
        for key in self.path.split("."):
            if key == "*":
                found = [item for value in found if isinstance(value, list) for item in value]
            else:
                found = [v[key] for v in found if isinstance(v, dict) and v.get(key) is not None]
        return [value for value in found if isinstance(value, list)]

    def slots(self, state: State) -> Iterator[tuple[list[Any], int, Seen]]:
        """(the list holding the item, its index there, who may see it) for every item."""
        for holder in self.holders(state):
            for index, entry in enumerate(holder):
                seen = self.seen_by(state, index)
                if not self.nested:
                    yield holder, index, seen
                elif isinstance(entry, list):
                    for inner in range(len(entry)):
                        yield entry, inner, seen


@dataclass(frozen=True)
class HiddenInfo:
    """Where a game's secrets are and what others learn of its secret plays (module docstring)."""

    secrets: tuple[Secret, ...] = ()
    deals: tuple[tuple[str, ...], ...] = ()
    plays: Mapping[str, Callable[[State, int, Action], Any]] = field(default_factory=dict)
    # Whether a state is one the game could be in (a perturbed deal must be): e.g. a sealed
    # submission only holds cards of its seat's hand. None: any perturbation is.
    possible: Callable[[State], bool] | None = None

    def secret(self, path: str) -> Secret:
        return next(s for s in self.secrets if s.path == path)

    def groups(self) -> list[tuple[Secret, ...]]:
        """The secrets whose items may trade places: each declared deal, every other secret alone."""
        dealt = {path for deal in self.deals for path in deal}
        out = [tuple(self.secret(path) for path in deal) for deal in self.deals]
        return out + [(s,) for s in self.secrets if s.path not in dealt]


def hidden_from(seen: Seen, audience: int | None) -> bool:
    """Whether an entry seen by `seen` is hidden from `audience` (a seat, None: a spectator)."""
    return seen is not None and (audience is None or audience not in seen)


def nothing_public(state: State, seat: int, action: Action) -> None:
    """For `plays`: the others learn nothing of the play but that it was made."""
    return None
