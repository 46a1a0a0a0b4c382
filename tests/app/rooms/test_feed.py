"""The room's feed at sync (app.rooms.feed): the newest CHAT_KEEP lines, oldest first, read in
one statement that never loads the room's row; a room that does not exist is not found."""

from __future__ import annotations

import pytest

from app.rooms.errors import RoomError
from app.rooms.feed import CHAT_KEEP
from tests.app.rooms.test_pipeline import game, run, service_on


def test_history_keeps_the_newest_lines_oldest_first_and_knows_missing_rooms(tmp_path):
    rooms = service_on(f"sqlite:///{tmp_path / 'feed.db'}")

    async def scenario():
        code, seats = await game(rooms)
        assert await rooms.chat_history(code) == []  # nothing said yet: no line, no error
        for n in range(CHAT_KEEP + 3):
            await rooms.post_chat(code, seats[n % 2], "s1", f"line {n}")
        history = await rooms.chat_history(code)
        assert [frame["text"] for frame in history] == [f"line {n}" for n in range(3, CHAT_KEEP + 3)]
        assert history[0]["name"] == "P1" and history[1]["name"] == "Ann"
        other, _ = await game(rooms)
        assert await rooms.chat_history(other) == []  # another room's lines stay in their room
        for missing in ("ZZZZZZ", "not a code"):
            with pytest.raises(RoomError) as refused:
                await rooms.chat_history(missing)
            assert refused.value.code == "not_found"

    run(rooms, scenario=scenario())
