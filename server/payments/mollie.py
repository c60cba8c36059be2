"""Mollie (docs/decisions/0017-checkout-orders-and-payments.md), through the official `mollie-api-python`
client: a hosted checkout for each payment, its status read back from Mollie when the webhook names it, and
refunds. Used when `MOLLIE_API_KEY` is set (docs/operations.md, "Payments"); `MOLLIE_API_ENDPOINT` points the
client elsewhere (the tests' local Mollie-shaped server). Automatic refills (decision 0042) use Mollie's
recurring payments: a customer, a `first` payment that makes a mandate when paid, and `recurring` payments
charged on it."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from mollie.api.client import Client
from mollie.api.error import Error as MollieError
from mollie.api.error import NotFoundError, ResponseError
from mollie.api.objects.customer import Customer

from server.payments.models import PaymentStatus, SequenceType
from server.payments.providers import (
    CreatedPayment,
    MandateInvalid,
    ProviderUnavailable,
    RefundRefused,
    RemoteStatus,
)

logger = logging.getLogger(__name__)

# The shop's languages in Mollie's checkout locales; the others let Mollie follow the browser.
LOCALES = {
    "en": "en_GB",
    "de": "de_DE",
    "da": "da_DK",
    "es": "es_ES",
    "fr": "fr_FR",
    "hu": "hu_HU",
    "it": "it_IT",
    "nl": "nl_NL",
    "pt": "pt_PT",
}
# Mollie lists at most this many refunds of a payment in one page; a payment has far fewer.
REFUND_PAGE = 250
# A mandate Mollie charges: `pending` is one whose first payment is still being confirmed by the bank
# (SEPA Direct Debit); Mollie accepts charges on it.
CHARGEABLE_MANDATES = frozenset({"valid", "pending"})


def _amount(value: Decimal, currency: str) -> dict[str, str]:
    return {"currency": currency, "value": f"{value:.2f}"}


def _about_the_mandate(error: ResponseError) -> bool:
    """Whether Mollie refused a charge for the mandate or the customer (422 "The customer does not have a
    valid mandate", field `mandateId`; a 404 for a customer deleted since), not for the request's shape."""
    return (
        error.status == 404 or error.field in ("mandateId", "customerId") or "mandate" in str(error).lower()
    )


class MollieProvider:
    name = "mollie"

    def __init__(self, *, api_key: str, api_endpoint: str = "") -> None:
        self.client = Client(api_endpoint=api_endpoint, timeout=(2, 10), retry=2)
        try:
            self.client.set_api_key(api_key)
        except MollieError as error:  # a key not shaped test_... or live_...: a deployment mistake
            raise self._unavailable("setup", error) from error

    def _unavailable(self, action: str, error: Exception) -> ProviderUnavailable:
        logger.error("Mollie %s failed: %s", action, error)
        return ProviderUnavailable()

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
        data: dict[str, Any] = {
            "amount": _amount(amount, currency),
            "description": description,
            "redirectUrl": redirect_url,
            "webhookUrl": webhook_url,
        }
        if locale in LOCALES:
            data["locale"] = LOCALES[locale]
        if sequence_type == SequenceType.FIRST:
            # Paid, it makes a mandate for this customer; `status` then reads its id.
            data["sequenceType"] = SequenceType.FIRST.value
            data["customerId"] = customer_id
        try:
            payment = self.client.payments.create(data)
        except MollieError as error:
            raise self._unavailable("payment create", error) from error
        return CreatedPayment(str(payment.id), str(payment.checkout_url))

    def status(self, provider_id: str) -> RemoteStatus | None:
        if not provider_id.startswith("tr_"):
            return None
        try:
            payment = self.client.payments.get(provider_id)
        except NotFoundError:
            return None
        except MollieError as error:
            # The webhook answers 503 and Mollie calls it again later.
            raise self._unavailable("payment read", error) from error
        status = payment.status if payment.status in PaymentStatus.values else PaymentStatus.OPEN
        return RemoteStatus(
            PaymentStatus(status),
            str(payment.method or ""),
            Decimal(payment.amount["value"]),
            str(payment.amount["currency"]),
            mandate_id=str(payment.mandate_id or ""),
            customer_id=str(payment.customer_id or ""),
        )

    def customer_create(self, *, name: str, email: str, locale: str) -> str:
        data: dict[str, Any] = {"name": name, "email": email}
        if locale in LOCALES:
            data["locale"] = LOCALES[locale]
        try:
            customer = self.client.customers.create(data)
        except MollieError as error:
            raise self._unavailable("customer create", error) from error
        return str(customer.id)

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
        data = {
            "amount": _amount(amount, currency),
            "description": description,
            "webhookUrl": webhook_url,
            "sequenceType": SequenceType.RECURRING.value,
            "customerId": customer_id,
            "mandateId": mandate_id,
        }
        try:
            # Mollie answers a POST repeated with the same Idempotency-Key with the first payment.
            payment = self.client.payments.create(data, idempotency_key=key)
        except ResponseError as error:
            if error.status in (404, 422) and _about_the_mandate(error):
                logger.info("Mollie refused a charge on mandate %s: %s", mandate_id, error)
                raise MandateInvalid() from error
            raise self._unavailable("charge", error) from error
        except MollieError as error:
            raise self._unavailable("charge", error) from error
        return CreatedPayment(str(payment.id), "")

    def mandate_valid(self, *, customer_id: str, mandate_id: str) -> bool:
        if not customer_id.startswith("cst_") or not mandate_id.startswith("mdt_"):
            return False
        try:
            mandate = self._customer(customer_id).mandates.get(mandate_id)
        except NotFoundError:
            return False
        except MollieError as error:
            raise self._unavailable("mandate read", error) from error
        return mandate.status in CHARGEABLE_MANDATES

    def mandate_revoke(self, *, customer_id: str, mandate_id: str) -> None:
        if not customer_id.startswith("cst_") or not mandate_id.startswith("mdt_"):
            return  # not Mollie's: nothing there to revoke
        try:
            self._customer(customer_id).mandates.delete(mandate_id)
        except NotFoundError:
            return  # revoked already, or never there
        except MollieError as error:
            raise self._unavailable("mandate revoke", error) from error

    def _customer(self, customer_id: str) -> Customer:
        # Only its id is needed to reach its mandates: no GET of the customer first (the client's own
        # Payment.get_mandate does the same).
        return Customer({"id": customer_id}, self.client)  # type: ignore[no-untyped-call]  # untyped in mollie

    def refund(self, *, provider_id: str, amount: Decimal, currency: str, key: str) -> str:
        # The key goes as Mollie's Idempotency-Key (a repeated call answers the first refund) and in the
        # refund's metadata, where `refund_find` looks for it after Mollie forgot the key.
        try:
            payment = self.client.payments.get(provider_id)
            refund = payment.refunds.create(
                {"amount": _amount(amount, currency), "metadata": {"refund_key": key}}, idempotency_key=key
            )
        except ResponseError as error:
            if error.status in (400, 409, 422):
                raise RefundRefused(f"The payment provider refused the refund: {error}") from error
            raise self._unavailable("refund", error) from error
        except MollieError as error:
            raise self._unavailable("refund", error) from error
        return str(refund.id)

    def refund_find(self, *, provider_id: str, key: str) -> str | None:
        try:
            payment = self.client.payments.get(provider_id)
            refunds = payment.refunds.list(limit=REFUND_PAGE)
        except NotFoundError:
            return None
        except MollieError as error:
            raise self._unavailable("refund list", error) from error
        for refund in refunds:
            if (refund.metadata or {}).get("refund_key") == key:
                return str(refund.id)
        return None
