"""A protocol's spacing and interaction warnings and "arrange the day" for its owner, held against the
medicines of the clients it is shared with (docs/decisions/0043-the-day-schedule.md)."""

from decimal import Decimal

import pytest

from server.catalog.models import ServingUnit, SupplementFactAmount, SupplementFacts
from server.health.models import ClientMedicine
from server.nutrition.schedule import schedule_parse
from server.protocols.models import Assignment, ProtocolItem
from server.protocols.services import LineIn, protocol_create
from server.protocols.sharing import Recipient, protocol_assign
from server.protocols.tests.conftest import variant_of

BASE = "/v2/account/practitioners/protocols"


def holds(variant_id: int, nutrient: str, amount: str) -> None:
    facts = SupplementFacts.objects.create(
        variant_id=variant_id, serving_unit=ServingUnit.CAPSULE, servings_per_container=Decimal(60)
    )
    SupplementFactAmount.objects.create(
        facts=facts, nutrient=nutrient, form="", amount=Decimal(amount), unit="mg"
    )


@pytest.fixture
def day(people, catalogue):
    """Iron and calcium at breakfast, St John's wort at bedtime; shared with Pat, who takes levothyroxine
    and sertraline on waking."""
    iron, calcium, hypericum = (variant_of(catalogue, name) for name in ("d3", "magnesium", "zinc"))
    holds(iron, "iron", "14")
    holds(calcium, "calcium", "500")
    holds(hypericum, "st_johns_wort", "300")
    protocol = protocol_create(
        owner=people.certified.user,
        name="Day",
        description="x",
        lines=[
            LineIn(iron, schedule=schedule_parse({"slots": {"breakfast": 1}})),
            LineIn(calcium, schedule=schedule_parse({"slots": {"breakfast": 1}})),
            LineIn(hypericum, schedule=schedule_parse({"slots": {"bedtime": 1}})),
        ],
    )
    Assignment.objects.create(protocol=protocol, client=people.patient.user)
    for position, (medicine, slots) in enumerate((("levothyroxine", ["waking"]), ("sertraline", ["waking"]))):
        ClientMedicine.objects.create(
            client=people.patient.user, medicine_id=medicine, slots=slots, position=position
        )
    return protocol, iron, calcium, hypericum


def warnings_of(client, people, protocol_id, query=""):
    reply = client.get(f"{BASE}/{protocol_id}/interactions{query}", headers=people.certified.headers)
    assert reply.status_code == 200
    return reply.json()


def test_the_owner_sees_each_warning_with_its_lines_medicines_advice_and_source(client, people, day):
    protocol, iron, calcium, hypericum = day

    body = warnings_of(client, people, protocol.id)

    assert [(w["rule_id"], w["severity"], w["lines"], w["medicines"]) for w in body["warnings"]] == [
        ("st-johns-wort-ssris", "avoid", [hypericum], ["sertraline"]),
        ("iron-calcium", "caution", [iron, calcium], []),
        ("thyroid-calcium-magnesium", "caution", [calcium], ["levothyroxine"]),
        ("thyroid-iron", "caution", [iron], ["levothyroxine"]),
    ]
    spacing = body["warnings"][1]
    assert spacing["kind"] == "spacing" and spacing["gap_hours"] == 2
    assert spacing["advice"] and spacing["source"]
    assert body["medicines"] == [
        {
            "id": "levothyroxine",
            "name": "Levothyroxine",
            "classes": ["thyroid_hormones"],
            "slots": ["waking"],
        },
        {"id": "sertraline", "name": "Sertraline", "classes": ["ssris"], "slots": ["waking"]},
    ]
    # and every rule, for the builder to hold against its live document
    iron_calcium = next(rule for rule in body["rules"] if rule["id"] == "iron-calcium")
    assert (iron_calcium["a"]["nutrients"], iron_calcium["gap_hours"]) == (["iron"], 2)


def test_moving_iron_and_calcium_apart_from_each_other_and_the_thyroid_tablet_clears_their_warnings(
    client, people, day
):
    protocol, iron, calcium, _ = day

    for variant_id, slot in ((iron, "lunch"), (calcium, "dinner")):
        moved = client.put(
            f"{BASE}/{protocol.id}/products",
            json={"product_variant_id": variant_id, "schedule": {"slots": {slot: 1}}},
            headers=people.certified.headers,
        )
        assert moved.status_code == 200

    assert [w["rule_id"] for w in warnings_of(client, people, protocol.id)["warnings"]] == [
        "st-johns-wort-ssris"
    ]


