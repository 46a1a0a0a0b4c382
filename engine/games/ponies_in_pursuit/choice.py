"""The compact description of a seat's legal submissions (PIP-5 to PIP-7), listed under `choose`.

`legal_actions` lists the submission once: a legal sample (the first submission in card order,
both cards to move) plus, under `choose`, what every legal submission looks like::

    {"type": "submit",
     "cards": [{"card": "white1", "use": "move"}, {"card": "red1", "use": "move"}],
     "choose": {"cards": {
         "count": 2,
         "use": ["move", "bet"],
         "distinct": "colour",
         "pool": [{"card": "white1", "colour": "white", "max": 1},
                  {"card": "red1", "colour": "red", "max": 2},
                  ...,
                  {"card": "wild", "as": ["red", "blue", "black", "yellow"], "max": 1}]}}}

A legal `cards` value is a list of exactly `count` plays (PIP-6: 2, or 1 when the hand holds no
two cards of different colours); each play is `{"card", "use"}` with a card of the pool (at most
`max` times: the hand's count) and a use of `use`; a pool entry with `as` (the Wild) also takes
`"as"`, one of those colours (PIP-7: the ponies still running). A play's colour is its entry's
`colour`, or its `as`; `"distinct": "colour"` means no two plays share one (PIP-5). The plays may
come in any order (the stored submission is in card order).

`describe` builds it in one pass over the hand (no enumeration); `admits` checks a `cards` value
against it and `expand` lists what it admits. The rules themselves check a submission in
`submissions.normalise`; tests compare all three with a brute-force search
(tests/engine/games/ponies_in_pursuit/test_choice.py), and the browser table checks a selection
with the same reading of the description (static/games/ponies_in_pursuit.js, `admits`).
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product
from typing import Any

from .cards import CARD_ORDER, WILD, colour_of
from .submissions import USES, Play, can_play_two, open_colours

Choice = dict[str, Any]


def describe(hand: list[str], finished: list[str]) -> Choice:
    """The description of every legal `cards` value for this hand (see the module docstring)."""
    held = Counter(hand)
    pool: list[dict[str, Any]] = []
    for card in CARD_ORDER:
        if not held[card]:
            continue
        if card == WILD:
            pool.append({"card": card, "as": open_colours(finished), "max": held[card]})
        else:
            pool.append({"card": card, "colour": colour_of(card), "max": held[card]})
    count = 2 if can_play_two(hand, finished) else 1
    return {"count": count, "use": list(USES), "distinct": "colour", "pool": pool}


def _entry_plays(entry: dict[str, Any], uses: list[str]) -> list[Play]:
    if "as" in entry:
        return [{"card": entry["card"], "as": colour, "use": use} for colour in entry["as"] for use in uses]
    return [{"card": entry["card"], "use": use} for use in uses]


def _colour(entry: dict[str, Any], play: Play) -> Any:
    return play["as"] if "as" in entry else entry["colour"]


def expand(choice: Choice) -> list[list[Play]]:
    """Every `cards` value the description admits, plays in pool order, each once."""
    pool, uses, count = choice["pool"], choice["use"], choice["count"]
    out: list[list[Play]] = []
    for entries in combinations(range(len(pool)), count):
        for plays in product(*(_entry_plays(pool[i], uses) for i in entries)):
            colours = [_colour(pool[i], p) for i, p in zip(entries, plays, strict=True)]
            if len(set(colours)) == len(colours):
                out.append(list(plays))
    # Two plays of one card id share its colour, so `distinct` never lets a card come twice.
    return out


def admits(choice: Choice, cards: Any) -> bool:
    """Whether `cards` is a value the description admits (in any order)."""
    if not isinstance(cards, list) or len(cards) != choice["count"]:
        return False
    by_card = {entry["card"]: entry for entry in choice["pool"]}
    taken: Counter[str] = Counter()
    colours: list[Any] = []
    for play in cards:
        if not isinstance(play, dict) or not isinstance(play.get("card"), str):
            return False
        entry = by_card.get(play["card"])
        if entry is None or play.get("use") not in choice["use"]:
            return False
        keys = {"card", "use", "as"} if "as" in entry else {"card", "use"}
        if set(play) != keys or ("as" in entry and play["as"] not in entry["as"]):
            return False
        taken[play["card"]] += 1
        if taken[play["card"]] > entry["max"]:
            return False
        colours.append(_colour(entry, play))
    return len(set(colours)) == len(colours)
