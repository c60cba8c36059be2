"""Emitting events: a row in the event log now, a publish to the channel layer after commit.

The channel layer is at-most-once and Redis may be down; the log plus `resume` makes delivery complete,
so a failed publish is logged and never fails the write that caused it (DESIGN section 6).
"""

from __future__ import annotations

import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

from realtime.groups import user_group
from realtime.models import Event, EventCounter

logger = logging.getLogger(__name__)


def _next_seq(user_id: int) -> int:
    # The counter row is locked until the caller's transaction ends, so numbers never repeat or skip.
    counter, _ = EventCounter.objects.select_for_update().get_or_create(user_id=user_id)
    counter.last_seq += 1
    counter.save(update_fields=["last_seq"])
    return counter.last_seq


def frame_of(event: Event) -> dict[str, Any]:
    return {
        "type": "event",
        "seq": event.seq,
        "topic": event.topic,
        "data": event.data,
        "at": event.at.isoformat(),
    }


def publish(group: str, frame: dict[str, Any]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, {"type": "event.frame", "frame": frame})
    except Exception:
        logger.warning("Publishing to %s failed; clients catch up with resume", group, exc_info=True)


@transaction.atomic
def event_emit(*, user_id: int, topic: str, data: dict[str, Any]) -> Event:
    """Log an event for one user (in the caller's transaction) and publish it once that commits."""
    event = Event.objects.create(user_id=user_id, seq=_next_seq(user_id), topic=topic, data=data)
    frame = frame_of(event)
    transaction.on_commit(lambda: publish(user_group(user_id), frame))
    return event
