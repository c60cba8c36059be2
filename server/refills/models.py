"""Refills timed to the bottle (docs/architecture.md, "Refill reminders"): when an order with lines
from a protocol is paid, a reminder is planned for the day the first of those lines runs out, less the
client's days of notice; the task worker sends it then."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from server.orders.models import Order
from server.protocols.models import Protocol

MIN_DAYS_BEFORE = 1
MAX_DAYS_BEFORE = 30


class RefillPreference(models.Model):
    """A client's choice for one protocol: reminders on or off, and how many days ahead."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    protocol = models.ForeignKey(Protocol, on_delete=models.CASCADE, related_name="+")
    enabled = models.BooleanField(default=True)
    days_before = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(MIN_DAYS_BEFORE), MaxValueValidator(MAX_DAYS_BEFORE)]
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "protocol"], name="refills_one_preference")
        ]

    def __str__(self) -> str:
        return f"refills of {self.protocol_id} for {self.user_id}: {'on' if self.enabled else 'off'}"


class ReminderState(models.TextChoices):
    SCHEDULED = "scheduled"
    SENT = "sent"
    # Switched off, superseded by a later order of the same protocol, or the protocol no longer the client's.
    CANCELLED = "cancelled"


class RefillReminder(models.Model):
    client = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    protocol = models.ForeignKey(Protocol, on_delete=models.CASCADE, related_name="+")
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="+")
    paid_on = models.DateField()
    days_of_supply = models.PositiveIntegerField()  # of the line that runs out first
    runs_out_on = models.DateField()
    remind_on = models.DateField()
    state = models.CharField(max_length=10, choices=ReminderState.choices, default=ReminderState.SCHEDULED)
    sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("remind_on", "id")
        indexes: ClassVar = [
            models.Index(fields=["client", "protocol", "state"]),
            models.Index(fields=["state", "remind_on"]),
        ]
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["order", "protocol"], name="refills_one_reminder_per_order")
        ]

    def __str__(self) -> str:
        return f"refill of {self.protocol_id} for {self.client_id} on {self.remind_on} ({self.state})"
