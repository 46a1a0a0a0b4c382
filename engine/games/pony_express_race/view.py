"""Who sees what (spec table): hands and race cards only to their owner until the end.

public_view is the table everyone sees; private_view holds one seat's secrets under
PRIVATE_KEYS: its stage-1 hand, the race cards of the horses it rides (in hand and played
face down, per horse; None for other horses) and, on its horse's turn, the card it just
played with its colour bonus and its chance on the d10 (`ride`). A greenhorn's turned
cards and, after the end, every horse's cards are public.
"""

from __future__ import annotations

from typing import Any

from .allocation import choosing_horse, free_tracks
from .betting import bet_size
from .cards import HORSE_COUNT, HORSES, is_move_up, value_of
from .odds import ODDS_TABLE, table_for_view
from .tracks import tracks_for_view

STAGE_OF_PHASE = {"opening": 1, "bet": 1, "play": 1, "track": 2, "ride": 2, "pace": 2, "dice": 2, "over": 2}


PRIVATE_KEYS = ("hand", "race_hands", "race_played_own", "ride")


def horse_view(state: dict[str, Any], horse: int) -> dict[str, Any]:
    slot = state["horses"][horse]
    owner = state["owners"][horse]
    race = state["race"]
    over = state["phase"] == "over"
    seen: dict[str, Any] = {
        "name": HORSES[horse],
        "row": slot["row"],
        "price": ODDS_TABLE[slot["row"]][0] if slot["row"] else None,
        "cards": list(slot["cards"]),
        "chips": sum(bets[horse] for bets in state["bets"]),
        "owner": owner,
        "track": state["track_of"][horse],
        "position": race["pos"][horse] if race else 0,
        "place": state["places"].index(horse) + 1 if horse in state["places"] else None,
        "race_hand": None,
        "race_hand_count": len(race["hand"][horse]) if race else 0,
        "race_played": None,
        "race_played_count": len(race["played"][horse]) if race else 0,
    }
    if race:
        if over:
            seen["race_hand"] = sorted(race["hand"][horse]) if owner is not None else None
            seen["race_played"] = list(race["played"][horse])
        elif owner is None:
            seen["race_played"] = list(race["played"][horse])  # PER-27: greenhorn cards are turned up
    return seen


def turn_view(state: dict[str, Any]) -> dict[str, Any] | None:
    race = state["race"]
    if not race or not race["turn"]:
        return None
    turn = race["turn"]
    horse = turn["horse"]
    rider = state["owners"][horse]
    return {"horse": horse, "rider": rider, "step": turn["step"], "rolls": list(turn["rolls"])}


def private_view(state: dict[str, Any], seat: int) -> dict[str, Any]:
    """Only `seat`'s: its hand, its horses' race cards, and the card it rides with now."""
    race = state["race"]
    rides = [race is not None and state["owners"][h] == seat for h in range(HORSE_COUNT)]
    ride = None
    turn = race["turn"] if race else None
    if turn and state["owners"][turn["horse"]] == seat and "card" in turn:
        ride = {"card": turn["card"], "bonus": turn.get("bonus"), "chance": value_of(turn["card"]) / 10}
    return {
        "hand": sorted(state["hands"][seat]),
        "race_hands": [sorted(race["hand"][h]) if mine else None for h, mine in enumerate(rides)],
        "race_played_own": [list(race["played"][h]) if mine else None for h, mine in enumerate(rides)],
        "ride": ride,
    }


def public_view(state: dict[str, Any]) -> dict[str, Any]:
    """Everyone's view: odds, bets, cards on horses, the race, greenhorn cards, the settlement."""
    phase = state["phase"]
    race = state["race"]
    seen: dict[str, Any] = {
        "phase": phase,
        "stage": STAGE_OF_PHASE[phase],
        "first_player": state["first_player"],
        "round": state["round"],
        "bet_size": bet_size(state["round"]) if STAGE_OF_PHASE[phase] == 1 else 0,
        "turn": state["turn"] if STAGE_OF_PHASE[phase] == 1 else None,
        "horses": [horse_view(state, h) for h in range(HORSE_COUNT)],
        "bets": [list(b) for b in state["bets"]],
        "chips": list(state["chips"]),
        "hand_counts": [len(h) for h in state["hands"]],
        "leftover_count": len(state["leftover"]),
        "openable": sorted({c for c in state["pack"] if not is_move_up(c)}) if "pack" in state else None,
        "dice_card": list(state["dice_card"]),
        "track_choice": None,
        "race": None,
        "places": list(state["places"]),
        "settlement": state["settlement"],
        "odds_table": table_for_view(),
        "tracks": tracks_for_view(),
    }
    if phase == "track":
        seen["track_choice"] = {"horse": choosing_horse(state), "free": free_tracks(state)}
    if race:
        seen["race"] = {"round": race["round"], "track": race["track"], "turn": turn_view(state)}
    return seen
