"""Rooms: lobby, seats, the referee loop (engine + persistence + fan-out), bots and timers."""
