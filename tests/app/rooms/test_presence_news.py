"""Arrivals and departures that come together are told to the room in one summary, built when
it goes out (app.rooms.presence_news)."""

from __future__ import annotations

import asyncio

from app.rooms.service import channel
from app.rooms.snapshot import hash_token
from tests.app.ws.test_hello_reads import started_toy_room


def test_a_burst_of_arrivals_is_told_once_with_every_seat_that_came(tmp_path):
    async def scenario():
        database, broadcast, rooms, code, host = await started_toy_room(tmp_path / "news.db")
        try:
            info = await rooms.load(code)
            bo = next(seat.token_hash for seat in info.seats if seat.token_hash != hash_token(host))
            heard = broadcast.subscribe(channel(code))
            await rooms.connect(code, hash_token(host))
            await rooms.connect(code, bo)
            await rooms.connect(code, bo)  # Bo's second device: not news
            first = await heard.get()
            await asyncio.sleep(rooms.seats.presence_news.seconds * 4)  # nothing else comes
            quiet = heard.empty()
            await rooms.disconnect(code, bo)  # one of Bo's two sockets: still connected
            await rooms.disconnect(code, hash_token(host))
            second = await heard.get()
            return first, quiet, second
        finally:
            await rooms.close()
            database.dispose()

    first, quiet, second = asyncio.run(scenario())
    assert first["kind"] == "room" and first["presence"] is True
    assert [seat["connected"] for seat in first["summary"]["seats"]] == [True, True]
    assert quiet
    assert second["kind"] == "room"
    assert second["presence"] is False  # Ann's away mark was written: other processes read again
    assert [seat["connected"] for seat in second["summary"]["seats"]] == [False, True]
