"""What a replay costs on the server: a 12-seat Horse Racing orbit played by bots, then
app.rooms.replay.build (every action once, events + checkpoints) and the full-reveal views of
every page (at most PAGE_MAX steps each), timed, with the sizes of what goes on the wire.

    python bench/replay_cost.py  -> prints a Markdown table (results: bench/RESULTS-replay.md)
"""

from __future__ import annotations

import random
import sys
import time
import tracemalloc
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine  # noqa: E402
from app.rooms.replay import PAGE_MAX, build, final_state, views  # noqa: E402


def bot_game(game: str, seats: int, seed: int, options: dict | None) -> tuple[dict, list[dict]]:
    rng = random.Random(seed)
    state = engine.setup(game, options, seats, seed)
    rows = []
    while not engine.is_over(state):
        seat = rng.choice(engine.to_act(state))
        action = engine.bot_action(state, seat, rng)
        state = engine.apply(state, seat, action)
        rows.append({"seq": len(rows) + 1, "seat": seat, "action": action, "source": "bot"})
    return state, rows


def measure(game: str, seats: int, options: dict | None) -> str:
    final, rows = bot_game(game, seats, 7, options)
    began = time.perf_counter()
    replay = build(game, options, seats, 7, rows)
    built = time.perf_counter() - began
    tracemalloc.start()  # a second build, for memory only (tracemalloc slows it down)
    build(game, options, seats, 7, rows)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert final_state(replay) == final
    steps_bytes = len(orjson.dumps({"initial_events": replay.initial_events, "steps": replay.steps}))
    page_times, page_bytes = [], []
    for first in range(0, replay.count + 1, PAGE_MAX):
        began = time.perf_counter()
        page = views(replay, first, min(replay.count, first + PAGE_MAX - 1))
        page_times.append(time.perf_counter() - began)
        page_bytes.append(len(orjson.dumps(page)))
    return (
        f"| {game} ({seats} seats, {options or 'defaults'}) | {replay.count} | {built:.2f} s | "
        f"{peak / 1e6:.1f} MB | {steps_bytes / 1e3:.0f} kB | {len(page_times)} | "
        f"{sum(page_times) / len(page_times) * 1000:.0f} ms / {max(page_times) * 1000:.0f} ms | "
        f"{sum(page_bytes) / len(page_bytes) / 1e3:.0f} kB |"
    )


if __name__ == "__main__":
    columns = ("game", "actions", "build", "build peak memory", "steps response", "pages")
    print("| " + " | ".join((*columns, "view page mean / max", "page size")) + " |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for game, seats, options in (
        ("horse_racing", 12, {"races": "orbit"}),
        ("ponies_in_pursuit", 6, None),
        ("pony_express_race", 6, None),
        ("pony_express_bluff", 5, None),
    ):
        print(measure(game, seats, options), flush=True)
