"""The pure parts of chat: what a line may be, and the per-connection flood control."""

from __future__ import annotations

import pytest

from app.core.config import Settings
from app.rooms.chat import MAX_CHAT, clean_chat
from app.rooms.errors import RoomError
from app.ws.group import chat_bucket


def refused(text) -> str:
    with pytest.raises(RoomError) as caught:
        clean_chat(text)
    return caught.value.code


def test_a_line_is_trimmed_text_of_at_most_300_characters():
    assert clean_chat("  hi \n\t there  ") == "hi there"
    assert clean_chat("<b>&amp;</b>") == "<b>&amp;</b>"  # kept as typed; the page shows it as text
    assert clean_chat("字" * MAX_CHAT) == "字" * MAX_CHAT
    assert refused("字" * (MAX_CHAT + 1)) == "chat_too_long"
    assert refused(" \n ") == "chat_empty"
    assert refused("bell\x07") == "bad_chat"
    assert refused("\u202eevil") == "bad_chat"  # no bidi overrides turning names around
    assert refused(None) == "bad_chat"


def test_the_chat_bucket_allows_a_burst_then_one_line_per_interval():
    bucket = chat_bucket(Settings(chat_burst=3, chat_refill_seconds=2.0))
    now = [0.0]
    bucket.clock = lambda: now[0]
    bucket.stamp = 0.0
    assert [bucket.take() for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take() == pytest.approx(2.0)
    now[0] += 1.0
    assert bucket.take() == pytest.approx(1.0)
    now[0] += 1.0
    assert bucket.take() == 0.0
    assert bucket.take() == pytest.approx(2.0)
    now[0] += 60
    assert [bucket.take() for _ in range(4)] == pytest.approx([0.0, 0.0, 0.0, 2.0])  # at most the burst


def test_rate_limits_off_turns_chat_flood_control_off():
    bucket = chat_bucket(Settings(chat_burst=1, rate_limits=False))
    assert [bucket.take() for _ in range(100)] == [0.0] * 100
