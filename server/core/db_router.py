"""Reads that may go to the streaming replica (DATABASE_REPLICA_URL; docs/operations.md, "Many machines").

Nothing goes there by default. A read goes to the replica only inside `replica_reads()`, which the
storefront's catalogue and search calls open around their selectors: reads of what everyone sees, where a
few milliseconds of replication lag show as a product change a moment later, never as a write the same
caller cannot read back. The catalogue version and the listing index are read from the primary, so every
process agrees on the version that keys the reply cache. Without a replica configured, `replica_reads`
changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.db import connection, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

REPLICA = "replica"
_replica_reads: ContextVar[bool] = ContextVar("replica_reads", default=False)


@contextmanager
def replica_reads(*, caught_up: Callable[[], bool]) -> Iterator[None]:
    """Reads inside go to the replica, if there is one and `caught_up()` (run on the replica) says it has
    replayed what the caller is about to answer for, e.g. the catalogue version that keys the reply cache.
    A replica behind it would put older rows under a newer key: then the primary answers."""
    token = _replica_reads.set(REPLICA in settings.DATABASES)
    try:
        if _replica_reads.get() and not caught_up():
            _replica_reads.set(False)
        yield
    finally:
        _replica_reads.reset(token)


def _to_replica() -> bool:
    # Inside a transaction on the primary, a read may be a read-after-write of that transaction.
    return _replica_reads.get() and not transaction.get_connection("default").in_atomic_block


def read_connection() -> BaseDatabaseWrapper:
    """The connection for raw SQL reads (search's): the replica's inside `replica_reads`, else the
    primary's."""
    return connections[REPLICA] if _to_replica() else connection


class ReplicaRouter:
    def db_for_read(self, model: type[Any], **hints: Any) -> str | None:
        return REPLICA if _to_replica() else None

    def db_for_write(self, model: type[Any], **hints: Any) -> str | None:
        return "default"

    def allow_relation(self, obj1: Any, obj2: Any, **hints: Any) -> bool | None:
        return True  # the replica is a copy of the primary: its rows relate as the primary's do

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        return db == "default"
