"""The per-user event log (DESIGN section 6): every change another device must see is a row here, written
in the same transaction as the change, numbered per user, so a reconnecting socket can `resume`."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models


class EventCounter(models.Model):
    """The last sequence number given out to a user; locked while the next one is taken."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True)
    last_seq = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.last_seq}"


class Event(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveBigIntegerField()
    topic = models.CharField(max_length=60)
    data = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("user", "seq")
        constraints: ClassVar = [models.UniqueConstraint(fields=["user", "seq"], name="realtime_event_seq")]

    def __str__(self) -> str:
        return f"{self.user_id}#{self.seq} {self.topic}"
