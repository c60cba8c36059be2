"""Product page views the ASGI front answered without Django, gathered in memory and written in batches.

A page served from the reply cache still counts as a view (it feeds the popular products of search), but
one write per view would cost more than the reply. The counts go to the database when FLUSH_VIEWS have
gathered or FLUSH_SECONDS have passed since the first of them, whichever comes first, on a request thread;
those gathered when a process stops are lost
(docs/decisions/0028-serving-at-scale-the-per-request-floor.md)."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter

from django.db import DatabaseError, close_old_connections

from server.catalog import services

FLUSH_VIEWS = 200
FLUSH_SECONDS = 5.0

logger = logging.getLogger(__name__)


class PendingViews:
    def __init__(self) -> None:
        self._counts: Counter[int] = Counter()
        self._first_at: float | None = None
        self._lock = threading.Lock()

    def add(self, product_id: int) -> bool:
        """Count one view; True when it is time to flush."""
        with self._lock:
            self._counts[product_id] += 1
            now = time.monotonic()
            if self._first_at is None:
                self._first_at = now
            return self._counts.total() >= FLUSH_VIEWS or now - self._first_at >= FLUSH_SECONDS

    def take(self) -> dict[int, int]:
        with self._lock:
            counts = dict(self._counts)
            self._counts.clear()
            self._first_at = None
            return counts


pending_views = PendingViews()


def flush_views() -> None:
    """Write the gathered views (on a request thread, never on the event loop)."""
    counts = pending_views.take()
    if not counts:
        return
    try:
        services.product_views_record(counts=counts)
    except DatabaseError:
        logger.warning("Could not record %d product views", sum(counts.values()), exc_info=True)
    finally:
        close_old_connections()
