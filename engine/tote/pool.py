"""Pools, payout per chip and the pari-mutuel settlement (a house cut of 0).

A bet is (name, contender, chips). At the end the whole pool goes to the backers of the
winner, in proportion to their chips. A shared win splits the pool equally among the winning
contenders that were backed. If nobody backed a winner, everyone gets their chips back.
Chips are whole: each share is rounded down and the chips left over go one by one to the
largest remainders (ties by name), so the payouts always add up to the pool.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

Bet = tuple[str, str, int]


def pools(bets: Iterable[Bet], contenders: Iterable[str]) -> dict[str, int]:
    """The chips on each contender (every contender listed, 0 when unbacked)."""
    found = {contender: 0 for contender in contenders}
    for _name, contender, chips in bets:
        found[contender] = found.get(contender, 0) + chips
    return found


def payout_per_chip(pool: dict[str, int]) -> dict[str, float | None]:
    """What one chip on each contender returns (stake included) if it wins alone now;
    None for a contender nobody backed yet."""
    total = sum(pool.values())
    return {c: (round(total / chips, 2) if chips else None) for c, chips in pool.items()}


def settle(bets: list[Bet], winners: Iterable[str]) -> dict[str, int]:
    """Each backer's payout (names of every bet, 0 for a loser)."""
    bets = list(bets)
    pool = pools(bets, ())
    total = sum(pool.values())
    backed = sorted({w for w in winners if pool.get(w, 0) > 0})
    shares: dict[str, Fraction] = {name: Fraction(0) for name, _, _ in bets}
    if not backed:  # nobody backed the winner: everyone is refunded
        for name, _contender, chips in bets:
            shares[name] += chips
    else:
        for name, contender, chips in bets:
            if contender in backed:
                shares[name] += Fraction(total, len(backed)) * chips / pool[contender]
    paid = {name: int(share) for name, share in shares.items()}
    left = total - sum(paid.values())
    by_remainder = sorted(shares, key=lambda name: (-(shares[name] - paid[name]), name))
    for name in by_remainder[:left]:
        paid[name] += 1
    return paid
