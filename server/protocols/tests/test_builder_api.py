"""The practitioner's protocol calls of spec docs/spec-coverage.md#s7, as a builder (types 1, 2 and 3) uses
them."""

import pytest

from server.accounts.models import Milestone, MilestoneId
from server.events.models import Event
from server.protocols.models import Protocol, ProtocolItem
from server.protocols.tests.conftest import variant_of

BASE = "/v2/account/practitioners/protocols"


def create(client, who, name="Sleep support", description="For better sleep"):
    reply = client.post(
        f"{BASE}/create", json={"name": name, "description": description}, headers=who.headers
    )
    assert reply.status_code == 201, reply.json()
    return reply.json()["protocol_id"]


def add(client, who, protocol_id, variant_id, quantity=1, notes=None, region="eu"):
    return client.post(
        f"{BASE}/{protocol_id}/products",
        json={"product_variant_id": variant_id, "quantity": quantity, "notes": notes},
        headers={**who.headers, "X-Region": region},
    )


@pytest.mark.parametrize("role", ["admin", "certified", "practitioner"])
def test_every_practitioner_type_builds_protocols(client, people, role):
    who = getattr(people, role)

    protocol_id = create(client, who)

    protocol = Protocol.objects.get(pk=protocol_id)
    assert (protocol.owner, protocol.name, protocol.description) == (
        who.user,
        "Sleep support",
        "For better sleep",
    )
    assert Milestone.objects.filter(user=who.user, milestone_id=MilestoneId.PROTOCOL_CREATED).count() == 1


@pytest.mark.parametrize(
    ("payload", "field", "message"),
    [
        ({"name": "", "description": "x"}, "name", "Give the protocol a name."),
        ({"name": "   ", "description": "x"}, "name", "Give the protocol a name."),
        ({"name": "Sleep", "description": ""}, "description", "Describe the protocol."),
        ({"name": "Sleep"}, "description", "Describe the protocol."),
        ({"name": "x" * 201, "description": "x"}, "name", "The name may be at most 200 characters."),
    ],
)
def test_create_needs_a_name_and_a_description(client, people, payload, field, message):
    reply = client.post(f"{BASE}/create", json=payload, headers=people.certified.headers)

    assert reply.status_code == 422
    assert reply.json()["message"] == message
    assert field in reply.json()["errors"]
    assert not Protocol.objects.exists()


def test_a_product_added_comes_first_and_one_already_there_adds_its_quantity(client, people, catalogue):
    who = people.certified
    protocol_id = create(client, who)
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")

    add(client, who, protocol_id, d3, 1, "morning")
    add(client, who, protocol_id, magnesium, 2, "evening")
    reply = add(client, who, protocol_id, d3, 2, region="uk")

    assert reply.status_code == 200
    data = reply.json()["data"]
    assert [(p["product_variant_id"], p["item_count"], p["notes"]) for p in data["products"]] == [
        (magnesium, 2, "evening"),
        (d3, 3, "morning"),
    ]
    # 2 x 19.99 + 3 x 10.95 GBP
    assert (data["total_price"], data["currency"]) == ("72.83", "GBP")


def test_the_reply_has_the_spec_protocol_product_shape(client, people, catalogue):
    who = people.certified
    protocol_id = create(client, who)
    add(client, who, protocol_id, variant_of(catalogue, "d3"), 2, "with food")

    product = client.get(f"{BASE}/{protocol_id}", headers=who.headers).json()["products"][0]

    assert {k: product[k] for k in ("id", "slug", "name", "item_count", "notes", "price")} == {
        "id": catalogue.d3.id,
        "slug": "vitamin-d3-drops",
        "name": "Vitamin D3 Drops",
        "item_count": 2,
        "notes": "with food",
        "price": "12.50",
    }
    assert product["brand"]["name"] == "Acme"
    assert product["variants"][0]["id"] == variant_of(catalogue, "d3")


