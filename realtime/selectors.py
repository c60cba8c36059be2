"""Reads of the event log for the events socket."""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import Q

from realtime.bus import frame_of
from realtime.models import Event, EventCounter

# A socket that missed more than this many events refetches instead (`resync`): quicker for both sides.
REPLAY_LIMIT = 200


def last_seq(*, user_id: int) -> int:
    return EventCounter.objects.filter(user_id=user_id).values_list("last_seq", flat=True).first() or 0


def events_after(*, user_id: int, session_id: uuid.UUID, since: int) -> list[dict[str, Any]] | None:
    """The frames of every event after `since` this login should see, in order; None when the log no
    longer holds them all (or there are too many), so the client must refetch everything."""
    if since >= last_seq(user_id=user_id):
        return []
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
