"""The external providers of spec docs/spec-coverage.md#s7-ads, docs/spec-coverage.md#s7-marketing-event, kept
local: a content provider's ads, a marketing provider's events, and the record of multipass tokens already
used."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models


class Ad(models.Model):
    provider = models.SlugField(max_length=40, default="local")
    ad_type = models.PositiveSmallIntegerField(default=2)
    title = models.CharField(max_length=200)
    body = models.TextField(blank=True)
    link_url = models.URLField(blank=True)
    image = models.ImageField(upload_to="ads/", blank=True)
    position = models.PositiveIntegerField(default=0)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("position", "-id")
        indexes: ClassVar = [models.Index(fields=["provider", "ad_type", "is_active"])]

    def __str__(self) -> str:
        return self.title


class MarketingTrigger(models.IntegerChoices):
    """Analytics events of spec docs/spec-coverage.md#s9-analytics-events-lead-form and the share-flow
    triggers (docs/spec-coverage.md#s4-after-sharing-total-protocol)."""

    LEAD_FORM_SUBMIT = 1, "Lead Form Submit"
    CLIENT_FORM_SUBMIT = 2, "Client Form Submit"
    LOGGED_IN_ADMIN = 11, "Logged in: admin"
    LOGGED_IN_CERTIFIED_PRACTITIONER = 12, "Logged in: certified practitioner"
    LOGGED_IN_PRACTITIONER = 13, "Logged in: practitioner"
    LOGGED_IN_CLIENT = 14, "Logged in: client"
    FIRST_PROTOCOL_SHARED = 21, "First protocol shared"
    FIFTH_PROTOCOL_SHARED = 25, "Fifth protocol shared"
    TENTH_PROTOCOL_SHARED = 30, "Tenth protocol shared"


class MarketingEvent(models.Model):
    provider = models.SlugField(max_length=40, default="local")
    trigger_id = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"{self.provider}:{self.trigger_id}"


class UsedMultipass(models.Model):
    """Hashes of multipass tokens already used; a token works once."""

    token_hash = models.CharField(max_length=64, unique=True)
    used_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return self.token_hash[:12]
