"""Every Pony Express: Odds and Riders log event a real game produces reads as
a sentence in en, pt and zh-Hans: the table module's describeEvent runs in
Node.js over the logs of seeded bot games (every opening-odds method, the
track choice, both movements, 2 to 6 players), with the catalogues, and no
line is empty or shows a raw key, a placeholder, "undefined", "null" or "NaN".
The rider's private race_card line reads "you" to the rider and names the
rider to everyone else once the game is over."""

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
MODULE = ROOT / "static" / "games" / "pony_express_race.js"
EXPECTED = {
    "opening",
    "bet",
    "card",
    "owners",
    "track",
    "tracks",
    "race_start",
    "greenhorn_card",
    "roll",
    "ride",
    "arrived",
    "settled",
    "race_card",
    "dice_card",
    "leftover",
}
GAMES = (
    (1, 3, {}),
    (2, 2, {"opening_odds": "chosen", "track_choice": True}),
    (3, 4, {"opening_odds": "first-card", "movement": "alternative"}),
    (4, 6, {"opening_odds": "random"}),
    (5, 5, {}),
)
# A tie on the odds table is settled by dice: rare in a few games, so written out.
HAND_MADE = [{"e": "tie_roll", "horses": [2, 5], "rolls": [3, 8]}]

RUNNER = """
const [moduleUrl, payloadPath] = process.argv.slice(2);
const fs = await import("node:fs");
const { default: table } = await import(moduleUrl);
const { catalogues, events, readers } = JSON.parse(fs.readFileSync(payloadPath, "utf8"));
const out = {};
for (const [lang, words] of Object.entries(catalogues)) {
  out[lang] = {};
  for (const me of readers) {
    const ctx = {
      me,
      t: (key, params = {}) => (key in words
        ? words[key].replace(/\\{(\\w+)\\}/g, (m, name) => (name in params ? String(params[name]) : m))
        : `MISSING ${key}`),
      tp(key, count, params = {}) {  // the browser's tp (static/js/i18n.js): plural forms by Intl.PluralRules
        const form = `${key}.${new Intl.PluralRules(lang).select(count)}`;
        return this.t(form in words ? form : `${key}.other`, params);
      },
      num: (n) => String(n),
      joinList: (items) => items.join(", "),
      seatName: (seat) => `Player ${seat + 1}`,
    };
    out[lang][String(me)] = events.map((event) => table.describeEvent(event, ctx));
  }
}
console.log(JSON.stringify(out));
"""


def bot_game_logs() -> list[dict]:
    events = []
    for seed, seats, options in GAMES:
        state = engine.setup("pony_express_race", options, seats, seed)
        rng = random.Random(seed)
        while not engine.is_over(state):
            seat = engine.to_act(state)[0]
            state = engine.apply(state, seat, engine.bot_action(state, seat, rng))
        events += state["log"]
    return events


def render(tmp_path: Path, events: list[dict], readers: list[int | None]) -> dict:
    payload = tmp_path / "payload.json"
    payload.write_text(
        json.dumps(
            {
                "catalogues": {lang: i18n.catalogue(lang) for lang in i18n.LANGUAGES},
                "events": events,
                "readers": readers,
            }
        ),
        encoding="utf-8",
    )
    runner = tmp_path / "runner.mjs"
    runner.write_text(RUNNER, encoding="utf-8")
    node = shutil.which("node")
    result = subprocess.run(
        [node, "--experimental-default-type=module", str(runner), MODULE.as_uri(), str(payload)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_every_per_event_reads_as_words_in_every_language(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    events = bot_game_logs()
    names = {event["e"] for event in events}
    assert EXPECTED <= names, EXPECTED - names
    # One of each event name and variant keeps the payload small.
    seen, sample = set(), []
    for event in [*events, *HAND_MADE]:
        key = (
            event["e"],
            event.get("pace"),
            event.get("ok"),
            event.get("seat") is None,
            event.get("row_from") is None,
            len(event.get("rolls") or []) > 0,
            event.get("place"),
        )
        if key not in seen:
            seen.add(key)
            sample.append(event)
    lines = render(tmp_path, sample, [0, None])
    assert set(lines) == set(i18n.LANGUAGES)
    for lang, by_reader in lines.items():
        for rendered in by_reader.values():
            for event, line in zip(sample, rendered, strict=True):
                assert isinstance(line, str) and line.strip(), f"{lang}: no words for {event}"
                for bad in ("MISSING", "{", "}", "undefined", "null", "NaN", "per."):
                    assert bad not in line, f"{lang}: {line!r} for {event}"


def test_race_card_says_you_to_the_rider_and_names_the_rider_to_others(tmp_path):
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    event = {"e": "race_card", "to": [1], "horse": 4, "card": "blue-7"}
    lines = render(tmp_path, [event], [1, 0, None])
    for lang in i18n.LANGUAGES:
        card = i18n.translate(lang, "per.card.named", colour=i18n.translate(lang, "per.card.blue"), value=7)
        horse = i18n.translate(lang, "per.horse.red")
        mine = i18n.translate(lang, "per.log.race_card", horse=horse, card=card)
        revealed = i18n.translate(lang, "per.log.race_card_revealed", name="Player 2", horse=horse, card=card)
        assert lines[lang]["1"] == [mine]
        assert lines[lang]["0"] == [revealed]
        assert lines[lang]["null"] == [revealed]  # the spectator
