"""The payment provider interface (docs/decisions/0017-checkout-orders-and-payments.md): create a payment for
an order and get its hosted page, read a payment's status, refund; and for automatic refills (decision 0042)
a customer, a first payment that makes a mandate, and charges on that mandate. The embedded test provider is
the default; Mollie is used when `MOLLIE_API_KEY` is set (docs/operations.md, "Payments")."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from decimal import Decimal
from typing import Protocol
from urllib.parse import urlsplit

from django.db import IntegrityError, transaction

from server.core.errors import Conflict, DomainError, ErrorCode
from server.payments.models import (
    MandateStatus,
    PaymentStatus,
    SequenceType,
    TestProviderCustomer,
    TestProviderMandate,
    TestProviderPayment,
    TestProviderRefund,
)

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


class MandateInvalid(Conflict):
    """The provider refused a charge because the mandate was revoked or is invalid, or the customer has no
    valid mandate: nothing was charged; the buyer has to make a new first payment."""

    message = "The payment mandate is no longer valid."


@dataclass(frozen=True)
class CreatedPayment:
    provider_id: str
    checkout_url: str  # "" for a recurring charge: nobody is sent to pay it


@dataclass(frozen=True)
class RemoteStatus:
    status: PaymentStatus
    method: str
    amount: Decimal
    currency: str
    # The provider's mandate and customer of the payment: on a paid first payment, the mandate it made.
    mandate_id: str = ""
    customer_id: str = ""


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
        sequence_type: str = SequenceType.ONEOFF,
        customer_id: str = "",
    ) -> CreatedPayment:
        """A payment the buyer pays on the provider's hosted page. With `sequence_type="first"` and the
        buyer's `customer_id`, paying it makes a mandate for that customer (its id is in `status`)."""
        ...

    def status(self, provider_id: str) -> RemoteStatus | None:
        """The provider's word on a payment; None when it does not know the id."""
        ...

    def customer_create(self, *, name: str, email: str, locale: str) -> str:
        """A new customer at the provider (mandates belong to one); answers its id. Raises
        ProviderUnavailable when the outcome is unknown."""
        ...

    def charge(
        self,
        *,
        customer_id: str,
        mandate_id: str,
        amount: Decimal,
        currency: str,
        description: str,
        webhook_url: str,
        key: str,
    ) -> CreatedPayment:
        """A recurring payment on the customer's mandate, made without the buyer (its `checkout_url` is
        ""). `key` makes it idempotent: the same key answers the first payment. Raises MandateInvalid when
        the provider says the mandate is not valid (nothing charged), ProviderUnavailable when the outcome
        is unknown (ask again with the same key)."""
        ...

    def mandate_valid(self, *, customer_id: str, mandate_id: str) -> bool:
        """Whether the provider would charge the mandate now (valid, or pending its first confirmation)."""
        ...

    def mandate_revoke(self, *, customer_id: str, mandate_id: str) -> None:
        """Revoke the mandate at the provider; one already revoked or unknown is fine."""
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
        sequence_type: str = SequenceType.ONEOFF,
        customer_id: str = "",
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
            sequence_type=SequenceType.FIRST if sequence_type == SequenceType.FIRST else SequenceType.ONEOFF,
            customer_id=customer_id if sequence_type == SequenceType.FIRST else "",
        )
        return CreatedPayment(payment_id, f"/{locale}/payments/test/{payment_id}")

    def status(self, provider_id: str) -> RemoteStatus | None:
        payment = TestProviderPayment.objects.filter(pk=provider_id).first()
        if payment is None:
            return None
        return RemoteStatus(
            PaymentStatus(payment.status),
            payment.method,
            payment.amount,
            payment.currency,
            mandate_id=payment.mandate_id,
            customer_id=payment.customer_id,
        )

    @transaction.atomic
    def outcome_set(self, *, payment_id: str, outcome: str, method: str) -> None:
        """The test page's buttons, on the provider's side: an open payment takes the outcome (a later
        one changes nothing); a first payment paid makes a valid mandate for its customer, as Mollie's
        does, and names it on the payment."""
        payment = TestProviderPayment.objects.select_for_update().get(pk=payment_id)
        if payment.status != PaymentStatus.OPEN:
            return
        payment.status = outcome
        payment.method = method
        if (
            outcome == PaymentStatus.PAID
            and payment.sequence_type == SequenceType.FIRST
            and payment.customer_id
        ):
            payment.mandate_id = TestProviderMandate.objects.create(
                id=f"mdt_{secrets.token_urlsafe(12)}", customer_id=payment.customer_id, method=method
            ).pk
        payment.save(update_fields=["status", "method", "mandate_id"])

    def customer_create(self, *, name: str, email: str, locale: str) -> str:
        return TestProviderCustomer.objects.create(
            id=f"cst_{secrets.token_urlsafe(12)}", name=name[:255], email=email[:254]
        ).pk

    def charge(
        self,
        *,
        customer_id: str,
        mandate_id: str,
        amount: Decimal,
        currency: str,
        description: str,
        webhook_url: str,
        key: str,
    ) -> CreatedPayment:
        try:
            return self._charge(
                customer_id=customer_id,
                mandate_id=mandate_id,
                amount=amount,
                currency=currency,
                description=description,
                key=key,
            )
        except IntegrityError:
            # The same key charged at the same moment by another process: its payment is the answer.
            return CreatedPayment(TestProviderPayment.objects.get(key=key).pk, "")

    @transaction.atomic
    def _charge(
        self, *, customer_id: str, mandate_id: str, amount: Decimal, currency: str, description: str, key: str
    ) -> CreatedPayment:
        # Its own transaction: the provider's books commit whatever becomes of the shop's.
        earlier = TestProviderPayment.objects.filter(key=key).first()
        if earlier is not None:
            return CreatedPayment(earlier.pk, "")
        mandate = TestProviderMandate.objects.filter(
            pk=mandate_id, customer_id=customer_id, status=MandateStatus.VALID
        ).first()
        if mandate is None:
            raise MandateInvalid("The payment mandate is no longer valid: the customer has no valid mandate.")
        # The charge's outcome is the mandate's `next_charge` at once; it stays set for the charges after.
        payment = TestProviderPayment.objects.create(
            id=f"tp_{secrets.token_urlsafe(18)}",
            amount=amount,
            currency=currency,
            description=description[:255],
            redirect_url="",
            status=mandate.next_charge,
            method=mandate.method,
            sequence_type=SequenceType.RECURRING,
            customer_id=customer_id,
            mandate_id=mandate.pk,
            key=key,
        )
        return CreatedPayment(payment.pk, "")

    def mandate_valid(self, *, customer_id: str, mandate_id: str) -> bool:
        return TestProviderMandate.objects.filter(
            pk=mandate_id, customer_id=customer_id, status=MandateStatus.VALID
        ).exists()

    def mandate_revoke(self, *, customer_id: str, mandate_id: str) -> None:
        TestProviderMandate.objects.filter(pk=mandate_id, customer_id=customer_id).update(
            status=MandateStatus.INVALID
        )

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
