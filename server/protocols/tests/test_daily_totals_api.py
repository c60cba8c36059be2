"""Daily doses on protocol lines and the daily totals of a protocol, for its owner, its clients and anyone
holding its link (docs/decisions/0031-daily-totals.md)."""

from decimal import Decimal

import pytest

from server.catalog.models import ServingUnit, SupplementFactAmount, SupplementFacts
from server.nutrition.schedule import schedule_default
from server.protocols.models import ProtocolItem
from server.protocols.services import LineIn, protocol_create, protocol_link
from server.protocols.sharing import Recipient, protocol_assign
from server.protocols.tests.conftest import variant_of

BASE = "/v2/account/practitioners/protocols"


def give_facts(variant_id: int, dose: str, *amounts: tuple[str, str, str, str]) -> None:
    facts = SupplementFacts.objects.create(
        variant_id=variant_id,
        serving_unit=ServingUnit.CAPSULE,
        servings_per_container=Decimal(60),
        servings_per_day=Decimal(dose),
    )
    for nutrient, form, amount, unit in amounts:
        SupplementFactAmount.objects.create(
            facts=facts, nutrient=nutrient, form=form, amount=Decimal(amount), unit=unit
        )


@pytest.fixture
def labelled(catalogue):
    """Vitamin D3 at 2000 IU a capsule, two a day on the label; magnesium at 150 mg a serving; zinc
    without facts."""
    give_facts(variant_of(catalogue, "d3"), "2", ("vitamin_d", "", "2000", "IU"))
    give_facts(variant_of(catalogue, "magnesium"), "1", ("magnesium", "supplemental", "150", "mg"))
    return catalogue


@pytest.fixture
def protocol(people, labelled):
    return protocol_create(
        owner=people.certified.user,
        name="Winter",
        description="x",
        lines=[
            LineIn(variant_of(labelled, "d3")),
            LineIn(variant_of(labelled, "magnesium"), schedule=schedule_default(Decimal("1.5"))),
            LineIn(variant_of(labelled, "zinc")),
        ],
    )


def test_a_line_starts_from_the_labels_dose_unless_one_is_given(protocol, labelled):
    doses = dict(ProtocolItem.objects.filter(protocol=protocol).values_list("variant_id", "servings_per_day"))

    assert doses == {
        variant_of(labelled, "d3"): Decimal(2),
        variant_of(labelled, "magnesium"): Decimal("1.5"),
        variant_of(labelled, "zinc"): Decimal(1),  # no facts: one serving
    }


def test_the_owner_reads_the_totals_with_the_facts_to_add_them_up_live(client, people, protocol, labelled):
    reply = client.get(f"{BASE}/{protocol.id}/daily-totals", headers=people.certified.headers)

    assert reply.status_code == 200
    body = reply.json()
    d3, magnesium, zinc = (variant_of(labelled, name) for name in ("d3", "magnesium", "zinc"))
    assert [
        (row["nutrient"], row["total"], row["limit"], row["share"], row["level"]) for row in body["nutrients"]
    ] == [
        ("vitamin_d", 100, 100, 1.0, "over"),
        ("magnesium", 225, 250, 0.9, "caution"),
    ]
    assert body["nutrients"][0]["lines"] == [{"product_variant_id": d3, "amount": 100, "counted": True}]
    assert body["nutrients"][0]["source"]["authority"] == "EFSA"
    assert body["no_data"] == [zinc]
    assert body["facts"] == [
        {
            "product_variant_id": d3,
            "servings_per_day": 2,
            "nutrients": [{"nutrient": "vitamin_d", "form": "", "per_serving": 50}],
        },
        {
            "product_variant_id": magnesium,
            "servings_per_day": 1,
            "nutrients": [{"nutrient": "magnesium", "form": "supplemental", "per_serving": 150}],
        },
    ]
    assert [(row["nutrient"], row["limit"]["amount"]) for row in body["reference"]] == [
        ("vitamin_d", 100),
        ("magnesium", 250),
    ]


def test_totals_follow_the_language_and_the_region(client, people, protocol):
    reply = client.get(
        f"{BASE}/{protocol.id}/daily-totals",
        headers={**people.certified.headers, "Accept-Language": "de", "X-Region": "UK"},
    )

    assert reply.status_code == 200
    assert [row["name"] for row in reply.json()["nutrients"]] == ["Vitamin D", "Magnesium"]


@pytest.mark.parametrize("who", ["rival", "patient", "admin", "practitioner"])
def test_nobody_but_the_owner_reads_a_protocols_totals(client, people, protocol, who):
    reply = client.get(f"{BASE}/{protocol.id}/daily-totals", headers=getattr(people, who).headers)

    assert reply.status_code in (403, 404)


def test_without_a_token_the_totals_need_signing_in(client, protocol):
    assert client.get(f"{BASE}/{protocol.id}/daily-totals").status_code == 401


