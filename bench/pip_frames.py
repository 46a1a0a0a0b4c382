"""Ponies in Pursuit: seat frame sizes and the CPU of its legal actions, before and after the
submission was listed once with a `choose` description (engine/games/ponies_in_pursuit/choice.py).

Usage (from the repo root): python bench/pip_frames.py [--games 40] [--before REV]

The same games run in this tree and in REV (default: the commit before the change), extracted
with `git archive` into a temporary folder: seeds 0..GAMES-1 at 3 and at 6 seats, each move a
uniformly random legal action spelled out (the old `legal_actions`, the new `all_actions`: the
same list in the same order, so both trees play identical games; the run checks that every state
along them is byte-identical). After every accepted action it measures, per seat:
- the seat's state frame (`app.ws.outgoing.state_message`: view, legal actions, new events), bytes;
- CPU per `engine.legal_actions(state, seat)` call, and per decision digest (`app.rooms.decisions`);
and per accepted action: `engine.normalize` of the action (the checks before the rules), and what
the server computes per change (engine.step, every seat's and the spectators' view and legal
actions, the digests, the frames' JSON; like bench/pipeline.py's rules_only).
Writes the section "## Seat frames and the cost of legal actions" of bench/RESULTS-pip.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.results import write_section  # noqa: E402

RESULTS = ROOT / "bench" / "RESULTS-pip.md"
MARKER = "## Seat frames and the cost of legal actions"
BEFORE = "da7d118"  # main before the submission was described instead of enumerated
GAME = "ponies_in_pursuit"


def measure(games: int, seats: int) -> dict[str, Any]:
    """Run in the tree under test (the current directory comes first on sys.path)."""
    import orjson

    import engine
    from app.rooms import decisions
    from app.ws.outgoing import state_message

    spelled = getattr(engine, "all_actions", engine.legal_actions)
    import random

    sizes: list[int] = []
    legal_s = digest_s = normalize_s = change_s = 0.0
    legal_n = digest_n = actions = 0
    trail = hashlib.blake2b(digest_size=16)
    for seed in range(games):
        rng = random.Random(seed)
        state, _ = engine.start(GAME, None, seats, seed)
        version = 0
        entries = decisions.initial(state, set())
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            action = rng.choice(spelled(state, seat))
            began = time.process_time()
            normal = engine.normalize(state, seat, action)
            normalize_s += time.process_time() - began
            began = time.process_time()
            audiences: list[int | None] = [*range(seats), None]
            version += 1
            if hasattr(engine, "Outcome"):  # engine.step's whole outcome (issue 19)
                out = engine.step(state, seat, normal, audiences)
                state, events = out.state, out.events
                sights = {a: (sight.view, sight.actions) for a, sight in out.sights.items()}
                digests = {a: sight.digest for a, sight in out.sights.items() if a is not None}
                entries = decisions.update(entries, seats, version, [seat], set(), digests)
            else:  # the tree before it: step, then views, legal actions and digests apart
                state, events = engine.step(state, seat, normal)
                seen = engine.views(state, audiences)
                sights = {a: (seen[a], engine.legal_actions(state, a)) for a in audiences}
                entries = decisions.update(entries, state, version, [seat], set(), sights.__getitem__)
            frames = {
                a: orjson.dumps(state_message(state, version, a, events, None, sights[a])) for a in audiences
            }
            change_s += time.process_time() - began
            actions += 1
            trail.update(orjson.dumps(state, option=orjson.OPT_SORT_KEYS))
            sizes += [len(frames[s]) for s in range(seats)]
            for s in range(seats):
                began = time.process_time()
                for _ in range(5):
                    engine.legal_actions(state, s)
                legal_s += time.process_time() - began
                legal_n += 5
                began = time.process_time()
                if hasattr(engine, "decision_digest"):
                    engine.decision_digest(state, s)
                else:
                    decisions.digest(state, s)
                digest_s += time.process_time() - began
                digest_n += 1
    return {
        "seats": seats,
        "games": games,
        "actions": actions,
        "frames": len(sizes),
        "mean_bytes": statistics.fmean(sizes),
        "p99_bytes": sorted(sizes)[int(0.99 * (len(sizes) - 1))],
        "max_bytes": max(sizes),
        "legal_us": legal_s * 1e6 / legal_n,
        "digest_us": digest_s * 1e6 / digest_n,
        "normalize_us": normalize_s * 1e6 / actions,
        "change_ms": change_s * 1e3 / actions,
        "trail": trail.hexdigest(),
    }


def run_in(tree: pathlib.Path, games: int, seats: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(pathlib.Path(__file__).resolve()), "--measure", str(games), str(seats)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(tree)},
    )
    return json.loads(out.stdout)


def extract(rev: str, into: pathlib.Path) -> None:
    archive = subprocess.run(["git", "archive", rev], cwd=ROOT, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)


def table(rows: list[tuple[str, dict[str, Any]]]) -> str:
    lines = [
        "| tree | seats | seat frames | mean frame KiB | p99 KiB | max KiB | legal_actions µs/call "
        "| digest µs/seat | normalize µs/action | server rules ms/action |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, r in rows:
        lines.append(
            f"| {name} | {r['seats']} | {r['frames']} | {r['mean_bytes'] / 1024:.2f} | "
            f"{r['p99_bytes'] / 1024:.2f} | {r['max_bytes'] / 1024:.2f} | {r['legal_us']:.1f} | "
            f"{r['digest_us']:.1f} | {r['normalize_us']:.1f} | {r['change_ms']:.3f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--before", default=BEFORE)
    parser.add_argument("--measure", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(measure(*args.measure)))
        return
    rows: list[tuple[str, dict[str, Any]]] = []
    same = True
    with tempfile.TemporaryDirectory() as tmp:
        before_tree = pathlib.Path(tmp)
        extract(args.before, before_tree)
        for seats in (3, 6):
            before = run_in(before_tree, args.games, seats)
            after = run_in(ROOT, args.games, seats)
            same = same and before["trail"] == after["trail"]
            rows += [(f"before ({args.before})", before), ("after", after)]
    mean3 = rows[1][1]["mean_bytes"] / 1024
    section = (
        f"{MARKER}\n\n"
        f"`python bench/pip_frames.py --games {args.games}`, measured {time.strftime('%Y-%m-%d')} on the "
        "shared 2-core machine (CPU is process time; the machine is shared, so read the ratios). Seeds "
        f"0..{args.games - 1}, every move a random legal action spelled out; after every accepted action "
        "each seat's state frame (view, legal actions, new events) and the calls below.\n\n"
        + table(rows)
        + "\n\n"
        f"- Target: a seat frame's mean ≤ 4 KiB — {mean3:.2f} KiB at 3 seats "
        f"({'met' if mean3 <= 4 else 'NOT met'}). The submission is one listed action (a sample plus "
        "its `choose` description, a few hundred bytes) instead of up to 228.\n"
        "- `normalize` asked `legal_actions` (all submissions) whether the seat may act; it now asks "
        "`Game.may_act` (awaited, or able to spy). The rules check a submission directly, one pass over "
        "its plays (`submissions.normalise`, inside `engine.step`), as before: no list membership.\n"
        "- The decision digest hashes the seat's view and legal actions: smaller actions, cheaper digest.\n"
        f"- Every state along the {2 * args.games} games is byte-identical in both trees: "
        f"{'yes' if same else 'NO'} (the same actions replay to the same states; stored actions carry no "
        "`choose`).\n"
    )
    write_section(section, MARKER, path=RESULTS)
    print(section)


if __name__ == "__main__":
    main()
