"""HR-11..HR-15: turns of the race, advantage dice, Kings, Aces, Jokers and the answer chain.

A turn goes through steps kept in `state["turn"]`:
- "roll": the active player rolls two dice, or three with an advantage die (HR-12);
- "choose": with three dice, they pick the two to sum;
- "act": the roll is resolved. If it named a scratched horse, an ante is owed
  (`state["debt"]`) and its holder answers with pay / Ace / King (HR-13, HR-14);
  the holder may be another seat after a King, and the game waits for them.
  With no debt open the active player may play Jokers (any number: neither the
  source nor the rules limit them; none after a King or Ace this turn) and
  ends the turn.
Left of seat s is s + 1, right is s - 1. The race ends the moment a horse
reaches its finish step (HR-15): `state["finish"]` names the horse and jockey.
"""

from __future__ import annotations

from typing import Any

from engine import errors, events
from engine.rng import Rng

from .cards import ACE, JOKER, KING
from .money import pay_race_pot
from .scratch import scratch_ante

PAIRS = ((0, 1), (0, 2), (1, 2))


def new_turn(state: dict[str, Any], seat: int) -> None:
    state["active"] = seat
    state["turn"] = {
        "step": "roll",
        "dice": [],
        "pair": None,
        "horse": None,
        "advantage_used": False,
        "king_or_ace": False,
        "earned": False,
    }


def neighbour(state: dict[str, Any], seat: int, side: str) -> int:
    return (seat + (1 if side == "left" else -1)) % state["seats"]


def awaited(state: dict[str, Any]) -> int:
    """HR-14: the seat the race waits for: the answered player while an ante is passed."""
    debt = state["debt"]
    return debt["holder"] if debt else state["active"]


