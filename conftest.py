"""Fixtures every test suite shares."""

import pytest
from channels.layers import channel_layers
from django.core.cache import cache
from django.tasks import task_backends
from django_tasks_db.backend import DatabaseBackend

from server.accounts.models import User, UserType
from server.core.replies import replies


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Throttles, session checks and popular products live in the cache, hot reads in the process's reply
    cache: each test starts with both empty."""
    cache.clear()
    replies.clear()
    yield
    cache.clear()
    replies.clear()


@pytest.fixture(autouse=True)
def _fresh_channel_layer():
    """Each async test runs on its own event loop, but a channel layer is built once per process. Redis's
    layer keeps per-channel receive locks that its cleaner tasks release later; a test whose loop ends
    first leaves such a lock held and bound to a dead loop, and the next test's receive fails on it. A
    fresh layer per test, as each server process has one layer on one loop."""
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


@pytest.fixture
def make_user(db):
    """A user of the given type, `user<type>@example.com`, with the demo password."""

    def make(user_type: UserType) -> User:
        return User.objects.create_user(
            f"user{user_type.value}@example.com", "Demo-pass-2026!", user_type_id=user_type
        )

    return make


@pytest.fixture
def task_database():
    """django-tasks' database backend, as the worker of production uses it, in place of the immediate one."""
    immediate = task_backends["default"]
    task_backends["default"] = DatabaseBackend(alias="default", params={"QUEUES": ["default"]})
    yield
    task_backends["default"] = immediate
