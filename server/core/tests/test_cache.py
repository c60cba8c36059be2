from scripts.services import free_port, start_redis
from server.config.redis import redis_cache
from server.core.cache import TolerantRedisCache


def cache_at(url: str) -> TolerantRedisCache:
    config = redis_cache(url)
    return TolerantRedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"]})


def test_an_unreachable_redis_reads_as_an_empty_cache_and_writes_go_nowhere(caplog):
    cache = cache_at(f"redis://127.0.0.1:{free_port()}/0")

    cache.set("k", 1)

    assert cache.get("k", "fallback") == "fallback"
    assert (cache.add("k", 2), cache.delete("k"), cache.has_key("k"), cache.touch("k")) == (
        False,
        False,
        False,
        False,
    )
    assert cache.get_many(["k"]) == {}
    assert "Redis is unreachable" in caplog.text


def test_a_reachable_redis_is_an_ordinary_cache():
    server = start_redis()
    try:
        cache = cache_at(server.url)
        cache.set("k", {"a": 1})
        cache.set_many({"x": 1, "y": 2})

        assert cache.get("k") == {"a": 1}
        assert cache.get_many(["x", "y"]) == {"x": 1, "y": 2}
        assert cache.add("k", 2) is False
        assert cache.delete("k") is True
    finally:
        server.stop()
