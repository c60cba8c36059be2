from datetime import timedelta

import pytest
from django.utils import timezone

from server.catalog.tests.conftest import catalogue  # noqa: F401 (shared fixtures)
from server.health.models import ClientMedicine
from server.nutrition.schedule import schedule_parse
from server.protocols.models import Assignment
from server.protocols.services import LineIn, protocol_create
from server.protocols.tests.conftest import client, people, variant_of  # noqa: F401 (shared fixtures)


@pytest.fixture
def today():
    return timezone.localdate()


@pytest.fixture
def shared(people, catalogue):  # noqa: F811 (the fixtures imported above)
    """Dana's two protocols shared with Pat ten days ago: "Morning" (D3 at breakfast with food, magnesium at
    breakfast and bedtime) and "Cycle" (zinc at lunch, five days on and two off from the share). Pat takes
    levothyroxine on waking."""
    d3, magnesium, zinc = (variant_of(catalogue, name) for name in ("d3", "magnesium", "zinc"))
    morning = protocol_create(
        owner=people.certified.user,
        name="Morning",
        description="x",
        lines=[
            LineIn(d3, schedule=schedule_parse({"slots": {"breakfast": 1}, "with_food": "with"})),
            LineIn(magnesium, schedule=schedule_parse({"slots": {"breakfast": 1, "bedtime": 2}})),
        ],
    )
    cycle = protocol_create(
        owner=people.certified.user,
        name="Cycle",
        description="x",
        lines=[
            LineIn(
                zinc, schedule=schedule_parse({"slots": {"lunch": 1}, "cycle": {"on_days": 5, "off_days": 2}})
            )
        ],
    )
    ten_days_ago = timezone.now() - timedelta(days=10)
    for protocol in (morning, cycle):
        Assignment.objects.create(protocol=protocol, client=people.patient.user)
    Assignment.objects.update(created_at=ten_days_ago)
    ClientMedicine.objects.create(client=people.patient.user, medicine_id="levothyroxine", slots=["waking"])
    return morning, cycle, d3, magnesium, zinc
