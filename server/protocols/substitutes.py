"""What stands in for a sold-out product (docs/decisions/0041-substitutes.md): the practitioner's substitute
for a protocol's line first, then the shop's equivalents, each with its dose and price against the
original's."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Literal, TypedDict

from pydantic import Field

from server.catalog.cards import ProductCard
from server.catalog.facts import variant_facts
from server.catalog.models import Availability, Product, ProductVariant
from server.catalog.selectors import ProductNotFound, product_cards
from server.core.errors import NotFound
from server.core.region import Region, money
from server.protocols.models import Protocol, ProtocolItem
from server.stock.substitutes import Offer, dose_ratio, shop_equivalents


class VariantNotOfProduct(NotFound):
    message = "This product has no such variant."


class SubstituteOfferOut(TypedDict):
    product: ProductCard
    product_variant_id: Annotated[int, Field(description="The variant offered (add this one to the cart)")]
    reason: Annotated[
        Literal["practitioner", "same_facts", "marked"],
        Field(
            description="practitioner: the protocol's practitioner chose it; same_facts: the shop marked it "
            "equivalent and its supplement facts match within 10 % per serving; marked: the shop marked it "
            "equivalent"
        ),
    ]
    dose_ratio: Annotated[
        float | None,
        Field(description="One serving against one of the original (1: the same); null without facts"),
    ]
    price: str
    price_difference: Annotated[str, Field(description="Its price less the original's, signed")]
    currency: str


def _original(slug: str, variant_id: int | None, *, public: bool) -> ProductVariant:
    products = Product.objects.filter(slug=slug[:200])
    if public:
        products = products.filter(practitioner_only=False)
    product = products.first()
    if product is None:
        raise ProductNotFound()
    variants = ProductVariant.objects.filter(product=product).order_by("position", "id")
    variant = variants.filter(pk=variant_id).first() if variant_id is not None else variants.first()
    if variant is None:
        raise VariantNotOfProduct(errors={"variant_id": ["not a variant of this product"]})
    return variant


def _practitioners_choice(protocol: Protocol | None, variant_id: int) -> tuple[int, int] | None:
    """The line's substitute and its product, when it can be bought now; one read."""
    if protocol is None:
        return None
    return (
        ProtocolItem.objects.filter(
            protocol=protocol, variant_id=variant_id, substitute__availability=Availability.AVAILABLE
        )
        .values_list("substitute_id", "substitute__product_id")
        .first()
    )


def substitute_offers(
    *, slug: str, variant_id: int | None, protocol: Protocol | None, public: bool, region: Region
) -> list[SubstituteOfferOut]:
    """The offers for a product's variant: the practitioner's substitute when the protocol's line has one
    that can be bought, then the shop's equivalents (without the same product twice)."""
    original = _original(slug, variant_id, public=public)
    offers = shop_equivalents(variant_id=original.pk, public=public)
    choice = _practitioners_choice(protocol, original.pk)
    chosen: int | None = None
    if choice is not None:
        chosen, product_id = choice
        facts = variant_facts(variant_ids=[original.pk, chosen])
        first = Offer(chosen, product_id, "same_facts", dose_ratio(facts.get(original.pk), facts.get(chosen)))
        offers = [first, *(offer for offer in offers if offer.product_id != product_id)]
    cards = {
        card["id"]: card for card in product_cards(product_ids=[o.product_id for o in offers], region=region)
    }
    base = money(region.price_of(original))
    replies: list[SubstituteOfferOut] = []
    for offer in offers:
        card = cards.get(offer.product_id)
        shown = next((v for v in card["variants"] if v["id"] == offer.variant_id), None) if card else None
        if card is None or shown is None:
            continue
        price = Decimal(shown["price"])
        replies.append(
            {
                "product": card,
                "product_variant_id": offer.variant_id,
                "reason": "practitioner" if offer.variant_id == chosen else offer.reason,
                "dose_ratio": float(offer.dose_ratio) if offer.dose_ratio is not None else None,
                "price": shown["price"],
                "price_difference": f"{price - base:.2f}",
                "currency": region.currency,
            }
        )
    return replies
