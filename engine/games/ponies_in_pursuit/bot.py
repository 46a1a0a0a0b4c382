"""A Ponies in Pursuit bot that plans by simulating the rest of the race, from its own view only.

Each round the bot scores every distinct submission it may make (each card's colour, value and
use) on the same few dozen sampled futures:
- the other players' hands are drawn from the cards they may still hold (their twelve, less
  finished colours and the cards spying showed them play), and each round they play two cards of
  different colours, each moving its pony with a probability `q` estimated from how far the
  ponies went so far beyond the bot's own moves (a player who never bets has q = 1, a random one
  about 1/2);
- the bot itself, in later rounds, pushes the ponies it has money on (largest stake first),
  each planned push counted in 70% of the futures (it re-plans every round and may not);
- the race is run round by round to the end (PIP-9, PIP-11, PIP-12) and the bot's score taken
  (PIP-15, PIP-16).
It plays the submission with the best mean score less a charge for the chance of ending below
zero, so it bets only where the futures say the pony gets home. All futures for a decision are
one numpy array (candidates x futures x rounds x ponies).

Spying (PIP-19): while rounds remain and garnets allow, it spies on the player with the most cards
(garnets do not score, PIP-20); what it sees narrows that player's possible hand.

Measured against random players and players who never bet: bench/pip_bot.py, bench/RESULTS-pip.md.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from engine.moves import CHOOSE

from .cards import CARDS, DISTANCE, PONIES, STARTING_HAND, WILD, colour_of
from .scoring import PAYOUT, PENALTY_PER_CARD
from .submissions import all_submissions, play_colour, play_value

View = dict[str, Any]
Action = dict[str, Any]

FUTURES = 48  # sampled futures per decision
MEAN_CARD = sum(CARDS[c][1] for c in STARTING_HAND) / len(STARTING_HAND)
PRIOR_Q, PRIOR_WEIGHT = 0.5, 4.0  # the others' move share before anything is seen (pseudo-cards)
FOLLOW_THROUGH = 0.7  # chance the bot really makes a planned later push (it re-plans each round)
LOSS_AVERSION = 2.0  # chips charged per unit of probability of ending below zero
KEEP_WILD = 0.05  # between equals, keep the Wild (it can become any colour later)
DIST = np.array([DISTANCE[c] for c in PONIES])
PAYOUTS = np.array([float(p) for p in PAYOUT])


def choose(view: View, actions: list[Action], rng: random.Random) -> Action:
    spies = [a for a in actions if a["type"] == "spy"]
    target = spy_target(view, spies)
    if target is not None:
        return target
    submits = [a for a in actions if a["type"] == "submit"]
    if any(CHOOSE in a for a in submits):  # listed once, described: spell it out from the own view
        spelled = all_submissions(view["hand"], view["finish_order"])
        submits = [{"type": "submit", "cards": cards} for cards in spelled]
    if not submits:
        return spies[0] if spies else rng.choice(actions)
    return best_submission(view, submits, rng)


def spy_target(view: View, spies: list[Action]) -> Action | None:
    """Spy when it can still change later decisions: not in the last round, before submitting."""
    if not spies or view["round"] >= view["rounds"] or view["submission"] is not None:
        return None
    sizes = view["hand_sizes"]
    return max(spies, key=lambda a: (sizes[a["target"]], -a["target"]))


def possible_cards(view: View, seat: int) -> list[str]:
    """Cards another `seat` may still hold: its twelve, less finished colours and spied cards."""
    cards = [c for c in STARTING_HAND if colour_of(c) not in view["finish_order"]]
    for report in view["spy_results"]:
        if report["target"] != seat:
            continue
        for seen in report["cards"]:
            if seen["card"] in cards:
                cards.remove(seen["card"])
    return cards


def others_moved(view: View) -> dict[str, int]:
    """Per colour, how far the other players together moved that pony in finished rounds."""
    moved = dict.fromkeys(PONIES, 0)
    for outcome, mine in zip(view["history"], view["my_plays"], strict=False):
        for colour in PONIES:
            own = sum(play_value(p) for p in mine if p["use"] == "move" and play_colour(p) == colour)
            moved[colour] += max(0, outcome["moves"][colour] - own)
    return moved


def _take_played(pools: dict[int, list[str]], moved: dict[str, int], gen: random.Random) -> None:
    """Remove from the others' possible cards what their moves so far must have used (a guess
    of who played which card, consistent with the totals)."""
    for colour, left in moved.items():
        while left > 0:
            holders = [
                s for s, pool in pools.items() if WILD in pool or any(colour_of(c) == colour for c in pool)
            ]
            if not holders:
                break
            pool = pools[gen.choice(holders)]
            own = sorted(
                (c for c in pool if colour_of(c) == colour and CARDS[c][1] <= left),
                key=lambda c: -CARDS[c][1],
            )
            card = own[0] if own else WILD if WILD in pool else None
            if card is None:
                break
            pool.remove(card)
            left -= CARDS[card][1]


def move_share(view: View) -> float:
    """How much of what the others play moves a pony (q), from the moves seen so far."""
    seen = 0.0
    my_moves = view["my_plays"]
    for outcome, mine in zip(view["history"], my_moves, strict=False):
        own = sum(play_value(p) for p in mine if p["use"] == "move")
        seen += max(0, sum(outcome["moves"].values()) - own)
    others = [s for s in range(view["seats"]) if s != view["you"]]
    # cards the others played in finished rounds (two a round each, fewer once hands run short)
    played = sum(min(2, 12 - 2 * r) for r in range(len(view["history"]))) * len(others)
    full = played * MEAN_CARD
    return float(
        np.clip((seen + PRIOR_Q * PRIOR_WEIGHT * MEAN_CARD) / (full + PRIOR_WEIGHT * MEAN_CARD), 0.15, 1.0)
    )


def _two_of_different_colours(
    hand: list[str], open_colours: list[str], gen: random.Random
) -> list[tuple[Any, ...]]:
    """(colour, value) of the cards a sampled player plays this round: two of different colours."""
    if not hand:
        return []
    first = gen.randrange(len(hand))
    card = hand.pop(first)
    colour = colour_of(card) if card != WILD else gen.choice(open_colours)
    played = [(colour, CARDS[card][1])]
    others = [i for i, c in enumerate(hand) if c == WILD or colour_of(c) != colour]
    if others:
        card = hand.pop(gen.choice(others))
        choices = [c for c in open_colours if c != colour]
        if card != WILD:
            played.append((colour_of(card), CARDS[card][1]))
        elif choices:
            played.append((gen.choice(choices), CARDS[card][1]))
    return played


def sample_others(view: View, rounds_left: int, gen: random.Random) -> np.ndarray:
    """FUTURES x rounds x ponies: how far the other players move each pony in each round."""
    q = move_share(view)
    open_colours = [c for c in PONIES if c not in view["finish_order"]]
    moves = np.zeros((FUTURES, rounds_left, len(PONIES)))
    others = [s for s in range(view["seats"]) if s != view["you"]]
    possible = {s: possible_cards(view, s) for s in others}
    moved = others_moved(view)
    submitted = view["submitted"]
    for k in range(FUTURES):
        pools = {s: list(cards) for s, cards in possible.items()}
        _take_played(pools, moved, gen)
        for seat in others:
            pool, size = pools[seat], view["hand_sizes"][seat]
            hand = gen.sample(pool, min(size, len(pool)))
            for r in range(rounds_left):
                if r == 0 and seat not in view["awaited"] and not submitted[seat]:
                    continue
                for colour, value in _two_of_different_colours(hand, open_colours, gen):
                    if gen.random() < q:
                        moves[k, r, PONIES.index(colour)] += value
    return moves


def _effect(plays: list[dict[str, Any]]) -> tuple[Any, ...]:
    return tuple(sorted((play_colour(p), play_value(p), p["use"], p["card"] == WILD) for p in plays))


def own_future(hand: list[str], stakes: np.ndarray, rounds_left: int) -> np.ndarray:
    """rounds x ponies: the bot's own later pushes, one card per staked colour, two a round."""
    moves = np.zeros((rounds_left, len(PONIES)))
    hand = list(hand)
    order = [i for i in np.argsort(-stakes, kind="stable") if stakes[i] > 0]
    for r in range(1, rounds_left):
        used = 0
        for pony in order:
            if used == 2:
                break
            colour = PONIES[pony]
            cards = sorted((c for c in hand if colour_of(c) == colour), key=lambda c: -CARDS[c][1])
            if not cards and WILD in hand:
                cards = [WILD]
            if cards:
                hand.remove(cards[0])
                moves[r, pony] += CARDS[cards[0]][1]
                used += 1
    return moves


