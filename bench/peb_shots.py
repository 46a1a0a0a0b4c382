"""Calibration of PEB's aimed shots (PEB-20): hit rate against aim error, over many seeded shots.

Usage: python bench/peb_shots.py [SHOTS_PER_ROW]
Duel geometry: shooter at the top-left corner, target at the bottom-right
corner (133 units away). The engine's noise (AIM_SIGMA_DEG, POWER_SIGMA) and
the die's hop (HOP) apply to every shot, exactly as in a game.
"""

from __future__ import annotations

import math
import random
import sys

from engine.games.pony_express_bluff import shots
from engine.games.pony_express_bluff.board import DUEL_CORNERS, INDIAN_CAMP, INDIAN_SHOOTER, rider_xy
from engine.rng import Rng, new_slot

START, TARGET = DUEL_CORNERS
BYSTANDER = rider_xy(17, 2)  # space 17 lies on the corner-to-corner line


def outcome(angle: float, power: float, meeples: list, seed: int) -> str:
    rng = Rng(new_slot(seed))
    thrown_angle, thrown_power = shots.noisy(angle, power, rng, steady=False)
    touched = shots.trace(START, thrown_angle, thrown_power, meeples, rng)["touched"]
    return touched[0] if touched else "miss"


def rates(offset_deg: float, n: int, bystander: bool, power_ratio: float = 1.15) -> tuple[float, float]:
    aim = shots.aim_at(START, TARGET, overshoot=power_ratio)
    meeples = [("target", TARGET)] + ([("bystander", BYSTANDER)] if bystander else [])
    hits = stray = 0
    for seed in range(n):
        result = outcome(aim["angle"] + offset_deg, aim["power"], meeples, seed)
        hits += result == "target"
        stray += result == "bystander"
    return hits / n, stray / n


def human(sigma: float, n: int) -> float:
    aim = shots.aim_at(START, TARGET)
    pick = random.Random(1)
    hits = 0
    for seed in range(n):
        angle = aim["angle"] + pick.gauss(0.0, sigma)
        hits += outcome(angle, aim["power"], [("target", TARGET)], seed) == "target"
    return hits / n


def indians(n: int) -> tuple[float, list[float]]:
    centre = (sum(x for x, _ in INDIAN_CAMP) / 3, sum(y for _, y in INDIAN_CAMP) / 3)
    aim = shots.aim_at(INDIAN_SHOOTER, centre, overshoot=1.25)
    counts = [0, 0, 0, 0]
    for seed in range(n):
        rng = Rng(new_slot(seed))
        a, p = shots.noisy(aim["angle"], aim["power"], rng, steady=False)
        path = shots.trace(INDIAN_SHOOTER, a, p, [(i, xy) for i, xy in enumerate(INDIAN_CAMP)], rng)
        counts[len(path["touched"])] += 1
    mean = sum(k * c for k, c in enumerate(counts)) / n
    return mean, [c / n for c in counts]


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    dist = math.dist(START, TARGET)
    half_width = math.degrees(math.atan(shots.HIT_RADIUS / dist))
    print(
        f"noise: aim sigma {shots.AIM_SIGMA_DEG} deg, power sigma {shots.POWER_SIGMA:.0%}, "
        f"hop {shots.HOP:.0%}"
    )
    print(f"duel distance {dist:.1f} units; the target subtends +/-{half_width:.2f} deg; {n} shots per row\n")
    print("| aim error (deg) | clear line: hit | bystander on line: hit target | hit bystander |")
    print("| --- | --- | --- | --- |")
    for offset in (0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 6.0):
        clear, _ = rates(offset, n, bystander=False)
        blocked, stray = rates(offset, n, bystander=True)
        print(f"| {offset:.1f} | {clear:.1%} | {blocked:.1%} | {stray:.1%} |")
    print("\n| human aim spread sigma (deg) | clear line: hit |")
    print("| --- | --- |")
    for sigma in (0.0, 0.5, 1.0, 1.5, 2.0, 3.0):
        print(f"| {sigma:.1f} | {human(sigma, n):.1%} |")
    print("\n| power / distance | clear line: hit |")
    print("| --- | --- |")
    for ratio in (0.9, 1.0, 1.05, 1.15, 1.3):
        print(f"| {ratio:.2f} | {rates(0.0, n, bystander=False, power_ratio=ratio)[0]:.1%} |")
    mean, dist_down = indians(n)
    shares = ", ".join(f"{k}: {share:.1%}" for k, share in enumerate(dist_down))
    print(f"\nIndians, aimed at the camp's centre: {mean:.2f} down on average ({shares})")


if __name__ == "__main__":
    main()
