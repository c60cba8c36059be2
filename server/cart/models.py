"""A signed-in user's cart and wishlist (spec section 4), kept on the server so every device shares them."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models

from server.catalog.models import ProductVariant


class CartItem(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="cart_items")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField()
    added_at = models.DateTimeField(auto_now_add=True)

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