def best_submission(view: View, submits: list[Action], rng: random.Random) -> Action:
    rounds_left = view["rounds"] - view["round"] + 1
    gen = random.Random(rng.getrandbits(64))
    by_effect: dict[tuple[Any, ...], Action] = {}
    for action in submits:
        by_effect.setdefault(_effect(action["cards"]), action)
    candidates = list(by_effect.values())
    others = sample_others(view, rounds_left, gen)
    stakes0 = np.array([view["stakes"][c] for c in PONIES], dtype=float)
    bets0 = np.array([view["bet_cards"][c] for c in PONIES], dtype=float)
    own = np.zeros((len(candidates), rounds_left, len(PONIES)))
    stakes = np.tile(stakes0, (len(candidates), 1))
    bets = np.tile(bets0, (len(candidates), 1))
    for i, action in enumerate(candidates):
        hand = list(view["hand"])
        for play in action["cards"]:
            hand.remove(play["card"])
            pony = PONIES.index(play_colour(play))
            if play["use"] == "move":
                own[i, 0, pony] += play_value(play)
            else:
                stakes[i, pony] += play_value(play)
                bets[i, pony] += 1
        own[i] += own_future(hand, stakes[i], rounds_left)
    scores = race_scores(view, others, own, stakes, bets, np.random.default_rng(gen.getrandbits(64)))
    value = scores.mean(axis=1) - LOSS_AVERSION * (scores < -1e-9).mean(axis=1)
    value += KEEP_WILD * np.array([all(p["card"] != WILD for p in a["cards"]) for a in candidates])
    best = value.max()
    top = [candidates[i] for i in np.flatnonzero(value >= best - 1e-9)]
    return rng.choice(top)


