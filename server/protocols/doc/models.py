"""The Yjs document of a protocol (docs/architecture.md, "The protocol-document room"): a compacted snapshot
plus the updates logged after it. The tables were created by the `realtime` app before the document's
storage moved beside the protocols; they keep their names."""

from __future__ import annotations

from django.db import models


class ProtocolDoc(models.Model):
    """`version` moves on at every compaction, so a process holding the document can tell it was compacted."""

    protocol = models.OneToOneField("protocols.Protocol", on_delete=models.CASCADE, primary_key=True)
    snapshot = models.BinaryField()
    version = models.PositiveIntegerField(default=1)
    compacted_at = models.DateTimeField(auto_now=True)

    class Meta:
        app_label = "protocols"
        db_table = "realtime_protocoldoc"

    def __str__(self) -> str:
        return f"doc of protocol {self.protocol_id} v{self.version}"


class ProtocolDocUpdate(models.Model):
    """One Yjs update, appended before it is acknowledged: what is here survives a server restart."""

    id = models.BigAutoField(primary_key=True)
    doc = models.ForeignKey(ProtocolDoc, on_delete=models.CASCADE, related_name="updates")
    data = models.BinaryField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        app_label = "protocols"
        db_table = "realtime_protocoldocupdate"
        ordering = ("doc", "id")

    def __str__(self) -> str:
        return f"update {self.id} of protocol {self.doc_id}"
