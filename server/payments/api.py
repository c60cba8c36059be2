"""The providers' calls (docs/api.md, "Payments"): the webhook a provider reports a payment's change to, the
embedded test provider's hosted page, and its mandates' next charge (for trying automatic refills). Placing
an order and paying it are the checkout app's (server/checkout/api.py)."""

from __future__ import annotations

from typing import Literal

from django.http import HttpRequest
from ninja import Field, Form, Router, Schema, Status

from server.core.errors import NotFound
from server.payments import services
from server.payments.models import TestProviderMandate, TestProviderPayment
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


class TestMandateIn(Schema):
    next_charge: Literal["paid", "failed"]


class TestMandateOut(Schema):
    mandate_id: str
    status: str
    next_charge: str


class PaymentNotFound(NotFound):
    message = "There is no such test payment."


class MandateNotFound(NotFound):
    message = "There is no such test mandate."


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
    # A first payment paid makes its mandate there, as Mollie's does.
    TestProvider().outcome_set(
        payment_id=payment.pk,
        outcome=payload.outcome,
        method=payload.method if payload.method in METHODS else "ideal",
    )
    services.payment_webhook(provider_name=TestProvider.name, provider_id=payment.pk)
    payment.refresh_from_db()
    return _test_out(payment)


@webhook_router.post(
    "/test/mandates/{mandate_id}", response=TestMandateOut, summary="Set a test mandate's next charge"
)
def test_mandate_next_charge(request: HttpRequest, mandate_id: str, payload: TestMandateIn) -> dict[str, str]:
    """What every charge on the test mandate answers from now on, until set again: a test makes a run of
    refills fail, then succeed. Only while the test provider takes payments, like its page."""
    if current_provider().name != TestProvider.name:
        raise MandateNotFound()
    mandate = TestProviderMandate.objects.filter(pk=mandate_id[:64]).first()
    if mandate is None:
        raise MandateNotFound()
    mandate.next_charge = payload.next_charge
    mandate.save(update_fields=["next_charge"])
    return {"mandate_id": mandate.pk, "status": mandate.status, "next_charge": mandate.next_charge}
