"""A protocol's Yjs document in the database (docs/architecture.md, "The protocol-document room"): a snapshot
plus an append-only update log.

An update is appended (committed) before anyone is told of it, so what a client has seen survives a server
restart. Compaction folds the log into the snapshot. Every function here is synchronous and touches only
documents of its own (never a room's live document), so it can run in any thread.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import psycopg
from django.db import IntegrityError, connection, transaction
from pycrdt import Doc, TransactionEvent

from server.events.services import group_send
from server.protocols.doc.shape import DocLine, doc_build
from server.protocols.models import Protocol, ProtocolDoc, ProtocolDocUpdate

logger = logging.getLogger(__name__)

# A REST write compacts the log itself once it is this long (rooms compact when they close).
COMPACT_AFTER = 200
# Who sent a relayed message, when it was not a room of some process: every room applies it.
SERVER_ORIGIN = "server"
# The channel layer of the rooms' relays (settings.CHANNEL_LAYERS): publish/subscribe on Redis.
DOC_CHANNEL_LAYER = "rooms"


def doc_group(protocol_id: int) -> str:
    """The channel-layer group of the rooms of one protocol's document, one room per process that has it
    open. The messages sent to it (`ydoc.update`, `ydoc.awareness`, `ydoc.deleted`) are listed in
    docs/architecture.md, "The protocol-document room"."""
    return f"ydoc.{protocol_id}"


class DocGone(Exception):
    """The protocol (and so its document) was deleted."""


@dataclass(frozen=True)
class StoredDoc:
    version: int
    snapshot: bytes | None  # None from `doc_missing` when the snapshot is the one the caller has
    updates: list[tuple[int, bytes]]  # log id, update
    logged: frozenset[int] = frozenset()  # every id in the log now (`doc_missing`)


def _build_snapshot(protocol: Protocol) -> bytes:
    lines = [
        DocLine(line.variant_id, line.variant.product_id, line.quantity, line.notes, line.day_schedule())
        for line in protocol.items.select_related("variant").order_by("-position", "-id")
    ]
    doc: Doc[Any] = Doc()
    doc_build(doc, name=protocol.name, description=protocol.description, lines=lines)
    return doc.get_update()


@transaction.atomic
def doc_load(*, protocol_id: int) -> StoredDoc:
    """The stored document, built from the relational protocol (once, under a lock) when there is none."""
    row = ProtocolDoc.objects.filter(pk=protocol_id).first()
    if row is None:
        protocol = Protocol.objects.select_for_update().filter(pk=protocol_id).first()
        if protocol is None:
            raise DocGone()
        # Looked up again under the protocol's lock: two processes must never build two documents.
        row = ProtocolDoc.objects.filter(pk=protocol_id).first()
        if row is None:
            row = ProtocolDoc.objects.create(protocol=protocol, snapshot=_build_snapshot(protocol))
    updates = [(pk, bytes(data)) for pk, data in row.updates.order_by("id").values_list("id", "data")]
    return StoredDoc(version=row.version, snapshot=bytes(row.snapshot), updates=updates)


def doc_missing(*, protocol_id: int, seen: frozenset[int], version: int) -> StoredDoc:
    """What a room lacks: logged updates it has not applied, and the snapshot if another process compacted
    since (`version`). The channel layer may drop a relayed update; the log has them all."""
    row = ProtocolDoc.objects.filter(pk=protocol_id).values_list("version", flat=True).first()
    if row is None:
        raise DocGone()
    logged = frozenset(ProtocolDocUpdate.objects.filter(doc_id=protocol_id).values_list("id", flat=True))
    missing = sorted(logged - seen)
    updates = [
        (pk, bytes(data))
        for pk, data in ProtocolDocUpdate.objects.filter(id__in=missing)
        .order_by("id")
        .values_list("id", "data")
    ]
    snapshot = None
    if row != version:
        snapshot = bytes(ProtocolDoc.objects.filter(pk=protocol_id).values_list("snapshot", flat=True).get())
    return StoredDoc(version=row, snapshot=snapshot, updates=updates, logged=logged)


def doc_append(*, protocol_id: int, update: bytes) -> int:
    """Log one update (committed when this returns); DocGone when the protocol was deleted."""
    try:
        with transaction.atomic():
            return ProtocolDocUpdate.objects.create(doc_id=protocol_id, data=update).pk
    except IntegrityError as exc:
        raise DocGone() from exc


# One statement logs a batch on PostgreSQL: the updates of protocols that still exist, in the order given.
_APPEND_MANY_SQL = """
    INSERT INTO realtime_protocoldocupdate (doc_id, data, at)
    SELECT batch.doc_id, batch.data, now()
    FROM unnest(%s::bigint[], %b::bytea[]) WITH ORDINALITY AS batch(doc_id, data, position)
    WHERE EXISTS (SELECT 1 FROM realtime_protocoldoc doc WHERE doc.protocol_id = batch.doc_id)
    ORDER BY batch.position
    RETURNING id, doc_id
