"""The events hub: one channel-layer channel per process for every events socket in it.

Each events socket used to have a channel of its own, two group memberships in Redis and a task waiting on
the layer: per socket, a Redis round trip to join, another to leave, memory while idle, and for every
event one message per socket through Redis. The hub holds one channel per process (per event loop) and
joins each group once, for the first socket of the process that needs it; an event arrives once per process
and the hub hands it to each socket of the group in the process (docs/decisions/0023-the-events-hub.md).

- Joins are batched: every group asked for while a join is under way goes to Redis in the next pipelined
  round trip (realtime/groups.py), and a socket's `ready` waits until its groups are joined, so nothing
  published after `ready`'s sequence number is missed.
- A group without sockets stays joined for LEAVE_AFTER seconds, so a reconnect storm finds its groups
  joined already. Leaving and joining go through one lock, in order.
- Memberships are refreshed every REFRESH_EVERY seconds (the layer forgets them after a day).
- When the hub cannot read from the layer (Redis gone), it closes every socket with 1011, as a socket of
  its own channel would have been ended: clients reconnect with backoff and `resume`; the hub starts again
  with no group joined.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import weakref
from collections.abc import Iterable
from typing import Any, Protocol

from channels.layers import get_channel_layer

from realtime.groups import groups_join, groups_leave

logger = logging.getLogger(__name__)

LEAVE_AFTER = 120.0
SWEEP_EVERY = 30.0
REFRESH_EVERY = 3600.0


class Listener(Protocol):
    async def hub_message(self, message: dict[str, Any], text: str) -> None: ...

    async def hub_lost(self) -> None: ...


class EventHub:
    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self._reset()

    def _reset(self) -> None:
        self.listeners: dict[str, set[Listener]] = {}
        self.joined: set[str] = set()
        self.empty_since: dict[str, float] = {}
        self.pending: dict[str, asyncio.Future[None]] = {}
        self.lock = asyncio.Lock()
        self.channel: str | None = None
        self.tasks: list[asyncio.Task[None]] = []
        self.flusher: asyncio.Task[None] | None = None
        self.refreshed_at = time.monotonic()

    async def join(self, groups: Iterable[str], listener: Listener) -> None:
        """Adds the listener to the groups; returns once the process hears each of them."""
        groups = list(groups)
        for group in groups:
            self.listeners.setdefault(group, set()).add(listener)
            self.empty_since.pop(group, None)
        missing = [group for group in groups if group not in self.joined]
        if not missing:
            return
        if self.channel is None:
            await self._start()
        waits = [self.pending[group] if group in self.pending else self._pending(group) for group in missing]
        if self.flusher is None or self.flusher.done():
            self.flusher = asyncio.create_task(self._flush())
        await asyncio.gather(*waits)

    def leave(self, groups: Iterable[str], listener: Listener) -> None:
        now = time.monotonic()
        for group in groups:
            members = self.listeners.get(group)
            if members is None:
                continue
            members.discard(listener)
            if not members:
                del self.listeners[group]
                self.empty_since[group] = now

    def _pending(self, group: str) -> asyncio.Future[None]:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending[group] = future
        return future

    async def _start(self) -> None:
        self.channel = await self.layer.new_channel()
        self.tasks = [asyncio.create_task(self._read()), asyncio.create_task(self._sweep())]

    async def _flush(self) -> None:
        async with self.lock:
            while self.pending:
                batch, self.pending = self.pending, {}
                try:
                    assert self.channel is not None
                    await groups_join(self.layer, batch, self.channel)
                except Exception as exc:
                    for future in batch.values():
                        if not future.done():
                            future.set_exception(exc)
                    continue
                self.joined |= batch.keys()
                for future in batch.values():
                    if not future.done():
                        future.set_result(None)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_EVERY)
            try:
                await self._leave_empty_groups()
            except Exception:
                logger.info("The events hub could not leave its empty groups", exc_info=True)

    async def _leave_empty_groups(self) -> None:
        assert self.channel is not None
        async with self.lock:
            now = time.monotonic()
            stale = [g for g, since in self.empty_since.items() if now - since > LEAVE_AFTER]
            for group in stale:
                del self.empty_since[group]
            # Forgotten before the await: a socket joining one of them meanwhile joins it again after.
            self.joined -= set(stale)
            if stale:
                await groups_leave(self.layer, stale, self.channel)
            if now - self.refreshed_at > REFRESH_EVERY and self.joined:
                await groups_join(self.layer, list(self.joined), self.channel)
                self.refreshed_at = now

    async def _read(self) -> None:
        assert self.channel is not None
        try:
            while True:
                message = await self.layer.receive(self.channel)
                listeners = list(self.listeners.get(message.get("group", ""), ()))
                # Encoded once for every socket of the group in this process.
                text = json.dumps(message.get("frame"), separators=(",", ":"))
                for listener in listeners:
                    try:
                        await listener.hub_message(message, text)
                    except Exception:
                        logger.info("An events socket could not take a frame", exc_info=True)
        except asyncio.CancelledError:
            raise
        except Exception:
            logger.warning("The events hub lost the channel layer; its sockets reconnect", exc_info=True)
            await self._lost()

    async def _lost(self) -> None:
        """Every socket ends (they reconnect and resume); the next join starts the hub afresh."""
        listeners = {listener for members in self.listeners.values() for listener in members}
        for task in self.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        self._reset()
        for listener in listeners:
            try:
                await listener.hub_lost()
            except Exception:
                logger.info("An events socket could not be closed", exc_info=True)


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, EventHub] = weakref.WeakKeyDictionary()


def event_hub() -> EventHub:
    """The hub of the running event loop (Daphne has one; tests run many)."""
    loop = asyncio.get_running_loop()
    hub = _hubs.get(loop)
    if hub is None:
        hub = _hubs[loop] = EventHub(get_channel_layer())
    return hub
