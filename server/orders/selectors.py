"""Order reads: shipping methods, the checkout summary, the buyer's orders and a practitioner's view of
their clients' orders (no addresses, no payment details)."""

from __future__ import annotations

from datetime import datetime
from math import ceil
from typing import Annotated, TypedDict

from django.db.models import Prefetch, QuerySet
from pydantic import Field

from server.accounts.models import User
from server.core.errors import NotFound
from server.core.region import Region
from server.orders.addresses import Address
from server.orders.models import Order, OrderEvent, OrderLine, ShippingMethod
from server.orders.quote import Quote, cart_quote, destination

MAX_PAGE_SIZE = 100


class OrderNotFound(NotFound):
    message = "There is no such order."


class ShippingMethodOut(TypedDict):
    id: int
    name: str
    price: str
    currency: str
    free_over: str | None


class SummaryLineOut(TypedDict):
    product_variant_id: int
    product_id: int
    sku: str
    name: str
    quantity: int
    unit_price: str
    discount: str
    vat_rate: str
    vat: str
    total: str
    source: str


class ProblemOut(TypedDict):
    product_variant_id: int
    name: str
    message: str


class SummaryOut(TypedDict):
    country: str
    currency: str
    shipping_method: ShippingMethodOut
    discount_rate: str
    lines: list[SummaryLineOut]
    problems: list[ProblemOut]
    subtotal: str
    discount: str
    shipping: str
    vat: str
    total: str


class HistoryOut(TypedDict):
    state: str
    at: datetime


class OrderLineOut(TypedDict):
    product_variant_id: int | None
    product_id: int
    sku: str
    name: str
    quantity: int
    unit_price: str
    discount: str
    vat_rate: str
    vat: str
    total: str
    source: str
    source_protocol_id: int | None


class OrderListEntryOut(TypedDict):
    number: str
    state: str
    created_at: datetime
    currency: str
    total: str
    item_count: int
    subscription_id: Annotated[
        int | None, Field(description="The automatic refill this order is a parcel of, if any")
    ]


class OrderOut(TypedDict):
    number: str
    state: str
    created_at: datetime
    region: str
    currency: str
    lines: list[OrderLineOut]
    subtotal: str
    discount: str
    shipping: str
    vat: str
    total: str
    refunded: str
    discount_rate: str
    refill_discount_rate: Annotated[str, Field(description="The auto-refill discount in percent")]
    subscription_id: int | None
    shipping_method: str
    shipping_address: Address
    billing_address: Address
    carrier: str
    tracking_reference: str
    history: list[HistoryOut]


