"""Screenshots of every game's table for a reviewer to look at (not committed as images).

    python docs/screenshots.py [--out test-artifacts/screens] [--lang en] [--game horse_racing]

For each registered game with a table module: the seat view mid-game (seat 0, while it is
awaited), the spectator view mid-game and the end of the game (the shell's results card),
and for Odds and Riders its betting stage too,
each at 1280×900 and 390×844, as PNG files named <game>-<view>-<width>.png. A real server
on a free port (SQLite in a temp dir) serves the room pages; the states come from bots
playing in the engine and reach the page as the server's own frames (tests/browser/staging.py).
Chromium: /usr/bin/chromium (or $PADDOCK_CHROMIUM).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.registry import GAMES  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, run_server  # noqa: E402
from tests.browser.staging import DESKTOP, PHONE, StagedTable, bots_until  # noqa: E402

LOCALES = {"en": "en-US", "pt": "pt-BR", "zh-Hans": "zh-CN"}
# Seats and how far into the game the mid-game pictures are (bots play until it holds).
SETUPS = {
    "ponies_in_pursuit": (4, None, lambda s: s["round"] >= 3 and 0 in engine.to_act(s)),
    "horse_racing": (5, None, lambda s: engine.view(s, 0).get("phase") == "race" and 0 in engine.to_act(s)),
    "pony_express_bluff": (4, None, lambda s: engine.view(s, 0)["turn_no"] >= 12 and 0 in engine.to_act(s)),
    "pony_express_race": (3, None, lambda s: engine.view(s, 0)["stage"] == 2 and 0 in engine.to_act(s)),
}
# A further seat view where a game's middle looks different: Odds and Riders' betting (chip piles).
EXTRA = {
    "pony_express_race": (
        "betting",
        lambda s: engine.view(s, 0)["stage"] == 1 and sum(map(sum, engine.view(s, 0)["bets"])) >= 3,
    ),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "test-artifacts" / "screens"))
    parser.add_argument("--lang", default="en", choices=sorted(LOCALES))
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = [g for g in sorted(GAMES) if (ROOT / "static" / "games" / f"{g}.js").exists()]
    if args.game:
        games = [g for g in games if g in args.game]

    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("PADDOCK_CHROMIUM", "/usr/bin/chromium")
    with run_server(SEAT_GRACE_SECONDS="0") as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        for game in games:
            seats, options, mid = SETUPS.get(game, (3, None, lambda s: 0 in engine.to_act(s)))
            middle = bots_until(game, seats, args.seed, mid, options)
            end = bots_until(game, seats, args.seed, engine.is_over, options)
            shots = [("seat", middle, 0), ("spectator", middle, None), ("end", end, 0)]
            if game in EXTRA:
                label, when = EXTRA[game]
                shots.append((label, bots_until(game, seats, args.seed, when, options), 0))
            for view, state, seat in shots:
                for size in (DESKTOP, PHONE):
                    phone = size is PHONE
                    context = browser.new_context(
                        locale=LOCALES[args.lang], viewport=size, is_mobile=phone, has_touch=phone
                    )
                    page = context.new_page()
                    StagedTable(page, url, state, seat).open()
                    page.wait_for_function("() => !document.getElementById('game-root').dataset.loading")
                    name = out / f"{game}-{view}-{size['width']}.png"
                    page.screenshot(path=name, animations="disabled")
                    print(name)
                    context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