@pytest.mark.parametrize(
    ("quantity", "status"),
    [(0, 422), (-1, 422), (1000, 422), ("abc", 422), (None, 422)],
)
def test_quantities_below_one_or_not_numbers_are_refused(client, people, catalogue, quantity, status):
    who = people.certified
    protocol_id = create(client, who)

    reply = add(client, who, protocol_id, variant_of(catalogue, "d3"), quantity)

    assert reply.status_code == status
    assert "quantity" in reply.json()["errors"] or reply.json()["code"] == "validation_error"
    assert not ProtocolItem.objects.exists()


def test_an_unknown_variant_is_a_404_naming_the_field(client, people):
    who = people.certified
    protocol_id = create(client, who)

    reply = add(client, who, protocol_id, 999999)

    assert reply.status_code == 404
    assert reply.json()["errors"] == {"product_variant_id": ["unknown"]}


def test_update_and_remove_a_product(client, people, catalogue):
    who = people.certified
    protocol_id = create(client, who)
    d3 = variant_of(catalogue, "d3")
    add(client, who, protocol_id, d3, 1)

    updated = client.put(
        f"{BASE}/{protocol_id}/products",
        json={"product_variant_id": d3, "quantity": 4, "notes": "twice a day"},
        headers=who.headers,
    )
    removed = client.delete(
        f"{BASE}/{protocol_id}/products", json={"product_variant_id": d3}, headers=who.headers
    )
    missing = client.delete(
        f"{BASE}/{protocol_id}/products", json={"product_variant_id": d3}, headers=who.headers
    )

    assert updated.json() == {
        "message": "Product details updated.",
        "data": {
            "protocol_id": protocol_id,
            "product_id": catalogue.d3.id,
            "product_variant_id": d3,
            "notes": "twice a day",
            "quantity": 4,
            "servings_per_day": 1,
            "schedule": {
                "slots": {"breakfast": 1},
                "with_food": "any",
                "cycle": None,
                "start_date": None,
                "weeks": None,
                "steps": [],
            },
        },
    }
    assert removed.status_code == 200 and removed.json()["data"]["products"] == []
    assert missing.status_code == 404


def test_update_renames_and_delete_removes(client, people):
    who = people.certified
    protocol_id = create(client, who)

    renamed = client.put(f"{BASE}/{protocol_id}/update", json={"name": "Deep sleep"}, headers=who.headers)
    emptied = client.put(f"{BASE}/{protocol_id}/update", json={"name": ""}, headers=who.headers)
    deleted = client.delete(f"{BASE}/{protocol_id}", headers=who.headers)

    assert renamed.status_code == 200
    assert (renamed.json()["message"], renamed.json()["data"]["name"]) == ("Protocol updated.", "Deep sleep")
    assert renamed.json()["data"]["description"] == "For better sleep"  # optional when editing
    assert emptied.status_code == 422
    assert deleted.json() == {"message": "Protocol deleted."}
    assert not Protocol.objects.exists()


def test_duplicate_copies_the_lines_under_a_new_id_and_name(client, people, catalogue):
    who = people.certified
    protocol_id = create(client, who)
    add(client, who, protocol_id, variant_of(catalogue, "d3"), 2, "morning")

    reply = client.post(f"{BASE}/duplicate", json={"protocol_id": protocol_id}, headers=who.headers)

    assert reply.status_code == 201
    copy_id = reply.json()["protocol_id"]
    assert copy_id != protocol_id
    assert reply.json()["data"]["name"] == "Sleep support (copy)"
    assert [(p["item_count"], p["notes"]) for p in reply.json()["data"]["products"]] == [(2, "morning")]


