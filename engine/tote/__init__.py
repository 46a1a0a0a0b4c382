"""The tote: spectators back contenders (the players, seat ids as in engine.odds) with play
chips while the tote is open, and the pool is shared pari-mutuel at the end.

Pure rules only: when each game's tote closes (`tote_open`, from the public state alone), the
pools and the payout per chip (`board`), and the settlement (`settle`). Storing bets and
balances is the server's business (app.rooms.tote).
"""

from __future__ import annotations

from .closing import register, tote_open
from .pool import payout_per_chip, pools, settle

__all__ = ["payout_per_chip", "pools", "register", "settle", "tote_open"]
