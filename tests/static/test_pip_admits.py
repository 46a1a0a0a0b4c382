"""The browser table reads the listed submission's `choose` description as the engine does: its
`admits` (static/games/ponies_in_pursuit.js, run in Node.js) agrees with the engine's
(engine/games/ponies_in_pursuit/choice.py) on every one- and two-card list of plays, over the
states of random games. The table only offers a submission it admits, so every one it sends is
accepted."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import engine
from engine.games.ponies_in_pursuit import choice
from engine.moves import CHOOSE
from tests.engine.games.ponies_in_pursuit.test_choice import CANDIDATES

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "static" / "games" / "ponies_in_pursuit.js"
RUNNER = """
const [moduleUrl, payloadPath] = process.argv.slice(2);
const fs = await import("node:fs");
const { default: table } = await import(moduleUrl);
const { choices, candidates } = JSON.parse(fs.readFileSync(payloadPath, "utf8"));
console.log(JSON.stringify(choices.map((c) => candidates.map((plays) => table.admits(c, plays)))));
"""


def descriptions() -> list[dict]:
    out = []
    for seed in range(4):
        rng = random.Random(seed)
        state = engine.setup("ponies_in_pursuit", None, 2 + seed, seed)
        while not engine.is_over(state):
            seat = rng.choice(engine.to_act(state))
            out += [a[CHOOSE]["cards"] for a in engine.legal_actions(state, seat) if CHOOSE in a]
            state = engine.apply(state, seat, rng.choice(engine.all_actions(state, seat)))
    unique = {json.dumps(c, sort_keys=True): c for c in out}
    return list(unique.values())


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_table_admits_exactly_what_the_engine_admits(tmp_path):
    choices = descriptions()
    assert len(choices) > 10
    payload = tmp_path / "payload.json"
    payload.write_text(json.dumps({"choices": choices, "candidates": CANDIDATES}))
    runner = tmp_path / "runner.mjs"
    runner.write_text(RUNNER)
    done = subprocess.run(
        ["node", str(runner), MODULE.as_uri(), str(payload)], capture_output=True, text=True, check=True
    )
    table = json.loads(done.stdout)
    engine_says = [[choice.admits(c, plays) for plays in CANDIDATES] for c in choices]
    assert table == engine_says
    assert any(any(row) for row in table) and not all(all(row) for row in table)
