"""The per-process reply cache of the hot reads (docs/architecture.md, "Hot reads"): the catalogue's lists,
taxonomies and product pages, search, and the locale files.

A reply is stored once as bytes (and gzip bytes, made on the first client that accepts them) under a key
of what it depends on: the route and its canonical query, the data's version (the catalogue's token), the
language, the region and the audience. A new version makes new keys; the old entries age out of the LRU.
The cache is bounded in entries and in bytes, and a query string past MAX_QUERY_BYTES is answered
without being cached, so no request can make it grow without bound.

Every cached reply has a weak ETag made from its key, so a client that sends it back in `If-None-Match`
gets a 304 without a body. Anonymous replies also go out, unchanged, from the ASGI front
(server/config/front.py) without entering Django's middleware chain."""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import parse_qsl, urlencode

MAX_ENTRIES = 4096
MAX_BYTES = 64 * 1024 * 1024
# Longer queries are answered but not cached: no one builds a key out of an unbounded string.
MAX_QUERY_BYTES = 1024
# Past this, an If-None-Match header is not read: the reply is sent whole (RFC 9110 lets a server ignore it).
MAX_CONDITION_BYTES = 4096
# Small replies are sent as they are: gzip would save less than its own framing.
GZIP_FROM_BYTES = 512

PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=10, must-revalidate"
PRIVATE_CACHE_CONTROL = "private, no-cache"
VARY = "Accept-Language, X-Region, Authorization, Accept-Encoding"


@dataclass(frozen=True)
class ReplyKey:
    route: str
    query: str
    version: str
    language: str
    region: str
    audience: str

    @property
    def etag(self) -> str:
        digest = hashlib.blake2b(repr(self).encode(), digest_size=12).hexdigest()
        return f'W/"{digest}"'


@dataclass
class Reply:
    """A reply as it goes out (every one is JSON): its bytes, their gzip (made once, when stored), and the
    headers the whole middleware chain gave it the first time (`frozen_headers`, which the ASGI front
    replays)."""

    body: bytes
    etag: str
    cache_control: str
    gzipped: bytes | None = None
    # By whether the request came over HTTPS (HSTS goes only there).
    frozen_headers: dict[bool, tuple[tuple[bytes, bytes], ...]] = field(default_factory=dict)
    # Request headers the reply varies on that its key does not cover (Authorization), as Django's META names
    # them: the front sends the reply only to a request without them. Set with the frozen headers.
    unkeyed_vary: frozenset[str] = frozenset()
    # Only a reply made for a caller without a token may be replayed by the front.
    public: bool = False
    vary: str = VARY
    # A product page: the front counts a view of it for each reply it sends.
    product_id: int | None = None

    @classmethod
    def make(
        cls,
        body: bytes,
        *,
        etag: str,
        cache_control: str,
        public: bool,
        vary: str = VARY,
    ) -> Reply:
        gzipped = gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= GZIP_FROM_BYTES else None
        return cls(
            body=body,
            etag=etag,
            cache_control=cache_control,
            gzipped=gzipped,
            public=public,
            vary=vary,
        )

    @property
    def size(self) -> int:
        return len(self.body) + len(self.gzipped or b"")

    def body_for(self, accept_encoding: str) -> tuple[bytes, bool]:
        """The bytes to send and whether they are gzip, for a client's Accept-Encoding."""
        if self.gzipped is not None and accepts_gzip(accept_encoding):
            return self.gzipped, True
        return self.body, False


def accepts_gzip(accept_encoding: str) -> bool:
    for part in accept_encoding[:512].split(","):
        coding, _, params = part.partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def canonical_query(query_string: str) -> str | None:
    """The query with its parameters in a stable order, or None when it is too long to be a key."""
    if len(query_string) > MAX_QUERY_BYTES:
        return None
    return urlencode(sorted(parse_qsl(query_string, keep_blank_values=True)))


def etag_matches(if_none_match: str, etag: str) -> bool:
    """Weak comparison (RFC 9110, 13.1.2), as If-None-Match asks. A header too long to read, or one that
    does not parse, matches nothing: the client gets the whole reply, never an error."""
    if not if_none_match or len(if_none_match) > MAX_CONDITION_BYTES:
        return False
    if if_none_match.strip() == "*":
        return True
    opaque = etag.removeprefix("W/")
    return any(tag.strip().removeprefix("W/") == opaque for tag in if_none_match.split(","))


class ReplyCache:
    """An LRU of replies bounded in entries and in bytes; safe across the request threads."""

    def __init__(self, *, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries, self.max_bytes = max_entries, max_bytes
        self._entries: OrderedDict[ReplyKey, Reply] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def bytes(self) -> int:
        return self._bytes

    def get(self, key: ReplyKey) -> Reply | None:
        with self._lock:
            reply = self._entries.get(key)
            if reply is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return reply

    def put(self, key: ReplyKey, reply: Reply) -> None:
        if reply.size > self.max_bytes // 16:
            return  # one reply may not push out a sixteenth of the cache
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= old.size
            self._entries[key] = reply
            self._bytes += reply.size
            self._evict()

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._bytes = 0

    def _evict(self) -> None:
        while self._entries and (len(self._entries) > self.max_entries or self._bytes > self.max_bytes):
            _, evicted = self._entries.popitem(last=False)
            self._bytes -= evicted.size

    def keys(self) -> Iterable[ReplyKey]:
        with self._lock:
            return list(self._entries)


replies = ReplyCache()
