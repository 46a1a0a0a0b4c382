"""Duels, poker, the Indians and the final duel (PEB-18 to PEB-21, PEB-23, PEB-32).

Each shot's consequences for the duellists are settled here; what the turn does next
(the landing space, the end of the turn, the end of the game) is turn.py's: `shoot`
says which of those comes (`FightOutcome`)."""

from __future__ import annotations

import math
from typing import Any, Literal

from engine import events

from . import shots
from .board import DUEL_CORNERS, INDIAN_CAMP, INDIAN_SHOOTER, rider_xy
from .dice import roll_off
from .items import use
from .riders import send_to_jail, step, take

State = dict[str, Any]
DUEL_SHOTS = 3  # PEB-19: up to three shots each

# What a shot leaves for the turn: the same fight goes on; a duel is over (the landing space's
# action comes next); the Indians are dealt with (the move is resolved); the final duel is won.
FightOutcome = Literal["shoot_again", "duel_over", "indians_over", "final_over"]


def start_duel(state: State, arriving: int, other: int) -> None:
    """PEB-19: the arriving rider shoots first; alternate up to three shots each.
    PEB-20: with aimed shots the arriving rider first chooses its corner (see stand)."""
    state["fight"] = {
        "kind": "duel",
        "seats": [arriving, other],
        "space": state["pos"][arriving],
        "step": 0,
        "corners": [0, 1],
        "placing": arriving if state["options"]["shots"] == "aim" else None,
    }
    state["phase"] = "duel"
    state["steady"] = False
    events.emit(state, "duel", seats=[arriving, other], space=state["pos"][arriving])


def start_final_duel(state: State, first: int, second: int) -> None:
    """PEB-32: to the death; the first arrival shoots first, twice per exchange from mailbox 2.
    PEB-20: with aimed shots the rider who has just arrived (the second) chooses the corners."""
    double = state["mailbox"][first] >= 2
    state["fight"] = {
        "kind": "final",
        "seats": [first, second],
        "space": state["pos"][first],
        "step": 0,
        "double": double,
        "corners": [0, 1],
        "placing": second if state["options"]["shots"] == "aim" else None,
    }
    state["phase"] = "final_duel"
    state["steady"] = False
    events.emit(state, "final_duel", seats=[first, second], double=double)


def stand(state: State, seat: int, corner: int) -> None:
    """PEB-20: the rider who just arrived decides where the two duellists stand: it takes
    `corner` (an index of DUEL_CORNERS), the other duellist the opposite corner."""
    fight = state["fight"]
    other = 1 - corner
    fight["corners"] = [corner if s == seat else other for s in fight["seats"]]
    fight["placing"] = None
    events.emit(state, "stand", seat=seat, corner=corner)


def placing(state: State) -> int | None:
    """The duellist still choosing the corners (PEB-20), or None once they stand."""
    fight = state["fight"]
    return fight.get("placing") if fight else None


def start_indians(state: State, seat: int) -> None:
    """PEB-23: one shot at the three Indians in their camp."""
    state["fight"] = {"kind": "indians", "seats": [seat], "space": state["pos"][seat], "step": 0}
    state["phase"] = "indians"
    state["steady"] = False
    events.emit(state, "indians_attack", seat=seat)


def shooter(state: State) -> int:
    fight = state["fight"]
    a, *rest = fight["seats"]
    if fight["kind"] == "final":
        pattern = [a, a, rest[0]] if fight["double"] else [a, rest[0]]
        return pattern[fight["step"] % len(pattern)]
    if fight["kind"] == "duel":
        return fight["seats"][fight["step"] % 2]
    return a


def corner_xy(state: State, seat: int) -> tuple[float, float]:
    """Where a duellist stands (PEB-20)."""
    fight = state["fight"]
    return DUEL_CORNERS[fight["corners"][fight["seats"].index(seat)]]


def shot_start(state: State, seat: int) -> tuple[float, float]:
    fight = state["fight"]
    if fight["kind"] == "indians":
        return INDIAN_SHOOTER
    return corner_xy(state, seat)


