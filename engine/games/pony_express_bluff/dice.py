"""The dice cup and the table (PEB-8, PEB-9, PEB-10).

`state["dice"]` holds the five dice of the current roll:
  values  - the faces (secret while under the cup),
  hidden  - True for dice under the cup,
  known   - the face everyone last saw for that die, None when it was
            re-rolled (or marked) out of sight since; public,
  history - the public record of this turn's re-rolls (kept dice, mode, faces shown),
  marked_unseen - dice a Marked Die set out of sight this turn (public: others know a
            die under the cup may hold any face; cleared when that die is re-rolled).
"""

from __future__ import annotations

from typing import Any

from engine import errors, events

from .hands import FACES, best_seats, hand_of

MODES = ("cup", "hand")


def fresh(rng: Any) -> dict[str, Any]:
    """PEB-8: all five dice rolled under the cup."""
    values = [FACES[n - 1] for n in rng.roll(5)]
    return {"values": values, "hidden": [True] * 5, "known": [None] * 5, "history": [], "marked_unseen": []}


def open_roll(rng: Any) -> list[str]:
    """Five dice rolled openly once (first player, poker, mines, saloons, jail)."""
    return [FACES[n - 1] for n in rng.roll(5)]


def parse_indexes(raw: Any, what: str) -> list[int]:
    if not isinstance(raw, list) or any(isinstance(i, bool) or not isinstance(i, int) for i in raw):
        raise errors.bad_action(f"{what} must be a list of dice numbers 0 to 4.")
    if any(not 0 <= i < 5 for i in raw) or len(set(raw)) != len(raw):
        raise errors.illegal(f"{what} must name different dice, numbered 0 to 4.")
    return sorted(raw)


def reroll(dice: dict[str, Any], keep: list[int], mode: str, rng: Any) -> list[list[Any]]:
    """PEB-9: re-roll every die not kept; return the [index, face] pairs newly shown.

    cup: the kept dice come out onto the table, the re-rolled dice stay hidden.
    hand: the kept dice stay where they are, the re-rolled dice land in the open.
    """
    rolled = [i for i in range(5) if i not in keep]
    faces = [FACES[n - 1] for n in rng.roll(len(rolled))]
    shown = []
    if mode == "cup":
        for i in keep:
            if dice["hidden"][i]:
                dice["hidden"][i] = False
                dice["known"][i] = dice["values"][i]
                shown.append([i, dice["values"][i]])
    dice["marked_unseen"] = [i for i in dice["marked_unseen"] if i not in rolled]
    for i, face in zip(rolled, faces, strict=True):
        dice["values"][i] = face
        if mode == "cup":
            dice["hidden"][i] = True
            dice["known"][i] = None
        else:
            dice["hidden"][i] = False
            dice["known"][i] = face
            shown.append([i, face])
    dice["history"].append({"keep": keep, "mode": mode, "shown": shown})
    return shown


def arrange(dice: dict[str, Any], under_cup: list[int]) -> list[list[Any]]:
    """PEB-10: move dice between cup and table without changing them; return dice newly shown."""
    shown = []
    for i in range(5):
        hide = i in under_cup
        if dice["hidden"][i] and not hide:
            dice["known"][i] = dice["values"][i]
            shown.append([i, dice["values"][i]])
        dice["hidden"][i] = hide
    return shown


def mark(dice: dict[str, Any], index: int, face: str) -> bool:
    """Marked Die (PEB-29): set a die's face where it lies; True when the die is on the table."""
    dice["values"][index] = face
    if dice["hidden"][index]:
        dice["known"][index] = None
        if index not in dice["marked_unseen"]:
            dice["marked_unseen"].append(index)
        return False
    dice["marked_unseen"] = [i for i in dice["marked_unseen"] if i != index]
    dice["known"][index] = face
    return True


def reveal(dice: dict[str, Any]) -> list[str]:
    """PEB-16: lift the cup; every die is shown."""
    dice["hidden"] = [False] * 5
    dice["known"] = list(dice["values"])
    return list(dice["values"])


def public(dice: dict[str, Any]) -> dict[str, Any]:
    """What everyone sees: the table dice, which dice are under the cup, what was last seen."""
    return {
        "table": [None if h else v for v, h in zip(dice["values"], dice["hidden"], strict=True)],
        "under_cup": list(dice["hidden"]),
        "known": list(dice["known"]),
        "history": [dict(step) for step in dice["history"]],
        "marked_unseen": list(dice["marked_unseen"]),
    }


def roll_off(state: dict[str, Any], seats: list[int], rng: Any, event: str) -> int:
    """Each seat rolls the five dice openly; tied best roll again among themselves (PEB-6, PEB-21)."""
    contenders = list(seats)
    while len(contenders) > 1:
        rolls = [(seat, open_roll(rng)) for seat in contenders]
        for seat, faces in rolls:
            events.emit(state, event, seat=seat, dice=faces, hand=hand_of(faces))
        contenders = best_seats(rolls)
    return contenders[0]
