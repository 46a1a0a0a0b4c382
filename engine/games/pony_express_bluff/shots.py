"""Shots (PEB-20, PEB-23): an aimed throw with seeded noise, traced across the board.

A shot is an angle (degrees, 0 = towards +x, counter-clockwise) and a power
(0-100; the die travels power/100 * MAX_THROW units). The engine adds noise
to both, then follows the straight path from the shooter's corner: the first
standing meeple whose circle (HIT_RADIUS) the path crosses is hit, unless the
die hops over it (a seeded chance HOP for each meeple crossed). The path ends
where the die stops or leaves the board.
"""

from __future__ import annotations

import math
from typing import Any

from .board import BOARD_H, BOARD_W, HIT_RADIUS, MAX_THROW

# Calibrated in bench/peb_shots.py (see bench/RESULTS-peb.md).
AIM_SIGMA_DEG = 0.7
POWER_SIGMA = 0.08
HOP = 0.15  # chance the bouncing die passes over a meeple in its path without touching it

# PEB-20 `dice`: hit on these d6 results (Steady Hand: 3-6); a 1 hits a bystander in the line.
DICE_HIT = 5
DICE_HIT_STEADY = 3
LINE_OF_FIRE = 6.0  # a bystander this close to the corner-to-corner line is "between" the duellists


def noisy(angle: float, power: float, rng: Any, steady: bool) -> tuple[float, float]:
    """The shot actually thrown: seeded aim noise unless Steady Hand (PEB-29)."""
    if steady:
        return angle, power
    return angle + rng.gauss(0.0, AIM_SIGMA_DEG), power * (1.0 + rng.gauss(0.0, POWER_SIGMA))


def _board_exit(start: tuple[float, float], ux: float, uy: float) -> float:
    """Distance along the direction until the path leaves the board."""
    limits = []
    for pos, u, size in ((start[0], ux, BOARD_W), (start[1], uy, BOARD_H)):
        if u > 1e-12:
            limits.append((size - pos) / u)
        elif u < -1e-12:
            limits.append(-pos / u)
    return min(limits) if limits else math.inf


def trace(
    start: tuple[float, float],
    angle: float,
    power: float,
    meeples: list[tuple[Any, tuple[float, float]]],
    rng: Any = None,
) -> dict[str, Any]:
    """Follow a throw; return the meeples touched in order and where it stopped.

    `meeples` are (label, (x, y)) for every standing meeple that can be hit.
    With `rng`, the die hops over each meeple crossed with chance HOP
    (without it, every meeple crossed is touched).
    """
    rad = math.radians(angle)
    ux, uy = math.cos(rad), math.sin(rad)
    length = min(max(power, 0.0) / 100.0 * MAX_THROW, _board_exit(start, ux, uy))
    touched = []
    for label, (mx, my) in meeples:
        dx, dy = mx - start[0], my - start[1]
        along = dx * ux + dy * uy
        perp = abs(dx * uy - dy * ux)
        if perp > HIT_RADIUS:
            continue
        half = math.sqrt(HIT_RADIUS**2 - perp**2)
        enter, leave = along - half, along + half
        if leave < 0 or enter > length:
            continue
        touched.append((max(enter, 0.0), label))
    touched.sort(key=lambda item: item[0])
    crossed = [label for _, label in touched]
    if rng is not None:
        touched = [item for item in touched if rng.random() >= HOP]
    end = (start[0] + ux * length, start[1] + uy * length)
    return {
        "touched": [label for _, label in touched],
        "crossed": crossed,
        "end": [round(end[0], 2), round(end[1], 2)],
        "length": round(length, 2),
    }


def aim_at(
    start: tuple[float, float], target: tuple[float, float], overshoot: float = 1.15
) -> dict[str, float]:
    """Angle and power that aim straight at a target (power a little past it)."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    angle = math.degrees(math.atan2(dy, dx)) % 360.0
    power = min(100.0, math.hypot(dx, dy) * overshoot / MAX_THROW * 100.0)
    return {"angle": round(angle, 2), "power": round(power, 2)}


def line_distance(a: tuple[float, float], b: tuple[float, float], p: tuple[float, float]) -> float:
    """Distance from p to the segment a-b (for the `dice` mode's line of fire)."""
    ax, ay = a
    bx, by = b
    vx, vy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((p[0] - ax) * vx + (p[1] - ay) * vy) / (vx * vx + vy * vy)))
    return math.hypot(p[0] - (ax + t * vx), p[1] - (ay + t * vy))
