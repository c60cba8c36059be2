"""A Redis cache that treats an unreachable Redis as an empty cache instead of failing the request.

Everything we keep in the cache (session checks, throttle counters, popular products, listing cards) can
be recomputed, so while Redis is down requests go to the database and writes still succeed
(docs/architecture.md, "Reliability and security"). Each failure is logged; nothing is hidden from the health
check, which asks Redis itself.
"""

from __future__ import annotations

import logging
import threading
from functools import cached_property
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def _unreachable(operation: str) -> None:
    logger.warning("Cache %s skipped: Redis is unreachable", operation, exc_info=True)


class TolerantRedisCacheClient(RedisCacheClient):
    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self._clients: dict[bool, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        # Django makes a redis client for every operation, each building its table of some 170 response
        # callbacks (about 50 us); one for writes and one for reads serves them all (with several servers,
        # this process keeps reading from the replica it first picked).
        client = self._clients.get(write)
        if client is None:
            client = self._clients.setdefault(write, super().get_client(key, write=write))
        return client

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        try:
            return bool(super().add(key, value, timeout))
        except UNREACHABLE:
            _unreachable("add")
            return False

    def get(self, key: Any, default: Any) -> Any:
        try:
            return super().get(key, default)
        except UNREACHABLE:
            _unreachable("get")
            return default

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        try:
            super().set(key, value, timeout)
        except UNREACHABLE:
            _unreachable("set")

    def touch(self, key: Any, timeout: Any) -> bool:
        try:
            return bool(super().touch(key, timeout))
        except UNREACHABLE:
            _unreachable("touch")
            return False

    def delete(self, key: Any) -> bool:
        try:
            return bool(super().delete(key))
        except UNREACHABLE:
            _unreachable("delete")
            return False

    def get_many(self, keys: Any) -> dict[Any, Any]:
        try:
            return dict(super().get_many(keys))
        except UNREACHABLE:
            _unreachable("get_many")
            return {}

    def has_key(self, key: Any) -> bool:
        try:
            return bool(super().has_key(key))
        except UNREACHABLE:
            _unreachable("has_key")
            return False

    def set_many(self, data: Any, timeout: Any) -> None:
        try:
            super().set_many(data, timeout)
        except UNREACHABLE:
            _unreachable("set_many")

    def delete_many(self, keys: Any) -> None:
        try:
            super().delete_many(keys)
        except UNREACHABLE:
            _unreachable("delete_many")

    def clear(self) -> bool:
        try:
            return bool(super().clear())
        except UNREACHABLE:
            _unreachable("clear")
            return False


# One client (and so one connection pool) per process and configuration. Django's cache handler makes a
# cache object per request context under ASGI, and each would make its own client, pool and TCP connection
# to Redis: a connect and handshake per request (bench/earnings found it;
# docs/decisions/0020-practitioner-earnings.md).
_SHARED: dict[tuple[tuple[str, ...], str], TolerantRedisCacheClient] = {}
_SHARED_LOCK = threading.Lock()


class TolerantRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = TolerantRedisCacheClient

    @cached_property
    def _cache(self) -> TolerantRedisCacheClient:
        servers: list[str] = vars(self)["_servers"]
        options: dict[str, Any] = vars(self)["_options"]
        key = (tuple(servers), repr(sorted(options.items())))
        with _SHARED_LOCK:
            client = _SHARED.get(key)
            if client is None:
                client = _SHARED[key] = TolerantRedisCacheClient(servers, **options)
        return client
