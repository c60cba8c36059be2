"""Fixtures every test suite shares."""

import pytest
from django.core.cache import cache

from server.accounts.models import User, UserType


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttles, session checks and popular products live in the cache: each test starts empty."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def make_user(db):
    """A user of the given type, `user<type>@example.com`, with the demo password."""

    def make(user_type: UserType) -> User:
        return User.objects.create_user(
            f"user{user_type.value}@example.com", "Demo-pass-2026!", user_type_id=user_type
        )

    return make
