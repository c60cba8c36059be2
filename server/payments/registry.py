"""Which payment provider new payments go to."""

from __future__ import annotations

from django.conf import settings

from server.payments.mollie import MollieProvider
from server.payments.providers import PaymentProvider, TestProvider


def current_provider() -> PaymentProvider:
    """Mollie when a key is configured (docs/operations.md, "Payments"), else the embedded test provider."""
    if settings.MOLLIE_API_KEY:
        return MollieProvider(api_key=settings.MOLLIE_API_KEY, api_endpoint=settings.MOLLIE_API_ENDPOINT)
    return TestProvider()


def provider_named(name: str) -> PaymentProvider | None:
    """The provider that made a payment, to read or refund it (a key switched on later leaves the test
    provider's payments readable); None when it is not configured here."""
    if name == TestProvider.name:
        return TestProvider()
    if name == MollieProvider.name and settings.MOLLIE_API_KEY:
        return MollieProvider(api_key=settings.MOLLIE_API_KEY, api_endpoint=settings.MOLLIE_API_ENDPOINT)
    return None
