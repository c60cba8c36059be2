"""A client's day and how they keep to it (docs/decisions/0043-the-day-schedule.md): check-ins per day,
slot and protocol; the secret address of their calendar feed; whether they get the day by e-mail. Personal
health data: private to the client and the practitioner whose protocol a check-in is for."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.protocols.models import Protocol


class CheckInState(models.TextChoices):
    TAKEN = "taken"
    SKIPPED = "skipped"


class CheckIn(models.Model):
    client = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    protocol = models.ForeignKey(Protocol, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    slot = models.CharField(max_length=10)  # server.nutrition.schedule.SLOTS
    state = models.CharField(max_length=8, choices=CheckInState.choices)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("day", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["client", "protocol", "day", "slot"], name="adherence_one_check_in"
            )
        ]
        indexes: ClassVar = [models.Index(fields=["client", "day"])]

    def __str__(self) -> str:
        return f"{self.client_id} {self.day} {self.slot} {self.state}"


class CalendarFeed(models.Model):
    """The secret address a phone calendar subscribes to; revoking it makes the address answer 404."""

    client = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"calendar of {self.client_id}{' (revoked)' if self.revoked_at else ''}"


class DaySettings(models.Model):
    client = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    daily_email = models.BooleanField(default=False)
    last_mailed_on = models.DateField(null=True, blank=True)

    def __str__(self) -> str:
        return f"day settings of {self.client_id}"
