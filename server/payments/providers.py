"""The payment provider interface (docs/decisions/0017-checkout-orders-and-payments.md): create a payment for
an order and get its hosted page, read a payment's status, refund. The embedded test provider is the default;
Mollie is used when `MOLLIE_API_KEY` is set (docs/operations.md, "Payments")."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol
from urllib.parse import urlsplit

from server.core.errors import DomainError, ErrorCode
from server.payments.models import PaymentStatus, TestProviderPayment

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
    code = ErrorCode.UNAVAILABLE
    message = "The payment provider could not be reached. Please try again in a moment."


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

    def refund(self, *, provider_id: str, amount: Decimal, currency: str) -> str:
        """Refund part or all of a paid payment; answers the provider's refund id."""
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

    def refund(self, *, provider_id: str, amount: Decimal, currency: str) -> str:
        payment = TestProviderPayment.objects.select_for_update().get(pk=provider_id)
        payment.refunded += amount
        payment.save(update_fields=["refunded"])
        return f"re_{secrets.token_urlsafe(12)}"
