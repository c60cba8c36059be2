"""The providers' calls (docs/api.md, "Checkout and orders"): the webhook a provider reports a payment's
change to, and the embedded test provider's hosted page. Placing an order and paying it are the checkout
app's (server/checkout/api.py)."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from ninja import Field, Form, Router, Schema, Status

from server.core.errors import NotFound
from server.payments import services
from server.payments.models import PaymentStatus, TestProviderPayment
from server.payments.providers import METHODS, TestProvider
from server.payments.registry import current_provider

webhook_router = Router(tags=["payments"])


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
