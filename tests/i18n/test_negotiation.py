"""Choosing the reader's language: remembered choice, then Accept-Language."""

from __future__ import annotations

import pytest

from app import i18n


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("pt-BR,pt;q=0.9,en;q=0.8", "pt"),
        ("zh-CN,zh;q=0.9", "zh-Hans"),
        ("zh-TW", "zh-Hans"),
        ("de-DE,de;q=0.9", "en"),
        ("de;q=1.0, pt;q=0.5, zh;q=0.7", "zh-Hans"),
        ("en;q=0.1, pt-PT", "pt"),
        ("pt;q=0, en", "en"),
        ("pt;q=abc, zh", "zh-Hans"),
    ],
)
def test_negotiate(header, expected):
    assert i18n.negotiate(header) == expected


def test_cookie_wins_over_header_and_bad_cookie_is_ignored():
    assert i18n.pick_language("zh-Hans", "pt-BR") == "zh-Hans"
    assert i18n.pick_language("klingon", "pt-BR") == "pt"
    assert i18n.pick_language(None, None) == "en"


def test_translate_fills_params_and_falls_back_to_english_key():
    assert i18n.translate("en", "lobby.seat_number", n=3) == "Seat 3"
    assert i18n.translate("pt", "lobby.seat_number", n=3) == "Lugar 3"
    assert i18n.translate("zh-Hans", "lobby.seat_number", n=3) == "3 号座位"
    assert i18n.translate("en", "no.such.key") == "no.such.key"
    # A missing param leaves its placeholder visible rather than failing.
    assert i18n.translate("en", "lobby.seat_number") == "Seat {n}"
