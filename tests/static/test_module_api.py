"""The module API (static/games/README.md): the shell owns the timer line, focus restore, the
stylesheet, the end card and its announcement, so a game's table module draws only its own
table. Every registered game's module is read for the chores it must leave to the shell, and a
module that ships a stylesheet declares it for the shell to load."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.registry import SHIPPED

ROOT = Path(__file__).resolve().parents[2]
# The shipped games (toy games that other tests register have no table module).
MODULES = [g for g in SHIPPED if (ROOT / "static" / "games" / f"{g}.js").exists()]

# What only the shell does, as it would be written in a module.
SHELL_CHORES = {
    "a timer line": re.compile(r"countdown\(|timerSlot|role: \"timer\""),
    "focus restore": re.compile(r"document\.activeElement|\.focus\("),
    "stylesheet loading": re.compile(r"rel: \"stylesheet\"|createElement\(\"link\"\)|\.css\""),
    "a results-announced flag": re.compile(r"[Aa]nnounced"),
    "the tab title": re.compile(r"document\.title"),
}


def test_every_registered_game_has_a_table_module():
    assert MODULES == list(SHIPPED)


@pytest.mark.parametrize("game", MODULES)
def test_a_module_leaves_the_shells_chores_to_the_shell(game):
    source = (ROOT / "static" / "games" / f"{game}.js").read_text(encoding="utf-8")
    found = {chore: pattern.findall(source) for chore, pattern in SHELL_CHORES.items()}
    assert {chore: hits for chore, hits in found.items() if hits} == {}


@pytest.mark.parametrize("game", MODULES)
def test_a_module_with_a_stylesheet_declares_it(game):
    source = (ROOT / "static" / "games" / f"{game}.js").read_text(encoding="utf-8")
    has_css = (ROOT / "static" / "games" / f"{game}.css").exists()
    assert ("stylesheet: true" in source) == has_css


def test_the_readme_shows_the_smallest_module():
    path = ROOT / "static" / "games"
    sizes = {game: len((path / f"{game}.js").read_text().splitlines()) for game in MODULES}
    smallest = min(sizes, key=sizes.get)
    readme = (ROOT / "static" / "games" / "README.md").read_text(encoding="utf-8")
    assert f"The smallest module in the tree, `{smallest}.js`" in readme