def test_a_schedule_changed_over_rest_moves_the_totals(client, people, protocol, labelled):
    changed = client.put(
        f"{BASE}/{protocol.id}/products",
        json={
            "product_variant_id": variant_of(labelled, "d3"),
            "schedule": {"slots": {"waking": 1, "bedtime": 0.5}},
        },
        headers=people.certified.headers,
    )
    totals = client.get(f"{BASE}/{protocol.id}/daily-totals", headers=people.certified.headers).json()

    assert changed.status_code == 200
    assert changed.json()["data"]["servings_per_day"] == 1.5
    assert (totals["nutrients"][0]["total"], totals["nutrients"][0]["level"]) == (75, "ok")


def test_the_product_row_carries_its_dose(client, people, protocol, labelled):
    reply = client.get(f"{BASE}/{protocol.id}", headers=people.certified.headers)

    doses = {row["product_variant_id"]: row["servings_per_day"] for row in reply.json()["products"]}
    assert doses == {
        variant_of(labelled, "d3"): 2,
        variant_of(labelled, "magnesium"): 1.5,
        variant_of(labelled, "zinc"): 1,
    }


def test_the_client_and_the_link_holder_see_the_same_totals(client, people, protocol):
    protocol_assign(
        practitioner=people.certified.user,
        protocol=protocol,
        recipient=Recipient(client_id=people.patient.user.id),
        discount=None,
        notes="",
        language="en",
        limit_reason="Under supervision",
    )
    token = protocol_link(protocol=protocol, limit_reason="Under supervision")

    shared = client.get("/v2/account/clients/protocols", headers=people.patient.headers).json()[0]
    linked = client.get(f"/v2/storefront/protocols/link/{token}").json()

    assert shared["daily_totals"] == linked["daily_totals"]
    assert [row["level"] for row in linked["daily_totals"]["nutrients"]] == ["over", "caution"]
    assert "facts" not in linked["daily_totals"]


def test_the_product_page_lists_each_variants_supplement_facts(client, labelled):
    reply = client.get(f"/v2/storefront/products/{labelled.d3.slug}")

    assert reply.status_code == 200
    assert reply.json()["supplement_facts"] == [
        {
            "product_variant_id": variant_of(labelled, "d3"),
            "serving_size": 1,
            "serving_unit": "capsule",
            "servings_per_container": 60,
            "servings_per_day": 2,
            "nutrients": [
                {
                    "nutrient": "vitamin_d",
                    "name": "Vitamin D",
                    "form": "",
                    "amount": 2000,
                    "unit": "IU",
                    "per_serving": 50,
                    "nutrient_unit": "µg",
                }
            ],
        }
    ]
    assert client.get(f"/v2/storefront/products/{labelled.zinc.slug}").json()["supplement_facts"] == []


def test_sharing_a_protocol_over_a_limit_needs_a_reason_which_is_kept(client, people, protocol):
    body = {"id": protocol.id, "user_id": people.patient.user.id}

    refused = client.post(f"{BASE}/assign", json=body, headers=people.certified.headers)
    blank = client.post(
        f"{BASE}/assign", json={**body, "limit_reason": "  "}, headers=people.certified.headers
    )
    shared = client.post(
        f"{BASE}/assign",
        json={**body, "limit_reason": "Short course under supervision, tested levels"},
        headers=people.certified.headers,
    )

    assert refused.status_code == blank.status_code == 422
    assert refused.json()["errors"] == {"limit_reason": ["required"]}
    assert "Vitamin D" in refused.json()["message"]
    assert shared.status_code == 201
    assignment = protocol.assignments.get()
    assert assignment.limit_reason == "Short course under supervision, tested levels"


def test_a_link_to_a_protocol_over_a_limit_needs_a_reason_too(client, people, protocol):
    refused = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers)
    made = client.post(
        f"{BASE}/{protocol.id}/link", json={"limit_reason": "Loading dose"}, headers=people.certified.headers
    )
    again = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers)

    assert refused.status_code == 422 and refused.json()["errors"] == {"limit_reason": ["required"]}
    assert made.status_code == 200
    assert again.json()["link_token"] == made.json()["link_token"]  # the same link: nothing to check
    protocol.refresh_from_db()
    assert protocol.link_limit_reason == "Loading dose"


def test_a_protocol_under_every_limit_is_shared_without_a_reason(client, people, protocol, labelled):
    client.put(
        f"{BASE}/{protocol.id}/products",
        json={"product_variant_id": variant_of(labelled, "d3"), "schedule": {"slots": {"breakfast": 1}}},
        headers=people.certified.headers,
    )

    shared = client.post(
        f"{BASE}/assign",
        json={"id": protocol.id, "user_id": people.patient.user.id},
        headers=people.certified.headers,
    )
    linked = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers)

    assert (shared.status_code, linked.status_code) == (201, 200)
    assert protocol.assignments.get().limit_reason == ""
