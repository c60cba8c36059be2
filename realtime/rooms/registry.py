"""The rooms of this process: opened by their first socket, closed by their last, one per document per
event loop (Daphne runs one; each test has its own)."""

from __future__ import annotations

import asyncio
import contextlib
import weakref
from collections.abc import AsyncIterator

from realtime.rooms.backend import DocGone, room_backend
from realtime.rooms.log_writer import LogWriter
from realtime.rooms.room import Member, Room, RoomGone
from server.core import metrics


class _Registry:
    """The rooms of one event loop and their open/close locks."""

    def __init__(self) -> None:
        self.rooms: dict[int, Room] = {}
        self.locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.busy = 0  # joins and leaves under way
        self.idle = asyncio.Event()  # set while there is no room and nothing under way
        self.idle.set()
        self.backend = room_backend()
        self.log = LogWriter(self.backend)

    @contextlib.asynccontextmanager
    async def opening_or_closing(self, doc_id: int) -> AsyncIterator[None]:
        self.busy += 1
        self.idle.clear()
        try:
            async with self.lock(doc_id):
                yield
        finally:
            self.busy -= 1
            if not self.busy and not self.rooms:
                self.idle.set()

    def lock(self, doc_id: int) -> asyncio.Lock:
        lock = self.locks.get(doc_id)
        if lock is None:
            lock = self.locks[doc_id] = asyncio.Lock()
        return lock


_registries: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Registry] = weakref.WeakKeyDictionary()


def _registry() -> _Registry:
    loop = asyncio.get_running_loop()
    registry = _registries.get(loop)
    if registry is None:
        registry = _registries[loop] = _Registry()
    return registry


async def room_join(doc_id: int, member: Member) -> Room:
    """The room of a document, opened (loaded from the database) by its first socket; RoomGone when the
    document does not exist."""
    registry = _registry()
    async with registry.opening_or_closing(doc_id):
        room = registry.rooms.get(doc_id)
        if room is None or room.gone or room.broken:
            room = Room(doc_id, backend=registry.backend, log=registry.log)
            try:
                await room.open()
            except DocGone as exc:
                raise RoomGone() from exc
            registry.rooms[doc_id] = room
            metrics.rooms_open.set(len(registry.rooms))
        room.members[member] = set()
        return room


async def room_leave(room: Room, member: Member) -> None:
    """A socket left; the last one out closes the room (projection, compaction)."""
    registry = _registry()
    async with registry.opening_or_closing(room.protocol_id):
        if member not in room.members:
            return
        await room.member_left(member)
        if room.members:
            return
        if registry.rooms.get(room.protocol_id) is room:
            del registry.rooms[room.protocol_id]
            metrics.rooms_open.set(len(registry.rooms))
        await room.close()


async def rooms_settled() -> None:
    """Wait until every room of this loop has closed (its last projection and compaction done), e.g.
    before the database is reset under it. Bound it with `asyncio.timeout`."""
    await _registry().idle.wait()
