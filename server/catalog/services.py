"""Writes to the catalogue. Every write that changes what lists show ends with `catalog_changed`."""

from __future__ import annotations

import uuid
from decimal import Decimal

from django.core.files.base import ContentFile
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from server.catalog import listing_index
from server.catalog.models import (
    Availability,
    CatalogVersion,
    Product,
    ProductActivity,
    ProductAsset,
    StockState,
)
from server.core.images import THUMBNAIL_SIZES, process_image
from server.core.storage import NewFiles


def catalog_changed() -> None:
    """Bump the catalogue version (inside the caller's transaction) so listing indexes rebuild."""
    token = uuid.uuid4().hex
    updated = CatalogVersion.objects.filter(pk=1).update(version=F("version") + 1, token=token)
    if not updated:
        CatalogVersion.objects.update_or_create(pk=1, defaults={"version": 1, "token": token})
    # This process's next read asks for the new version at once: a writer sees its write.
    transaction.on_commit(listing_index.token_seen_stale)


@transaction.atomic
def product_refresh_summary(*, product: Product) -> Product:
    """Keep `is_available` and the list prices (the first variant's) in step with the variants."""
    variants = list(product.variants.order_by("position", "id"))
    for variant in variants:
        # A variant whose stock is not counted is sold out exactly when it is listed as unavailable by hand
        # (the stock app keeps the two in step for counted ones before it calls this).
        shown = (
            StockState.SOLD_OUT if variant.availability == Availability.UNAVAILABLE else StockState.IN_STOCK
        )
        if (variant.stock_state == StockState.SOLD_OUT) != (shown == StockState.SOLD_OUT):
            variant.stock_state, variant.stock_available = shown, None
            variant.save(update_fields=["stock_state", "stock_available"])
    product.is_available = any(v.availability == Availability.AVAILABLE for v in variants)
    product.price_eur = variants[0].price_eur if variants else Decimal("0")
    product.price_gbp = variants[0].price_gbp if variants else Decimal("0")
    product.save(update_fields=["is_available", "price_eur", "price_gbp", "updated_at"])
    catalog_changed()
    return product


@transaction.atomic
def product_image_add(
    *, product: Product, data: bytes, alt_text: str = "", asset_order: int | None = None
) -> ProductAsset:
    """Validate and re-encode an image, make its 75/125/250 thumbnails and append it to the product."""
    processed = process_image(data)
    if asset_order is None:
        last = product.assets.order_by("-asset_order").values_list("asset_order", flat=True).first()
        asset_order = 0 if last is None else last + 1
    stem = uuid.uuid4().hex
    asset = ProductAsset(
        product=product,
        asset_order=asset_order,
        width=processed.width,
        height=processed.height,
        is_primary=not product.assets.exists(),
        alt_text=alt_text[:255],
    )
    with NewFiles() as files:
        files.save(asset.image, f"{stem}.webp", ContentFile(processed.original))
        for size in THUMBNAIL_SIZES:
            thumbnail = ContentFile(processed.thumbnails[size])
            files.save(getattr(asset, f"thumbnail_{size}"), f"{stem}-{size}.webp", thumbnail)
        asset.save()
    return asset


def product_activity_record(*, product_id: int, views: int = 0, cart_adds: int = 0) -> None:
    """Count a view or a cart add for today (feeds the popular products of search)."""
    # One upsert statement (PostgreSQL and SQLite): it sits on the cart write path.
    table = connection.ops.quote_name(ProductActivity._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (product_id, day, views, cart_adds) VALUES (%s, %s, %s, %s) "  # noqa: S608
            f"ON CONFLICT (product_id, day) DO UPDATE SET views = {table}.views + excluded.views, "
            f"cart_adds = {table}.cart_adds + excluded.cart_adds",
            [product_id, timezone.localdate(), views, cart_adds],
        )


@transaction.atomic
def product_views_record(*, counts: dict[int, int]) -> None:
    """Count many product page views at once: those the ASGI front answered from the reply cache, which it
    gathers in memory (server/catalog/view_counts.py). A product deleted meanwhile is left out."""
    existing = set(Product.objects.filter(pk__in=list(counts)).values_list("pk", flat=True))
    for product_id in sorted(existing):
        product_activity_record(product_id=product_id, views=counts[product_id])
