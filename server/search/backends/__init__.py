"""The full-text engine of the current database: PostgreSQL (tsvector, pg_trgm) or SQLite (FTS5)."""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from django.db import connection

from server.search.backends.base import SearchBackend
from server.search.backends.postgres import PostgresBackend
from server.search.backends.sqlite import SqliteBackend

_BACKENDS: dict[str, SearchBackend] = {"postgresql": PostgresBackend(), "sqlite": SqliteBackend()}


def current_backend() -> SearchBackend:
    try:
        return _BACKENDS[connection.vendor]
    except KeyError:
        raise ImproperlyConfigured(
            f"Search supports PostgreSQL and SQLite, not {connection.vendor}."
        ) from None
