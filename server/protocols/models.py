"""Protocols (spec: docs/spec-coverage.md#s3-protocol): a practitioner's list of products with quantities and
notes, shared with clients (assignments, each with its discount and notes) or with anyone holding its link
token. Templates are protocols offered by the content provider, kept here for the `local` provider."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.catalog.models import ProductVariant
from server.nutrition.dose import DEFAULT_SERVINGS
from server.nutrition.schedule import Schedule, schedule_default, schedule_parse


class Protocol(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="protocols")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True, max_length=5000)
    # Unguessable (256 bits), the same until the practitioner revokes it; null when there is none.
    link_token = models.CharField(max_length=64, unique=True, null=True, blank=True)
    link_created_at = models.DateTimeField(null=True, blank=True)
    # Why the practitioner made a link although the protocol was over an upper intake level
    # (docs/decisions/0031-daily-totals.md).
    link_limit_reason = models.TextField(blank=True, max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        indexes: ClassVar = [
            models.Index(fields=["owner", "-created_at"]),
            models.Index(fields=["owner", "name"]),
        ]

    def __str__(self) -> str:
        return self.name


class ProtocolItem(models.Model):
    """A line: one variant, a quantity of 1 or more, the daily dose in servings, and the practitioner's
    note."""

    protocol = models.ForeignKey(Protocol, on_delete=models.CASCADE, related_name="items")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField(default=1)
    # When and how the line is taken (server.nutrition.schedule, its `as_json`); starts from the label's
    # suggested dose split over the day. Empty only on a row written without one: read it through
    # `line_schedule`.
    schedule = models.JSONField(default=dict, blank=True)
    # The schedule's highest daily sum (quarter steps from 0.25 to 50, server.nutrition.dose), kept beside
    # it for the totals, refills and queries; written only with the schedule.
    servings_per_day = models.DecimalField(max_digits=5, decimal_places=2, default=DEFAULT_SERVINGS)
    notes = models.TextField(blank=True, max_length=2000)
    # What the practitioner would have the client take while the line's product is sold out
    # (docs/decisions/0041-substitutes.md); kept beside the live document, not in it.
    substitute = models.ForeignKey(
        ProductVariant, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Higher comes first: a product added later is shown first (spec:
    # docs/spec-coverage.md#s4-adding-product-puts-first).
    position = models.PositiveIntegerField(default=0)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-position", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["protocol", "variant"], name="protocols_one_line_per_variant")
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.variant_id} in {self.protocol_id}"

    def day_schedule(self) -> Schedule:
        """The line's schedule; a row written without one (a fixture, a script) takes its dose's default."""
        if self.schedule:
            return schedule_parse(self.schedule)
        return schedule_default(self.servings_per_day)


class Assignment(models.Model):
    """A protocol shared with one client; the client may hide it from their list (`hidden_at`)."""

    protocol = models.ForeignKey(Protocol, on_delete=models.CASCADE, related_name="assignments")
    client = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="protocol_assignments"
    )
    discount = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    notes = models.TextField(blank=True, max_length=2000)
    # Why the practitioner shared it although it was over an upper intake level
    # (docs/decisions/0031-daily-totals.md).
    limit_reason = models.TextField(blank=True, max_length=2000)
    # Why the practitioner shared it although the rules say to avoid a combination with the client's
    # medicines (docs/decisions/0043-the-day-schedule.md).
    warning_reason = models.TextField(blank=True, max_length=2000)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    hidden_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["protocol", "client"], name="protocols_assigned_once")
        ]

    def __str__(self) -> str:
        return f"{self.protocol_id} to {self.client_id}"


class ProtocolTemplate(models.Model):
    """A ready-made protocol of a content provider that practitioners copy (`templates/create`)."""

    provider = models.SlugField(max_length=40, default="local")
    name = models.CharField(max_length=200)
    description = models.TextField(blank=True)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("name", "id")

    def __str__(self) -> str:
        return self.name


class ProtocolTemplateItem(models.Model):
    template = models.ForeignKey(ProtocolTemplate, on_delete=models.CASCADE, related_name="items")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    notes = models.TextField(blank=True, max_length=2000)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ("position", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["template", "variant"], name="protocols_template_line_once")
        ]

    def __str__(self) -> str:
        return f"{self.variant_id} in template {self.template_id}"


# The Yjs document of a protocol (docs/architecture.md, "The protocol-document room"): a compacted snapshot
# plus the updates logged after it (server.protocols.doc reads and writes them). The tables were created by
# the `realtime` app before the document's storage moved beside the protocols; they keep their names.
class ProtocolDoc(models.Model):
    """`version` moves on at every compaction, so a process holding the document can tell it was compacted."""

    protocol = models.OneToOneField("protocols.Protocol", on_delete=models.CASCADE, primary_key=True)
    snapshot = models.BinaryField()
    version = models.PositiveIntegerField(default=1)
    compacted_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "realtime_protocoldoc"

    def __str__(self) -> str:
        return f"doc of protocol {self.protocol_id} v{self.version}"


class ProtocolDocUpdate(models.Model):
    """One Yjs update of the log: it survives a server restart (one not yet here, its clients send again)."""

    id = models.BigAutoField(primary_key=True)
    doc = models.ForeignKey(ProtocolDoc, on_delete=models.CASCADE, related_name="updates")
    data = models.BinaryField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "realtime_protocoldocupdate"
        ordering = ("doc", "id")

    def __str__(self) -> str:
        return f"update {self.id} of protocol {self.doc_id}"
