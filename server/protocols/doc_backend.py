"""What a co-editing room needs from the protocols app (docs/architecture.md, "The protocol-document room"):
the document's storage, its projection into the relational protocol, and who may edit it. The `realtime`
app installs this into its rooms at start-up, so the rooms never import the protocols' services and the
protocols app never imports `realtime`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pycrdt import Doc

from server.protocols.doc.shape import content_of
from server.protocols.doc.store import (
    StoredDoc,
    doc_append_many,
    doc_compact,
    doc_group,
    doc_load,
    doc_missing,
)
from server.protocols.selectors import protocol_editable
from server.protocols.services import LineIn, ProjectedContent, protocol_project


class ProtocolDocBackend:
    """The rooms' view of protocol documents. Every method but `content` and `group` touches the database
    and is called from a worker thread; `content` reads a live document and runs on the event loop."""

    def group(self, doc_id: int) -> str:
        return doc_group(doc_id)

    def load(self, doc_id: int) -> StoredDoc:
        return doc_load(protocol_id=doc_id)

    def missing(self, doc_id: int, *, seen: frozenset[int], version: int) -> StoredDoc:
        return doc_missing(protocol_id=doc_id, seen=seen, version=version)

    def append_many(self, entries: Sequence[tuple[int, bytes]]) -> list[int | None]:
        return doc_append_many(entries=entries)

    def compact(self, doc_id: int) -> bool:
        return doc_compact(protocol_id=doc_id)

    def content(self, doc: Doc[Any]) -> ProjectedContent:
        found = content_of(doc)
        return ProjectedContent(
            name=found.name,
            description=found.description,
            lines=[LineIn(line.variant_id, line.quantity, line.notes, line.schedule) for line in found.lines],
        )

    def project(self, doc_id: int, content: object) -> None:
        assert isinstance(content, ProjectedContent)
        protocol_project(protocol_id=doc_id, content=content)

    def may_edit(self, *, user_id: int, doc_id: int) -> bool:
        return protocol_editable(user_id=user_id, protocol_id=doc_id)
