from typing import Any

import pytest
from django.core import mail

from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.orders.models import Order, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS, destinations  # noqa: F401
from server.payments.tests.conftest import mollie  # noqa: F401 (the suite's local Mollie server)
from server.protocols.models import Protocol
from server.protocols.tests.conftest import client, people  # noqa: F401
from server.refills.tests.conftest import TODAY, Clock, winter_shared
from server.subscriptions.models import Parcel, Subscription

__all__ = ["NL_ADDRESS", "TODAY", "Clock", "order_of"]

KEY = {"Idempotency-Key": "sub-1"}


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def eu_standard() -> int:
    return int(ShippingMethod.objects.get(region="eu", code="standard").pk)


@pytest.fixture
def winter(people, catalogue, destinations) -> Protocol:  # noqa: F811
    return winter_shared(people, catalogue)


def subscribe_body(protocol: Protocol, **extra: Any) -> dict[str, Any]:
    return {
        "protocol_id": protocol.pk,
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": eu_standard(),
        **extra,
    }


def payment_id_of(payment_url: str) -> str:
    """The embedded test provider's payment id, the last part of its page's path."""
    return payment_url.rsplit("/", 1)[1]


def order_of(parcel: Parcel) -> Order:
    """A parcel's order, which the test expects it to have."""
    assert parcel.order is not None
    return parcel.order


@pytest.fixture
def active(client, people, winter, clock, django_capture_on_commit_callbacks) -> Subscription:  # noqa: F811
    """The patient's refill of Winter on the test provider, its first parcel paid today: the next parcel
    (D3 only) in 30 days; the mails of subscribing cleared."""
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(
            "/v2/account/clients/subscriptions",
            json=subscribe_body(winter),
            headers={**people.patient.headers, **KEY},
        ).json()
        client.post(f"/v2/payments/test/{payment_id_of(created['payment_url'])}", json={"outcome": "paid"})
    mail.outbox.clear()
    return Subscription.objects.get(pk=created["id"])