def targets(state: State, seat: int) -> list[tuple[Any, tuple[float, float]]]:
    """Every standing meeple the shot could touch: the opponent (or the Indians) and bystander riders."""
    fight = state["fight"]
    found: list[tuple[Any, tuple[float, float]]] = []
    if fight["kind"] == "indians":
        found += [(["indian", i], xy) for i, xy in enumerate(INDIAN_CAMP)]
    else:
        other = [s for s in fight["seats"] if s != seat][0]
        found.append((["rider", other], corner_xy(state, other)))
    for s in range(state["seats"]):
        if s in fight["seats"] or state["jailed"][s]:
            continue  # PEB-27: jailed riders lie down and cannot be hit
        found.append((["rider", s], rider_xy(state["pos"][s], s)))
    return found


def steady_hand(state: State, seat: int) -> None:
    """PEB-29 Steady Hand: the next shot has no aim noise (dice: hits on 3-6)."""
    use(state, seat, "steady_hand")
    state["steady"] = True
    events.emit(state, "item", seat=seat, item="steady_hand")


def take_shot(state: State, seat: int, angle: float, power: float, rng: Any) -> dict[str, Any]:
    """PEB-20 / PEB-23: throw; returns {"touched": [labels in order], ...} made public as last_shot."""
    steady = state["steady"]
    state["steady"] = False
    fight = state["fight"]
    record: dict[str, Any] = {"seat": seat, "kind": fight["kind"], "steady": steady}
    if state["options"]["shots"] == "aim":
        thrown_angle, thrown_power = shots.noisy(angle, power, rng, steady)
        start = shot_start(state, seat)
        path = shots.trace(start, thrown_angle, thrown_power, targets(state, seat), rng)
        touched = path["touched"]
        record.update(
            aim=[angle, power], thrown=[thrown_angle, thrown_power], start=list(start), end=path["end"]
        )
        record = shot_from_hundredths(shot_in_hundredths(record))
    elif fight["kind"] == "indians":
        rolls = rng.roll(3)
        need = shots.DICE_HIT_STEADY if steady else shots.DICE_HIT
        touched = [["indian", i] for i, r in enumerate(rolls) if r >= need]
        record["dice"] = rolls
    else:
        roll = rng.randint(1, 6)
        need = shots.DICE_HIT_STEADY if steady else shots.DICE_HIT
        other = [s for s in fight["seats"] if s != seat][0]
        touched = []
        if roll >= need:
            touched = [["rider", other]]
        elif roll == 1 and not steady:
            line = [
                lab
                for lab in targets(state, seat)[1:]
                if shots.line_distance(*DUEL_CORNERS, lab[1]) <= shots.LINE_OF_FIRE
            ]
            if line:
                start = shot_start(state, seat)
                line.sort(key=lambda lab: math.dist(start, lab[1]))
                touched = [line[0][0]]
        record["dice"] = [roll]
    if fight["kind"] == "indians":
        first_rider = next((i for i, lab in enumerate(touched) if lab[0] == "rider"), None)
        record["touched"] = touched if first_rider is None else touched[: first_rider + 1]
    else:
        record["touched"] = touched[:1]
    state["last_shot"] = shot_in_hundredths(record)  # the state holds whole numbers only
    events.emit(state, "shot", **record)
    return record


SHOT_POINTS = ("aim", "thrown", "start", "end")  # [angle, power] or [x, y] pairs, to 0.01


def shot_in_hundredths(record: dict[str, Any]) -> dict[str, Any]:
    """A shot's record with its angles, powers and board points as whole hundredths."""
    return {k: [round(x * 100) for x in v] if k in SHOT_POINTS else v for k, v in record.items()}


def shot_from_hundredths(record: dict[str, Any]) -> dict[str, Any]:
    """The record as players read it: degrees, power and board units, to two decimals."""
    return {k: [x / 100 for x in v] if k in SHOT_POINTS else v for k, v in record.items()}


