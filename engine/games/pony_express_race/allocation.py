"""PER-16..PER-19: owners, track allocation (and the `track_choice` variant), hands for the race."""

from __future__ import annotations

from typing import Any

from engine import errors, events
from engine.rng import Rng

from .cards import HORSE_COUNT, value_of
from .tracks import TRACK_COUNT


def chips_on(state: dict[str, Any], horse: int) -> int:
    return sum(bets[horse] for bets in state["bets"])


def owner_of(bets: list[list[int]], horse: int) -> int | None:
    """PER-16: the one player with the most chips on the horse; a tie or no chips: nobody."""
    stakes = [seat_bets[horse] for seat_bets in bets]
    best = max(stakes)
    if best == 0 or stakes.count(best) > 1:
        return None
    return stakes.index(best)


def roll_off(horses: list[int], rng: Rng) -> dict[int, int]:
    """PER-17 last tie-break: a d10 each (0 = 10), tied rolls roll again."""
    rolls = {h: rng.randint(1, 10) for h in horses}
    while True:
        tied = [h for h in horses if list(rolls.values()).count(rolls[h]) > 1]
        if not tied:
            return rolls
        for h in tied:
            rolls[h] = rng.randint(1, 10)


def outsider_order(state: dict[str, Any], rng: Rng) -> list[int]:
    """PER-17: lowest on the table first; then fewer chips; then lower card total; then a d10."""

    def key(h: int) -> tuple[int, int, int]:
        slot = state["horses"][h]
        return (-slot["row"], chips_on(state, h), sum(value_of(c) for c in slot["cards"]))

    groups: dict[tuple[int, int, int], list[int]] = {}
    for h in range(HORSE_COUNT):
        groups.setdefault(key(h), []).append(h)
    order: list[int] = []
    for group_key in sorted(groups):
        group = groups[group_key]
        if len(group) > 1:
            rolls = roll_off(group, rng)
            events.emit(state, "tie_roll", horses=group, rolls=[rolls[h] for h in group])
            group = sorted(group, key=lambda h: rolls[h])
        order += group
    return order


def settle_owners(state: dict[str, Any]) -> None:
    """PER-16."""
    state["owners"] = [owner_of(state["bets"], h) for h in range(HORSE_COUNT)]
    events.emit(state, "owners", owners=list(state["owners"]))


def start_allocation(state: dict[str, Any], rng: Rng) -> bool:
    """PER-17/PER-18. Returns True when every horse has its track."""
    order = outsider_order(state, rng)
    if not state["options"]["track_choice"]:
        for track, horse in enumerate(order, start=1):
            state["track_of"][horse] = track
        events.emit(state, "tracks", track_of=list(state["track_of"]))
        return True
    state["choice_order"] = list(reversed(order))  # favourite first
    return advance_choice(state)


def free_tracks(state: dict[str, Any]) -> list[int]:
    taken = {t for t in state["track_of"] if t is not None}
    return [t for t in range(1, TRACK_COUNT + 1) if t not in taken]


def choosing_horse(state: dict[str, Any]) -> int | None:
    order = state.get("choice_order") or []
    return order[0] if order else None


def advance_choice(state: dict[str, Any]) -> bool:
    """PER-18: uncontrolled horses take the lowest free track; stop at the next owner's pick."""
    order = state["choice_order"]
    while order:
        horse = order[0]
        if state["owners"][horse] is not None:
            state["phase"] = "track"
            return False
        order.pop(0)
        state["track_of"][horse] = free_tracks(state)[0]
        events.emit(state, "track", horse=horse, track=state["track_of"][horse], seat=None)
    del state["choice_order"]
    events.emit(state, "tracks", track_of=list(state["track_of"]))
    return True


def track_actions(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"type": "track", "track": t} for t in free_tracks(state)]


def apply_track(state: dict[str, Any], seat: int, action: dict[str, Any]) -> bool:
    """PER-18: the owner picks a free track for the horse whose turn it is."""
    track = action["track"]
    if isinstance(track, bool) or not isinstance(track, int) or track not in free_tracks(state):
        raise errors.illegal("Choose a free track from 1 to 7.", track=str(track))
    horse = state["choice_order"].pop(0)
    state["track_of"][horse] = track
    events.emit(state, "track", horse=horse, track=track, seat=seat)
    return advance_choice(state)


def horse_on_track(state: dict[str, Any], track: int) -> int:
    return state["track_of"].index(track)
