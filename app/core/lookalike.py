"""Names that look alike: NFKC, then each character mapped to the prototype the Unicode
confusables table (the `confusable-homoglyphs` package, from UTS #39's confusables.txt) gives
it, then case folded. "Ann" with a Cyrillic А, "ＡＮＮ" and "ann" have one skeleton; so do
"Bo" and "B0", "l" and "I"."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from confusable_homoglyphs.confusables import confusables_data  # type: ignore[import-untyped]

_MARK = "\u200e"  # the table wraps right-to-left characters in marks


@lru_cache(maxsize=4096)
def _prototype(char: str) -> str:
    glyphs = [entry["c"].replace(_MARK, "") for entry in confusables_data.get(char, ())]
    if len(glyphs) == 1 and len(glyphs[0]) == 1:
        return glyphs[0]  # a character with one look-alike is a variant of that prototype
    name = unicodedata.name(char, "")
    if name.startswith("LATIN LETTER SMALL CAPITAL ") and len(name) == len("LATIN LETTER SMALL CAPITAL X"):
        return name[-1].lower()  # ᴛ, the table's prototype of Cyrillic т, reads as a t
    ascii_glyphs = sorted(glyph for glyph in glyphs if glyph.isascii() and len(glyph) == 1)
    if not char.isascii() and ascii_glyphs:
        return ascii_glyphs[0]
    return char


def _settle(char: str) -> str:
    """Follow prototypes a few steps (т → ᴛ → T), preferring a plain letter."""
    for _ in range(3):
        nxt = _prototype(char)
        if nxt == char:
            break
        char = nxt
    return char


def skeleton(text: str) -> str:
    """What `text` looks like, for comparing names (never shown)."""
    folded = unicodedata.normalize("NFKC", text)
    once = "".join(_settle(char) for char in folded).casefold()
    return "".join(_settle(char) for char in once).casefold()


def looks_alike(a: str, b: str) -> bool:
    return skeleton(a) == skeleton(b)
