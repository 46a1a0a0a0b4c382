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


def _colour(entry: dict[str, Any], play: Play) -> Any:
    return play["as"] if "as" in entry else entry["colour"]


def expand(choice: Choice) -> list[list[Play]]:
    """Every `cards` value the description admits, each once (plays in pool order)."""
    uses, count = choice["use"], choice["count"]
    plays: list[tuple[int, Play]] = []
    for number, entry in enumerate(choice["pool"]):
        colours = entry["as"] if "as" in entry else [None]
        for colour, use in product(colours, uses):
            play = {"card": entry["card"], "as": colour, "use": use} if "as" in entry else None
            plays.append((number, play or {"card": entry["card"], "use": use}))
    out: list[list[Play]] = []
    for picked in combinations(plays, count):
        taken = Counter(number for number, _ in picked)
        colours = {_colour(choice["pool"][n], play) for n, play in picked}
        if len(colours) == count and all(taken[n] <= choice["pool"][n]["max"] for n in taken):
            out.append([play for _, play in picked])
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
