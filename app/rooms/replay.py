"""Replays: rebuild a finished room's game from its seed, options, seat count and action log
through the engine (determinism), never from stored snapshots.

Cost stays bounded for long games (a 12-seat Horse Racing orbit can be ~2,400 actions):
`build` applies every action once, keeping each step's new log events and a checkpoint state
every CHECKPOINT_EVERY steps (with the log cut off, so copies stay small); `views` computes the
full-reveal views of a range of at most PAGE_MAX steps from the nearest checkpoint.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import engine

from .pipeline import TIMER_EVENT

CHECKPOINT_EVERY = 50
PAGE_MAX = 50


def rebuild(
    game: str, options: dict[str, Any], seats: int, seed: int, actions: Iterable[tuple[int, dict[str, Any]]]
) -> dict[str, Any]:
    state = engine.setup(game, options, seats, seed)
    for seat, action in actions:
        state = engine.apply(state, seat, action)
    return state


@dataclass(frozen=True)
class Replay:
    """A finished game's steps: step 0 is the setup, step k the state after the k-th action."""

    initial_events: list[dict[str, Any]]
    steps: list[dict[str, Any]]  # {seq, seat, action, source, events}
    checkpoints: list[dict[str, Any]] = field(repr=False)  # states at steps 0, EVERY, 2*EVERY, ... (no log)

    @property
    def count(self) -> int:
        """The number of the last step (= the number of actions)."""
        return len(self.steps)

    def full_log(self) -> list[dict[str, Any]]:
        return [*self.initial_events, *(event for step in self.steps for event in step["events"])]


def _without_log(state: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return {**state, "log": []}, state["log"]


def build(game: str, options: dict[str, Any], seats: int, seed: int, rows: list[dict[str, Any]]) -> Replay:
    """Apply the logged actions in order; rows are {seq, seat, action, source}."""
    state, initial = _without_log(engine.setup(game, options, seats, seed))
    checkpoints = [state]
    steps = []
    for number, row in enumerate(rows, start=1):
        state, events = _without_log(engine.apply(state, row["seat"], row["action"]))
        if row.get("source") == "timer":
            # As the table logged it (app.rooms.pipeline): the timer, not the player, chose this action.
            events = [{"e": TIMER_EVENT, "seat": row["seat"]}, *events]
        steps.append({**row, "events": events})
        if number % CHECKPOINT_EVERY == 0:
            checkpoints.append(state)
    return Replay(initial_events=initial, steps=steps, checkpoints=checkpoints)


def _states(replay: Replay, start: int, stop: int) -> Iterable[tuple[int, dict[str, Any]]]:
    """(step, state without log) for start..stop inclusive, from the nearest checkpoint."""
    number = (start // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
    state = replay.checkpoints[number // CHECKPOINT_EVERY]
    while True:
        if number >= start:
            yield number, state
        if number >= stop:
            return
        row = replay.steps[number]
        state, _ = _without_log(engine.apply(state, row["seat"], row["action"]))
        number += 1


def views(replay: Replay, start: int, stop: int) -> list[dict[str, Any]]:
    """The full-reveal view (engine.reveal_view, without the log) of each step start..stop."""
    if not 0 <= start <= stop <= replay.count or stop - start + 1 > PAGE_MAX:
        raise ValueError("bad step range")
    out = []
    for _, state in _states(replay, start, stop):
        seen = engine.reveal_view(state)
        del seen["log"]
        out.append(seen)
    return out


def final_state(replay: Replay) -> dict[str, Any]:
    """The state after the last step, its whole log put back (equals the stored state)."""
    *_, (_, state) = _states(replay, replay.count, replay.count)
    return {**state, "log": replay.full_log()}
