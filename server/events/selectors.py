"""Reads of the event log, for the events socket (docs/architecture.md, "The event log")."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Literal, TypedDict

from django.db.models import Q

from server.events.models import Event, EventCounter

# A socket that missed more than this many events refetches instead (`resync`): quicker for both sides.
REPLAY_LIMIT = 200


class EventFrame(TypedDict):
    """What the events socket sends for one event (docs/api.md, "Topics")."""

    type: Literal["event"]
    seq: int
    topic: str
    data: dict[str, object]
    device: str | None
    at: str


def frame_of(event: Event) -> EventFrame:
    at: datetime = event.at
    return {
        "type": "event",
        "seq": event.seq,
        "topic": event.topic,
        "data": event.data,
        "device": event.device or None,
        "at": at.isoformat(),
    }


def last_seq(*, user_id: int) -> int:
    return EventCounter.objects.filter(user_id=user_id).values_list("last_seq", flat=True).first() or 0


def events_replay(*, user_id: int, session_id: uuid.UUID, since: int) -> tuple[int, list[EventFrame] | None]:
    """The user's last sequence number, and what a `resume` from `since` replays (events_after): nothing
    when `since` is at or past it."""
    current = last_seq(user_id=user_id)
    if since >= current:
        return current, []
    return current, _frames_after(user_id=user_id, session_id=session_id, since=since)


def events_after(*, user_id: int, session_id: uuid.UUID, since: int) -> list[EventFrame] | None:
    """The frames of every event after `since` this login should see, in order; None when the log no
    longer holds them all (or there are too many), so the client must refetch everything."""
    if since >= last_seq(user_id=user_id):
        return []
    return _frames_after(user_id=user_id, session_id=session_id, since=since)


def _frames_after(*, user_id: int, session_id: uuid.UUID, since: int) -> list[EventFrame] | None:
    oldest = Event.objects.filter(user_id=user_id).order_by("seq").values_list("seq", flat=True).first()
    if oldest is None or oldest > since + 1:
        return None
    events = list(
        Event.objects.filter(user_id=user_id, seq__gt=since)
        .filter(Q(session_id__isnull=True) | Q(session_id=session_id))
        .order_by("seq")[: REPLAY_LIMIT + 1]
    )
    if len(events) > REPLAY_LIMIT:
        return None
    return [frame_of(event) for event in events]
