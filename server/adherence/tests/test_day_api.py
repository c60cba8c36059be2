"""The client's day and check-ins (docs/decisions/0043-the-day-schedule.md): what to take at each slot
across their protocols, one-tap check-ins, and every bad check-in refused with nothing changed."""

from datetime import timedelta

import pytest

from server.adherence.models import CheckIn
from server.events.models import Event
from server.protocols.models import Assignment

MINE = "/v2/account/clients"


def test_today_lists_each_slot_across_protocols_with_food_and_medicines(client, people, shared, today):
    morning, _, d3, magnesium, _ = shared

    day = client.get(f"{MINE}/schedule?date={today}", headers=people.patient.headers).json()

    assert day["date"] == today.isoformat()
    assert [(slot["slot"], slot["with_food"], slot["check_in"]) for slot in day["slots"]] == [
        ("breakfast", "with", None),
        ("lunch", "any", None),
        ("bedtime", "any", None),
    ]
    assert [(i["protocol_id"], i["product_variant_id"], i["servings"]) for i in day["slots"][0]["items"]] == [
        (morning.id, d3, 1),
        (morning.id, magnesium, 1),
    ]
    assert day["slots"][1]["items"][0]["protocol_name"] == "Cycle"
    assert day["slots"][2]["items"][0]["servings"] == 2
    # levothyroxine is taken on waking, a slot with no supplement: it shows nowhere else
    assert all(slot["medicines"] == [] for slot in day["slots"])


def test_a_cycles_day_off_has_nothing_at_its_slot(client, people, shared, today):
    day_off = today - timedelta(days=5)

    day = client.get(f"{MINE}/schedule?date={day_off}", headers=people.patient.headers).json()

    assert [slot["slot"] for slot in day["slots"]] == ["breakfast", "bedtime"]


def test_a_check_in_is_kept_once_can_change_and_tells_the_practitioner(client, people, shared, today):
    morning, *_ = shared
    body = {"date": str(today), "slot": "breakfast", "protocol_id": morning.id, "state": "taken"}

    first = client.post(f"{MINE}/check-ins", json=body, headers=people.patient.headers)
    again = client.post(f"{MINE}/check-ins", json=body, headers=people.patient.headers)
    changed = client.post(
        f"{MINE}/check-ins", json={**body, "state": "skipped"}, headers=people.patient.headers
    )

    assert first.status_code == again.status_code == changed.status_code == 200
    assert first.json()["slots"][0]["check_in"] == "taken"
    assert changed.json()["slots"][0]["check_ins"] == [{"protocol_id": morning.id, "state": "skipped"}]
    assert list(CheckIn.objects.values_list("slot", "state")) == [("breakfast", "skipped")]
    told = Event.objects.filter(topic="adherence.updated")
    assert sorted(told.values_list("user_id", flat=True)) == sorted(
        [people.patient.user.id, people.certified.user.id] * 2
    )
    assert told[0].data == {
        "client_id": people.patient.user.id,
        "protocol_id": morning.id,
        "date": str(today),
    }


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        ({"date": "+1"}, 422, "date"),
        ({"date": "-8"}, 422, "date"),
        ({"slot": "noon"}, 422, "slot"),
        ({"slot": "lunch"}, 422, "slot"),  # Morning has nothing at lunch
        ({"protocol_id": "other"}, 404, "protocol_id"),
        ({"protocol_id": 999999}, 404, "protocol_id"),
    ],
)
def test_a_bad_check_in_is_refused_and_changes_nothing(client, people, shared, today, change, status, field):
    morning, *_ = shared
    body = {"date": str(today), "slot": "breakfast", "protocol_id": morning.id, "state": "taken"}
    if "date" in change:
        body["date"] = str(today + timedelta(days=int(change["date"])))
    elif change.get("protocol_id") == "other":
        theirs = Assignment.objects.get(protocol=morning)
        theirs.pk, theirs.client = None, people.stranger.user
        theirs.save()
        Assignment.objects.filter(protocol=morning, client=people.patient.user).delete()
        body["protocol_id"] = morning.id
    else:
        body.update(change)

    refused = client.post(f"{MINE}/check-ins", json=body, headers=people.patient.headers)

    assert refused.status_code == status
    assert list(refused.json()["errors"]) == [field]
    assert not CheckIn.objects.exists()
    assert not Event.objects.filter(topic="adherence.updated").exists()


def test_a_check_in_of_an_unknown_state_or_date_is_a_clear_error(client, people, shared, today):
    morning, *_ = shared
    for body in (
        {"date": str(today), "slot": "breakfast", "protocol_id": morning.id, "state": "maybe"},
        {"date": "yesterday", "slot": "breakfast", "protocol_id": morning.id, "state": "taken"},
    ):
        refused = client.post(f"{MINE}/check-ins", json=body, headers=people.patient.headers)
        assert refused.status_code == 422 and refused.json()["message"]
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize("who", ["certified", "practitioner", "admin"])
def test_only_clients_have_a_day(client, people, shared, today, who):
    headers = getattr(people, who).headers

    assert client.get(f"{MINE}/schedule", headers=headers).status_code == 403
    assert client.post(f"{MINE}/check-ins", json={}, headers=headers).status_code in (403, 422)
    assert client.get(f"{MINE}/schedule").status_code == 401
