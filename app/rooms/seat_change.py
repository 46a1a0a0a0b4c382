"""A seat change that the whole room hears of: under the room's lock, one transaction, then
the room's summary and the notices it made, and the bots it may have given seats to wake."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sqlalchemy.orm import Session

from .snapshot import RoomInfo

if TYPE_CHECKING:
    from .autoplay import Autoplay
    from .parts import Parts


async def change_and_tell(
    parts: Parts,
    autoplay: Autoplay,
    code: str,
    work: Callable[[Session], tuple[RoomInfo, list[dict[str, Any]]]],
) -> RoomInfo:
    """Run a seat change under the room's lock, then tell the room (its summary and the
    notices `work` returned) and wake the bots it may have given seats to."""
    async with parts.locks[code]:
        info, frames = await parts.store.tx(work)
        await parts.publisher.room(info)
        await parts.publisher.frames(code, frames)
        autoplay.schedule_bots(info)
    return info
