"""channels_redis' queued layer, fixed for more than one Redis server.

`RedisChannelLayer.send` picks the server of a process-specific channel (`specific.abc!def`) by hashing
the whole name, while `receive` hashes only the process's part (`specific.abc!`): with one server both land
on it, with two or more a message goes to a server its reader never reads (channels_redis 4.3.0; its
pull request 220 proposes the same fix, unmerged). Hashing the process's part on both sides keeps every
channel of a process on one server, as groups are kept on theirs (docs/decisions/0029-many-machines.md)."""

from __future__ import annotations

from channels_redis.core import RedisChannelLayer


class ShardedRedisChannelLayer(RedisChannelLayer):  # type: ignore[misc]
    def consistent_hash(self, value: str | bytes) -> int:
        if isinstance(value, str) and "!" in value:
            value = value[: value.index("!") + 1]
        return int(super().consistent_hash(value))
