"""Fixtures of the group-play tests."""

from __future__ import annotations

import pytest


class Clock:
    """The room service's clock, moved by the test instead of waiting."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(shared_server):
    original = shared_server.rooms.clock
    shared_server.rooms.clock = Clock()
    yield shared_server.rooms.clock
    shared_server.rooms.clock = original
