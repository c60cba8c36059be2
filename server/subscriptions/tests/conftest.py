from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from server.catalog.models import ServingUnit, SupplementFacts
from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.orders.models import Order, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS, destinations  # noqa: F401
from server.payments.tests.conftest import mollie  # noqa: F401 (the suite's local Mollie server)

__all__ = ["NL_ADDRESS", "Clock", "order_of"]
from server.protocols.models import Protocol
from server.protocols.services import LineIn, protocol_create
from server.protocols.sharing import Recipient, protocol_assign
from server.protocols.tests.conftest import client, people, variant_of  # noqa: F401
from server.subscriptions.models import Parcel, Subscription

TODAY = date(2026, 11, 26)
KEY = {"Idempotency-Key": "sub-1"}


class Clock:
    """The shop's day and time, moved by the tests (both stores' calendar days follow it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.set(TODAY)

    def set(self, day: date) -> None:
        moment = timezone.make_aware(datetime.combine(day, time(10, 0)))
        self.monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: day)
        self.monkeypatch.setattr(timezone, "now", lambda: moment)


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def eu_standard() -> int:
    return int(ShippingMethod.objects.get(region="eu", code="standard").pk)


@pytest.fixture
def winter(people, catalogue, destinations) -> Protocol:  # noqa: F811
    """D3 (60 capsules, 2 a day: 30 days a bottle) and magnesium (30 servings, 1 a day, 2 tubs: 60 days),
    shared with the patient (a client of `certified` at 10 %)."""
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")
    for variant, per_container in ((d3, 60), (magnesium, 30)):
        SupplementFacts.objects.create(
            variant_id=variant,
            serving_unit=ServingUnit.CAPSULE,
            servings_per_container=Decimal(per_container),
        )
    protocol = protocol_create(
        owner=people.certified.user,
        name="Winter",
        description="x",
        lines=[LineIn(d3, 1, "", Decimal(2)), LineIn(magnesium, 2)],
    )
    protocol_assign(
        practitioner=people.certified.user,
        protocol=protocol,
        recipient=Recipient(client_id=people.patient.user.id),
        discount=None,
        notes="",
        language="en",
    )
    return protocol


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
