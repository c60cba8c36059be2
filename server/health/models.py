"""A client's personal health data (docs/decisions/0043-the-day-schedule.md): the medicines they take, from
the reference vocabulary, and when. Private to the client; a practitioner who shares a protocol with them
sees it, to be warned of interactions."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models


class ClientMedicine(models.Model):
    client = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The id of a medicine of server/nutrition/data/medicines.json (a class or a substance).
    medicine_id = models.CharField(max_length=64)
    # The time slots it is taken in (server.nutrition.schedule.SLOTS); empty: no set time.
    slots = models.JSONField(default=list, blank=True)
    position = models.PositiveSmallIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("position", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["client", "medicine_id"], name="health_one_row_per_medicine")
        ]

    def __str__(self) -> str:
        return f"{self.medicine_id} of {self.client_id}"
