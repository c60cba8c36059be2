"""Placing an order and paying it (docs/api.md, "Checkout and orders"): the checkout's order
call, the buyer's way back to paying an unpaid order, the providers' webhook, and the embedded test
provider's hosted page calls."""

from __future__ import annotations

from typing import Literal

from django.conf import settings
from django.http import HttpRequest
from ninja import Field, Form, Router, Schema, Status

from server.accounts.auth import bearer, signed_in_user
from server.core.errors import NotFound
from server.core.language import request_language
from server.core.region import request_region
from server.orders import selectors as order_selectors
from server.orders import services as order_services
from server.orders.models import Order, OrderState
from server.orders.schemas import PlaceOrderIn
from server.payments import services
from server.payments.models import Payment, PaymentStatus, TestProviderPayment
from server.payments.providers import METHODS, TestProvider
from server.payments.registry import current_provider

place_router = Router(tags=["checkout"], auth=bearer)
account_router = Router(tags=["orders"], auth=bearer)
webhook_router = Router(tags=["payments"])


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


class TestPaymentOut(Schema):
    payment_id: str
    description: str
    amount: str
    currency: str
    status: str
    methods: list[str]
    redirect_url: str


class TestOutcomeIn(Schema):
    outcome: Literal["paid", "failed", "canceled", "expired"]
    method: str = Field(default="ideal", max_length=32)


class PaymentNotFound(NotFound):
    message = "There is no such test payment."


def _urls(request: HttpRequest, order: Order) -> tuple[str, str]:
    """Where the provider sends the buyer back, and where it reports changes."""
    return (
        f"{settings.PUBLIC_URL}/{order.language}/checkout/return/{order.number}",
        f"{settings.PUBLIC_URL}/api/v2/payments/{current_provider().name}/webhook",
    )


def _payment_url(request: HttpRequest, order: Order) -> str | None:
    if order.state != OrderState.AWAITING_PAYMENT:
        return None
    redirect_url, webhook_url = _urls(request, order)
    return services.payment_start(
        order=order, redirect_url=redirect_url, webhook_url=webhook_url
    ).checkout_url


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
            "payment_url": _payment_url(request, order),
        },
    )


@account_router.get("/orders/{number}/payment", response=PaymentLinkOut, summary="Pay an unpaid order")
def order_payment(request: HttpRequest, number: str) -> dict[str, object]:
    order = order_selectors.order_of(buyer=signed_in_user(request), number=number)
    latest = Payment.objects.filter(order=order).order_by("-created_at", "-id").first()
    return {
        "number": order.number,
        "state": order.state,
        "payment_url": _payment_url(request, order),
        "payment_status": latest.status if latest else None,
    }


@webhook_router.post(
    "/{provider}/webhook", response={200: None}, summary="A provider reports a payment change"
)
def webhook(request: HttpRequest, provider: str, id: Form[str] = "") -> Status[None]:
    # Only the id is read; the status comes from the provider itself (Mollie's documented model).
    services.payment_webhook(provider_name=provider[:16], provider_id=id[:64])
    return Status(200, None)


def _test_payment(payment_id: str) -> TestProviderPayment:
    if current_provider().name != TestProvider.name:
        raise PaymentNotFound()
    payment = TestProviderPayment.objects.filter(pk=payment_id[:64]).first()
    if payment is None:
        raise PaymentNotFound()
    return payment


def _test_out(payment: TestProviderPayment) -> dict[str, object]:
    return {
        "payment_id": payment.pk,
        "description": payment.description,
        "amount": f"{payment.amount:.2f}",
        "currency": payment.currency,
        "status": payment.status,
        "methods": list(METHODS),
        "redirect_url": payment.redirect_url,
    }


@webhook_router.get("/test/{payment_id}", response=TestPaymentOut, summary="The test provider's payment page")
def test_payment(request: HttpRequest, payment_id: str) -> dict[str, object]:
    return _test_out(_test_payment(payment_id))


@webhook_router.post("/test/{payment_id}", response=TestPaymentOut, summary="Choose a test payment's outcome")
def test_payment_outcome(request: HttpRequest, payment_id: str, payload: TestOutcomeIn) -> dict[str, object]:
    """The test page's buttons: the outcome is set on the provider's side, then the same webhook handling
    as Mollie's reads it. An outcome after a final one changes nothing."""
    payment = _test_payment(payment_id)
    if payment.status == PaymentStatus.OPEN:
        payment.status = payload.outcome
        payment.method = payload.method if payload.method in METHODS else "ideal"
        payment.save(update_fields=["status", "method"])
    services.payment_webhook(provider_name=TestProvider.name, provider_id=payment.pk)
    payment.refresh_from_db()
    return _test_out(payment)
