"""The events the server adds to every game's log read as words in en, pt and zh-Hans:
`timer_played` ("the timer played for <name>"), through static/js/shell_events.js, which the
table's log and the replay both use before a game module's describeEvent."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from app import i18n

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "static" / "js" / "shell_events.js"

RUNNER = """
const [moduleUrl, payloadPath] = process.argv.slice(2);
const fs = await import("node:fs");
const { describeShellEvent, isShellEvent } = await import(moduleUrl);
const { catalogues, events } = JSON.parse(fs.readFileSync(payloadPath, "utf8"));
const out = {};
for (const [lang, words] of Object.entries(catalogues)) {
  const ctx = {
    t: (key, params = {}) => words[key].replace(/\\{(\\w+)\\}/g, (m, name) => String(params[name])),
    seatName: (seat) => ["Ana", "Bruno"][seat],
  };
  out[lang] = events.map((event) => [isShellEvent(event), describeShellEvent(event, ctx)]);
}
console.log(JSON.stringify(out));
"""


def test_timer_played_reads_as_words_in_every_language(tmp_path):
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is not installed")
    events = [{"e": "timer_played", "seat": 1}, {"e": "moved", "seat": 0}]
    payload = tmp_path / "payload.json"
    catalogues = {lang: i18n.catalogue(lang) for lang in i18n.LANGUAGES}
    payload.write_text(json.dumps({"catalogues": catalogues, "events": events}), encoding="utf-8")
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
    for lang in i18n.LANGUAGES:
        (is_shell, line), (other_is_shell, other) = lines[lang]
        assert is_shell and line == i18n.translate(lang, "table.log.timer_played", name="Bruno")
        assert "Bruno" in line
        assert not other_is_shell and other is None  # a game's own event is the module's to say
