"""A signed-in user's cart and wishlist (spec: docs/spec-coverage.md#s4-cart-add-merges-product), kept on the
server so every device shares them."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.catalog.models import ProductVariant


class LineSource(models.TextChoices):
    """Where a cart line came from; an order line keeps it (a store page is read from its attribution)."""

    SHOP = "shop", "Shop"
    PROTOCOL = "protocol", "Protocol shared with the buyer"
    LINK = "link", "Protocol link"


class CartItem(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="cart_items")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField()
    added_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=16, choices=LineSource.choices, default=LineSource.SHOP)
    # The protocol a protocol or link line came from. No foreign key: the cart sits below protocols in the
    # layers (docs/architecture.md), and a deleted protocol must not take the line with it.
    source_protocol_id = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ("added_at", "id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "variant"], name="cart_one_line_per_variant")
        ]

    def __str__(self) -> str:
        return f"{self.quantity} x {self.variant_id} for {self.user_id}"


class WishlistItem(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="wishlist_items"
    )
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-added_at", "-id")
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["user", "variant"], name="wishlist_once_per_variant")
        ]

    def __str__(self) -> str:
        return f"{self.variant_id} wished by {self.user_id}"