def legal(state: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    if seat != awaited(state):
        return []
    turn = state["turn"]
    hand = state["hands"][seat]
    if turn["step"] == "roll":
        actions: list[dict[str, Any]] = [{"type": "roll"}]
        if state["advantage"][seat] > 0:
            actions.append({"type": "roll", "advantage": True})
        return actions
    if turn["step"] == "choose":
        return [{"type": "choose", "dice": list(pair)} for pair in PAIRS]
    if state["debt"]:
        actions = [{"type": "pay"}]
        if ACE in hand:
            actions.append({"type": "ace"})
        if KING in hand:
            actions += [{"type": "king", "to": "left"}, {"type": "king", "to": "right"}]
        return actions
    actions = [{"type": "end_turn"}]
    if JOKER in hand and not turn["king_or_ace"]:
        for index, position in enumerate(state["positions"]):
            if state["scratched"][index]:
                continue
            actions.append({"type": "joker", "horse": index + 2, "move": 1})
            if position > 0:
                actions.append({"type": "joker", "horse": index + 2, "move": -1})
    return actions


def roll(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng) -> None:
    """HR-11/HR-12: roll two dice, or three when declaring an advantage die."""
    turn = state["turn"]
    if turn["step"] != "roll":
        raise errors.illegal("You have already rolled this turn.")
    use_die = action.get("advantage", False)
    if not isinstance(use_die, bool):
        raise errors.bad_action("'advantage' must be true or false.")
    if use_die and state["advantage"][seat] <= 0:
        raise errors.illegal("You have no advantage die.")
    if use_die:
        state["advantage"][seat] -= 1
        turn["advantage_used"] = True
        turn["dice"] = rng.roll(3)
        turn["step"] = "choose"
        events.emit(state, "roll", seat=seat, dice=list(turn["dice"]), advantage=True)
        return
    turn["dice"] = rng.roll(2)
    events.emit(state, "roll", seat=seat, dice=list(turn["dice"]), advantage=False)
    _resolve(state, (0, 1))


def choose(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng | None = None) -> None:
    """HR-12: with three dice, pick any two to sum."""
    if state["turn"]["step"] != "choose":
        raise errors.illegal("There are no three dice to choose from.")
    pair = action["dice"]
    if not isinstance(pair, list) or tuple(sorted(pair)) not in PAIRS:
        raise errors.illegal("Choose two different dice of the three.")
    events.emit(state, "choose", seat=seat, dice=sorted(pair))
    _resolve(state, tuple(sorted(pair)))


def _resolve(state: dict[str, Any], pair: tuple[int, int]) -> None:
    """HR-11/HR-12: move the horse of the sum, or open the scratch ante it costs."""
    turn = state["turn"]
    dice = turn["dice"]
    horse = dice[pair[0]] + dice[pair[1]]
    turn["pair"] = list(pair)
    turn["horse"] = horse
    turn["step"] = "act"
    # HR-12: doubles on the two regular dice, and (with three dice) that pair used.
    turn["earned"] = pair == (0, 1) and dice[0] == dice[1]
    seat = state["active"]
    if state["scratched"][horse - 2]:
        amount = scratch_ante(state, horse)
        state["debt"] = {"holder": seat, "amount": amount, "horse": horse, "passer": None, "owner": seat}
        events.emit(state, "owe", seat=seat, horse=horse, amount=amount)
        return
    move_horse(state, horse, 1, seat)


def move_horse(state: dict[str, Any], horse: int, step: int, seat: int) -> None:
    """Move a racing horse; HR-15: reaching its finish step ends the race, `seat` is the jockey."""
    index = horse - 2
    state["positions"][index] += step
    events.emit(state, "move", horse=horse, position=state["positions"][index], step=step, by=seat)
    if state["positions"][index] >= state["board"][index]:
        state["finish"] = {"winner": horse, "jockey": seat}
        events.emit(state, "finish", horse=horse, jockey=seat)


def answer_debt(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng | None = None) -> None:
    """HR-13/HR-14: the holder of an owed ante pays it, cancels it with an Ace, or passes it with a King."""
    debt = state["debt"]
    if not debt:
        raise errors.illegal("You owe no scratch ante now.")
    hand = state["hands"][seat]
    kind = action["type"]
    amount = debt["amount"]
    if kind == "pay":
        pay_race_pot(state, seat, amount)
        events.emit(state, "pay", seat=seat, horse=debt["horse"], amount=amount)
        state["debt"] = None
        return
    if kind == "ace":
        if ACE not in hand:
            raise errors.illegal("You have no Ace.")
        hand.remove(ACE)
        events.emit(state, "ace", seat=seat, horse=debt["horse"], amount=amount)
        state["debt"] = None
    else:
        side = action["to"]
        if side not in ("left", "right"):
            raise errors.bad_action("Pass the ante to 'left' or 'right'.")
        if KING not in hand:
            raise errors.illegal("You have no King.")
        hand.remove(KING)
        target = neighbour(state, seat, side)
        events.emit(state, "king", seat=seat, target=target, side=side, horse=debt["horse"], amount=amount)
        debt["passer"] = seat
        debt["holder"] = target
    if seat == state["active"]:  # HR-13: no Joker this turn after the active player's King or Ace
        state["turn"]["king_or_ace"] = True


def play_joker(state: dict[str, Any], seat: int, action: dict[str, Any], rng: Rng | None = None) -> None:
    """HR-13: after the roll is resolved, move a racing horse one step forward or back.

    As many Jokers a turn as the player holds (HR-13 sets no limit); the move table
    has already checked that `horse` and `move` are ints (never 1.0 or true).
    HR-14: never out of turn, not even by a player answering a passed ante.
    """
    turn = state["turn"]
    if seat != state["active"]:
        raise errors.illegal("Only Kings and Aces may be played out of turn.")
    if turn["step"] != "act" or state["debt"]:
        raise errors.illegal("A Joker is played after your roll is resolved.")
    if JOKER not in state["hands"][seat]:
        raise errors.illegal("You have no Joker.")
    if turn["king_or_ace"]:
        raise errors.illegal("You played a King or an Ace this turn, so no Joker.")
    horse, step = action["horse"], action["move"]
    if isinstance(horse, bool) or not isinstance(horse, int) or not 2 <= horse <= 12:
        raise errors.illegal("Choose a horse from 2 to 12.")
    if step not in (1, -1) or isinstance(step, bool):
        raise errors.illegal("A Joker moves a horse one step forward (1) or back (-1).")
    if state["scratched"][horse - 2]:
        raise errors.illegal("That horse is scratched.", horse=horse)
    if step == -1 and state["positions"][horse - 2] == 0:
        raise errors.illegal("That horse is at its start and cannot go back.", horse=horse)
    state["hands"][seat].remove(JOKER)
    events.emit(state, "joker", seat=seat, horse=horse, move=step)
    move_horse(state, horse, step, seat)


def end_turn(
    state: dict[str, Any], seat: int, action: dict[str, Any] | None = None, rng: Rng | None = None
) -> None:
    """HR-11/HR-12: the advantage die earned by doubles arrives; play passes left."""
    turn = state["turn"]
    if turn["step"] != "act" or state["debt"]:
        raise errors.illegal("Roll, and settle what you owe, before ending your turn.")
    if turn["earned"]:
        state["advantage"][seat] += 1
        events.emit(state, "advantage_die", seat=seat, held=state["advantage"][seat])
    new_turn(state, neighbour(state, seat, "left"))
