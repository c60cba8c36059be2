"""Fixtures every test suite shares."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttles, session checks and popular products live in the cache: each test starts empty."""
    cache.clear()
    yield
    cache.clear()
