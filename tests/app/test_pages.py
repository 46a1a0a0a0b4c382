"""The HTML pages: language choice, switcher, rules summary, room page."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from markupsafe import escape

from app import i18n
from app.routes import pages


@pytest.fixture(scope="module")
def client():
    app = FastAPI()
    pages.install(app)
    return TestClient(app)


def test_home_in_english_by_default(client):
    response = client.get("/")
    assert response.status_code == 200
    assert '<html lang="en">' in response.text
    assert i18n.translate("en", "home.create_room") in response.text
    assert response.headers["content-language"] == "en"


@pytest.mark.parametrize(("header", "lang"), [("pt-BR,pt;q=0.9", "pt"), ("zh-CN,zh;q=0.9", "zh-Hans")])
def test_home_follows_accept_language(client, header, lang):
    response = client.get("/", headers={"Accept-Language": header})
    assert f'<html lang="{lang}">' in response.text
    assert escape(i18n.translate(lang, "home.create_room")) in response.text
    assert i18n.translate("en", "home.tagline") not in response.text


def test_switcher_remembers_the_language_in_a_cookie(client):
    response = client.get("/lang", params={"lang": "pt", "next": "/rooms/abc"}, follow_redirects=False)
    assert response.status_code == 303
    assert response.headers["location"] == "/rooms/abc"
    assert "paddock_lang=pt" in response.headers["set-cookie"]
    page = client.get("/", headers={"Accept-Language": "en", "Cookie": "paddock_lang=pt"})
    assert '<html lang="pt">' in page.text


@pytest.mark.parametrize("target", ["https://evil.example/", "//evil.example/x", "/\\evil.example"])
def test_switcher_never_redirects_off_site(client, target):
    response = client.get("/lang", params={"lang": "en", "next": target}, follow_redirects=False)
    assert response.headers["location"] == "/"


def test_every_page_has_the_language_switcher_and_live_region(client):
    for path in ("/", "/rooms/abcdef", "/games/ponies_in_pursuit/rules"):
        text = client.get(path).text
        assert 'id="lang-select"' in text, path
        assert 'aria-live="polite"' in text, path
        for lang in i18n.LANGUAGES:
            assert f'value="{lang}"' in text


def test_room_page_carries_the_code_and_no_token(client):
    response = client.get("/rooms/AbC123xyz")
    assert response.status_code == 200
    assert 'data-room-code="AbC123xyz"' in response.text
    assert "token" not in response.text.lower()


def test_room_page_rejects_odd_codes(client):
    assert client.get("/rooms/%3Cscript%3E").status_code == 404


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_rules_summary_in_every_language(client, lang):
    response = client.get("/games/ponies_in_pursuit/rules", headers={"Cookie": f"paddock_lang={lang}"})
    assert response.status_code == 200
    for key in ("rules.pip.goal_1", "rules.pip.score_2", "rules.pip.spy_1"):
        assert escape(i18n.translate(lang, key)) in response.text
    fragment = client.get(
        "/games/ponies_in_pursuit/rules?fragment=1", headers={"Cookie": f"paddock_lang={lang}"}
    )
    assert "<html" not in fragment.text
    assert escape(i18n.translate(lang, "rules.pip.round_3")) in fragment.text


def test_rules_of_unknown_game_is_404(client):
    assert client.get("/games/nope/rules").status_code == 404
    assert client.get("/games/..%2Fi18n%2Fen/rules").status_code == 404


def test_static_catalogue_is_served(client):
    response = client.get("/static/i18n/zh-Hans.json")
    assert response.status_code == 200
    assert response.json() == i18n.catalogue("zh-Hans")
