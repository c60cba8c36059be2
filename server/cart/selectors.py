"""Reads of the cart (totals in the caller's region, with the client's discount) and the wishlist."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, TypedDict

from pydantic import Field

from server.accounts.models import PractitionerClient, User
from server.cart.models import CartItem, LineSource, WishlistItem
from server.catalog.cards import STOCK_STATES, AssetOut, StockOut, VariantOut, stock_out
from server.catalog.selectors import product_cards
from server.core.choices import one_of
from server.core.pricing import ZERO, line_amounts, order_totals
from server.core.region import Region


class CartItemOut(TypedDict):
    product_id: int
    product_variant_id: int
    price: str
    quantity: int
    line_total: str
    name: str
    slug: str
    sku: str
    unit_of_measure: str
    availability: int
    stock: StockOut
    assets: list[AssetOut]
    source_protocol_id: Annotated[
        int | None,
        Field(
            description="The protocol shared with the buyer that the line came from: while the line is sold "
            "out, the substitutes call with this protocol_id offers its practitioner's choice first"
        ),
    ]


class CartOut(TypedDict):
    """Money as 2-decimal strings in `currency`; `discount_rate` is a percent."""

    items: list[CartItemOut]
    total_items: int
    total_price: str
    total_discount: str
    total_price_after_discount: str
    discount_rate: str
    currency: str


class WishlistBrand(TypedDict):
    brand_id: int
    name: str
    slug: str


class WishlistProduct(TypedDict):
    name: str
    slug: str


class WishlistVariantOut(VariantOut):
    images: list[str]


class WishlistItemOut(TypedDict):
    wishlist_item_id: int
    product_id: int
    product_variant_id: int
    brand: WishlistBrand
    product: WishlistProduct
    variants: list[WishlistVariantOut]
    assets: list[AssetOut]


class WishlistOut(TypedDict):
    data: list[WishlistItemOut]


def practitioner_link_of(user: User) -> PractitionerClient | None:
    """The client's most recent practitioner link: its practitioner's discount applies to the cart."""
    return PractitionerClient.objects.filter(client=user).order_by("-created_at", "-id").first()


def discount_rate_of(user: User) -> Decimal:
    """The discount (percent) of the client's most recent practitioner link; 0 without one."""
    link = practitioner_link_of(user)
    return link.discount_rate if link else Decimal("0")


def cart_of(*, user: User, region: Region) -> CartOut:
    lines = list(
        CartItem.objects.filter(user=user).select_related("variant__product").order_by("added_at", "id")
    )
    # The cart shows each line's picture: the cached catalogue cards carry the assets with thumbnails.
    product_ids = sorted({line.variant.product_id for line in lines})
    cards = {card["id"]: card for card in product_cards(product_ids=product_ids, region=region)}
    rate = discount_rate_of(user)
    items: list[CartItemOut] = []
    amounts = []
    for line in lines:
        variant = line.variant
        price = region.price_of(variant)
        # The money rules of server/core/pricing.py, as checkout uses them: the cart's totals are the order's.
        amount = line_amounts(unit_price=price, quantity=line.quantity, discount_rate=rate, vat_rate=ZERO)
        amounts.append(amount)
        items.append(
            {
                "product_id": variant.product_id,
                "product_variant_id": variant.pk,
                "price": f"{amount.unit_price:.2f}",
                "quantity": line.quantity,
                "line_total": f"{amount.gross:.2f}",
                "name": variant.product.name,
                "slug": variant.product.slug,
                "sku": variant.sku,
                "unit_of_measure": variant.unit_of_measure,
                "availability": variant.availability,
                "stock": stock_out(
                    state=one_of(variant.stock_state, STOCK_STATES),
                    available=variant.stock_available,
                    note=variant.stock_note,
                ),
                "assets": cards[variant.product_id]["assets"] if variant.product_id in cards else [],
                "source_protocol_id": line.source_protocol_id if line.source == LineSource.PROTOCOL else None,
            }
        )
    totals = order_totals(lines=amounts, shipping=ZERO, shipping_vat_rate=ZERO)
    return {
        "items": items,
        "total_items": sum(line.quantity for line in lines),
        "total_price": f"{totals.subtotal:.2f}",
        "total_discount": f"{totals.discount:.2f}",
        "total_price_after_discount": f"{totals.total:.2f}",
        "discount_rate": f"{rate:.2f}",
        "currency": region.currency,
    }


def wishlist_of(*, user: User, region: Region) -> list[WishlistItemOut]:
    rows = list(WishlistItem.objects.filter(user=user).select_related("variant"))
    cards = {
        card["id"]: card
        for card in product_cards(product_ids=[r.variant.product_id for r in rows], region=region)
    }
    items: list[WishlistItemOut] = []
    for row in rows:
        card = cards.get(row.variant.product_id)
        if card is None:
            continue
        items.append(
            {
                "wishlist_item_id": row.pk,
                "product_id": card["id"],
                "product_variant_id": row.variant_id,
                "brand": {
                    "brand_id": card["brand"]["id"],
                    "name": card["brand"]["name"],
                    "slug": card["brand"]["slug"],
                },
                "product": {"name": card["name"], "slug": card["slug"]},
                "variants": _with_images(card["variants"], card["assets"]),
                "assets": card["assets"],
            }
        )
    return items


def _with_images(variants: list[VariantOut], assets: list[AssetOut]) -> list[WishlistVariantOut]:
    """Spec docs/spec-coverage.md#s3-wishlist-item gives a wishlist variant `images`; our variants have no
    images of their own, so each lists the product's images in their order
    (docs/decisions/0016-spec-coverage.md)."""
    images = [asset["image_url"] for asset in assets]
    return [{**variant, "images": list(images)} for variant in variants]
