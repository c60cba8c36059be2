"""Orders (docs/decisions/0017-checkout-orders-and-payments.md): made from the cart at checkout, never from
numbers the browser sends. Each keeps what was bought at the price paid, so later catalogue changes leave it
as it was; the state and its history live here, payments in server/payments."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.cart.models import LineSource
from server.catalog.models import ProductVariant


class StoreRegion(models.TextChoices):
    UK = "uk", "UK store (GBP)"
    EU = "eu", "EU store (EUR)"


class VatRate(models.Model):
    """A destination the shop ships to, with its standard VAT rate; which store ships there."""

    country = models.CharField(max_length=2, unique=True, help_text="ISO 3166-1 alpha-2, upper case")
    name = models.CharField(max_length=80)
    region = models.CharField(max_length=2, choices=StoreRegion.choices)
    rate = models.DecimalField(max_digits=5, decimal_places=2, help_text="Percent, included in prices")
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ("name",)

    def __str__(self) -> str:
        return f"{self.name} ({self.country}) {self.rate} %"


class ShippingMethod(models.Model):
    """A way to ship, per store, with its price and the goods total from which it is free."""

    region = models.CharField(max_length=2, choices=StoreRegion.choices)
    code = models.SlugField(max_length=40)
    name = models.CharField(max_length=80)
    price = models.DecimalField(max_digits=12, decimal_places=2)
    free_over = models.DecimalField(
        max_digits=12, decimal_places=2, null=True, blank=True, help_text="Free from this goods total"
    )
    position = models.PositiveSmallIntegerField(default=0)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ("region", "position", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["region", "code"], name="orders_one_method_code_per_region")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.region})"


class OrderState(models.TextChoices):
    AWAITING_PAYMENT = "awaiting_payment", "Awaiting payment"
    PAID = "paid", "Paid"
    FULFILLED = "fulfilled", "Shipped"
    DELIVERED = "delivered", "Delivered"
    CANCELLED = "cancelled", "Cancelled"
    REFUNDED = "refunded", "Refunded"
    PARTIALLY_REFUNDED = "partially_refunded", "Partially refunded"


class Order(models.Model):
    number = models.CharField(max_length=20, unique=True, null=True, blank=True)
    buyer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders")
    # The practitioner the buyer was a client of when ordering (for their orders view and commission).
    practitioner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="client_orders",
    )
    region = models.CharField(max_length=2, choices=StoreRegion.choices)
    currency = models.CharField(max_length=3)
    language = models.CharField(max_length=8)
    shipping_address = models.JSONField()
    billing_address = models.JSONField()
    shipping_method = models.ForeignKey(ShippingMethod, on_delete=models.PROTECT, related_name="+")
    shipping_method_name = models.CharField(max_length=80)
    discount_rate = models.DecimalField(max_digits=5, decimal_places=2)
    # The auto-refill discount stacked on the client's (docs/decisions/0042-automatic-refills.md).
    refill_discount_rate = models.DecimalField(max_digits=5, decimal_places=2, default=0)
    # The automatic refill this order is a parcel of: a plain column, as orders sit below subscriptions.
    subscription_id = models.PositiveIntegerField(null=True, blank=True, db_index=True)
    subtotal = models.DecimalField(max_digits=12, decimal_places=2)
    discount = models.DecimalField(max_digits=12, decimal_places=2)
    shipping = models.DecimalField(max_digits=12, decimal_places=2)
    shipping_vat_rate = models.DecimalField(max_digits=5, decimal_places=2)
    vat = models.DecimalField(max_digits=12, decimal_places=2)
    total = models.DecimalField(max_digits=12, decimal_places=2)
    refunded = models.DecimalField(max_digits=12, decimal_places=2, default=0)
    state = models.CharField(max_length=24, choices=OrderState.choices, default=OrderState.AWAITING_PAYMENT)
    carrier = models.CharField(max_length=80, blank=True)
    tracking_reference = models.CharField(max_length=120, blank=True)
    # Checkout's Idempotency-Key and the fingerprint of the request it came with (same key, other body: 409).
    idempotency_key = models.CharField(max_length=100)
    request_fingerprint = models.CharField(max_length=64)
    # The cart it was made from (variants and quantities): a second checkout of the same cart finds it.
    cart_fingerprint = models.CharField(max_length=64)
    # Unpaid, its units are held until then (ORDER_UNPAID_EXPIRY after checkout or the latest payment
    # started); past it the order expires (server/orders/services.py order_expire).
    hold_until = models.DateTimeField(null=True, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-created_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["buyer", "idempotency_key"], name="orders_one_order_per_key")
        ]
        indexes: ClassVar = [models.Index(fields=["practitioner", "-created_at"])]

    def __str__(self) -> str:
        return self.number or f"order {self.pk}"


class OrderLine(models.Model):
    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    # Kept when the variant is deleted later: the line still says what was bought.
    variant = models.ForeignKey(ProductVariant, on_delete=models.SET_NULL, null=True, related_name="+")
    product_id = models.PositiveIntegerField()
    sku = models.CharField(max_length=64)
    name = models.CharField(max_length=255)
    quantity = models.PositiveIntegerField()
    unit_price = models.DecimalField(max_digits=12, decimal_places=2)
    discount = models.DecimalField(max_digits=12, decimal_places=2)
    vat_rate = models.DecimalField(max_digits=5, decimal_places=2)
    vat = models.DecimalField(max_digits=12, decimal_places=2)
    total = models.DecimalField(max_digits=12, decimal_places=2)
    source = models.CharField(max_length=16)  # LineSource or "store"
    source_protocol_id = models.PositiveIntegerField(null=True, blank=True)
    source_store_id = models.PositiveIntegerField(null=True, blank=True)
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ("order", "position")

    def __str__(self) -> str:
        return f"{self.quantity} x {self.sku}"


LINE_SOURCES = (*LineSource.values, "store")


class OrderEvent(models.Model):
    """The state history: each state the order entered, when, and why (a note for staff actions)."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="history")
    state = models.CharField(max_length=24, choices=OrderState.choices)
    at = models.DateTimeField(auto_now_add=True)
    note = models.CharField(max_length=255, blank=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ("order", "at", "id")

    def __str__(self) -> str:
        return f"{self.order_id} {self.state}"
