"""A protocol line's day schedule over REST (docs/decisions/0043-the-day-schedule.md): slots in quarter
servings, with food, cycles, a start and length, titration steps; the daily dose as their highest sum."""

from decimal import Decimal

import pytest

from server.protocols.models import ProtocolItem
from server.protocols.services import LineIn, protocol_create

BASE = "/v2/account/practitioners/protocols"
EMPTY: dict[str, object] = {"with_food": "any", "cycle": None, "start_date": None, "weeks": None, "steps": []}


@pytest.fixture
def winter(people, catalogue):
    d3 = catalogue.d3.variants.get().id
    made = protocol_create(owner=people.certified.user, name="Winter", description="x", lines=[LineIn(d3)])
    return made, d3


def put(client, people, protocol_id, variant_id, schedule, **more):
    return client.put(
        f"{BASE}/{protocol_id}/products",
        json={"product_variant_id": variant_id, "schedule": schedule, **more},
        headers=people.certified.headers,
    )


def test_a_titrated_cycled_schedule_is_kept_whole_and_its_highest_day_is_the_dose(client, people, winter):
    protocol, d3 = winter
    schedule = {
        "slots": {"breakfast": 1},
        "with_food": "with",
        "cycle": {"on_days": 5, "off_days": 2},
        "start_date": "2026-12-01",
        "weeks": 12,
        "steps": [
            {"from_week": 3, "slots": {"breakfast": 1, "dinner": 1}},
            {"from_week": 5, "slots": {"breakfast": 1.5, "bedtime": 1.25}},
        ],
    }

    changed = put(client, people, protocol.id, d3, schedule)
    read = client.get(f"{BASE}/{protocol.id}", headers=people.certified.headers).json()

    assert changed.status_code == 200
    assert (changed.json()["data"]["schedule"], changed.json()["data"]["servings_per_day"]) == (
        schedule,
        2.75,
    )
    assert (read["products"][0]["schedule"], read["products"][0]["servings_per_day"]) == (schedule, 2.75)
    assert ProtocolItem.objects.get(protocol=protocol, variant_id=d3).servings_per_day == Decimal("2.75")


def test_a_line_without_a_schedule_splits_its_dose_over_breakfast_and_dinner(
    client, people, winter, catalogue
):
    protocol, _ = winter
    magnesium = catalogue.magnesium.variants.get().id

    added = client.post(
        f"{BASE}/{protocol.id}/products",
        json={"product_variant_id": magnesium},
        headers=people.certified.headers,
    )

    line = next(row for row in added.json()["data"]["products"] if row["product_variant_id"] == magnesium)
    assert (line["schedule"], line["servings_per_day"]) == ({"slots": {"breakfast": 1}, **EMPTY}, 1)


@pytest.mark.parametrize(
    ("schedule", "field"),
    [
        ({"slots": {"noon": 1}}, "schedule.slots.noon"),
        ({"slots": {"lunch": -1}}, "schedule.slots.lunch"),
        ({"slots": {"lunch": 0.3}}, "schedule.slots.lunch"),
        ({"slots": {"lunch": 50.25}}, "schedule.slots.lunch"),
        ({"slots": {"lunch": 30, "dinner": 20.25}}, "schedule.slots"),
        ({"slots": {}}, "schedule.slots"),
        ({"slots": {"lunch": 0}}, "schedule.slots"),
        ({"slots": {"lunch": 1}, "cycle": {"on_days": 0, "off_days": 2}}, "schedule.cycle.on_days"),
        ({"slots": {"lunch": 1}, "cycle": {"on_days": 3, "off_days": 400}}, "schedule.cycle.off_days"),
        ({"slots": {"lunch": 1}, "weeks": 0}, "schedule.weeks"),
        (
            {"slots": {"lunch": 1}, "steps": [{"from_week": 1, "slots": {"lunch": 2}}]},
            "schedule.steps.0.from_week",
        ),
        (
            {
                "slots": {"lunch": 1},
                "steps": [{"from_week": 4, "slots": {"lunch": 2}}, {"from_week": 3, "slots": {"lunch": 3}}],
            },
            "schedule.steps.1.from_week",
        ),
        (
            {"slots": {"lunch": 1}, "weeks": 2, "steps": [{"from_week": 3, "slots": {"lunch": 2}}]},
            "schedule.steps.0.from_week",
        ),
        (
            {"slots": {"lunch": 1}, "steps": [{"from_week": 3, "slots": {"brunch": 2}}]},
            "schedule.steps.0.slots.brunch",
        ),
    ],
)
def test_a_schedule_that_breaks_a_rule_is_refused_by_field_and_changes_nothing(
    client, people, winter, schedule, field
):
    protocol, d3 = winter
    before = ProtocolItem.objects.get(protocol=protocol, variant_id=d3)

    changed = put(client, people, protocol.id, d3, schedule, quantity=3)
    added = client.post(
        f"{BASE}/{protocol.id}/products",
        json={"product_variant_id": d3, "schedule": schedule},
        headers=people.certified.headers,
    )

    for reply in (changed, added):
        assert reply.status_code == 422
        assert reply.json()["code"] == "validation_error"
        assert list(reply.json()["errors"]) == [field]
    after = ProtocolItem.objects.get(protocol=protocol, variant_id=d3)
    assert (after.quantity, after.schedule, after.servings_per_day) == (
        1,
        before.schedule,
        before.servings_per_day,
    )


@pytest.mark.parametrize(
    "schedule",
    [
        {"slots": {"lunch": "abc"}},
        {"slots": {"lunch": "1e400"}},
        {"slots": {"lunch": [1]}},
        {"slots": {"lunch": 1}, "with_food": "sometimes"},
        {"slots": {"lunch": 1}, "start_date": "tomorrow"},
        {"slots": "lunch"},
        {"with_food": "with"},
        "lunch",
    ],
)
def test_a_schedule_of_the_wrong_type_is_a_clear_error_and_changes_nothing(client, people, winter, schedule):
    protocol, d3 = winter
    before = ProtocolItem.objects.get(protocol=protocol, variant_id=d3).schedule

    changed = put(client, people, protocol.id, d3, schedule)

    assert changed.status_code == 422
    assert changed.json()["message"]
    assert ProtocolItem.objects.get(protocol=protocol, variant_id=d3).schedule == before
