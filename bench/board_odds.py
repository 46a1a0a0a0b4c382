"""Time the HR-2 board-odds estimate: 100,000 simulated races per board.

Usage: python bench/board_odds.py [--races 100000]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.games.horse_racing.board import PRESETS  # noqa: E402
from engine.games.horse_racing.odds import estimate  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--races", type=int, default=100_000)
    args = ap.parse_args()
    for name in PRESETS:
        best = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            result = estimate(name, args.races, seed=1)
            best = min(best, time.perf_counter() - t0)
        win = result["win"]
        print(
            f"{name:8s} {args.races} races: {best * 1000:7.1f} ms (best of 3)  "
            f"win 2={win['2']:.3f} 7={win['7']:.3f} 12={win['12']:.3f}"
        )


if __name__ == "__main__":
    main()
