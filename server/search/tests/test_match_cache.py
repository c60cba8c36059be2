import numpy as np
from django.db import connection
from django.test.utils import CaptureQueriesContext
from ninja.testing import TestClient

from server.config.api import api
from server.search.match_cache import MatchCache

client = TestClient(api)


def packed(*values: int) -> np.ndarray:
    return np.asarray(values, dtype=np.int64)


def test_the_cache_answers_a_key_it_holds_without_computing_again():
    cache = MatchCache(max_bytes=1024)
    calls: list[str] = []

    def compute() -> np.ndarray:
        calls.append("computed")
        return packed(1, 2, 3)

    first = cache.get_or_compute("magnesium", compute)
    second = cache.get_or_compute("magnesium", compute)

    assert calls == ["computed"]
    assert second is first
    assert not first.flags.writeable


def test_the_least_recently_used_answers_go_first_when_the_bytes_run_out():
    cache = MatchCache(max_bytes=3 * 8 * 2)
    cache.get_or_compute("a", lambda: packed(1, 2, 3))
    cache.get_or_compute("b", lambda: packed(4, 5, 6))
    cache.get_or_compute("a", lambda: packed(0))  # a is now the most recent
    cache.get_or_compute("c", lambda: packed(7, 8, 9))

    assert cache.get_or_compute("a", lambda: packed(0)).tolist() == [1, 2, 3]
    assert cache.get_or_compute("b", lambda: packed(0)).tolist() == [0]


def test_an_answer_larger_than_the_cache_is_returned_but_not_kept():
    cache = MatchCache(max_bytes=8)

    assert cache.get_or_compute("big", lambda: packed(1, 2)).tolist() == [1, 2]
    assert cache.get_or_compute("big", lambda: packed(3)).tolist() == [3]


def test_a_repeated_search_does_not_ask_the_full_text_engine_again(shop):
    client.post("/v2/storefront/search?query=zinc")
    with CaptureQueriesContext(connection) as first:
        client.post("/v2/storefront/search?query=magnesium")
    with CaptureQueriesContext(connection) as second:
        repeated = client.post("/v2/storefront/search?query=magnesium")

    engine = "search_fts" if connection.vendor == "sqlite" else "document @@"
    assert [q["sql"] for q in first.captured_queries if engine in q["sql"]] != []
    assert [q["sql"] for q in second.captured_queries if engine in q["sql"]] == []
    assert [hit["id"] for hit in repeated.json()["hits"]] == [
        shop.glycinate.id, shop.sleep.id, shop.calm.id, shop.tea.id,
    ]  # fmt: skip
