"""The checkout's calls (docs/api.md, "Checkout and orders"): the shipping methods and the cart's price
delivered, placing an order of the cart and sending the buyer to pay it, and the buyer's way back to paying
an unpaid order. This app sits above orders and
payments: it puts the two together, and neither knows the other's calls."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from ninja import Field, Query, Router, Schema, Status

from server.accounts.auth import bearer, signed_in_user
from server.core.language import request_language
from server.core.region import request_region
from server.orders import selectors as order_selectors
from server.orders import services as order_services
from server.orders.models import Order, OrderState
from server.orders.schemas import PlaceOrderIn
from server.payments.models import Payment
from server.payments.registry import current_provider
from server.payments.services import payment_start

place_router = Router(tags=["checkout"], auth=bearer)
account_router = Router(tags=["orders"], auth=bearer)


class CountryQuery(Schema):
    country: str = Field(min_length=1, max_length=100)


class SummaryQuery(CountryQuery):
    shipping_method_id: int


class PlacedOut(Schema):
    number: str
    state: str
    total: str
    currency: str
    payment_url: str | None


class PaymentLinkOut(Schema):
    number: str
    state: str
    payment_url: str | None
    payment_status: str | None


def _urls(order: Order) -> tuple[str, str]:
    """Where the provider sends the buyer back, and where it reports changes."""
    return (
        f"{settings.PUBLIC_URL}/{order.language}/checkout/return/{order.number}",
        f"{settings.PUBLIC_URL}/api/v2/payments/{current_provider().name}/webhook",
    )


def _payment_url(order: Order) -> str | None:
    if order.state != OrderState.AWAITING_PAYMENT:
        return None
    redirect_url, webhook_url = _urls(order)
    return payment_start(order=order, redirect_url=redirect_url, webhook_url=webhook_url).checkout_url


@place_router.get(
    "/shipping-methods",
    response=list[order_selectors.ShippingMethodOut],
    summary="Shipping methods to a country",
)
def shipping_methods(
    request: HttpRequest, query: Query[CountryQuery]
) -> list[order_selectors.ShippingMethodOut]:
    signed_in_user(request)
    return order_selectors.shipping_methods(region=request_region(request), country=query.country)


@place_router.get("/summary", response=order_selectors.SummaryOut, summary="What the cart costs, delivered")
def summary(request: HttpRequest, query: Query[SummaryQuery]) -> order_selectors.SummaryOut:
    return order_selectors.checkout_summary(
        user=signed_in_user(request),
        region=request_region(request),
        country=query.country,
        method_id=query.shipping_method_id,
    )


@place_router.post("/orders", response={200: PlacedOut, 201: PlacedOut}, summary="Place an order of the cart")
def order_place(request: HttpRequest, payload: PlaceOrderIn) -> Status[dict[str, object]]:
    order, created = order_services.order_place(
        buyer=signed_in_user(request),
        region=request_region(request),
        language=request_language(request),
        idempotency_key=request.headers.get("Idempotency-Key", ""),
        shipping_address=payload.shipping_address.dict(),
        billing_address=payload.billing_address.dict() if payload.billing_address else None,
        shipping_method_id=payload.shipping_method_id,
    )
    return Status(
        201 if created else 200,
        {
            "number": order.number,
            "state": order.state,
            "total": f"{order.total:.2f}",
            "currency": order.currency,
            "payment_url": _payment_url(order),
        },
    )


@account_router.get("/orders/{number}/payment", response=PaymentLinkOut, summary="Pay an unpaid order")
def order_payment(request: HttpRequest, number: str) -> dict[str, object]:
    order = order_selectors.order_of(buyer=signed_in_user(request), number=number)
    latest = Payment.objects.filter(order=order).order_by("-created_at", "-id").first()
    return {
        "number": order.number,
        "state": order.state,
        "payment_url": _payment_url(order),
        "payment_status": latest.status if latest else None,
    }
