"""No words hard-coded in templates or in the browser modules: every text a
reader sees comes from the catalogue (t(...))."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VISIBLE_ATTRIBUTES = ("title", "alt", "placeholder", "aria-label", "value")
JINJA = re.compile(r"{{.*?}}|{%.*?%}|{#.*?#}", re.S)
LETTERS = re.compile(r"[^\W\d_]", re.UNICODE)


class TextFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
        for name, value in attrs:
            if name in VISIBLE_ATTRIBUTES and value and LETTERS.search(value):
                if tag == "option" or tag == "input" and name == "value":
                    continue  # option values and hidden inputs are data, not words
                self.found.append(f"<{tag} {name}={value!r}>")

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip and LETTERS.search(data):
            self.found.append(data.strip())


def test_templates_hold_no_words_of_their_own():
    """Render every page with a catalogue of empty strings: no letters may be left."""
    from types import SimpleNamespace

    from app.i18n import LANGUAGES
    from app.routes.pages import rules_summary, templates

    rules = rules_summary("ponies_in_pursuit")
    context = {
        "t": lambda *_args, **_params: "",
        "lang": "en",
        "languages": LANGUAGES,
        "request": SimpleNamespace(url=SimpleNamespace(path="/")),
        "page": "page",
        "code": "1234",
        "game_id": "ponies_in_pursuit",
        "title": rules["title"],
        "sections": rules["sections"],
    }
    pages = sorted(path.name for path in (ROOT / "templates").glob("*.html"))
    assert {"home.html", "room.html", "rules.html"} <= set(pages)
    for name in pages:
        finder = TextFinder()
        finder.feed(templates.env.get_template(name).render(**context))
        assert finder.found == [], f"{name}: {finder.found}"


def test_browser_modules_put_no_literal_words_on_screen():
    shown = re.compile(
        r"""(?:\btext:\s*|textContent\s*=\s*|"aria-label":\s*|setAttribute\("aria-label",\s*)(["'`])([^"'`]*)\1"""
    )
    for path in sorted([*(ROOT / "static" / "js").rglob("*.js"), *(ROOT / "static" / "games").rglob("*.js")]):
        for _quote, literal in shown.findall(path.read_text(encoding="utf-8")):
            assert not LETTERS.search(JINJA.sub("", literal.replace("${", "{{").replace("}", "}}"))), (
                f"{path.name}: literal words {literal!r}"
            )
