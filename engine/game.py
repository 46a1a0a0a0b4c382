"""What every game defines. A game is a plain, stateless definition.

State is one JSON-able dict. The core (engine.api) owns the keys `game`,
`seats`, `options`, `rng` and `log`; a game adds its own keys in `setup` and
changes them only in `apply`. Rules of thumb for game code:

- lists indexed by seat, never dicts keyed by int (JSON would turn the keys
  into strings and replay would no longer compare equal);
- all randomness through the `Rng` passed in (never `random` directly);
- raise `EngineError` (see errors.illegal / errors.bad_action) with a sentence
  a player understands and no other seat's secret in it;
- declare the actions in `moves` (a `MoveTable`, see engine/moves.py): the
  engine validates every field before a handler runs, and an exception in a
  handler is a bug (`GameFault`), never a refusal;
- split what is seen into `public_view(state)` (the same for everyone: it is
  given no seat, so it cannot show a secret) and `private_view(state, seat)`
  (that seat's own secrets, under the keys named in `private_keys`); `view`
  composes them, a spectator gets the private keys as None. The core adds the
  public log, options, whose turn it is and, at the end, the result.

Every game declares its moves and splits its views; there is no other path.
"""

from __future__ import annotations

import random
from typing import Any

from .hidden import HiddenInfo
from .moves import MoveTable
from .options import Option
from .rng import Rng

State = dict[str, Any]
Action = dict[str, Any]


class Game:
    id: str = ""
    title: str = ""
    min_seats: int = 2
    max_seats: int = 2
    options: tuple[Option, ...] = ()
    # The declared moves (engine/moves.py): the engine validates every action against them.
    moves: MoveTable
    # The keys private_view(state, seat) may return; every other seat and the
    # spectator see them as None.
    private_keys: tuple[str, ...] = ()
    # Where the game's secrets live and how its secret plays look to the others
    # (engine/hidden.py). Every game declares it (HiddenInfo() when nothing is hidden):
    # the contract tests perturb each declared secret and fail an undeclared one.
    hidden: HiddenInfo | None = None
    # The prefix of the game's rule ids (PIP-7, HR-12): docs/rules/<id>.md defines them and
    # the tests that cite them are checked against it (tests/test_rules_docs.py).
    rule_prefix: str = ""

    def setup(self, state: State, rng: Rng) -> None:
        """Fill the game's part of a fresh state (options already validated)."""
        raise NotImplementedError

    def to_act(self, state: State) -> list[int]:
        """Seats the game is waiting for now (one, several or all)."""
        raise NotImplementedError

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action `seat` may send now; empty when it may not act.

        May include seats not in `to_act` (changing a submission, calling a
        bluff). Actions with free numeric parameters are listed with sample
        values; `apply` accepts any value in range. A combinatorial move
        (`Move(described=True)`) is listed once: a legal sample plus a `choose`
        description of every legal value (engine/moves.py, CHOOSE).
        """
        raise NotImplementedError

    def may_act(self, state: State, seat: int) -> bool:
        """Whether `seat` has any legal action now (what `engine.normalize` asks before the
        checks). Default: `legal_actions` is not empty; a game with a cheaper answer overrides."""
        return bool(self.legal_actions(state, seat))

    def all_actions(self, state: State, seat: int) -> list[Action]:
        """Every legal action spelled out, a described move once per legal value (for tests,
        bots and tools; it may be large, so never for frames). Default: `legal_actions`."""
        return self.legal_actions(state, seat)

    def apply(self, state: State, seat: int, action: Action, rng: Rng) -> None:
        """Apply a legal action to `state` in place (the core passes a copy).

        The core has already validated `action` against the move table; this
        runs the move's handler.
        """
        self.moves.run(state, seat, action, rng)

    def public_view(self, state: State) -> dict[str, Any]:
        """What everyone (every seat and the spectator) sees of the game's own keys."""
        raise NotImplementedError

    def private_view(self, state: State, seat: int) -> dict[str, Any]:
        """What only `seat` sees: its own secrets, under keys of `private_keys`."""
        return {}

    def is_over(self, state: State) -> bool:
        raise NotImplementedError

    def result(self, state: State) -> dict[str, Any]:
        """At the end: {"scores": [...], "winners": [...], "revealed": {...}}."""
        raise NotImplementedError

    # Keys of a seat's view that only say how far a simultaneous round has come (who has
    # sealed a submission, who is awaited). They never bear on a seat's own choice, so
    # another seat's (re)submission never makes this seat's action stale.
    progress_keys: tuple[str, ...] = ()

    # Keys of the public view whose value is fixed for a whole game once its options and
    # seats are set (a board's drawing). They bear on no decision (the rules that read them
    # never change), so the decision digest leaves them out, and the server sends them with
    # a connection's first full frame only (the client keeps them). The contract checks that
    # they never change during play.
    static_keys: tuple[str, ...] = ()

    def decision_view(self, seen: dict[str, Any]) -> dict[str, Any]:
        """A seat's view (no log, no to_act) without the round-progress keys (`progress_keys`,
        searched at any depth)."""
        return _without_keys(seen, self.progress_keys) if self.progress_keys else seen

    def timer_seconds(self, state: State) -> float | None:
        """Seconds the rules themselves give the current wait, or None.

        None lets the room's own turn timer (if any) apply. A game with a timed
        rule (a round timer, a bluff-call window) returns its length here, so
        the server needs no knowledge of the game's phases.
        """
        return None

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """What the server applies for `seat` when its timer fires.

        Default: what the bot would play. Games with a rule for it override.
        """
        return None

    def bot_action(self, view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
        """A sensible action chosen from the seat's own view and legal actions."""
        return rng.choice(actions)


def _without_keys(value: Any, keys: tuple[str, ...]) -> Any:
    if isinstance(value, dict):
        return {k: _without_keys(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [_without_keys(v, keys) for v in value]
    return value
