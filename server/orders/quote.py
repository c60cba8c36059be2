"""What the cart costs delivered to a country with a shipping method: the lines priced by the money rules
(server/core/pricing.py) in the buyer's region, with the buyer's discount and the destination's VAT, and the
lines that cannot be bought now. The checkout summary shows a quote; placing an order writes one down."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from decimal import Decimal

from server.accounts.models import User
from server.cart.models import CartItem
from server.cart.selectors import practitioner_link_of
from server.catalog.models import Availability, ProductVariant, StockState
from server.core.errors import InvalidInput, NotFound
from server.core.pricing import (
    ZERO,
    LineAmounts,
    Totals,
    line_amounts,
    order_totals,
    shipping_cost,
    stacked_rate,
)
from server.core.region import Region
from server.orders.models import ShippingMethod, VatRate
from server.stores.models import StoreAttribution


class UnknownShippingMethod(NotFound):
    message = "There is no such shipping method for this store."


@dataclass(frozen=True)
class QuoteLine:
    variant_id: int
    product_id: int
    sku: str
    name: str
    amounts: LineAmounts
    source: str
    source_protocol_id: int | None
    source_store_id: int | None


@dataclass(frozen=True)
class Problem:
    product_variant_id: int
    name: str
    message: str
    sold_out: bool = False


@dataclass(frozen=True)
class Quote:
    region: Region
    country: str
    vat_rate: Decimal
    method: ShippingMethod
    discount_rate: Decimal
    lines: list[QuoteLine]
    problems: list[Problem]
    totals: Totals
    # The cart as variant:quantity pairs; two checkouts of the same cart have the same one.
    cart_fingerprint: str
    # The practitioner whose client discount applies (the buyer's latest link), if any.
    practitioner_id: int | None
    # The auto-refill discount stacked on the client's (0 outside automatic refills).
    refill_rate: Decimal = ZERO


@dataclass(frozen=True)
class Wanted:
    """A line to price: a cart row, or a parcel of an automatic refill (variant loaded with its product)."""

    variant: ProductVariant
    quantity: int
    source: str
    source_protocol_id: int | None

    @property
    def variant_id(self) -> int:
        return self.variant.pk


def destinations(region: Region) -> dict[str, VatRate]:
    """The countries the region's store ships to (the UK store: GB; the EU store: the EU table)."""
    return {rate.country: rate for rate in VatRate.objects.filter(region=region.value, active=True)}


def destination(*, region: Region, country: str, rates: dict[str, VatRate] | None = None) -> VatRate:
    rate = (destinations(region) if rates is None else rates).get(country.strip().upper())
    if rate is None:
        raise InvalidInput(
            "This store does not ship to that country.", errors={"country": ["not shipped to"]}
        )
    return rate


def shipping_method_of(*, region: Region, method_id: int) -> ShippingMethod:
    method = ShippingMethod.objects.filter(pk=method_id, region=region.value, active=True).first()
    if method is None:
        raise UnknownShippingMethod(errors={"shipping_method_id": ["unknown"]})
    return method


def cart_quote(
    *,
    user: User,
    region: Region,
    country: str,
    method_id: int,
    lock: bool = False,
    rates: dict[str, VatRate] | None = None,
) -> Quote:
    """Price the buyer's cart now. With `lock` the cart rows are locked (placing an order); `rates` are the
    region's destinations when the caller has read them already."""
    rows = CartItem.objects.filter(user=user).select_related("variant__product").order_by("added_at", "id")
    if lock:
        # Only the buyer's cart rows: locking the joined variants and products too would make every
        # checkout that shares a product wait for the others, and two carts locking the same products in
        # another order deadlock (found by bench/checkout).
        rows = rows.select_for_update(of=("self",))
    wanted = [Wanted(item.variant, item.quantity, item.source, item.source_protocol_id) for item in rows]
    return lines_quote(
        user=user, region=region, country=country, method_id=method_id, wanted=wanted, rates=rates
    )


def lines_quote(
    *,
    user: User,
    region: Region,
    country: str,
    method_id: int,
    wanted: list[Wanted],
    rates: dict[str, VatRate] | None = None,
    refill_rate: Decimal = ZERO,
) -> Quote:
    """Price lines for the buyer now: the cart's at checkout, a parcel's on its day (with the auto-refill
    discount `refill_rate` stacked on the client's, server/core/pricing.py)."""
    vat = destination(region=region, country=country, rates=rates)
    method = shipping_method_of(region=region, method_id=method_id)
    link = practitioner_link_of(user)
    rate = link.discount_rate if link else Decimal("0")
    line_rate = stacked_rate(rate, refill_rate) if refill_rate else rate
    stores = dict(
        StoreAttribution.objects.filter(
            visitor=user, variant_id__in=[item.variant_id for item in wanted]
        ).values_list("variant_id", "store_id")
    )
    lines: list[QuoteLine] = []
    problems: list[Problem] = []
    for item in wanted:
        variant = item.variant
        if variant.availability != Availability.AVAILABLE:
            name = variant.product.name
            sold_out = variant.stock_state == StockState.SOLD_OUT
            message = f"{name} is sold out." if sold_out else f"{name} is not available at the moment."
            problems.append(Problem(variant.pk, name, message, sold_out=sold_out))
            continue
        price = region.price_of(variant)
        store_id = stores.get(variant.pk)
        source = item.source if item.source != "shop" or store_id is None else "store"
        lines.append(
            QuoteLine(
                variant_id=variant.pk,
                product_id=variant.product_id,
                sku=variant.sku,
                name=variant.product.name,
                amounts=line_amounts(
                    unit_price=price, quantity=item.quantity, discount_rate=line_rate, vat_rate=vat.rate
                ),
                source=source,
                source_protocol_id=item.source_protocol_id,
                source_store_id=store_id,
            )
        )
    goods = sum((line.amounts.total for line in lines), Decimal(0))
    shipping = shipping_cost(price=method.price, free_over=method.free_over, goods_total=goods)
    totals = order_totals(
        lines=[line.amounts for line in lines], shipping=shipping, shipping_vat_rate=vat.rate
    )
    fingerprint = hashlib.sha256(
        ",".join(
            f"{item.variant_id}:{item.quantity}" for item in sorted(wanted, key=lambda i: i.variant_id)
        ).encode()
    ).hexdigest()
    return Quote(
        region,
        vat.country,
        vat.rate,
        method,
        rate,
        lines,
        problems,
        totals,
        fingerprint,
        link.practitioner_id if link else None,
        refill_rate,
    )
