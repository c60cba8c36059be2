"""Onboarding milestones of a practitioner (spec section 3), one row per milestone reached."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models


class MilestoneId(models.IntegerChoices):
    REGISTRATION_COMPLETE = 1, "Registration complete"
    CERTIFICATE_UPLOADED = 2, "Certificate uploaded"
    CERTIFICATE_VALIDATED = 3, "Certificate validated"
    TIER_ID = 4, "Tier set"
    PROTOCOL_CREATED = 5, "Protocol created"
    ONBOARDING_CALL_SCHEDULED = 6, "Onboarding call scheduled"
    FIFTH_PROTOCOL_SHARED = 7, "Fifth protocol shared"
    TENTH_PROTOCOL_SHARED = 8, "Tenth protocol shared"
    MANAGE_MY_PRACTICE_ACTIVATED = 9, "Manage my practice activated"
    FIRST_CLIENT_INVITED = 10, "First client invited"
    FIFTH_CLIENT_INVITED = 11, "Fifth client invited"
    TWENTIETH_CLIENT_INVITED = 12, "Twentieth client invited"
    HUNDREDTH_CLIENT_INVITED = 13, "Hundredth client invited"
    FIRST_PROTOCOL_SHARED = 14, "First protocol shared"


class Milestone(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="milestones")
    milestone_id = models.PositiveSmallIntegerField(choices=MilestoneId.choices)
    reached_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("reached_at", "milestone_id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "milestone_id"], name="onboarding_milestone_once")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} reached {self.milestone_id}"
