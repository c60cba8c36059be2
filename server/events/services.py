"""Emitting events (docs/architecture.md, "The event log"): a row in the log now, a publish to the channel
layer after commit.

The channel layer is at-most-once and Redis may be down; the log plus `resume` makes delivery complete,
so a failed publish is logged and never fails the write that caused it.
"""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from asgiref.sync import async_to_sync
from channels import DEFAULT_CHANNEL_LAYER
from channels.layers import get_channel_layer
from django.db import connection, transaction

from server.core import metrics
from server.core.request_id import request_id_var
from server.events.device import device_current
from server.events.groups import catalog_group, session_group, user_group
from server.events.models import Event, EventCounter
from server.events.selectors import frame_of
from server.events.topics import BROADCAST_TOPICS, Topic, TopicData, data_check

logger = logging.getLogger(__name__)

# How many events of a user the log keeps for `resume`; a socket that missed more refetches (`resync`).
# Older rows go in batches, every PRUNE_EVERY events, to keep the write path to one small delete.
EVENT_LOG_KEEP = 1000
PRUNE_EVERY = 100


def _next_seq(user_id: int) -> int:
    """The user's next sequence number, in one statement (the cart write path counts round trips).

    The UPDATE locks the counter row until the caller's transaction ends, so numbers never repeat or
    skip, and events of one user commit in sequence order."""
    table = connection.ops.quote_name(EventCounter._meta.db_table)
    increment = f"UPDATE {table} SET last_seq = last_seq + 1 WHERE user_id = %s RETURNING last_seq"  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(increment, [user_id])
        row = cursor.fetchone()
        if row is None:  # the user's first event
            EventCounter.objects.get_or_create(user_id=user_id)
            cursor.execute(increment, [user_id])
            row = cursor.fetchone()
    return int(row[0])


def group_send(group: str, message: dict[str, Any], *, alias: str = DEFAULT_CHANNEL_LAYER) -> None:
    """Send a channel-layer message to a group now; failures are logged, never raised."""
    layer = get_channel_layer(alias)
    if layer is None:
        return
    # The request that caused it goes along, so the sockets' side logs it too (docs/operations.md, "Logs").
    message = {**message, "request_id": request_id_var.get()}
    started = time.perf_counter()
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:
        metrics.channel_layer_errors.inc()
        logger.warning("Publishing to %s failed; clients catch up with resume", group, exc_info=True)
    else:
        metrics.event_publish_seconds.observe(time.perf_counter() - started)


# Frames a batch job holds back to publish together (`events_batched`); None outside one.
_held: ContextVar[list[tuple[str, dict[str, Any]]] | None] = ContextVar("events_held", default=None)


def publish(group: str, frame: Mapping[str, Any]) -> None:
    """Send an event frame to every socket in a group now (or at the end of the caller's batch); failures are
    logged, never raised."""
    # The group goes along: one process-wide listener hands it to the sockets of that group (realtime's hub).
    message = {"type": "event.frame", "group": group, "frame": dict(frame)}
    held = _held.get()
    if held is not None:
        held.append((group, message))
        return
    group_send(group, message)


@contextmanager
def events_batched() -> Iterator[None]:
    """Publish the events committed inside it together when it ends, in one trip to the channel layer: for a
    job outside the server (the day's run of automatic refills) that would otherwise open the layer's
    connection anew for every event. The events are logged as they commit, so a socket that resumes sees
    them either way; they reach live sockets at most the batch's length later."""
    held: list[tuple[str, dict[str, Any]]] = []
    token = _held.set(held)
    try:
        yield
    finally:
        _held.reset(token)
        if held:
            _group_send_many(held)


def _group_send_many(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer(DEFAULT_CHANNEL_LAYER)
    if layer is None:
        return
    request_id = request_id_var.get()

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, {**message, "request_id": request_id})

    started = time.perf_counter()
    try:
        async_to_sync(send_all)()
    except Exception:
        metrics.channel_layer_errors.inc()
        logger.warning(
            "Publishing %d held events failed; clients catch up with resume", len(messages), exc_info=True
        )
    else:
        metrics.event_publish_seconds.observe(time.perf_counter() - started)


@transaction.atomic(savepoint=False)  # part of the caller's transaction; no savepoint round trips
def event_emit(*, user_id: int, topic: Topic, data: TopicData, session_id: uuid.UUID | None = None) -> Event:
    """Log an event for one user (in the caller's transaction) and publish it once that commits.

    With `session_id` it is for the tabs of that login only (its session group). The tab whose request
    caused it (`X-Device-Id`) is recorded, so that tab can tell its own writes apart."""
    data_check(topic, data)
    seq = _next_seq(user_id)
    event = Event.objects.create(
        user_id=user_id, seq=seq, topic=topic, data=data, session_id=session_id, device=device_current()
    )
    if seq % PRUNE_EVERY == 0:
        Event.objects.filter(user_id=user_id, seq__lte=seq - EVENT_LOG_KEEP).delete()
    group = session_group(session_id) if session_id else user_group(user_id)
    frame = frame_of(event)
    transaction.on_commit(lambda: publish(group, frame))
    return event


def event_broadcast(*, topic: Topic, data: TopicData) -> None:
    """Tell every socket, once the caller's transaction commits, of a change anyone may be looking at (a
    product's stock). Not logged: it has no sequence number and `resume` does not replay it."""
    if topic not in BROADCAST_TOPICS:
        raise TypeError(f"{topic} is logged per user: use event_emit")
    data_check(topic, data)
    frame = {"type": "event", "topic": str(topic), "data": dict(data), "device": device_current() or None}
    transaction.on_commit(lambda: publish(catalog_group(), frame))