def test_arrange_proposes_a_day_without_spacing_warnings_and_saves_nothing(client, people, day):
    protocol, iron, calcium, hypericum = day
    before = list(ProtocolItem.objects.filter(protocol=protocol).values_list("variant_id", "schedule"))

    reply = client.post(f"{BASE}/{protocol.id}/arrange", headers=people.certified.headers)

    assert reply.status_code == 200
    proposed = {line["product_variant_id"]: line for line in reply.json()["lines"]}
    assert reply.json()["cannot"] == []
    assert proposed[hypericum]["moved"] is False
    assert proposed[iron]["moved"] or proposed[calcium]["moved"]
    assert (
        list(ProtocolItem.objects.filter(protocol=protocol).values_list("variant_id", "schedule")) == before
    )
    # and putting the proposal in leaves the interaction, which no hour changes
    for variant_id in (iron, calcium):
        client.put(
            f"{BASE}/{protocol.id}/products",
            json={"product_variant_id": variant_id, "schedule": proposed[variant_id]["schedule"]},
            headers=people.certified.headers,
        )
    assert [w["rule_id"] for w in warnings_of(client, people, protocol.id)["warnings"]] == [
        "st-johns-wort-ssris"
    ]


def test_one_client_can_be_chosen_and_a_client_not_shared_with_is_not_found(client, people, day):
    protocol, *_ = day
    ClientMedicine.objects.create(client=people.stranger.user, medicine_id="warfarin", slots=["dinner"])

    pat = warnings_of(client, people, protocol.id, f"?client_id={people.patient.user.id}")
    stranger = client.get(
        f"{BASE}/{protocol.id}/interactions?client_id={people.stranger.user.id}",
        headers=people.certified.headers,
    )

    assert [m["id"] for m in pat["medicines"]] == ["levothyroxine", "sertraline"]
    assert stranger.status_code == 404
    assert stranger.json()["errors"] == {"client_id": ["not shared"]}


def test_a_client_who_removed_the_protocol_shares_no_medicines(client, people, day):
    protocol, *_ = day
    Assignment.objects.filter(protocol=protocol).update(hidden_at="2026-11-01T00:00:00Z")

    body = warnings_of(client, people, protocol.id)

    assert body["medicines"] == []
    assert [w["rule_id"] for w in body["warnings"]] == ["iron-calcium"]


@pytest.mark.parametrize("who", ["rival", "practitioner", "patient", "admin"])
def test_nobody_but_the_owner_reads_the_warnings_or_arranges(client, people, day, who):
    protocol, *_ = day
    headers = getattr(people, who).headers

    read = client.get(f"{BASE}/{protocol.id}/interactions", headers=headers)
    arranged = client.post(f"{BASE}/{protocol.id}/arrange", headers=headers)

    assert read.status_code in (403, 404) and arranged.status_code in (403, 404)
    assert client.get(f"{BASE}/{protocol.id}/interactions").status_code == 401


def test_sharing_a_combination_to_avoid_with_the_clients_medicines_needs_a_reason(client, people, day):
    protocol, *_ = day
    Assignment.objects.filter(protocol=protocol).delete()
    body = {"id": protocol.id, "user_id": people.patient.user.id}

    refused = client.post(f"{BASE}/assign", json=body, headers=people.certified.headers)
    shared = client.post(
        f"{BASE}/assign",
        json={**body, "warning_reason": "Prescriber agreed"},
        headers=people.certified.headers,
    )

    assert refused.status_code == 422
    assert refused.json()["errors"] == {"warning_reason": ["required"]}
    assert "St John" in refused.json()["message"]
    assert shared.status_code == 201
    assert Assignment.objects.get(protocol=protocol).warning_reason == "Prescriber agreed"


def test_a_client_without_such_medicines_is_shared_with_without_a_reason(people, day):
    protocol, *_ = day
    Assignment.objects.filter(protocol=protocol).delete()
    ClientMedicine.objects.filter(medicine_id="sertraline").delete()

    assignment = protocol_assign(
        practitioner=people.certified.user,
        protocol=protocol,
        recipient=Recipient(client_id=people.patient.user.id),
        discount=None,
        notes=None,
        language="en",
    )

    assert assignment.warning_reason == ""
