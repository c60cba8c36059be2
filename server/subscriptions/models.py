"""Automatic refills (docs/decisions/0042-automatic-refills.md): a client's subscription to a protocol's
lines, one parcel per cycle, charged on a payment mandate. A subscription keeps each line's run-out day; a
parcel is one cycle's order, claimed once per day and charged once."""

from __future__ import annotations

from decimal import Decimal
from typing import ClassVar

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from server.catalog.models import ProductVariant
from server.orders.models import Order, ShippingMethod, StoreRegion
from server.protocols.models import Protocol, ProtocolItem

MIN_INTERVAL = 7
MAX_INTERVAL = 180
MAX_QUANTITY = 99


def _retry_days_valid(value: str) -> None:
    from django.core.exceptions import ValidationError

    try:
        days = [int(part) for part in value.split(",") if part.strip()]
    except ValueError as error:
        raise ValidationError("Days after the failed charge, separated by commas: 1,3,7") from error
    if not days or days != sorted(set(days)) or days[0] < 1 or days[-1] > 60:
        raise ValidationError("Rising days from 1 to 60, separated by commas: 1,3,7")


class RefillSettings(models.Model):
    """Staff's settings of automatic refills, one row per store (the defaults when a store has none)."""

    region = models.CharField(max_length=2, choices=StoreRegion.choices, unique=True)
    discount_rate = models.DecimalField(
        max_digits=5,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(50))],
        help_text="Auto-refill discount in percent, stacked on the client's discount",
    )
    lead_days = models.PositiveSmallIntegerField(
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(30)],
        help_text="Days a parcel takes to arrive: it ships this long before the first line runs out",
    )
    notice_days = models.PositiveSmallIntegerField(
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(14)],
        help_text="Days before a parcel that its notice e-mail goes out",
    )
    retry_days = models.CharField(
        max_length=40,
        default="1,3,7",
        validators=[_retry_days_valid],
        help_text="Days after a failed charge that it is tried again; after the last, the refill pauses",
    )

    class Meta:
        verbose_name_plural = "refill settings"

    def __str__(self) -> str:
        return f"automatic refills ({self.region})"

    @property
    def retry_plan(self) -> list[int]:
        return [int(part) for part in self.retry_days.split(",") if part.strip()]


class SubscriptionState(models.TextChoices):
    PENDING_MANDATE = "pending_mandate", "Waiting for the first payment"
    ACTIVE = "active", "Active"
    PAUSED = "paused", "Paused"
    PAST_DUE = "past_due", "Past due"
    CANCELLED = "cancelled", "Cancelled"


class PastDueReason(models.TextChoices):
    CHARGE_FAILED = "charge_failed", "A charge failed"
    MANDATE_REVOKED = "mandate_revoked", "The payment mandate was revoked"
    NOT_SHIPPED = "not_shipped", "The address or method no longer ships"


class Subscription(models.Model):
    client = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    # The practitioner whose protocol it follows (their view, their commission through the orders).
    practitioner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    protocol = models.ForeignKey(Protocol, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    source_order = models.ForeignKey(
        Order, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    region = models.CharField(max_length=2, choices=StoreRegion.choices)
    currency = models.CharField(max_length=3)
    language = models.CharField(max_length=8)
    state = models.CharField(
        max_length=16, choices=SubscriptionState.choices, default=SubscriptionState.PENDING_MANDATE
    )
    reason = models.CharField(max_length=16, choices=PastDueReason.choices, blank=True)
    # The client's own interval; null follows the lines' days of supply.
    interval_days = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MinValueValidator(MIN_INTERVAL), MaxValueValidator(MAX_INTERVAL)]
    )
    next_parcel_on = models.DateField(null=True, blank=True)
    # The parcel date the notice was sent for: each parcel's notice is claimed once.
    noticed_for = models.DateField(null=True, blank=True)
    shipping_address = models.JSONField()
    shipping_method = models.ForeignKey(ShippingMethod, on_delete=models.PROTECT, related_name="+")
    provider = models.CharField(max_length=16, blank=True)
    customer_id = models.CharField(max_length=64, blank=True)
    mandate_id = models.CharField(max_length=64, blank=True)
    idempotency_key = models.CharField(max_length=100)
    request_fingerprint = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["client", "idempotency_key"], name="subscriptions_one_per_key")
        ]
        indexes: ClassVar = [
            models.Index(fields=["state", "next_parcel_on"], name="subscriptions_due"),
            models.Index(fields=["practitioner", "state"], name="subscriptions_practitioner"),
            models.Index(fields=["client", "state"], name="subscriptions_client"),
        ]

    def __str__(self) -> str:
        return f"refill {self.pk} of {self.client_id} ({self.state})"


class SubscriptionLine(models.Model):
    subscription = models.ForeignKey(Subscription, on_delete=models.CASCADE, related_name="lines")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    # The protocol line it came from: its dose and its substitute are read from there while it exists.
    protocol_item = models.ForeignKey(
        ProtocolItem, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    quantity = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_QUANTITY)]
    )
    servings_per_day = models.DecimalField(max_digits=5, decimal_places=2)
    # The day its supply runs out (null before its first parcel is paid).
    runs_out_on = models.DateField(null=True, blank=True)
    refuse_substitute = models.BooleanField(default=False)
    position = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ("subscription", "position", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["subscription", "variant"], name="subscriptions_one_line_per_variant"
            )
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.variant_id}"


class ParcelState(models.TextChoices):
    PLACED = "placed", "Placed, not charged yet"
    CHARGING = "charging", "Being charged"
    PAID = "paid", "Paid"
    FAILED = "failed", "Charge failed"
    SKIPPED = "skipped", "Skipped"
    CANCELLED = "cancelled", "Cancelled"


class Parcel(models.Model):
    """One cycle: the order placed on its day and its charges. `plan` holds what each subscription line
    sends: `{line_id, variant_id, quantity, days, substitute_for}`; the lines' run-out days move by it once
    the parcel is paid."""

    subscription = models.ForeignKey(Subscription, on_delete=models.CASCADE, related_name="parcels")
    date = models.DateField()
    state = models.CharField(max_length=10, choices=ParcelState.choices, default=ParcelState.PLACED)
    first = models.BooleanField(default=False)
    order = models.ForeignKey(Order, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    plan = models.JSONField(default=list)
    attempts = models.PositiveSmallIntegerField(default=0)
    charge_key = models.CharField(max_length=100, blank=True)
    retry_on = models.DateField(null=True, blank=True)
    failed_on = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("subscription", "-date", "-id")
        constraints: ClassVar = [
            # One parcel a day per subscription: the claim that makes a day's run place it once.
            models.UniqueConstraint(
                fields=["subscription", "date"],
                condition=~models.Q(state="cancelled"),
                name="subscriptions_one_parcel_a_day",
            )
        ]
        indexes: ClassVar = [
            models.Index(fields=["state", "retry_on"], name="subscriptions_parcel_retry"),
        ]

    def __str__(self) -> str:
        return f"parcel {self.date} of {self.subscription_id} ({self.state})"
