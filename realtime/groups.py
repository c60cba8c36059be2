"""Joining and leaving channel-layer groups, cheaply enough for a reconnect storm.

channels_redis' `group_add` costs two Redis round trips per group (ZADD, then EXPIRE), each on a connection
from a pool that redis-py caps at 100 and then refuses with `MaxConnectionsError`: when a thousand sockets
reconnected at once, a third of their handshakes failed on it and retried after the browser's backoff
(bench/realtime, the storm; docs/decisions/0021-the-real-time-core-under-load.md). Here the groups of one
socket go to each Redis shard in one pipelined round trip (the same commands channels_redis sends), and at
most MAX_IN_FLIGHT sockets of a process talk to Redis for this at a time, so the pool always has
connections left for publishing and receiving. Other layers (the in-memory one) are called as they are.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import defaultdict
from collections.abc import Callable, Iterable
from typing import Any

from channels.layers import BaseChannelLayer
from channels_redis.core import RedisChannelLayer

# Below redis-py's pool cap (100), leaving room for group sends and the layer's receive loop.
MAX_IN_FLIGHT = 32

_gates: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Semaphore] = weakref.WeakKeyDictionary()


def _gate() -> asyncio.Semaphore:
    # One per event loop: a semaphore may only be awaited on the loop it first waited on (tests run many).
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(MAX_IN_FLIGHT)
    return gate


def _by_shard(layer: RedisChannelLayer, groups: Iterable[str]) -> dict[int, list[str]]:
    shards: dict[int, list[str]] = defaultdict(list)
    for group in groups:
        if not layer.require_valid_group_name(group):
            raise ValueError(f"Group name not valid: {group!r}")
        shards[layer.consistent_hash(group)].append(group)
    return shards


async def groups_join(layer: BaseChannelLayer, groups: Iterable[str], channel: str) -> None:
    """Add `channel` to every group, as `group_add` would, in one round trip per shard."""
    if not isinstance(layer, RedisChannelLayer):
        for group in groups:
            await layer.group_add(group, channel)
        return

    def add(pipe: Any, key: str) -> None:
        pipe.zadd(key, {channel: time.time()})
        pipe.expire(key, layer.group_expiry)

    await _pipelined(layer, groups, add)


async def groups_leave(layer: BaseChannelLayer, groups: Iterable[str], channel: str) -> None:
    """Remove `channel` from every group, as `group_discard` would, in one round trip per shard."""
    if not isinstance(layer, RedisChannelLayer):
        for group in groups:
            await layer.group_discard(group, channel)
        return
    await _pipelined(layer, groups, lambda pipe, key: pipe.zrem(key, channel))


async def _pipelined(
    layer: RedisChannelLayer, groups: Iterable[str], command: Callable[[Any, str], Any]
) -> None:
    async with _gate():
        for index, names in _by_shard(layer, groups).items():
            async with layer.connection(index).pipeline(transaction=False) as pipe:
                for group in names:
                    command(pipe, layer._group_key(group))  # channels_redis keeps the group under this key
                await pipe.execute()
