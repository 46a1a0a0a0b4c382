"""One asyncio lock per room, kept only while someone holds or waits for it.

`async with locks[code]:` takes the room's lock. The map holds an entry only while at least
one task is inside or waiting (a reference count), so requests naming made-up rooms leave
nothing behind, and a code that cannot be a room code is refused before any entry is made.
"""

from __future__ import annotations

import asyncio
from types import TracebackType

from .codes import valid_code
from .errors import not_found


class RoomLocks:
    def __init__(self) -> None:
        # code -> [lock, holders and waiters]
        self._entries: dict[str, list] = {}

    def __getitem__(self, code: str) -> _RoomLock:
        if not valid_code(code):
            raise not_found()
        return _RoomLock(self, code)

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, code: object) -> bool:
        return code in self._entries

    def _enter(self, code: str) -> asyncio.Lock:
        entry = self._entries.get(code)
        if entry is None:
            entry = self._entries[code] = [asyncio.Lock(), 0]
        entry[1] += 1
        return entry[0]

    def _leave(self, code: str) -> None:
        entry = self._entries[code]
        entry[1] -= 1
        if entry[1] == 0:
            del self._entries[code]


class _RoomLock:
    """The async context manager for one room's lock."""

    def __init__(self, locks: RoomLocks, code: str) -> None:
        self.locks = locks
        self.code = code
        self.lock: asyncio.Lock | None = None

    async def __aenter__(self) -> None:
        lock = self.locks._enter(self.code)
        try:
            await lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a waiter
            self.locks._leave(self.code)
            raise
        self.lock = lock

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        assert self.lock is not None
        self.lock.release()
        self.lock = None
        self.locks._leave(self.code)

    def locked(self) -> bool:
        entry = self.locks._entries.get(self.code)
        return entry is not None and entry[0].locked()