class OrderPageOut(TypedDict):
    data: list[OrderListEntryOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


class ClientOrderOut(TypedDict):
    number: str
    state: str
    created_at: datetime
    buyer_name: str
    currency: str
    total: str
    lines: list[OrderLineOut]


class ClientOrderPageOut(TypedDict):
    data: list[ClientOrderOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


def _money(value: object) -> str:
    return f"{value:.2f}"


def _method(method: ShippingMethod, *, currency: str, price: str | None = None) -> ShippingMethodOut:
    return {
        "id": method.pk,
        "name": method.name,
        "price": price if price is not None else _money(method.price),
        "currency": currency,
        "free_over": None if method.free_over is None else _money(method.free_over),
    }


def shipping_methods(*, region: Region, country: str) -> list[ShippingMethodOut]:
    """The region's methods for a country it ships to (an unknown or foreign country is a 422)."""
    destination(region=region, country=country)
    methods = ShippingMethod.objects.filter(region=region.value, active=True).order_by("position", "id")
    return [_method(method, currency=region.currency) for method in methods]


def summary_of(quote: Quote) -> SummaryOut:
    totals = quote.totals
    return {
        "country": quote.country,
        "currency": quote.region.currency,
        "shipping_method": _method(
            quote.method, currency=quote.region.currency, price=_money(totals.shipping)
        ),
        "discount_rate": _money(quote.discount_rate),
        "lines": [
            {
                "product_variant_id": line.variant_id,
                "product_id": line.product_id,
                "sku": line.sku,
                "name": line.name,
                "quantity": line.amounts.quantity,
                "unit_price": _money(line.amounts.unit_price),
                "discount": _money(line.amounts.discount),
                "vat_rate": _money(line.amounts.vat_rate),
                "vat": _money(line.amounts.vat),
                "total": _money(line.amounts.total),
                "source": line.source,
            }
            for line in quote.lines
        ],
        "problems": [
            {"product_variant_id": p.product_variant_id, "name": p.name, "message": p.message}
            for p in quote.problems
        ],
        "subtotal": _money(totals.subtotal),
        "discount": _money(totals.discount),
        "shipping": _money(totals.shipping),
        "vat": _money(totals.vat),
        "total": _money(totals.total),
    }


def checkout_summary(*, user: User, region: Region, country: str, method_id: int) -> SummaryOut:
    return summary_of(cart_quote(user=user, region=region, country=country, method_id=method_id))


def _line(line: OrderLine) -> OrderLineOut:
    return {
        "product_variant_id": line.variant_id,
        "product_id": line.product_id,
        "sku": line.sku,
        "name": line.name,
        "quantity": line.quantity,
        "unit_price": _money(line.unit_price),
        "discount": _money(line.discount),
        "vat_rate": _money(line.vat_rate),
        "vat": _money(line.vat),
        "total": _money(line.total),
        "source": line.source,
        "source_protocol_id": line.source_protocol_id,
    }


def _pages(total: int, limit: int) -> int:
    return ceil(total / limit) if total else 0


def _with_lines(orders: QuerySet[Order]) -> QuerySet[Order]:
    return orders.prefetch_related(Prefetch("lines", queryset=OrderLine.objects.order_by("position")))


def order_page(*, buyer: User, page: int, limit: int) -> OrderPageOut:
    orders = _with_lines(Order.objects.filter(buyer=buyer))
    total = orders.count()
    rows: list[OrderListEntryOut] = [
        {
            "number": order.number or "",
            "state": order.state,
            "created_at": order.created_at,
            "currency": order.currency,
            "total": _money(order.total),
            "item_count": sum(line.quantity for line in order.lines.all()),
            "subscription_id": order.subscription_id,
        }
        for order in orders[(page - 1) * limit : page * limit]
    ]
    return {
        "data": rows,
        "current_page": page,
        "limit": limit,
        "offset": (page - 1) * limit,
        "total_pages": _pages(total, limit),
        "total_results": total,
    }


def order_of(*, buyer: User, number: str) -> Order:
    """The buyer's own order; anyone else's is a 404, as a missing one."""
    order = Order.objects.filter(buyer=buyer, number=number).first()
    if order is None:
        raise OrderNotFound()
    return order


def order_data(order: Order) -> OrderOut:
    lines = order.lines.order_by("position")
    history = OrderEvent.objects.filter(order=order).order_by("at", "id")
    return {
        "number": order.number or "",
        "state": order.state,
        "created_at": order.created_at,
        "region": order.region,
        "currency": order.currency,
        "lines": [_line(line) for line in lines],
        "subtotal": _money(order.subtotal),
        "discount": _money(order.discount),
        "shipping": _money(order.shipping),
        "vat": _money(order.vat),
        "total": _money(order.total),
        "refunded": _money(order.refunded),
        "discount_rate": _money(order.discount_rate),
        "refill_discount_rate": _money(order.refill_discount_rate),
        "subscription_id": order.subscription_id,
        "shipping_method": order.shipping_method_name,
        "shipping_address": order.shipping_address,
        "billing_address": order.billing_address,
        "carrier": order.carrier,
        "tracking_reference": order.tracking_reference,
        "history": [{"state": event.state, "at": event.at} for event in history],
    }


def client_order_page(*, practitioner: User, page: int, limit: int) -> ClientOrderPageOut:
    """The orders of the practitioner's clients: who, when, what and how much; never addresses or payments."""
    orders = _with_lines(Order.objects.filter(practitioner=practitioner).select_related("buyer"))
    total = orders.count()
    rows: list[ClientOrderOut] = [
        {
            "number": order.number or "",
            "state": order.state,
            "created_at": order.created_at,
            "buyer_name": f"{order.buyer.first_name} {order.buyer.last_name}".strip() or order.buyer.email,
            "currency": order.currency,
            "total": _money(order.total),
            "lines": [_line(line) for line in order.lines.all()],
        }
        for order in orders[(page - 1) * limit : page * limit]
    ]
    return {
        "data": rows,
        "current_page": page,
        "limit": limit,
        "offset": (page - 1) * limit,
        "total_pages": _pages(total, limit),
        "total_results": total,
    }


def saved_addresses(*, buyer: User, limit: int = 5) -> list[Address]:
    """The buyer's shipping addresses of past orders, newest first, each once: the checkout offers them."""
    seen: set[tuple[str, ...]] = set()
    addresses: list[Address] = []
    for address in (
        Order.objects.filter(buyer=buyer)
        .order_by("-created_at", "-id")
        .values_list("shipping_address", flat=True)[:50]
    ):
        key = tuple(
            str(address.get(name, ""))
            for name in ("first_name", "last_name", "line1", "line2", "city", "postcode", "country")
        )
        if key in seen:
            continue
        seen.add(key)
        addresses.append(
            {
                "first_name": key[0],
                "last_name": key[1],
                "line1": key[2],
                "line2": key[3],
                "city": key[4],
                "postcode": key[5],
                "country": key[6],
            }
        )
        if len(addresses) == limit:
            break
    return addresses
