"""The project's own rules reference (docs/rules/<game>.md) defines every rule id that code and
tests cite, so an id like `PIP-7` in a docstring resolves inside the repository."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.registry import GAMES, SHIPPED

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rules"
DEFINED = re.compile(r"^- \*\*([A-Z]+-\d+)\*\*", re.MULTILINE)
# The shipped games (engine/games/); toy and scratch games that tests register have no doc.
PREFIXES = {GAMES[game_id].rule_prefix: game_id for game_id in SHIPPED}
CITED = re.compile(r"\b(" + "|".join(sorted(PREFIXES)) + r")-(\d+)\b")
SOURCES = [p for folder in ("engine", "app", "tests", "bench") for p in (ROOT / folder).rglob("*.py")]


def cited_ids() -> dict[str, set[str]]:
    ids: dict[str, set[str]] = {}
    for path in SOURCES:
        for prefix, number in CITED.findall(path.read_text(encoding="utf-8")):
            ids.setdefault(prefix, set()).add(f"{prefix}-{number}")
    return ids


def doc_of(prefix: str) -> Path | None:
    for path in sorted(DOCS.glob("*.md")):
        if any(i.startswith(prefix + "-") for i in DEFINED.findall(path.read_text(encoding="utf-8"))):
            return path
    return None


@pytest.mark.parametrize(("prefix", "game"), sorted(PREFIXES.items()))
def test_every_cited_rule_id_is_defined_in_the_games_rules_doc(prefix, game):
    doc = DOCS / f"{game}.md"
    defined = set(DEFINED.findall(doc.read_text(encoding="utf-8")))
    cited = cited_ids().get(prefix, set())
    assert defined, f"{doc.name} defines no {prefix}- rule ids"
    assert cited <= defined, f"cited but not defined in {doc.name}: {sorted(cited - defined)}"
    numbers = sorted(int(i.split("-")[1]) for i in defined)
    assert numbers == list(range(1, len(numbers) + 1)), "ids run 1..n without gaps"


def test_rule_ids_of_other_games_resolve_once_their_doc_exists():
    for prefix, cited in cited_ids().items():
        doc = doc_of(prefix)
        if doc is None:
            continue
        defined = set(DEFINED.findall(doc.read_text(encoding="utf-8")))
        assert cited <= defined, f"cited but not defined in {doc.name}: {sorted(cited - defined)}"
