"""The demo shop counts the stock of its products (docs/decisions/0040-stock-a-ledger-below-orders.md): each
variant got one delivery, a few are nearly gone and those the catalogue lists as unavailable are sold out,
so the storefront shows every stock state. Quantities come from the SKU, so every seed gives the same."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from server.catalog.models import Availability, ProductVariant, StockState
from server.stock.models import Equivalence, MovementKind, StockLevel, StockMovement
from server.stock.selectors import stock_of
from server.stock.substitutes import equivalence_candidates, equivalence_mark


def demo_on_hand(sku: str, *, listed_available: bool) -> int:
    if not listed_available:
        return 0
    draw = int(hashlib.sha256(sku.encode()).hexdigest()[:8], 16)
    return 2 + draw % 3 if draw % 8 == 0 else 30 + draw % 170


def demo_stock_count(variants: Sequence[ProductVariant]) -> None:
    """A stock level and its first delivery for each of `variants` (saved, not counted yet), and what buyers
    see of it on the variant."""
    levels = [
        StockLevel(
            variant_id=variant.pk,
            on_hand=demo_on_hand(
                variant.sku, listed_available=variant.availability == Availability.AVAILABLE
            ),
        )
        for variant in variants
    ]
    StockLevel.objects.bulk_create(levels)
    StockMovement.objects.bulk_create(
        StockMovement(
            variant_id=level.variant_id,
            kind=MovementKind.RECEIVED,
            on_hand_delta=level.on_hand,
            reason="demo stock",
        )
        for level in levels
        if level.on_hand
    )
    for variant, level in zip(variants, levels, strict=True):
        seen = stock_of(level)
        variant.stock_state, variant.stock_available, variant.stock_note = (
            seen["state"],
            seen["available"],
            seen["note"],
        )
    ProductVariant.objects.bulk_update(variants, ["stock_state", "stock_available", "stock_note"])


def demo_stock_ensure(skus: Sequence[str]) -> None:
    """Count the stock of demo variants seeded before stock was counted."""
    demo_stock_count(list(ProductVariant.objects.filter(sku__in=skus, stock__isnull=True)))


# The demo marks equivalents for this many sold-out products (the proposals read every product's facts, so a
# benchmark catalogue of 100,000 products is not walked whole).
DEMO_EQUIVALENT_PRODUCTS = 20


def demo_equivalents_ensure(skus: Sequence[str]) -> int:
    """Mark what the admin would propose (up to two products each) as equivalent to the first sold-out demo
    products that have none, so the storefront shows substitutes (docs/decisions/0041-substitutes.md).
    Answers how many products got equivalents."""
    marked = Equivalence.objects.values("product_id")
    sold_out = (
        ProductVariant.objects.filter(sku__in=skus, stock_state=StockState.SOLD_OUT)
        .exclude(product_id__in=marked)
        .order_by("product_id")
        .values_list("product_id", flat=True)
        .distinct()[:DEMO_EQUIVALENT_PRODUCTS]
    )
    count = 0
    for product_id in list(sold_out):
        candidates = equivalence_candidates(product_id=product_id, limit=2)
        for candidate in candidates:
            equivalence_mark(product_id=product_id, equivalent_id=candidate.product_id, by=None)
        count += bool(candidates)
    return count
