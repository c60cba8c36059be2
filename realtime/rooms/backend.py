"""The storage, projection and permission check of the documents the rooms serve, injected at start-up
(realtime.apps) as y-websocket and Hocuspocus inject persistence: the rooms know the wire format and the
live document, never which app's rows a document stands for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pycrdt import Doc

from server.protocols.doc.store import DOC_CHANNEL_LAYER, DocGone, StoredDoc

__all__ = ["DOC_CHANNEL_LAYER", "DocGone", "RoomBackend", "StoredDoc", "backend_install", "room_backend"]


class RoomBackend(Protocol):
    def group(self, doc_id: int) -> str:
        """The channel-layer group joining the rooms of one document in every process."""
        ...

    def load(self, doc_id: int) -> StoredDoc:
        """The stored document; DocGone when it does not exist."""
        ...

    def missing(self, doc_id: int, *, seen: frozenset[int], version: int) -> StoredDoc:
        """Logged updates not in `seen`, and the snapshot when it is newer than `version`."""
        ...

    def append_many(self, entries: Sequence[tuple[int, bytes]]) -> list[int | None]:
        """Log updates (doc id, update) in one commit; each one's log id, None for a deleted document."""
        ...

    def compact(self, doc_id: int) -> bool: ...

    def content(self, doc: Doc[Any]) -> object:
        """What `project` will write, read from the live document (on the event loop)."""
        ...

    def project(self, doc_id: int, content: object) -> None:
        """Write the document's content into the rows REST readers see (in a worker thread)."""
        ...

    def may_edit(self, *, user_id: int, doc_id: int) -> bool: ...


_installed: list[RoomBackend] = []


def backend_install(backend: RoomBackend) -> None:
    _installed[:] = [backend]


def room_backend() -> RoomBackend:
    if not _installed:
        raise RuntimeError("No room backend installed (realtime.apps installs the protocols' one).")
    return _installed[0]
