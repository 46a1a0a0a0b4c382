"""Per-address limits count an IPv6 client by its /64 (issue 42, finding 7): a client holds a
whole /64, so keyed on the full address it had 2^64 fresh addresses to spread its requests
over. IPv4 addresses count as they are; an IPv4-mapped IPv6 address as its IPv4 address."""

from __future__ import annotations

from app.core.ratelimit import client_address, limit_key
from tests.app.conftest import settings_for
from tests.utils.live_server import LiveServer


def test_an_ipv6_address_is_counted_by_its_64_and_ipv4_as_it_is():
    last = "2001:db8:1:2:ffff:ffff:ffff:ffff"
    assert limit_key("2001:db8:1:2::5") == limit_key(last) == "2001:db8:1:2::/64"
    assert limit_key("2001:db8:1:3::5") != limit_key("2001:db8:1:2::5")
    assert limit_key("203.0.113.7") == "203.0.113.7" != limit_key("203.0.113.8")
    assert limit_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_address(("2001:db8:1:2::9", 443)) == "2001:db8:1:2::/64"
    assert client_address(None) == "unknown"


def test_room_creations_of_one_64_share_one_limit(tmp_path):
    """Behind a trusted proxy (uvicorn takes X-Forwarded-For from 127.0.0.1), three addresses
    of one /64 share the limit of two rooms a minute; another /64 is another client."""
    settings = settings_for(f"sqlite:///{tmp_path / 'paddock.db'}", rooms_created_limit="2/minute")
    with LiveServer(settings) as live:

        def create(address: str) -> int:
            body = {"game": "toy", "name": "Ann"}
            return live.http.post("/api/rooms", json=body, headers={"X-Forwarded-For": address}).status_code

        assert create("2001:db8:0:1::a") == 201
        assert create("2001:db8:0:1::b") == 201
        refused = live.http.post(
            "/api/rooms", json={"game": "toy"}, headers={"X-Forwarded-For": "2001:db8:0:1:ffff::c"}
        )
        assert refused.status_code == 429 and refused.json()["code"] == "slow_down"
        assert create("2001:db8:0:2::a") == 201


class Transport:
    def __init__(self, host: str) -> None:
        self.host = host

    def get_extra_info(self, name: str):
        return (self.host, 1234) if name == "peername" else None


def test_connections_per_address_count_an_ipv6_client_by_its_64():
    from app.core.connections import ConnectionBook

    book = ConnectionBook(per_address=1, total=100, exempt=set(), header_timeout=10, quiet=60)
    assert book.admit(Transport("2001:db8:0:1::a")) is None
    assert book.admit(Transport("2001:db8:0:1::b")) is not None  # the same client
    assert book.admit(Transport("2001:db8:0:2::a")) is None
