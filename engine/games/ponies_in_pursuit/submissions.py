"""What a player may submit in a round (PIP-4 to PIP-7, PIP-18).

A submission is a list of one or two plays, each
`{"card": id, "use": "move"|"bet"}` plus `"as": colour` for the Wild.
Stored submissions are canonical: plays in card order, the Wild always with
its declared colour.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product
from typing import Any

from engine import errors

from .cards import CARD_ORDER, CARDS, PONIES, WILD, colour_of, value_of

USES = ("move", "bet")
Play = dict[str, Any]


def play_colour(play: Play) -> str:
    if play["card"] == WILD:
        return play["as"]
    return _own_colour(play["card"])


def _own_colour(card: str) -> str:
    colour = colour_of(card)
    assert colour is not None, "only the Wild has no colour of its own"
    return colour


def play_value(play: Play) -> int:
    return value_of(play["card"])


def open_colours(finished: list[str]) -> list[str]:
    """PIP-7: the colours a Wild may be declared as."""
    return [c for c in PONIES if c not in finished]


def _colour_choices(card: str, finished: list[str]) -> list[str]:
    return open_colours(finished) if card == WILD else [_own_colour(card)]


def _play(card: str, colour: str, use: str) -> Play:
    return {"card": card, "as": colour, "use": use} if card == WILD else {"card": card, "use": use}


def can_play_two(hand: list[str], finished: list[str]) -> bool:
    """PIP-6: does the hand hold two cards of different colours?"""
    colours = {colour_of(c) for c in hand if c != WILD}
    if len(colours) >= 2:
        return True
    # A Wild can take any open colour other than its partner's.
    return WILD in hand and len(colours) == 1 and len(open_colours(finished)) >= 2


def all_submissions(hand: list[str], finished: list[str]) -> list[list[Play]]:
    """Every legal submission, identical card types listed once (PIP-5, PIP-6, PIP-7)."""
    return list(_submissions(hand, finished))


def first_submission(hand: list[str], finished: list[str]) -> list[Play] | None:
    """The first of `all_submissions` (card order, cards to move), found without listing them all."""
    return next(_submissions(hand, finished), None)


def _submissions(hand: list[str], finished: list[str]) -> Iterator[list[Play]]:
    kinds = [c for c in CARD_ORDER if c in hand]
    if can_play_two(hand, finished):
        for first, second in combinations(kinds, 2):
            for colour_a, colour_b in product(
                _colour_choices(first, finished), _colour_choices(second, finished)
            ):
                if colour_a == colour_b:
                    continue
                for use_a, use_b in product(USES, USES):
                    yield [_play(first, colour_a, use_a), _play(second, colour_b, use_b)]
    else:
        for card in kinds:
            for colour in _colour_choices(card, finished):
                for use in USES:
                    yield [_play(card, colour, use)]


def cheapest_bet(hand: list[str], finished: list[str]) -> list[Play] | None:
    """PIP-18: the legal submission with the lowest total value, all cards as bets."""
    options = [s for s in all_submissions(hand, finished) if all(p["use"] == "bet" for p in s)]
    if not options:
        return None
    return min(options, key=lambda sub: sum(play_value(p) for p in sub))


def normalise(raw: Any, hand: list[str], finished: list[str]) -> list[Play]:
    """Check a submitted card list and return it in canonical form, or raise EngineError."""
    if not isinstance(raw, list) or not raw:
        raise errors.bad_action("A submission is a list of one or two cards.")
    if len(raw) > 2:
        raise errors.illegal("You play at most two cards in a round.", count=len(raw))
    plays: list[Play] = []
    for item in raw:
        if not isinstance(item, dict):
            raise errors.bad_action("Each played card needs a card and a use.")
        card, use = item.get("card"), item.get("use")
        if not isinstance(card, str) or card not in CARDS:
            raise errors.bad_action("That is not a card of this game.", card=str(card))
        if use not in USES:
            raise errors.bad_action("Each card is played to move or to bet.", card=card)
        if card == WILD:
            colour = item.get("as")
            if colour not in PONIES:
                raise errors.illegal("Say which colour your Wild card counts as.", card=card)
            if colour in finished:
                raise errors.illegal(
                    "A Wild card cannot count as a pony that has already finished.", colour=colour
                )
        elif item.get("as") not in (None, colour_of(card)):
            raise errors.illegal("Only the Wild card can count as another colour.", card=card)
        plays.append(_play(card, colour_of(card) or item["as"], use))
    cards = [p["card"] for p in plays]
    for card in set(cards):
        if cards.count(card) > hand.count(card):
            raise errors.illegal("You do not hold that card.", card=card)
    two = can_play_two(hand, finished)
    if two and len(plays) == 1:
        raise errors.illegal("You must play two cards of different colours this round.")
    if not two and len(plays) == 2:
        raise errors.illegal("Your hand has no two cards of different colours: play one card.")
    if len(plays) == 2 and play_colour(plays[0]) == play_colour(plays[1]):
        raise errors.illegal("Your two cards must be of different colours.", colour=play_colour(plays[0]))
    return sorted(plays, key=lambda p: CARD_ORDER.index(p["card"]))
