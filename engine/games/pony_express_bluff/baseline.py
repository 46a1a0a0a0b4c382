"""A random-claim player: the yardstick the bot is measured against (bench and tests).

It never re-rolls, claims a uniformly random hand, calls or believes at even
odds, stands in either duel corner and throws one of the listed sample shots,
and otherwise picks any legal action.
"""

from __future__ import annotations

import random
from typing import Any

from .hands import CLAIMABLE

Action = dict[str, Any]


def random_claim(view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
    phase = view["phase"]
    if phase == "dice":
        return {"type": "claim", "hand": rng.choice(CLAIMABLE)}
    if phase == "call" and {"type": "call"} in legal:
        return rng.choice([{"type": "call"}, {"type": "believe"}])
    if phase in ("duel", "final_duel", "indians"):
        return rng.choice([a for a in legal if a["type"] in ("shoot", "stand")])
    return rng.choice(legal)
