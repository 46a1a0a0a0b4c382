"""The catalogues: every language has every key with the same placeholders,
every key is used somewhere, and every key the code asks for exists.

Key conventions (see static/js/table.js for the table module API):
- literal keys: written out in full in a template, JS module or rules file
  (`t("lobby.start")`, a map like ERROR_KEYS or COLOUR_KEYS);
- generated keys, checked against the registry instead of the source:
  `game.<id>.name`, `game.<id>.blurb`, `opt.<id>.<option>` for every game that
  has a table module at static/games/<id>.js.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app import i18n
from engine import errors
from engine.registry import GAMES

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    *sorted((ROOT / "templates").rglob("*.html")),
    *sorted((ROOT / "static" / "js").rglob("*.js")),
    *sorted((ROOT / "static" / "games").rglob("*.js")),
    *sorted((ROOT / "static" / "rules").rglob("*.json")),
    ROOT / "app" / "routes" / "pages.py",
]
T_CALL = re.compile(r"""\bt\(\s*["']([A-Za-z0-9_.]+)["']""")
TP_CALL = re.compile(r"""\btp\(\s*["']([A-Za-z0-9_.]+)["']""")
PLURAL = re.compile(r"^(.+)\.(zero|one|two|few|many|other)$")
LITERAL = re.compile(r"""["']([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)+)["']""")


def source_text() -> str:
    return "\n".join(path.read_text(encoding="utf-8") for path in SOURCES)


def games_with_tables() -> list:
    return [game for game in GAMES.values() if (ROOT / "static" / "games" / f"{game.id}.js").is_file()]


def generated_keys() -> set[str]:
    keys = set()
    for game in games_with_tables():
        keys |= {f"game.{game.id}.name", f"game.{game.id}.blurb"}
        keys |= {f"opt.{game.id}.{option.name}" for option in game.options}
    return keys


def choice_keys() -> set[str]:
    """Optional words for option choices, `opt.<id>.<option>.<choice>` (choices may hold a '-')."""
    return {
        f"opt.{game.id}.{option.name}.{choice}"
        for game in games_with_tables()
        for option in game.options
        for choice in option.choices
    }


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_language_has_every_key_with_the_same_placeholders(lang):
    english = i18n.catalogue("en")
    other = i18n.catalogue(lang)
    assert sorted(set(english) - set(other)) == [], f"missing in {lang}"
    assert sorted(set(other) - set(english)) == [], f"only in {lang}"
    for key, text in english.items():
        assert other[key].strip(), f"{lang}: {key} is empty"
        assert i18n.placeholders(other[key]) == i18n.placeholders(text), f"{lang}: {key} placeholders differ"


def test_catalogue_files_are_exactly_the_languages():
    files = sorted(path.stem for path in (ROOT / "static" / "i18n").glob("*.json"))
    assert files == sorted(i18n.LANGUAGES)
    for lang in i18n.LANGUAGES:
        table = json.loads((ROOT / "static" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        assert all(isinstance(v, str) for v in table.values())


def test_every_catalogue_key_is_used():
    text = source_text()
    literals = set(LITERAL.findall(text))
    # Plural forms `<key>.one` / `<key>.other` are used through tp("<key>", count).
    literals |= {key for key in i18n.catalogue("en") if (m := PLURAL.match(key)) and m.group(1) in literals}
    unused = sorted(set(i18n.catalogue("en")) - literals - generated_keys() - choice_keys())
    assert unused == [], f"keys nobody uses: {unused}"


def test_every_key_the_code_asks_for_exists():
    asked = set(T_CALL.findall(source_text()))
    for path in (ROOT / "static" / "rules").glob("*.json"):
        rules = json.loads(path.read_text(encoding="utf-8"))
        asked.add(rules["title"])
        for section in rules["sections"]:
            asked |= {section["heading"], *section["paragraphs"]}
    asked |= generated_keys()
    missing = sorted(asked - set(i18n.catalogue("en")))
    assert missing == [], f"keys asked for but not in the catalogue: {missing}"


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_every_plural_key_has_the_forms_its_language_needs(lang):
    """tp(key, count) picks `<key>.one` or `<key>.other` with Intl.PluralRules: English and
    Portuguese need both, Chinese only "other" (kept with the same words under "one" too)."""
    asked = set(TP_CALL.findall(source_text()))
    assert asked, "no plural words at all"
    table = i18n.catalogue(lang)
    for key in sorted(asked):
        assert key not in table, f"{key} is plural: only {key}.one / {key}.other belong in the catalogue"
        for form in ("one", "other"):
            assert f"{key}.{form}" in table, f"{lang}: {key}.{form}"
        if lang == "zh-Hans":
            assert table[f"{key}.one"] == table[f"{key}.other"], key


def test_plural_rules_match_the_browsers():
    assert [i18n.plural_form("en", n) for n in (0, 1, 2, 1.5)] == ["other", "one", "other", "other"]
    assert [i18n.plural_form("pt", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert i18n.plural_form("zh-Hans", 1) == "other"


def test_literal_keys_in_maps_exist():
    """Keys written out in maps (errors, colours, log events) exist too."""
    known_prefixes = ("error.", "pip.", "rules.", "game.", "opt.")
    js = "\n".join(p.read_text(encoding="utf-8") for p in SOURCES if p.suffix == ".js")
    literals = {k for k in LITERAL.findall(js) if k.startswith(known_prefixes)}
    known = set(i18n.catalogue("en"))
    missing = sorted(k for k in literals - known if f"{k}.other" not in known)  # plural bases: tp()
    assert missing == [], missing


def test_every_engine_error_code_has_words():
    errors_js = (ROOT / "static" / "js" / "errors.js").read_text(encoding="utf-8")
    for code in errors.CODES:
        assert re.search(rf'\b{code}: "error\.{code}"', errors_js), code
        assert f"error.{code}" in i18n.catalogue("en")


def test_every_game_table_has_rules_and_words():
    for game in games_with_tables():
        assert (ROOT / "static" / "rules" / f"{game.id}.json").is_file(), game.id
        for key in (f"game.{game.id}.name", *(f"opt.{game.id}.{o.name}" for o in game.options)):
            assert key in i18n.catalogue("en"), key


def test_every_logged_event_of_a_game_is_rendered_in_words():
    """Each event name a game emits has a case in its table module's describeEvent."""
    emitted = re.compile(r"""emit(?:_private)?\(\s*state,\s*(?:\[[^\]]*\],\s*)?["'](\w+)["']""")
    for game in games_with_tables():
        package = ROOT / "engine" / "games" / game.id
        files = list(package.rglob("*.py")) if package.is_dir() else [package.with_suffix(".py")]
        names = {name for f in files for name in emitted.findall(f.read_text(encoding="utf-8"))}
        assert names, f"no events found for {game.id}"
        module = (ROOT / "static" / "games" / f"{game.id}.js").read_text(encoding="utf-8")
        for name in names:
            assert f'case "{name}":' in module, f"{game.id}: event {name} has no words"


def test_every_server_error_code_has_words():
    """Codes the server sends (RoomError, BadMessage, HTTP handlers, socket errors) are all translated."""
    raisers = r"(?:RoomError|BadMessage|_error|self\.error|super\(\)\.__init__)"
    raised = re.compile(raisers + r"""\(\s*(?:\d+,\s*)?["']([a-z_]+)["']""", re.S)
    codes = set()
    for path in (ROOT / "app").rglob("*.py"):
        codes |= set(raised.findall(path.read_text(encoding="utf-8")))
    assert {"stale", "not_host", "room_full"} <= codes, "the scan found the server's codes"
    errors_js = (ROOT / "static" / "js" / "errors.js").read_text(encoding="utf-8")
    for code in codes:
        assert f'{code}: "error.{code}"' in errors_js, code
        assert f"error.{code}" in i18n.catalogue("en"), code
