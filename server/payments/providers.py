"""The payment provider interface (docs/decisions/0017-checkout-orders-and-payments.md): create a payment for
an order and get its hosted page, read a payment's status, refund. The embedded test provider is the default;
Mollie is used when `MOLLIE_API_KEY` is set (docs/operations.md, "Payments")."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol
from urllib.parse import urlsplit

from django.db import transaction

from server.core.errors import Conflict, DomainError, ErrorCode
from server.payments.models import PaymentStatus, TestProviderPayment, TestProviderRefund

# The methods of Mollie's checkout whose logos the spec lists (docs/spec-coverage.md#s3-icons-payment-logos),
# by Mollie's method ids.
METHODS = (
    "creditcard",  # American Express, MasterCard, Visa
    "applepay",
    "bancontact",
    "belfius",
    "ideal",
    "kbc",
    "klarna",
    "paypal",
)


class ProviderUnavailable(DomainError):
    """The provider did not answer (or answered with a server error): whatever was asked may or may not
    have happened there."""

    code = ErrorCode.UNAVAILABLE
    message = "The payment provider could not be reached. Please try again in a moment."


class RefundRefused(Conflict):
    """The provider answered that it will not make the refund: nothing was refunded."""

    message = "The payment provider refused the refund."


@dataclass(frozen=True)
class CreatedPayment:
    provider_id: str
    checkout_url: str


@dataclass(frozen=True)
class RemoteStatus:
    status: PaymentStatus
    method: str
    amount: Decimal
    currency: str


class PaymentProvider(Protocol):
    name: str

    def create(
        self,
        *,
        amount: Decimal,
        currency: str,
        description: str,
        redirect_url: str,
        webhook_url: str,
        locale: str,
    ) -> CreatedPayment: ...

    def status(self, provider_id: str) -> RemoteStatus | None:
        """The provider's word on a payment; None when it does not know the id."""
        ...

    def refund(self, *, provider_id: str, amount: Decimal, currency: str, key: str) -> str:
        """Refund part or all of a paid payment; answers the provider's refund id. `key` makes the call
        idempotent (the same key refunds once) and is kept on the provider's refund for `refund_find`.
        Raises RefundRefused when the provider says no, ProviderUnavailable when the outcome is unknown."""
        ...

    def refund_find(self, *, provider_id: str, key: str) -> str | None:
        """The provider's id of the payment's refund made with `key`, or None when there is none."""
        ...


class TestProvider:
    """Payments kept in the shop's own database, paid on the shop's hosted test page (`/{lang}/payments/
    test/{id}`), which is clearly marked as a test. Used when no Mollie key is configured."""

    __test__ = False  # not a pytest test class, despite its name
    name = "test"

    def create(
        self,
        *,
        amount: Decimal,
        currency: str,
        description: str,
        redirect_url: str,
        webhook_url: str,
        locale: str,
    ) -> CreatedPayment:
        payment_id = f"tp_{secrets.token_urlsafe(18)}"
        # Its page is the shop's own, so the way back is a path on the same site, whatever PUBLIC_URL says.
        back = urlsplit(redirect_url)
        TestProviderPayment.objects.create(
            id=payment_id,
            amount=amount,
            currency=currency,
            description=description,
            redirect_url=back.path + (f"?{back.query}" if back.query else ""),
        )
        return CreatedPayment(payment_id, f"/{locale}/payments/test/{payment_id}")

    def status(self, provider_id: str) -> RemoteStatus | None:
        payment = TestProviderPayment.objects.filter(pk=provider_id).first()
        if payment is None:
            return None
        return RemoteStatus(PaymentStatus(payment.status), payment.method, payment.amount, payment.currency)

    @transaction.atomic
    def refund(self, *, provider_id: str, amount: Decimal, currency: str, key: str) -> str:
        # Its own transaction: the provider's side commits whatever becomes of the shop's.
        payment = TestProviderPayment.objects.select_for_update().get(pk=provider_id)
        earlier = payment.refunds.filter(key=key).first()
        if earlier is not None:
            return earlier.pk
        if payment.status != PaymentStatus.PAID or amount <= 0 or payment.refunded + amount > payment.amount:
            raise RefundRefused("The payment provider refused the refund: more than is left to refund.")
        payment.refunded += amount
        payment.save(update_fields=["refunded"])
        return TestProviderRefund.objects.create(
            id=f"re_{secrets.token_urlsafe(12)}", payment=payment, key=key, amount=amount
        ).pk

    def refund_find(self, *, provider_id: str, key: str) -> str | None:
        return (
            TestProviderRefund.objects.filter(payment_id=provider_id, key=key)
            .values_list("pk", flat=True)
            .first()
        )
