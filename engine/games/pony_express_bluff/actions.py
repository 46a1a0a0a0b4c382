"""Who is awaited and what each seat may send (every phase of PEB's turn)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine import simultaneous

from . import fights, shots
from .board import INDIAN_CAMP, NEXT_STATION, STATIONS
from .calls import can_reroll
from .hands import CLAIMABLE, FACES

State = dict[str, Any]
Action = dict[str, Any]
KEEP_SETS = [list(c) for k in range(1, 5) for c in combinations(range(5), k)]


def to_act(state: State) -> list[int]:
    phase = state["phase"]
    if phase == "over":
        return []
    if phase == "draft":
        return simultaneous.waiting(state["draft"]["slot"])
    if phase == "call":
        call = state["call"]
        return [s for s in call["eligible"] if s not in call["believed"]]
    if phase == "bluff_move":
        return [state["caller"]]
    if phase in ("duel", "final_duel", "indians"):
        chooser = fights.placing(state)
        return [fights.shooter(state) if chooser is None else chooser]
    return [state["active"]]


def legal_actions(state: State, seat: int) -> list[Action]:
    phase = state["phase"]
    mine = state["items"][seat] if 0 <= seat < state["seats"] else []
    if phase == "call":
        out: list[Action] = []
        if seat in to_act(state):
            out += [{"type": "call"}, {"type": "believe"}]
        if seat != state["active"] and "spyglass" in mine and seat not in state["call"]["spied"]:
            out.append({"type": "play_item", "item": "spyglass"})
        return out
    if seat not in to_act(state):
        return []
    if phase == "draft":
        return [{"type": "keep_item", "index": i} for i in range(len(state["draft"]["offers"][seat]))]
    if phase == "jail":
        out = [{"type": "jail_roll"}]
        if state["gold"][seat] >= 3:
            out.insert(0, {"type": "pay_bail"})
        return out
    if phase == "dice":
        return dice_actions(state, seat, mine)
    if phase == "bluff_move":
        return [{"type": "advance"}, {"type": "decline"}]
    if phase in ("duel", "final_duel", "indians") and fights.placing(state) is not None:
        return [{"type": "stand", "corner": corner} for corner in (0, 1)]  # PEB-20
    if phase in ("duel", "final_duel", "indians"):
        out = shot_samples(state, seat)
        if "steady_hand" in mine and not state["steady"]:
            out.append({"type": "play_item", "item": "steady_hand"})
        return out
    if phase == "train":
        here = state["pos"][seat]
        out = []
        if here in NEXT_STATION and state["gold"][seat] >= STATIONS[here]:
            out.append({"type": "ride", "pay": "gold"})
        if "train_pass" in mine:
            out.append({"type": "ride", "pay": "pass"})
        return out + [{"type": "stay"}]
    if phase == "saloon":
        skip = [{"type": "play_item", "item": "sarsaparilla"}] if "sarsaparilla" in mine else []
        return [*skip, {"type": "drink"}]
    if phase == "relay":
        return [{"type": "keep_item", "index": i} for i in range(len(state["offer"]))]
    if phase == "end":
        extra = [{"type": "play_item", "item": "fresh_horse"}] if "fresh_horse" in mine else []
        return [*extra, {"type": "end_turn"}]
    return []


def dice_actions(state: State, seat: int, mine: list[str]) -> list[Action]:
    """The roll: claims, re-rolls (every kept set, both ways), moving one die, items."""
    out: list[Action] = [{"type": "claim", "hand": hand} for hand in CLAIMABLE]
    if can_reroll(state, seat):
        out += [
            {"type": "reroll", "keep": keep, "mode": mode} for keep in KEEP_SETS for mode in ("cup", "hand")
        ]
    hidden = state["dice"]["hidden"]
    for i in range(5):
        under = [j for j in range(5) if hidden[j] != (j == i)]
        out.append({"type": "arrange", "under_cup": under})
    if "marked_die" in mine:
        out += [
            {"type": "play_item", "item": "marked_die", "die": i, "face": f} for i in range(5) for f in FACES
        ]
    if "lucky_horseshoe" in mine:
        out.append({"type": "play_item", "item": "lucky_horseshoe"})
    return out


def shot_samples(state: State, seat: int) -> list[Action]:
    """PEB-20: sample throws (at each target, and a little to either side); any value in range works."""
    if state["options"]["shots"] == "dice":
        return [{"type": "shoot"}]
    start = fights.shot_start(state, seat)
    if state["fight"]["kind"] == "indians":
        aims = [shots.aim_at(start, xy) for xy in INDIAN_CAMP]
    else:
        target = fights.targets(state, seat)[0][1]
        centre = shots.aim_at(start, target)
        aims = [centre] + [
            {"angle": round((centre["angle"] + d) % 360, 2), "power": centre["power"]} for d in (-2.0, 2.0)
        ]
    return [{"type": "shoot", **aim} for aim in aims]
