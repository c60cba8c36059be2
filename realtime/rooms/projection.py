"""When a room writes its document into the relational rows: after a short quiet, but never later than a
bound after the first unprojected change, one projection at a time, beside the log writer."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from channels.db import database_sync_to_async
from django.db import connection
from pycrdt import Doc

from realtime.rooms.backend import RoomBackend

logger = logging.getLogger(__name__)

PROJECT_AFTER = 1.0  # seconds of quiet before the relational rows are written from the document
PROJECT_AT_MOST = 5.0  # ... but no later than this after the first unprojected change


def beside_the_log(func: Callable[..., Any]) -> Callable[..., Coroutine[Any, Any, Any]]:
    """Database work (a projection) that need not wait for the log writer nor hold it up: its own thread on
    PostgreSQL. SQLite has one writer anyway, so there it shares Channels' database thread."""
    return database_sync_to_async(func, thread_sensitive=connection.vendor == "sqlite")  # type: ignore[no-any-return]


class Projection:
    """The projection schedule of one room's document."""

    def __init__(self, *, doc_id: int, doc: Doc[Any], backend: RoomBackend) -> None:
        self.doc_id = doc_id
        self.doc = doc
        self.backend = backend
        self.loop = asyncio.get_running_loop()
        self.timer: asyncio.TimerHandle | None = None
        self.dirty_since: float | None = None
        self.running = asyncio.Lock()
        self.tasks: set[asyncio.Task[None]] = set()

    @property
    def pending(self) -> bool:
        return self.dirty_since is not None

    def soon(self) -> None:
        """The document changed: project after the quiet period (or the bound, whichever is first)."""
        now = self.loop.time()
        if self.dirty_since is None:
            self.dirty_since = now
        delay = min(PROJECT_AFTER, max(0.0, self.dirty_since + PROJECT_AT_MOST - now))
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.loop.call_later(delay, lambda: self.background(self.run()))

    def background(self, work: Coroutine[Any, Any, Any]) -> None:
        """Run database work of the room on its own task, awaited before the room closes."""
        task = self.loop.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def settle(self) -> None:
        """Stop the timer and wait for the work under way (the room is closing)."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)

    async def run(self) -> None:
        async with self.running:
            self.timer = None
            self.dirty_since = None
            content = self.backend.content(self.doc)
            try:
                await beside_the_log(self.backend.project)(self.doc_id, content)
            except Exception:
                logger.exception("Projecting the document of %s failed", self.doc_id)
