"""Words in the reader's language (issue 43, item 4), in real Chromium: clock times (the chat's)
follow the page's language, not the browser's: 12-hour in English, 24-hour in Portuguese and
Chinese; and the page's plural rule picks "1 game" / "2 games" as the server's does."""

from __future__ import annotations

import pytest

from app import i18n

from .test_pip_game import new_page

pytestmark = pytest.mark.browser

CLOCK = {"en": "6:06 PM", "pt": "18:06", "zh-Hans": "18:06"}


@pytest.mark.parametrize("lang", list(CLOCK))
def test_clock_times_and_plurals_follow_the_pages_language(browser, server_url, lang):
    # The browser itself says English in every case: the page's language decides.
    page = new_page(browser, "en")
    page.context.add_cookies([{"name": i18n.COOKIE_NAME, "value": lang, "url": server_url}])
    page.goto(f"{server_url}/")
    assert page.evaluate("document.documentElement.lang") == lang
    said = page.evaluate(
        """async () => {
          const words = await import("/static/js/i18n.js");
          return {
            clock: words.clock(new Date(2026, 0, 1, 18, 6)),
            plurals: [0, 1, 2, 5].map((n) => words.tp("series.tally", n, { n: String(n) })),
          };
        }"""
    )
    assert said["clock"].replace("\u202f", " ") == CLOCK[lang]
    assert said["plurals"] == [i18n.translate_plural(lang, "series.tally", n, n=str(n)) for n in (0, 1, 2, 5)]
    assert page.js_errors == []
    page.context.close()