def shoot(state: State, seat: int, angle: float, power: float, rng: Any) -> FightOutcome:
    """One shot and its consequences; the fight is cleared once it is over."""
    fight = state["fight"]
    record = take_shot(state, seat, angle, power, rng)
    if fight["kind"] == "indians":
        indians_result(state, seat, record["touched"])
        return "indians_over"
    hit = record["touched"][0] if record["touched"] else None
    other = [s for s in fight["seats"] if s != seat][0]
    if fight["kind"] == "final":
        return final_shot(state, seat, other, hit)
    if hit is None:
        fight["step"] += 1
        if fight["step"] < 2 * DUEL_SHOTS:
            return "shoot_again"
        events.emit(state, "duel_over", winner=None, loser=None, gold=0)
    elif hit[1] == other:
        duel_lost(state, winner=seat, loser=other, jail_if_broke=True)
    else:
        send_to_jail(state, seat, "bystander")  # PEB-19: hitting a bystander jails the shooter, who loses
        duel_lost(state, winner=other, loser=seat, jail_if_broke=False)
    state["fight"] = None
    return "duel_over"


def duel_lost(state: State, winner: int, loser: int, jail_if_broke: bool) -> None:
    """PEB-19: the loser pays half its gold rounded up; broke, it goes to jail and the bank pays 1.
    Bulletproof Vest (PEB-29): pay nothing."""
    if "bulletproof_vest" in state["items"][loser]:
        use(state, loser, "bulletproof_vest")
        events.emit(state, "item", seat=loser, item="bulletproof_vest")
        paid = 0
    elif state["gold"][loser] == 0:
        if jail_if_broke:
            send_to_jail(state, loser, "broke")
        state["gold"][winner] += 1
        paid = 1
    else:
        paid = take(state, loser, math.ceil(state["gold"][loser] / 2))
        state["gold"][winner] += paid
    events.emit(state, "duel_over", winner=winner, loser=loser, gold=paid)


def final_shot(state: State, seat: int, other: int, hit: list[Any] | None) -> FightOutcome:
    """PEB-32: the shooter who hits wins; hitting a bystander loses; a Vest ignores one hit.
    When decided, `state["winner"]` names the winner (turn.py ends the game)."""
    fight = state["fight"]
    if hit is None:
        fight["step"] += 1
        return "shoot_again"
    if hit[1] != other:
        events.emit(state, "final_duel_over", winner=other, loser=seat, reason="bystander")
        state["winner"] = other
        return "final_over"
    if "bulletproof_vest" in state["items"][other]:
        use(state, other, "bulletproof_vest")
        events.emit(state, "item", seat=other, item="bulletproof_vest")
        fight["step"] += 1
        return "shoot_again"
    events.emit(state, "final_duel_over", winner=seat, loser=other, reason="hit")
    state["winner"] = seat
    return "final_over"


def indians_result(state: State, seat: int, touched: list[Any]) -> None:
    """PEB-23: +1 gold per Indian down, back one space per Indian standing; hitting a rider: jail,
    no gold, no move."""
    state["fight"] = None
    if any(lab[0] == "rider" for lab in touched):
        events.emit(state, "indians", seat=seat, down=0, hit_rider=touched[-1][1])
        send_to_jail(state, seat, "bystander")
    else:
        down = len({lab[1] for lab in touched})
        state["gold"][seat] += down
        events.emit(state, "indians", seat=seat, down=down, hit_rider=None)
        if down < 3:
            step(state, seat, -(3 - down), "indians")


def poker(state: State, players: list[int], rng: Any) -> None:
    """PEB-21: each rolls openly once; the best takes 2 gold from each other; tied best re-roll.
    Short of gold: pay what you have, the bank makes up the rest, and go to jail."""
    events.emit(state, "poker", seats=list(players), space=state["pos"][players[0]])
    winner = roll_off(state, players, rng, "poker_roll")
    for s in players:
        if s == winner:
            continue
        paid = take(state, s, 2)
        state["gold"][winner] += 2
        events.emit(state, "poker_paid", seat=s, winner=winner, paid=paid, bank=2 - paid)
        if paid < 2:
            send_to_jail(state, s, "poker")
    events.emit(state, "poker_won", seat=winner)
