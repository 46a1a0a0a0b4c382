"""Every Pony Express: Dice and Bluff log event a real game produces reads as a
sentence in en, pt and zh-Hans: the table module's describeEvent runs in
Node.js over the logs of seeded bot games (aimed and dice shots, 3 to 5
riders), with the catalogues, and no line is empty or shows a raw key, a
placeholder, "undefined", "null" or "NaN"."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import engine
from app import i18n

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "static" / "games" / "pony_express_bluff.js"
# Every event name the engine emits (the roll-offs name theirs through a variable).
EXPECTED = {
    "draft_offer",
    "draft_done",
    "first_roll",
    "first_player",
    "turn",
    "roll",
    "reroll",
    "claim",
    "believe",
    "claim_stands",
    "called",
    "move",
    "winner",
    "mailbox",
}
# Rarer events and variants, written out (shapes as the engine emits them).
HAND_MADE = [
    {"e": "arrange", "seat": 0, "under_cup": [0, 1, 2], "shown": [[3, "K"], [4, "A"]]},
    {"e": "arrange", "seat": 0, "under_cup": [0, 1, 2, 3, 4], "shown": []},
    {"e": "reroll", "seat": 1, "keep": [0, 1], "mode": "cup", "cost": 2, "shown": []},
    {"e": "item", "seat": 1, "item": "marked_die", "die": 2, "face": "A", "shown": [[2, "A"]]},
    {"e": "item", "seat": 1, "item": "marked_die", "die": 2, "face": None, "shown": []},
    {"e": "item", "seat": 2, "item": "spyglass", "target": 0},
    {"e": "spyglass_seen", "to": [2], "seat": 2, "target": 0, "hidden": [[0, "9"], [3, "Q"]]},
    {"e": "relay_offer", "to": [1], "seat": 1, "cards": ["spyglass", "train_pass"]},
    {"e": "stand", "seat": 0, "corner": 1},
    {"e": "stand", "seat": 2, "corner": 0},
    {"e": "final_duel", "seats": [0, 1], "double": True},
    {"e": "final_duel_over", "winner": 1, "loser": 0, "reason": "bystander"},
    {"e": "final_duel_over", "winner": 0, "loser": 1, "reason": "hit"},
    {"e": "duel_over", "winner": None, "loser": None, "gold": 0},
    {"e": "indians", "seat": 0, "down": 0, "hit_rider": 2},
    {"e": "shot", "seat": 0, "kind": "duel", "steady": False, "dice": [1], "touched": [["rider", 2]]},
    {"e": "pardon", "seat": 1, "reason": "wrong_call"},
    {"e": "saloon", "seat": 1, "dice": ["9", "9", "9", "9", "A"], "hand": "four_kind", "bill": 6, "paid": 2},
    {"e": "poker_paid", "seat": 2, "winner": 0, "paid": 1, "bank": 1},
    {"e": "train", "seat": 0, "from_space": 6, "to_space": 11, "fare": 0, "used_pass": True},
    {"e": "relay", "seat": 0, "drew": 0},
    {"e": "claim", "seat": 0, "hand": "pair", "callers": []},
    {"e": "winner", "seat": 1, "how": "final_duel"},
    {"e": "decline_move", "seat": 2},
    {"e": "poker", "seats": [0, 1, 2], "space": 14},
    {"e": "poker_roll", "seat": 1, "dice": ["9", "10", "J", "Q", "K"], "hand": "straight"},
    {"e": "poker_paid", "seat": 2, "winner": 1, "paid": 2, "bank": 0},
    {"e": "poker_won", "seat": 1},
    {"e": "toast", "seat": 0},
    {"e": "saloon", "seat": 0, "dice": ["9", "9", "J", "Q", "K"], "hand": "pair", "bill": 1, "paid": 1},
    {"e": "move", "seat": 0, "from_space": 12, "to_space": 10, "by": "indians"},
    {"e": "move", "seat": 0, "from_space": 12, "to_space": 13, "by": "fresh_horse"},
]

RUNNER = """
const [moduleUrl, payloadPath] = process.argv.slice(2);
const fs = await import("node:fs");
const { default: table } = await import(moduleUrl);
const { catalogues, events } = JSON.parse(fs.readFileSync(payloadPath, "utf8"));
const out = {};
for (const [lang, words] of Object.entries(catalogues)) {
  const ctx = {
    me: 0,
    t: (key, params = {}) => (key in words
      ? words[key].replace(/\\{(\\w+)\\}/g, (m, name) => (name in params ? String(params[name]) : m))
      : `MISSING ${key}`),
    tp(key, count, params = {}) {  // the browser's tp (static/js/i18n.js): plural forms by Intl.PluralRules
      const form = `${key}.${new Intl.PluralRules(lang).select(count)}`;
      return this.t(form in words ? form : `${key}.other`, params);
    },
    num: (n) => String(n),
    joinList: (items) => items.join(", "),
    seatName: (seat) => `Rider ${seat + 1}`,
  };
  out[lang] = events.map((event) => table.describeEvent(event, ctx));
}
console.log(JSON.stringify(out));
"""


def bot_game_logs() -> list[dict]:
    events = []
    for seed, seats, shots in ((1, 3, "aim"), (2, 4, "dice"), (3, 5, "aim")):
        state = engine.setup("pony_express_bluff", {"shots": shots}, seats, seed)
        rng = random.Random(seed)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
        events += state["log"]
    return events


def test_every_peb_event_reads_as_words_in_every_language(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    events = bot_game_logs()
    names = {event["e"] for event in events}
    assert EXPECTED <= names, EXPECTED - names
    # One of each event name (and each variant of its flags) keeps the payload small.
    seen, sample = set(), []
    for event in [*events, *HAND_MADE]:
        flags = ("mode", "truthful", "by", "reason", "item", "escaped", "how", "double", "used_pass")
        key = (event["e"], bool(event.get("shown")), str(event.get("winner")), *(event.get(f) for f in flags))
        if key not in seen:
            seen.add(key)
            sample.append(event)
    payload = tmp_path / "payload.json"
    payload.write_text(
        json.dumps(
            {
                "catalogues": {lang: i18n.catalogue(lang) for lang in i18n.LANGUAGES},
                "events": sample,
            }
        ),
        encoding="utf-8",
    )
    runner = tmp_path / "runner.mjs"
    runner.write_text(RUNNER, encoding="utf-8")
    result = subprocess.run(
        [node, "--experimental-default-type=module", str(runner), MODULE.as_uri(), str(payload)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = json.loads(result.stdout)
    assert set(lines) == set(i18n.LANGUAGES)
    for lang, rendered in lines.items():
        for event, line in zip(sample, rendered, strict=True):
            assert isinstance(line, str) and line.strip(), f"{lang}: no words for {event}"
            for bad in ("MISSING", "{", "}", "undefined", "null", "NaN", "peb."):
                assert bad not in line, f"{lang}: {line!r} for {event}"


PRIVATE_RUNNER = """
const [moduleUrl, payloadPath] = process.argv.slice(2);
const fs = await import("node:fs");
const { default: table } = await import(moduleUrl);
const { catalogues, events, readers } = JSON.parse(fs.readFileSync(payloadPath, "utf8"));
const out = {};
for (const [lang, words] of Object.entries(catalogues)) {
  out[lang] = readers.map((me) => events.map((event) => table.describeEvent(event, {
    me,
    t: (key, params = {}) => words[key].replace(/\\{(\\w+)\\}/g, (m, name) => String(params[name])),
    num: (n) => String(n),
    joinList: (items) => items.join(", "),
    seatName: (seat) => `Rider ${seat + 1}`,
  })));
}
console.log(JSON.stringify(out));
"""


def test_private_draws_speak_to_their_reader_and_of_the_others_in_the_third_person(tmp_path):
    """After the end every seat's draft, relay and spyglass events are visible to all: the
    log and the replay say "You drew …" only for the reader's own, "<name> drew …" else."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    events = [
        {"e": "draft_offer", "to": [1], "seat": 1, "cards": ["spyglass", "train_pass"]},
        {"e": "relay_offer", "to": [1], "seat": 1, "cards": ["spyglass", "train_pass"]},
        {"e": "spyglass_seen", "to": [1], "seat": 1, "target": 0, "hidden": [[0, "9"]]},
    ]
    payload = tmp_path / "payload.json"
    catalogues = {lang: i18n.catalogue(lang) for lang in i18n.LANGUAGES}
    payload.write_text(json.dumps({"catalogues": catalogues, "events": events, "readers": [1, 0, None]}))
    runner = tmp_path / "runner.mjs"
    runner.write_text(PRIVATE_RUNNER, encoding="utf-8")
    result = subprocess.run(
        [node, "--experimental-default-type=module", str(runner), MODULE.as_uri(), str(payload)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = json.loads(result.stdout)
    for lang in i18n.LANGUAGES:
        own, other, spectator = lines[lang]
        cards = "Spyglass, Train Pass" if lang == "en" else None
        if cards:
            assert own[0] == i18n.translate("en", "peb.log.draft_offer", cards=cards)
            assert other[0] == i18n.translate("en", "peb.log.draft_offer_other", name="Rider 2", cards=cards)
        for line in own:
            assert "Rider 2" not in line, (lang, line)
        for line in [*other, *spectator]:
            assert "Rider 2" in line, (lang, line)
        assert other == spectator
