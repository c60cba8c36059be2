"""The log writer of one event loop's rooms: a group commit of the updates that arrive while the previous
commit is under way."""

from __future__ import annotations

import asyncio

from channels.db import database_sync_to_async

from realtime.rooms.backend import DocGone, RoomBackend
from server.core import metrics

LOG_BATCH = 200  # updates committed together at the most


class LogWriter:
    """Appends the updates of every room of a loop. While one commit is under way the next updates wait and
    then go together in one transaction, in arrival order: one commit per batch instead of one per update,
    which is what keeps the log from becoming the queue under load. Each caller gets its own log id (or
    DocGone) only once its update is committed."""

    def __init__(self, backend: RoomBackend) -> None:
        self.backend = backend
        self.queue: list[tuple[int, bytes, asyncio.Future[int]]] = []
        self.writing: asyncio.Task[None] | None = None

    async def append(self, doc_id: int, update: bytes) -> int:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[int] = loop.create_future()
        self.queue.append((doc_id, update, future))
        if self.writing is None:
            self.writing = loop.create_task(self._write())
        return await future

    async def _write(self) -> None:
        try:
            while self.queue:
                batch, self.queue = self.queue[:LOG_BATCH], self.queue[LOG_BATCH:]
                metrics.log_append_batch_size.observe(len(batch))
                try:
                    ids = await database_sync_to_async(self.backend.append_many)(
                        [(doc_id, update) for doc_id, update, _ in batch]
                    )
                except Exception as exc:
                    for _, _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for (_, _, future), log_id in zip(batch, ids, strict=True):
                    if future.done():  # its socket went away meanwhile
                        continue
                    if log_id is None:
                        future.set_exception(DocGone())
                    else:
                        future.set_result(log_id)
        finally:
            self.writing = None
