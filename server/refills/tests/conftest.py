from datetime import date, datetime, time
from decimal import Decimal

import pytest
from django.utils import timezone

from server.catalog.models import ServingUnit, SupplementFacts
from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.nutrition.schedule import schedule_default
from server.protocols.models import Protocol
from server.protocols.services import LineIn, protocol_create
from server.protocols.sharing import Recipient, protocol_assign
from server.protocols.tests.conftest import client, people, variant_of  # noqa: F401

# The day the refill tests start on (the refills' and the automatic refills' suites).
TODAY = date(2026, 11, 26)


class Clock:
    """The shop's day and time, moved by the tests (both stores' calendar days follow it)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.monkeypatch = monkeypatch
        self.set(TODAY)

    def set(self, day: date) -> None:
        moment = timezone.make_aware(datetime.combine(day, time(10, 0)))
        self.monkeypatch.setattr(timezone, "localdate", lambda *args, **kwargs: day)
        self.monkeypatch.setattr(timezone, "now", lambda: moment)


def winter_shared(people, catalogue) -> Protocol:  # noqa: F811
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
        lines=[LineIn(d3, 1, "", schedule_default(Decimal(2))), LineIn(magnesium, 2)],
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
