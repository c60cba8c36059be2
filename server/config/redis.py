"""The cache and channel-layer settings for a Redis URL, in one place for the settings and the fault tests."""

from __future__ import annotations

from typing import Any

from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError


def redis_cache(url: str) -> dict[str, Any]:
    return {"BACKEND": "server.core.cache.TolerantRedisCache", "LOCATION": url, "KEY_PREFIX": "shop"}


def redis_channel_layer(url: str) -> dict[str, Any]:
    # A pooled connection that died with a Redis restart is retried on a fresh one instead of failing
    # the socket or the publish that drew it; a Redis that stays down costs a few short retries.
    host = {
        "address": url,
        "retry": Retry(ExponentialBackoff(cap=0.1, base=0.01), 3),
        "retry_on_error": [RedisConnectionError, RedisTimeoutError],
    }
    return {
        "BACKEND": "channels_redis.core.RedisChannelLayer",
        "CONFIG": {"hosts": [host], "prefix": "shop", "capacity": 1000, "expiry": 30},
    }
