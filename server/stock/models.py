"""Stock (docs/decisions/0040-stock-a-ledger-below-orders.md): what is on the shelf and what unpaid orders
hold, kept as a ledger.

Every change is a `StockMovement` with what it did to the shelf (`on_hand_delta`) and to what unpaid orders
hold (`reserved_delta`); `StockLevel` keeps the two sums, written in the same transaction as the movement,
so a level is always the sum of its movements (a property test proves it). A variant without a level is not
counted: its availability is set by hand, as before stock was counted.

Stock sits below orders: a reservation names its order by id, not by a key to the orders table."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from server.catalog.models import ProductVariant

# A level at or below this many sellable units shows "only N left" (a shop-wide default; each variant
# may set its own).
DEFAULT_LOW_THRESHOLD = 5


class StockLevel(models.Model):
    variant = models.OneToOneField(
        ProductVariant, on_delete=models.CASCADE, primary_key=True, related_name="stock"
    )
    on_hand = models.IntegerField(default=0, help_text="units on the shelf (the sum of the movements)")
    reserved = models.IntegerField(default=0, help_text="units held by unpaid orders")
    low_threshold = models.PositiveIntegerField(default=DEFAULT_LOW_THRESHOLD)
    back_order = models.BooleanField(
        default=False, help_text="keep it purchasable when none are left, with the delivery note"
    )
    back_order_note = models.CharField(max_length=160, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar = [
            models.CheckConstraint(condition=Q(reserved__gte=0), name="stock_reserved_not_negative"),
            # The database itself refuses to sell a unit twice: without back-order nothing is held or
            # sold beyond the shelf.
            models.CheckConstraint(
                condition=Q(back_order=True) | (Q(on_hand__gte=F("reserved")) & Q(on_hand__gte=0)),
                name="stock_never_oversold",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.variant_id}: {self.on_hand} on hand, {self.reserved} reserved"

    @property
    def available(self) -> int:
        return self.on_hand - self.reserved


class MovementKind(models.TextChoices):
    RECEIVED = "received", "Received"
    RESERVED = "reserved", "Reserved"
    RELEASED = "released", "Released"
    SOLD = "sold", "Sold"
    ADJUSTED = "adjusted", "Adjusted"
    RETURNED = "returned", "Returned"


class StockMovement(models.Model):
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="stock_movements")
    kind = models.CharField(max_length=12, choices=MovementKind.choices)
    on_hand_delta = models.IntegerField(default=0)
    reserved_delta = models.IntegerField(default=0)
    order_id = models.PositiveBigIntegerField(null=True, blank=True, db_index=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ("-created_at", "-id")

    def __str__(self) -> str:
        return f"{self.kind} {self.on_hand_delta:+d}/{self.reserved_delta:+d} of {self.variant_id}"


class ReservationState(models.TextChoices):
    HELD = "held", "Held"
    SOLD = "sold", "Sold"
    RELEASED = "released", "Released"


class Reservation(models.Model):
    """What one unpaid order holds of one variant."""

    order_id = models.PositiveBigIntegerField(db_index=True)
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="reservations")
    quantity = models.PositiveIntegerField()
    state = models.CharField(max_length=10, choices=ReservationState.choices, default=ReservationState.HELD)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["order_id", "variant"],
                condition=Q(state="held"),
                name="stock_one_held_reservation_per_line",
            )
        ]

    def __str__(self) -> str:
        return f"order {self.order_id}: {self.quantity} of {self.variant_id} ({self.state})"


# How long a back-in-stock alert waits before it lapses.
ALERT_DAYS = 90


class AlertState(models.TextChoices):
    WAITING = "waiting", "Waiting"
    NOTIFIED = "notified", "Notified"
    EXPIRED = "expired", "Expired"


class StockAlert(models.Model):
    """A signed-in user asked to be told when a sold-out variant is back."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stock_alerts")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="stock_alerts")
    state = models.CharField(max_length=10, choices=AlertState.choices, default=AlertState.WAITING)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    notified_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("created_at", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["user", "variant"], condition=Q(state="waiting"), name="stock_one_waiting_alert"
            )
        ]
        indexes: ClassVar = [models.Index(fields=["variant", "state", "created_at"])]

    def __str__(self) -> str:
        return f"{self.user_id} waits for {self.variant_id} ({self.state})"


class Equivalence(models.Model):
    """Staff marked two products as equivalent: each is offered when the other is sold out
    (docs/decisions/0041-substitutes.md). Kept in both directions, one row each, so a product's equivalents
    are one indexed read."""

    product = models.ForeignKey("catalog.Product", on_delete=models.CASCADE, related_name="+")
    equivalent = models.ForeignKey("catalog.Product", on_delete=models.CASCADE, related_name="+")
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("product", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["product", "equivalent"], name="stock_equivalent_once"),
            models.CheckConstraint(
                condition=~Q(product=F("equivalent")), name="stock_not_its_own_equivalent"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.product_id} = {self.equivalent_id}"
