"""Socket clients that play like people rather than like our bots: random legal actions,
changing their minds, clicking twice, acting on old versions. They follow only the public
protocol (PRODUCT.md, README's protocol section): `state` frames' `v` and `actions`, sent back
verbatim, or for an action listed with a `choose` description, any value it admits."""

from __future__ import annotations

import random
from typing import Any

from engine.moves import CHOOSE
from tests.utils.choices import spelled_out
from tests.utils.live_server import Client


class RandomPlayer:
    """One seat's socket; acts at random on each new frame it sees."""

    def __init__(self, client: Client, token: str, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.latest: dict[str, Any] | None = None
        self.acted_on = -1
        self.errors: list[dict[str, Any]] = []
        client.hello(token)

    def read(self, wait: float) -> None:
        """Take in what has arrived (waiting up to `wait` for the first message)."""
        try:
            messages = [self.client.recv(wait)]
        except TimeoutError:
            return
        while True:
            try:
                messages.append(self.client.recv(0.001))
            except TimeoutError:
                break
        for message in messages:
            if message["type"] == "state" and (self.latest is None or message["v"] >= self.latest["v"]):
                self.latest = message
            elif message["type"] == "error":
                self.errors.append(message)
                self.acted_on = -1  # refused: a person looks again and tries something

    @property
    def over(self) -> bool:
        return bool(self.latest and self.latest["over"])

    def act(self) -> bool:
        """On a frame not acted on yet: a random legal action, sometimes twice (a double
        click), sometimes against the version before (a slow hand). True if it sent."""
        frame = self.latest
        if frame is None or frame["over"] or not frame["actions"] or frame["v"] == self.acted_on:
            return False
        self.acted_on = frame["v"]
        action = self.rng.choice(frame["actions"])
        if CHOOSE in action and self.rng.random() < 0.7:  # not the sample: what a person picks
            action = self.rng.choice(spelled_out([action]))
        v = frame["v"] - 1 if frame["v"] > 0 and self.rng.random() < 0.1 else frame["v"]
        self.client.send({"type": "act", "v": v, "action": action})
        if self.rng.random() < 0.1:
            self.client.send({"type": "act", "v": frame["v"], "action": action})
        return True