def test_the_list_is_paged_five_at_a_time_newest_first_and_sorts_by_name(client, people):
    who = people.certified
    for name in ["Bravo", "alpha", "Delta", "Charlie", "Echo", "Foxtrot", "Golf"]:
        create(client, who, name=name)

    first = client.get(f"{BASE}", headers=who.headers).json()
    second = client.get(f"{BASE}?page=2", headers=who.headers).json()
    by_name = client.get(f"{BASE}?limit=3&sort=name_asc", headers=who.headers).json()
    by_name_desc = client.get(f"{BASE}?limit=2&sort=name_desc", headers=who.headers).json()
    only_total = client.get(f"{BASE}?limit=1", headers=who.headers).json()

    assert [p["name"] for p in first["data"]] == ["Golf", "Foxtrot", "Echo", "Charlie", "Delta"]
    assert {k: first[k] for k in ("current_page", "limit", "offset", "total_pages", "total_results")} == {
        "current_page": 1,
        "limit": 5,
        "offset": 0,
        "total_pages": 2,
        "total_results": 7,
    }
    assert [p["name"] for p in second["data"]] == ["alpha", "Bravo"]
    assert [p["name"] for p in by_name["data"]] == ["alpha", "Bravo", "Charlie"]
    assert [p["name"] for p in by_name_desc["data"]] == ["Golf", "Foxtrot"]
    assert only_total["total_results"] == 7


def test_search_finds_the_callers_protocols_by_name_or_description(client, people):
    who = people.certified
    create(client, who, name="Sleep support", description="magnesium at night")
    create(client, who, name="Energy", description="mornings")
    create(client, people.rival, name="Sleep rival", description="not yours")

    reply = client.post(f"{BASE}/search", json={"query": "sleep"}, headers=who.headers).json()
    by_description = client.post(f"{BASE}/search", json={"query": "MAGNES night"}, headers=who.headers).json()

    assert [p["name"] for p in reply["data"]] == ["Sleep support"]
    assert (reply["limit"], reply["current_page"]) == (50, 1)
    assert [p["name"] for p in by_description["data"]] == ["Sleep support"]


def test_another_practitioners_protocol_is_a_404_for_every_call(client, people, catalogue):
    theirs = create(client, people.rival)
    me = people.certified.headers
    variant = {"product_variant_id": variant_of(catalogue, "d3"), "quantity": 1}

    replies = [
        client.get(f"{BASE}/{theirs}", headers=me),
        client.put(f"{BASE}/{theirs}/update", json={"name": "Mine now"}, headers=me),
        client.delete(f"{BASE}/{theirs}", headers=me),
        client.post(f"{BASE}/duplicate", json={"protocol_id": theirs}, headers=me),
        client.post(f"{BASE}/{theirs}/products", json=variant, headers=me),
        client.put(f"{BASE}/{theirs}/products", json=variant, headers=me),
        client.delete(f"{BASE}/{theirs}/products", json=variant, headers=me),
        client.post(f"{BASE}/{theirs}/link", headers=me),
        client.post(f"{BASE}/assign", json={"id": theirs, "user_id": people.patient.user.id}, headers=me),
    ]

    assert [r.status_code for r in replies] == [404] * len(replies)
    assert {r.json()["message"] for r in replies} == {"There is no such protocol."}
    assert Protocol.objects.get(pk=theirs).name == "Sleep support"


def test_each_change_tells_the_practitioners_devices(client, people, catalogue):
    who = people.certified
    protocol_id = create(client, who)
    add(client, who, protocol_id, variant_of(catalogue, "d3"))
    copy = client.post(f"{BASE}/duplicate", json={"protocol_id": protocol_id}, headers=who.headers).json()
    client.delete(f"{BASE}/{protocol_id}", headers=who.headers)

    events = list(Event.objects.filter(user=who.user).values_list("topic", "data"))
    assert events == [
        ("protocol.created", {"protocol_id": protocol_id}),
        ("milestones.updated", {"milestone_id": MilestoneId.PROTOCOL_CREATED}),
        ("protocol.updated", {"protocol_id": protocol_id}),
        ("protocol.duplicated", {"protocol_id": copy["protocol_id"], "source_id": protocol_id}),
        ("protocol.deleted", {"protocol_id": protocol_id}),
    ]
