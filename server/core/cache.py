"""A Redis cache that treats an unreachable Redis as an empty cache instead of failing the request.

Everything we keep in the cache (session checks, throttle counters, popular products, listing cards) can
be recomputed, so while Redis is down requests go to the database and writes still succeed
(docs/architecture.md, "Reliability and security"). Each failure is logged; nothing is hidden from the health
check, which asks Redis itself.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def _unreachable(operation: str) -> None:
    logger.warning("Cache %s skipped: Redis is unreachable", operation, exc_info=True)


class TolerantRedisCacheClient(RedisCacheClient):
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


class TolerantRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = TolerantRedisCacheClient
