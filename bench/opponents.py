"""Named simple players the bots are measured against (bench/bots.py).

Every player is `choose(view, actions, rng) -> action`, deciding from one seat's view and its
legal actions only, as a bot does; `rng` is the seat's own seeded generator.

- `random`: a uniformly random legal action (any game).
- `greedy-drafter` (Horse Racing): keeps the horse card with the best win chance on the
  board's odds (HR-2) and takes Kings, Aces and Jokers only when no horse card is left; in the
  race it plays like the bot (so the row measures the bot's drafting and race play against a
  greedy draft, not against random racing).
- `favourite-bettor` (Odds and Riders): every bet on the current favourite (the highest marker
  on the odds table, PER-3; the earlier horse on a tie); cards, tracks and riding like the bot.
- `never-bet` (Ponies in Pursuit): a random submission that moves with every card, never spies.
- `random-claim` (Dice and Bluff): engine/games/pony_express_bluff/baseline.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.games.horse_racing.cards import horse_of
from engine.games.horse_racing.odds import board_odds
from engine.games.pony_express_bluff.baseline import random_claim
from engine.games.pony_express_race.bot import choose_action as per_bot

Action = dict[str, Any]
Player = Callable[[dict[str, Any], list[Action], random.Random], Action]


def random_player(view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


def greedy_drafter(view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
    if actions[0]["type"] != "pick":
        return simple_racer(view, actions)
    win = board_odds(list(view["board"]), 20_000, 1)["win"]

    def worth(action: Action) -> float:
        horse = horse_of(action["card"])
        return win[str(horse)] if horse is not None else -1.0

    return max(actions, key=worth)


def simple_racer(view: dict[str, Any], actions: list[Action]) -> Action:
    """Horse Racing's race, played simply: roll an advantage die when it has one, take the pair
    that moves a horse it holds (else one not scratched), cancel or pass every owed ante it
    can (Ace first, a King to the left), and play a Joker at once on its own horse nearest home."""
    kind = actions[0]["type"]
    hand = view["hand"] or []
    held = {horse_of(c) for c in hand} - {None}
    if kind == "roll":
        return actions[-1]
    if kind == "choose":
        dice = view["turn"]["dice"]

        def pair_worth(action: Action) -> int:
            horse = dice[action["dice"][0]] + dice[action["dice"][1]]
            return 2 * (horse in held) - 3 * bool(view["scratched"][horse - 2])

        return max(actions, key=pair_worth)
    kinds = [a["type"] for a in actions]
    if "pay" in kinds:
        if "ace" in kinds:
            return {"type": "ace"}
        return {"type": "king", "to": "left"} if "king" in kinds else {"type": "pay"}
    jokers = [a for a in actions if a["type"] == "joker" and a["move"] == 1 and a["horse"] in held]
    if not jokers:
        return {"type": "end_turn"}

    def left(action: Action) -> int:
        i = action["horse"] - 2
        return int(view["board"][i] - view["positions"][i])

    return min(jokers, key=left)


def favourite_bettor(view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
    if view["phase"] != "bet":
        return per_bot(view, actions, rng)
    rows = {h: horse["row"] or 9 for h, horse in enumerate(view["horses"])}
    return min(actions, key=lambda a: (rows[a["horse"]], a["horse"]))


def never_bet(view: dict[str, Any], actions: list[Action], rng: random.Random) -> Action:
    moves = [a for a in actions if a["type"] == "submit" and all(p["use"] == "move" for p in a["cards"])]
    return rng.choice(moves)


OPPONENTS: dict[str, Player] = {
    "random": random_player,
    "greedy-drafter": greedy_drafter,
    "favourite-bettor": favourite_bettor,
    "never-bet": never_bet,
    "random-claim": random_claim,
}
