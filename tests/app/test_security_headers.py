"""Security headers on every page and API answer (issue 13), and nothing inline that the
Content-Security-Policy would block (no inline script, style or event handler)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from app.api.headers import content_security_policy
from app.routes.pages import assets
from tests.utils.live_server import create_room

ROOT = Path(__file__).resolve().parents[2]


def assert_secured(response) -> None:
    headers = response.headers
    csp = headers["Content-Security-Policy"]
    # The only inline script allowed is the import map of the fingerprinted assets, by its hash.
    assert csp == content_security_policy(assets.import_map_csp_source())
    assert "frame-ancestors 'none'" in csp
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"


def test_every_kind_of_answer_carries_the_security_headers(shared_server):
    http = shared_server.http
    room = create_room(http)
    code = room["code"]
    for path in (
        "/",
        f"/rooms/{code}",
        f"/rooms/{code}/replay",
        "/games/toy/rules",
        "/static/js/room.js",
        "/static/css/paddock.css",
        "/api/games",
        f"/api/rooms/{code}",
        f"/api/rooms/{code}/log",  # 409
        "/api/rooms/no-such-room",  # 404
        "/nowhere",  # 404 page
        "/lang?lang=pt&next=/",  # redirect
    ):
        response = http.get(path, follow_redirects=False)
        assert_secured(response)
    assert_secured(http.post("/api/rooms", json={"game": "toy", "name": "x" * 100_000}))  # 413
    assert_secured(http.post("/api/rooms", json={"game": "nope"}))  # 400


TEMPLATES = sorted((ROOT / "templates").glob("*.html"))


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda path: path.name)
def test_templates_have_no_inline_script_style_or_handlers(template):
    text = template.read_text(encoding="utf-8")
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag, f"inline <script> in {template.name}: {tag}"
    assert not re.search(r"<script\b[^>]*>\s*[^<\s]", text), f"inline script body in {template.name}"
    assert "<style" not in text, template.name
    assert not re.search(r"\sstyle\s*=", text), template.name
    assert not re.search(r"\son[a-z]+\s*=", text), template.name
    assert "javascript:" not in text, template.name


def test_scripts_do_not_need_inline_styles_or_eval():
    for path in (ROOT / "static").rglob("*.js"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"setAttribute\(\s*[\"']style|\beval\(|new Function\(", text), path
        assert not re.search(r"setAttribute\(\s*[\"']on[a-z]+", text), path
