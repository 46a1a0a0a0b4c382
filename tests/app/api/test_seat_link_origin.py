"""Seat links are built on the site's configured address, never on a Host header (issue 42,
finding 7: `Host: evil.example` gave an evil.example link and QR code). With PUBLIC_ORIGIN set
the link is on it whatever the request says; without it, on the page's own origin as the
browser states it (its Origin, the socket's rule), else the link is its path alone."""

from __future__ import annotations

import pytest
import segno

from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer, bearer, create_room

PUBLIC = "https://paddock.example"
EVIL = {"Host": "evil.example"}


def link(server, headers):
    room = create_room(server.http, name="Ann")
    answer = server.http.post(
        f"/api/rooms/{room['code']}/seat-link", headers={**bearer(room["token"]), **headers}
    )
    assert answer.status_code == 200
    found = answer.json()
    assert found["url"].endswith(found["path"])
    # The QR code is made of that URL.
    assert found["qr"] == segno.make(found["url"], error="m").svg_data_uri(
        scale=4, border=2, dark="#111111", light="#ffffff"
    )
    return found


@pytest.fixture(scope="module")
def unset(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}")) as live:
        yield live


@pytest.fixture(scope="module")
def configured(tmp_path_factory):
    path = tmp_path_factory.mktemp("db") / "paddock.db"
    with LiveServer(settings_for(f"sqlite:///{path}", public_origin=PUBLIC + "/")) as live:
        yield live


def test_a_host_header_alone_does_not_make_the_link(unset):
    found = link(unset, EVIL)
    assert "evil.example" not in found["url"] and found["url"] == found["path"]
    # Nor with a page of another origin stating itself.
    found = link(unset, {**EVIL, "Origin": "https://other.example"})
    assert "example" not in found["url"]


def test_without_public_origin_the_link_is_on_the_asking_page_s_origin(unset):
    own = f"http://127.0.0.1:{unset.port}"
    found = link(unset, {"Origin": own})
    assert found["url"] == own + found["path"]


def test_with_public_origin_the_link_is_on_it_whatever_the_request_says(configured):
    for headers in (EVIL, {**EVIL, "Origin": "http://evil.example"}, {}):
        found = link(configured, headers)
        assert found["url"] == PUBLIC + found["path"]


def test_a_public_origin_with_a_path_is_refused_at_start():
    from pydantic import ValidationError

    from app.core.config import Settings

    for bad in ("paddock.example", "ftp://paddock.example", "https://paddock.example/rooms"):
        with pytest.raises(ValidationError):
            Settings(public_origin=bad)
