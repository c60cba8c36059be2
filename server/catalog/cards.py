"""Product cards, the list item of product lists, search hits and popular products.

Cards are read with three flat queries (no model instances) and kept per process, keyed by the
catalogue's version token: any catalogue write changes the token (services.catalog_changed), so a card
is never served from an older catalogue. Lists repeat the same products all day; this turns most pages
into dictionary look-ups.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any, Literal, TypedDict

from django.core.files.storage import default_storage

from server.catalog.models import Product, ProductAsset, ProductVariant
from server.core.choices import one_of
from server.core.region import Region, money

MAX_CACHED_CARDS = 20_000


class Thumbnails(TypedDict):
    thumbnail_75: str
    thumbnail_125: str
    thumbnail_250: str


class AssetOut(TypedDict):
    asset_id: int
    asset_order: int
    is_primary: bool
    image_url: str
    alt_text: str
    thumbnails: Thumbnails


class BrandOut(TypedDict):
    brand_id: int
    id: int
    name: str
    slug: str


StockStateName = Literal["in_stock", "low", "sold_out", "back_order"]
STOCK_STATES: tuple[StockStateName, ...] = ("in_stock", "low", "sold_out", "back_order")


class StockOut(TypedDict):
    """What buyers see of a variant's stock (docs/decisions/0040-stock-a-ledger-below-orders.md): the exact
    count only when few are left; `note` is the delivery note of a variant on back-order."""

    state: StockStateName
    available: int | None
    note: str


class VariantOut(TypedDict):
    """Money as a 2-decimal string in `currency`, the region's."""

    id: int
    sku: str
    price: str
    currency: str
    unit_of_measure: str
    weight: str | None
    availability: int
    stock: StockOut


class ProductCard(TypedDict):
    """The list item of product lists, search hits, popular products, protocol lines and wishlists."""

    id: int
    slug: str
    name: str
    brand: BrandOut
    price: str
    currency: str
    is_available: bool
    # The best of its variants' (in stock, then low with the largest count, back-order, sold out).
    stock: StockOut
    practitioner_only: bool
    zero_waste: bool
    variants: list[VariantOut]
    assets: list[AssetOut]


_lock = threading.Lock()
_cache_token = ""
_cache: dict[tuple[int, Region], ProductCard] = {}


def _price(value: Decimal) -> str:
    return f"{money(value):.2f}"


def _media(name: str) -> str:
    return default_storage.url(name) if name else ""


def stock_out(*, state: StockStateName, available: int | None, note: str) -> StockOut:
    return {
        "state": state,
        "available": available if state == "low" else None,
        "note": note if state == "back_order" else "",
    }


def variant_stock(row: dict[str, Any]) -> StockOut:
    """The stock of a variant row with its `stock_*` values."""
    return stock_out(
        state=one_of(row["stock_state"], STOCK_STATES),
        available=row["stock_available"],
        note=row["stock_note"],
    )


_STOCK_RANK = {"in_stock": 0, "low": 1, "back_order": 2, "sold_out": 3}


def product_stock(variants: Sequence[StockOut]) -> StockOut:
    """A product's stock: its best variant's. A product without variants is sold out."""
    if not variants:
        return {"state": "sold_out", "available": None, "note": ""}
    return min(variants, key=lambda stock: (_STOCK_RANK[stock["state"]], -(stock["available"] or 0)))


def _build(product_ids: Iterable[int], regions: Sequence[Region]) -> dict[tuple[int, Region], ProductCard]:
    ids = list(product_ids)
    products = Product.objects.filter(pk__in=ids).values(
        "id", "slug", "name", "price_eur", "price_gbp", "is_available", "practitioner_only", "zero_waste",
        "brand_id", "brand__name", "brand__slug",
    )  # fmt: skip
    variants: dict[int, list[dict[str, Any]]] = {}
    for variant in (
        ProductVariant.objects.filter(product_id__in=ids)
        .order_by("position", "id")
        .values(
            "id",
            "product_id",
            "sku",
            "unit_of_measure",
            "weight",
            "price_eur",
            "price_gbp",
            "availability",
            "stock_state",
            "stock_available",
            "stock_note",
        )
    ):
        variants.setdefault(variant["product_id"], []).append(dict(variant))
    assets: dict[int, list[AssetOut]] = {}
    for asset in (
        ProductAsset.objects.filter(product_id__in=ids)
        .order_by("asset_order", "id")
        .values("id", "product_id", "asset_order", "is_primary", "image", "alt_text",
                "thumbnail_75", "thumbnail_125", "thumbnail_250")
    ):  # fmt: skip
        assets.setdefault(asset["product_id"], []).append(
            {
                "asset_id": asset["id"],
                "asset_order": asset["asset_order"],
                "is_primary": asset["is_primary"],
                "image_url": _media(asset["image"]),
                "alt_text": asset["alt_text"],
                "thumbnails": {
                    "thumbnail_75": _media(asset["thumbnail_75"]),
                    "thumbnail_125": _media(asset["thumbnail_125"]),
                    "thumbnail_250": _media(asset["thumbnail_250"]),
                },
            }
        )
    cards: dict[tuple[int, Region], ProductCard] = {}
    for row in products:
        product: dict[str, Any] = dict(row)
        for region in regions:
            price_key = region.price_field
            cards[(product["id"], region)] = {
                "id": product["id"],
                "slug": product["slug"],
                "name": product["name"],
                "brand": {
                    "brand_id": product["brand_id"],
                    "id": product["brand_id"],
                    "name": product["brand__name"],
                    "slug": product["brand__slug"],
                },
                "price": _price(product[price_key]),
                "currency": region.currency,
                "is_available": product["is_available"],
                "stock": product_stock([variant_stock(v) for v in variants.get(product["id"], [])]),
                "practitioner_only": product["practitioner_only"],
                "zero_waste": product["zero_waste"],
                "variants": [
                    {
                        "id": v["id"],
                        "sku": v["sku"],
                        "price": _price(v[price_key]),
                        "currency": region.currency,
                        "unit_of_measure": v["unit_of_measure"],
                        "weight": None if v["weight"] is None else f"{v['weight'].normalize():f}",
                        "availability": v["availability"],
                        "stock": variant_stock(v),
                    }
                    for v in variants.get(product["id"], [])
                ],
                "assets": assets.get(product["id"], []),
            }
    return cards


def product_cards(*, product_ids: Sequence[int], region: Region, token: str) -> list[ProductCard]:
    """Cards in the order of `product_ids`; `token` is the catalogue version they must belong to.
    The cards are shared between requests: callers must not change them."""
    global _cache_token, _cache
    with _lock:
        if token != _cache_token or len(_cache) > MAX_CACHED_CARDS:
            _cache_token, _cache = token, {}
        cache = _cache
    missing = [pk for pk in product_ids if (pk, region) not in cache]
    if missing:
        # Both regions at once: the same rows serve the other currency's next request for free. Should the
        # token change meanwhile, this fills a dictionary nobody reads any more, which is harmless.
        cache.update(_build(missing, (Region.EU, Region.UK)))
    return [cache[(pk, region)] for pk in product_ids if (pk, region) in cache]
