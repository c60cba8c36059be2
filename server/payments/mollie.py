"""Mollie (docs/decisions/0017-checkout-orders-and-payments.md), through the official `mollie-api-python`
client: a hosted checkout for each payment, its status read back from Mollie when the webhook names it, and
refunds. Used when `MOLLIE_API_KEY` is set (docs/operations.md, "Payments"); `MOLLIE_API_ENDPOINT` points the
client elsewhere (the tests' local Mollie-shaped server)."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from mollie.api.client import Client
from mollie.api.error import Error as MollieError
from mollie.api.error import NotFoundError, ResponseError

from server.payments.models import PaymentStatus
from server.payments.providers import CreatedPayment, ProviderUnavailable, RefundRefused, RemoteStatus

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


def _amount(value: Decimal, currency: str) -> dict[str, str]:
    return {"currency": currency, "value": f"{value:.2f}"}


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
    ) -> CreatedPayment:
        data: dict[str, Any] = {
            "amount": _amount(amount, currency),
            "description": description,
            "redirectUrl": redirect_url,
            "webhookUrl": webhook_url,
        }
        if locale in LOCALES:
            data["locale"] = LOCALES[locale]
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
        )

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