"""


def doc_append_many(*, entries: Sequence[tuple[int, bytes]]) -> list[int | None]:
    """Log several updates (protocol id, update) in one transaction, in order: a group commit. Answers each
    one's log id, None for an update whose protocol was deleted."""
    if connection.vendor == "postgresql":
        try:
            return _append_many_postgresql(entries)
        except IntegrityError:
            return [_append_unless_gone(protocol_id=pk, update=update) for pk, update in entries]
    try:
        with transaction.atomic():
            present = set(
                ProtocolDoc.objects.filter(pk__in={pk for pk, _ in entries}).values_list("pk", flat=True)
            )
            rows = [ProtocolDocUpdate(doc_id=pk, data=update) for pk, update in entries if pk in present]
            ProtocolDocUpdate.objects.bulk_create(rows)
    except IntegrityError:
        # A protocol deleted between the look and the commit: one by one, so the others are still logged.
        return [_append_unless_gone(protocol_id=pk, update=update) for pk, update in entries]
    ids = iter(row.pk for row in rows)
    return [next(ids) if pk in present else None for pk, _ in entries]


def _append_many_postgresql(entries: Sequence[tuple[int, bytes]]) -> list[int | None]:
    """The group commit as one statement, its updates sent in binary on a server-side-binding cursor: the
    ORM's look-then-insert in a transaction, with every update escaped into the query text, was most of the
    room's CPU under load (docs/decisions/0021-the-real-time-core-under-load.md)."""
    connection.ensure_connection()
    with psycopg.Cursor(connection.connection) as cursor:
        cursor.execute(_APPEND_MANY_SQL, ([pk for pk, _ in entries], [update for _, update in entries]))
        rows = sorted(cursor.fetchall())
    # In the order given, less the updates of deleted protocols (whose ids none of the rows carries).
    logged = iter(rows)
    row = next(logged, None)
    answer: list[int | None] = []
    for pk, _ in entries:
        if row is not None and row[1] == pk:
            answer.append(row[0])
            row = next(logged, None)
        else:
            answer.append(None)
    return answer


def _append_unless_gone(*, protocol_id: int, update: bytes) -> int | None:
    try:
        return doc_append(protocol_id=protocol_id, update=update)
    except DocGone:
        return None


@transaction.atomic
def doc_compact(*, protocol_id: int) -> bool:
    """Fold the logged updates into the snapshot; False when there was nothing to fold."""
    row = ProtocolDoc.objects.select_for_update().filter(pk=protocol_id).first()
    if row is None:
        return False
    # Exactly the rows read here are deleted: an update another process commits meanwhile stays logged.
    logged = list(row.updates.order_by("id").values_list("id", "data"))
    if not logged:
        return False
    doc: Doc[Any] = Doc()
    doc.apply_update(bytes(row.snapshot))
    for _, data in logged:
        try:
            doc.apply_update(bytes(data))
        except Exception:
            logger.exception("Dropping an unreadable logged update of protocol %s", protocol_id)
    row.snapshot = doc.get_update()
    row.version += 1
    row.save(update_fields=["snapshot", "version", "compacted_at"])
    ProtocolDocUpdate.objects.filter(id__in=[pk for pk, _ in logged]).delete()
    return True


def relay(protocol_id: int, message: dict[str, Any]) -> None:
    """Send a message to the rooms of this document in every process; failures are logged, never raised
    (a room catches up from the log)."""
    group_send(doc_group(protocol_id), message, alias=DOC_CHANNEL_LAYER)


@transaction.atomic
def doc_edit(*, protocol_id: int, edit: Callable[[Doc[Any]], None]) -> None:
    """Apply a server-side change (a REST write) to the protocol's document, if it has one: the update is
    logged in the caller's transaction and, once that commits, reaches every open editor."""
    row = ProtocolDoc.objects.select_for_update().filter(pk=protocol_id).first()
    if row is None:
        return  # the first room to open builds the document from the rows, this change included
    doc: Doc[Any] = Doc()
    doc.apply_update(bytes(row.snapshot))
    for data in row.updates.order_by("id").values_list("data", flat=True):
        doc.apply_update(bytes(data))
    updates: list[bytes] = []

    def collect(event: TransactionEvent) -> None:
        updates.append(event.update)

    subscription = doc.observe(collect)
    edit(doc)
    doc.unobserve(subscription)
    for update in updates:
        if update == b"\x00\x00":
            continue
        logged = ProtocolDocUpdate.objects.create(doc=row, data=update)
        message = {"type": "ydoc.update", "update": update, "origin": SERVER_ORIGIN, "log_id": logged.pk}
        transaction.on_commit(partial(relay, protocol_id, message))
    if row.updates.count() > COMPACT_AFTER:
        transaction.on_commit(lambda: doc_compact(protocol_id=protocol_id))


def doc_deleted(*, protocol_id: int) -> None:
    """After a protocol is deleted: every process closes the sockets of its room."""
    transaction.on_commit(lambda: relay(protocol_id, {"type": "ydoc.deleted"}))
