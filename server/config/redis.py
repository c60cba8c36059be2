"""The cache and channel-layer settings for a Redis URL, in one place for the settings and the fault tests."""

from __future__ import annotations

from typing import Any

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError


def redis_urls(value: str) -> list[str]:
    """REDIS_URL is one URL or a comma list of them: the channel layers shard over all of them."""
    return [url.strip() for url in value.split(",") if url.strip()]


def redis_cache(url: str) -> dict[str, Any]:
    # Django's Redis cache reads a list as one primary and its read replicas, not as shards: the first only.
    return {
        "BACKEND": "server.core.cache.TolerantRedisCache",
        "LOCATION": redis_urls(url)[0],
        "KEY_PREFIX": "shop",
    }


# channels_redis.core.RedisChannelLayer.brpop_timeout: how long its receive loop blocks in Redis.
BLOCKING_READ_SECONDS = 5


def _layer_host(url: str) -> dict[str, Any]:
    # A pooled connection that died with a Redis restart is retried on a fresh one instead of failing
    # the socket or the publish that drew it; a Redis that stays down costs a few short retries.
    host = {
        "address": url,
        "retry": Retry(ExponentialBackoff(cap=0.1, base=0.01), 3),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
        # redis-py 8 reads with a 5 s timeout by default, the same 5 s that channels_redis blocks in BZPOPMIN
        # for a process's messages: with the event loop busy (a reconnect storm), the read came back late,
        # timed out, and ended every socket of the process with 1011. Reads get room beyond the 5 s block;
        # connecting keeps a short timeout, so a Redis that is down is still noticed at once.
        "socket_timeout": BLOCKING_READ_SECONDS + 3,
        "socket_connect_timeout": 2,
    }
    return host


def redis_channel_layer(url: str) -> dict[str, Any]:
    """The default layer (events, the hub): queued delivery, a message waits up to 30 s for its reader.
    With several URLs, channels_redis places each channel and group on one of them by a consistent hash."""
    hosts = [_layer_host(one) for one in redis_urls(url)]
    return {
        "BACKEND": "server.config.channel_layer.ShardedRedisChannelLayer",
        "CONFIG": {"hosts": hosts, "prefix": "shop", "capacity": 1000, "expiry": 30},
    }


def redis_rooms_layer(url: str) -> dict[str, Any]:
    """The co-editing rooms' relay (CHANNEL_LAYERS["rooms"]): Redis publish/subscribe, one PUBLISH per
    update and a push to each subscribed process, where the queued layer costs a Lua script to send and
    three round trips to receive every message (docs/decisions/0024-many-processes-the-embedded-default.md,
    "The rooms relay over publish/subscribe"). At most once: what a process misses while its subscription is
    down, its room reads from the log."""
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [_layer_host(one) for one in redis_urls(url)], "prefix": "shop-rooms"},
    }
