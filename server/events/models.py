"""The per-user event log (docs/architecture.md, "The event log"): every change another device must see is
a row here, written in the same transaction as the change and numbered per user, so a reconnecting socket
can `resume`.

The tables were created by the `realtime` app before the log moved here; they keep their names."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models


class EventCounter(models.Model):
    """The last sequence number given out to a user; locked while the next one is taken."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True)
    last_seq = models.PositiveBigIntegerField(default=0)

    class Meta:
        db_table = "realtime_eventcounter"

    def __str__(self) -> str:
        return f"{self.user_id}: {self.last_seq}"


class Event(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveBigIntegerField()
    # Set when the event is for the tabs of one login only (e.g. `session.logged_out`); other logins of
    # the same user skip it on replay, so their sequence shows a gap there.
    session_id = models.UUIDField(null=True, blank=True)
    topic = models.CharField(max_length=60)
    data = models.JSONField(default=dict)
    # The tab whose request caused the event (its `X-Device-Id`), so that tab can skip its own refetch.
    device = models.CharField(max_length=64, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "realtime_event"
        ordering = ("user", "seq")
        constraints: ClassVar = [models.UniqueConstraint(fields=["user", "seq"], name="realtime_event_seq")]

    def __str__(self) -> str:
        return f"{self.user_id}#{self.seq} {self.topic}"
