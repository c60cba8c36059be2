"""The per-user event log (DESIGN section 6): every change another device must see is a row here, written
in the same transaction as the change, numbered per user, so a reconnecting socket can `resume`. And the
single-use tickets a browser opens the events socket with."""

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
    # Set when the event is for the tabs of one login only (e.g. `session.logged_out`); other logins of
    # the same user skip it on replay, so their sequence shows a gap there.
    session_id = models.UUIDField(null=True, blank=True)
    topic = models.CharField(max_length=60)
    data = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("user", "seq")
        constraints: ClassVar = [models.UniqueConstraint(fields=["user", "seq"], name="realtime_event_seq")]

    def __str__(self) -> str:
        return f"{self.user_id}#{self.seq} {self.topic}"


class SocketTicket(models.Model):
    """A single-use, short-lived pass to open the events socket, bound to one login session.

    Only the SHA-256 of the ticket is stored, like every other secret of ours."""

    token_hash = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    session_id = models.UUIDField()
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ticket of {self.user_id} until {self.expires_at:%H:%M:%S}"


class ProtocolDoc(models.Model):
    """The Yjs document of a protocol (DESIGN section 8): a compacted snapshot plus the updates after it.

    `version` moves on at every compaction, so a process holding the document can tell it was compacted."""

    protocol = models.OneToOneField("protocols.Protocol", on_delete=models.CASCADE, primary_key=True)
    snapshot = models.BinaryField()
    version = models.PositiveIntegerField(default=1)
    compacted_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"doc of protocol {self.protocol_id} v{self.version}"


class ProtocolDocUpdate(models.Model):
    """One Yjs update, appended before it is broadcast: what is here survives a server restart."""

    id = models.BigAutoField(primary_key=True)
    doc = models.ForeignKey(ProtocolDoc, on_delete=models.CASCADE, related_name="updates")
    data = models.BinaryField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("doc", "id")

    def __str__(self) -> str:
        return f"update {self.id} of protocol {self.doc_id}"
