"""Languages: one JSON catalogue per language in static/i18n/, shared by the
Jinja2 templates (server side) and the ES-module client.

Keys are dotted and flat (`lobby.start`, `pip.log.pony_moved`); values may hold
`{name}` placeholders filled from params. The reader's language comes from the
`paddock_lang` cookie (set by the switcher on every page), else from the
browser's Accept-Language, else English.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from app.resources import STATIC_DIR

LANGUAGES: tuple[str, ...] = ("en", "pt", "zh-Hans")
DEFAULT_LANGUAGE = "en"
COOKIE_NAME = "paddock_lang"
CATALOGUE_DIR = STATIC_DIR / "i18n"

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The flat key -> text table of one language."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for {lang!r}")
    with open(CATALOGUE_DIR / f"{lang}.json", encoding="utf-8") as fh:
        return json.load(fh)


def placeholders(text: str) -> set[str]:
    return set(_PLACEHOLDER.findall(text))


def translate(lang: str, key: str, **params: Any) -> str:
    """The text of `key` in `lang` (English if the language lacks it), params filled in."""
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue(DEFAULT_LANGUAGE).get(key, key)
    return _PLACEHOLDER.sub(lambda m: str(params.get(m.group(1), m.group(0))), text)


def plural_form(lang: str, count: float) -> str:
    """The CLDR plural category (as Intl.PluralRules gives it in the browser) of `count`:
    English "one" for exactly 1, Portuguese "one" for 0 and 1, Chinese always "other"."""
    whole = float(count).is_integer()
    if lang == "en":
        return "one" if count == 1 and whole else "other"
    if lang == "pt":
        return "one" if whole and int(count) in (0, 1) else "other"
    return "other"


def translate_plural(lang: str, key: str, count: float, **params: Any) -> str:
    """`<key>.one` or `<key>.other` by the language's plural rule (static/js/i18n.js `tp`)."""
    form = f"{key}.{plural_form(lang, count)}"
    return translate(lang, form if form in catalogue(DEFAULT_LANGUAGE) else f"{key}.other", **params)


def _base_language(tag: str) -> str | None:
    """Map a BCP 47 tag to one of LANGUAGES (any Chinese reads Simplified)."""
    tag = tag.strip().lower().replace("_", "-")
    if not tag:
        return None
    primary = tag.split("-")[0]
    if primary == "zh":
        return "zh-Hans"
    if primary == "pt":
        return "pt"
    if primary == "en":
        return "en"
    return None


def negotiate(accept_language: str | None) -> str:
    """The best of LANGUAGES for an Accept-Language header, by q-value then order."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:32]):
        tag, _, rest = part.partition(";")
        quality = 1.0
        rest = rest.strip()
        if rest.startswith("q="):
            try:
                quality = float(rest[2:])
            except ValueError:
                quality = 0.0
        lang = _base_language(tag)
        if lang and quality > 0:
            ranked.append((-quality, index, lang))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE


def normalise_language(value: str | None) -> str | None:
    """A cookie or form value as one of LANGUAGES, or None."""
    if value in LANGUAGES:
        return value
    return _base_language(value) if value else None


def pick_language(cookie_value: str | None, accept_language: str | None) -> str:
    """The reader's language: the remembered choice, else the browser's."""
    return normalise_language(cookie_value) or negotiate(accept_language)
