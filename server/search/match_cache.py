"""A per-process cache of full-text matches, keyed by the search index version, the terms and the field
order, and bounded by the bytes it holds.

The expensive part of a search is the engine visiting every matching document: at 100,000 products a
common word ("magnesium", "vitamin", the "c" of "vitamin c") matches a fifth of the catalogue, and
PostgreSQL spends about 3-5 microseconds per match on the heap. Those broad queries are also the ones
every shopper types first, so each process keeps their answers until the next reindex. Filters, audience,
paging and counts still run on every request, on arrays.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from server.search.backends.base import Packed

MAX_BYTES = 48 * 1024 * 1024


class MatchCache:
    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[Hashable, Packed] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get_or_compute(self, key: Hashable, compute: Callable[[], Packed]) -> Packed:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
                return found
        computed = compute()
        computed.flags.writeable = False
        if computed.nbytes > self.max_bytes:
            return computed
        with self._lock:
            if key not in self._entries:
                self._entries[key] = computed
                self._bytes += computed.nbytes
            while self._bytes > self.max_bytes:
                _, dropped = self._entries.popitem(last=False)
                self._bytes -= dropped.nbytes
        return computed

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0


matches = MatchCache()