def race_scores(
    view: View,
    others: np.ndarray,
    own: np.ndarray,
    stakes: np.ndarray,
    bets: np.ndarray,
    gen: np.random.Generator,
) -> np.ndarray:
    """candidates x futures: the bot's final score in each future for each candidate."""
    start = np.array([p["position"] for p in view["ponies"]], dtype=float)
    finished = np.array([p["place"] is not None for p in view["ponies"]])
    # This round's own cards always count; a later planned push only in some futures.
    follow = np.ones(others.shape[:2])
    follow[:, 1:] = gen.random(follow[:, 1:].shape) < FOLLOW_THROUGH
    moves = others[None, :, :, :] + own[:, None, :, :] * follow[None, :, :, None]  # C x K x R x P
    positions = start + np.cumsum(moves, axis=2)
    reached = positions >= DIST
    rounds = moves.shape[2]
    first = np.where(reached.any(axis=2), reached.argmax(axis=2), rounds)  # C x K x P
    first = np.where(finished, -1, first)
    # PIP-11/PIP-12: earlier rounds first, then the longer track; ponies already home keep their place.
    key = first * 100 - DIST  # smaller finishes earlier
    place = np.zeros(first.shape)
    for pony in range(len(PONIES)):
        if finished[pony]:
            place[..., pony] = view["ponies"][pony]["place"] - 1
        else:
            place[..., pony] = (key < key[..., pony : pony + 1]).sum(axis=-1)
    home = first < rounds
    payout = np.where(home, PAYOUTS[np.minimum(place, 4).astype(int)], 0.0)
    return (stakes[:, None, :] * payout).sum(axis=-1) - PENALTY_PER_CARD * (bets[:, None, :] * ~home).sum(
        axis=-1
    )
