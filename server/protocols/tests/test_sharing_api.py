"""Sharing (spec: docs/spec-coverage.md#s4-share-flow-pick-existing "Share flow", section 7 assign and link),
the client's protocols, the public link view and a protocol into the cart."""

import re
from decimal import Decimal

import pytest
from django.core import mail

from server.accounts.models import Milestone, MilestoneId, PractitionerClient, User, UserType
from server.events.models import Event
from server.protocols.models import Assignment, Protocol, ProtocolItem
from server.protocols.tests.conftest import variant_of
from server.providers.models import MarketingEvent, MarketingTrigger

BASE = "/v2/account/practitioners/protocols"


@pytest.fixture
def protocol(people, catalogue) -> Protocol:
    protocol = Protocol.objects.create(owner=people.certified.user, name="Sleep", description="Nights")
    ProtocolItem.objects.create(protocol=protocol, variant_id=variant_of(catalogue, "magnesium"), quantity=2,
                                notes="one scoop at night", position=2)  # fmt: skip
    ProtocolItem.objects.create(
        protocol=protocol, variant_id=variant_of(catalogue, "d3"), quantity=1, position=1
    )
    return protocol


def assign(client, who, **payload):
    return client.post(f"{BASE}/assign", json=payload, headers=who.headers)


def test_sharing_with_an_existing_client_shows_it_to_them_at_once(
    client, people, protocol, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        reply = assign(
            client, people.certified, id=protocol.id, user_id=people.patient.user.id, notes="Daily"
        )

    assert reply.status_code == 201
    assert reply.json() == {
        "message": "Protocol shared.",
        "data": {
            "protocol_id": protocol.id,
            "client": {
                "id": people.patient.user.id,
                "first_name": "Pat",
                "last_name": "Ient",
                "email": "patient@example.com",
                "discount_rate": "10.00",
            },
            "discount": "10.00",
            "notes": "Daily",
            "invited": False,
        },
    }
    assert list(Event.objects.filter(user=people.patient.user).values_list("topic", "data")) == [
        ("protocol.shared", {"protocol_id": protocol.id, "practitioner_id": people.certified.user.id})
    ]
    assert [m.to for m in mail.outbox] == [["patient@example.com"]]
    shared = client.get("/v2/account/clients/protocols", headers=people.patient.headers).json()
    assert [(p["protocol_id"], p["discount"], p["notes"], p["practitioner"]["name"]) for p in shared] == [
        (protocol.id, "10.00", "Daily", "Dana Doc")
    ]


def test_a_discount_given_for_an_existing_client_becomes_their_discount(client, people, protocol):
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id, discount=15)

    assert PractitionerClient.objects.get(client=people.patient.user).discount_rate == Decimal("15.00")


def test_sharing_with_a_new_email_invites_a_client_account(
    client, people, protocol, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        reply = assign(
            client, people.certified, id=protocol.id, email="New.Client@Example.com",
            first_name="Nora", last_name="New", discount=5,
        )  # fmt: skip

    assert reply.status_code == 201
    assert reply.json()["data"]["invited"] is True
    invited = User.objects.get(email="new.client@example.com")
    assert (invited.user_type_id, invited.is_active, invited.first_name) == (UserType.CLIENT, False, "Nora")
    assert PractitionerClient.objects.get(client=invited).discount_rate == Decimal("5.00")
    assert Assignment.objects.get(client=invited).protocol == protocol
    (invitation,) = mail.outbox
    assert invitation.to == ["new.client@example.com"]
    body = str(invitation.body)
    assert "Sleep" in body and "Dana Doc" in body
    assert re.search(r"/auth/reset-password/[\w-]+", body)


@pytest.mark.parametrize(
    ("payload", "status", "field"),
    [
        ({"email": "not-an-email", "first_name": "A", "last_name": "B", "discount": 5}, 422, "email"),
        ({"email": "n@example.com", "first_name": "", "last_name": "B", "discount": 5}, 422, "first_name"),
        ({"email": "n@example.com", "first_name": "A", "last_name": "", "discount": 5}, 422, "last_name"),
        ({"email": "n@example.com", "first_name": "A", "last_name": "B"}, 422, "discount"),
        ({"email": "n@example.com", "first_name": "A", "last_name": "B", "discount": 7}, 422, "discount"),
        (
            {"email": "n@example.com", "first_name": "A", "last_name": "B", "discount": "lots"},
            422,
            "discount",
        ),
        ({"email": "rival@example.com", "first_name": "A", "last_name": "B", "discount": 5}, 409, "email"),
        ({}, 422, "email"),
        ({"user_id": 999999}, 404, "user_id"),
    ],
)
def test_bad_recipients_are_refused_naming_the_field_and_nothing_is_shared(
    client, people, protocol, payload, status, field
):
    reply = assign(client, people.certified, id=protocol.id, **payload)

    assert reply.status_code == status
    body = reply.json()
    assert field in body["errors"] or any(field in str(e) for e in body["errors"].values()), body
    assert not Assignment.objects.exists()
    assert not User.objects.filter(email="n@example.com").exists()


def test_a_client_of_another_practitioner_chosen_by_id_is_not_found(client, people, protocol):
    reply = assign(client, people.certified, id=protocol.id, user_id=people.stranger.user.id)

    assert reply.status_code == 404
    assert reply.json()["message"] == "There is no such client."


def test_sharing_twice_with_the_same_client_is_refused(client, people, protocol):
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)

    again = assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)
    by_email = assign(client, people.certified, id=protocol.id, email="PATIENT@example.com", discount=10)

    assert (again.status_code, by_email.status_code) == (409, 409)
    assert again.json()["message"] == "This protocol is shared with this client already."
    assert Assignment.objects.count() == 1


def test_a_plain_practitioner_may_not_share_or_link(client, people):
    mine = Protocol.objects.create(owner=people.practitioner.user, name="Mine", description="x")

    recipient = {"email": "c@example.com", "first_name": "C", "last_name": "D", "discount": 0}
    shared = assign(client, people.practitioner, id=mine.id, **recipient)
    linked = client.post(f"{BASE}/{mine.id}/link", headers=people.practitioner.headers)

    assert (shared.status_code, linked.status_code) == (403, 403)
    assert (
        shared.json()["message"]
        == "Sharing protocols unlocks once your practitioner certificate is validated."
    )
    assert not User.objects.filter(email="c@example.com").exists()


def test_share_milestones_and_marketing_triggers_follow_the_total_protocol_count_after_sharing(
    client, people
):
    practitioner = people.certified
    protocols = [
        Protocol.objects.create(owner=practitioner.user, name=f"P{number}", description="x")
        for number in range(1, 5)
    ]

    def reached() -> set[int]:
        return set(Milestone.objects.filter(user=practitioner.user).values_list("milestone_id", flat=True))

    def share_triggers() -> list[int]:
        events = MarketingEvent.objects.filter(user=practitioner.user).exclude(
            trigger_id=MarketingTrigger.LOGGED_IN_CERTIFIED_PRACTITIONER
        )
        return sorted(events.values_list("trigger_id", flat=True))

    # Four protocols, none shared: no share milestone yet.
    assert MilestoneId.FIRST_PROTOCOL_SHARED not in reached()

    # One share with four protocols: the count read after it is 4, so the first only.
    assign(client, practitioner, id=protocols[0].id, user_id=people.patient.user.id)
    assert MilestoneId.FIRST_PROTOCOL_SHARED in reached()
    assert MilestoneId.FIFTH_PROTOCOL_SHARED not in reached()

    # A fifth protocol is created: nothing fires until the next share.
    fifth = Protocol.objects.create(owner=practitioner.user, name="P5", description="x")
    assert MilestoneId.FIFTH_PROTOCOL_SHARED not in reached()
    assign(
        client, practitioner, id=fifth.id, email="b@example.com", first_name="B", last_name="C", discount=0
    )
    assert MilestoneId.FIFTH_PROTOCOL_SHARED in reached()

    # Ten protocols, then a share of one shared before with someone new: the tenth, each trigger once.
    for number in range(6, 11):
        Protocol.objects.create(owner=practitioner.user, name=f"P{number}", description="x")
    assign(
        client,
        practitioner,
        id=protocols[0].id,
        email="c@example.com",
        first_name="C",
        last_name="D",
        discount=0,
    )
    assert MilestoneId.TENTH_PROTOCOL_SHARED in reached()
    assert share_triggers() == [
        MarketingTrigger.FIRST_PROTOCOL_SHARED,
        MarketingTrigger.FIFTH_PROTOCOL_SHARED,
        MarketingTrigger.TENTH_PROTOCOL_SHARED,
    ]
    # Three clients: the first-client milestone only.
    assert MilestoneId.FIRST_CLIENT_INVITED in reached()
    assert MilestoneId.FIFTH_CLIENT_INVITED not in reached()


def test_client_milestones_at_one_and_five_clients(client, people, protocol):
    for number in range(4):
        assign(client, people.certified, id=protocol.id, email=f"c{number}@example.com", first_name="C",
               last_name=str(number), discount=0)  # fmt: skip

    reached = set(Milestone.objects.filter(user=people.certified.user).values_list("milestone_id", flat=True))
    assert MilestoneId.FIFTH_CLIENT_INVITED in reached  # the patient plus four invited
    assert MilestoneId.TWENTIETH_CLIENT_INVITED not in reached


def test_the_link_token_stays_the_same_until_revoked(client, people, protocol):
    first = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers).json()
    second = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers).json()
    public = client.get(f"/v2/storefront/protocols/link/{first['link_token']}")
    revoked = client.delete(f"{BASE}/{protocol.id}/link", headers=people.certified.headers)
    after = client.get(f"/v2/storefront/protocols/link/{first['link_token']}")
    renewed = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers).json()

    assert first == second
    assert len(first["link_token"]) >= 43 and first["link"] == f"/protocols/{first['link_token']}"
    assert public.status_code == 200
    assert revoked.status_code == 200
    assert after.status_code == 404
    assert renewed["link_token"] != first["link_token"]


def test_a_stranger_with_the_link_sees_products_and_dosage_notes_but_no_clients(client, people, protocol):
    assign(
        client, people.certified, id=protocol.id, user_id=people.patient.user.id, notes="Pat's private notes"
    )
    token = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers).json()["link_token"]

    reply = client.get(f"/v2/storefront/protocols/link/{token}", headers={"X-Region": "uk"})

    body = reply.json()
    assert (body["name"], body["total_price"], body["currency"]) == ("Sleep", "50.93", "GBP")
    assert [p["notes"] for p in body["products"]] == ["one scoop at night", ""]
    assert body["practitioner"]["name"] == "Dana Doc"
    assert "Pat" not in reply.content.decode() and "discount" not in body
    assert client.get("/v2/storefront/protocols/link/guessed-token").status_code == 404


def test_a_client_adds_a_shared_protocol_to_the_cart_with_their_discount(client, people, protocol):
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)

    reply = client.post(f"/v2/storefront/cart/protocols/{protocol.id}", headers=people.patient.headers)

    cart = reply.json()
    assert [(i["product_variant_id"], i["quantity"]) for i in cart["items"]] == [
        (protocol.items.get(quantity=2).variant_id, 2),
        (protocol.items.get(quantity=1).variant_id, 1),
    ]
    # 2 x 24.00 + 12.50 EUR, 10 % off
    assert (cart["total_price"], cart["total_discount"], cart["total_price_after_discount"]) == (
        "60.50",
        "6.05",
        "54.45",
    )


def test_a_protocol_reaches_the_cart_by_its_link_only_with_the_right_token(client, people, protocol):
    token = client.post(f"{BASE}/{protocol.id}/link", headers=people.certified.headers).json()["link_token"]

    without = client.post(f"/v2/storefront/cart/protocols/{protocol.id}", headers=people.stranger.headers)
    wrong = client.post(
        f"/v2/storefront/cart/protocols/{protocol.id}?link_token=wrong", headers=people.stranger.headers
    )
    right = client.post(
        f"/v2/storefront/cart/protocols/{protocol.id}?link_token={token}", headers=people.stranger.headers
    )
    anonymous = client.post(f"/v2/storefront/cart/protocols/{protocol.id}?link_token={token}")

    assert (without.status_code, wrong.status_code, right.status_code, anonymous.status_code) == (
        404,
        404,
        200,
        401,
    )
    assert right.json()["total_items"] == 3


@pytest.mark.parametrize("path", ["/v2/account/clients/protocols/{id}", "/account/clients/protocols/{id}"])
def test_a_client_hides_a_shared_protocol_for_themselves_only(client, people, protocol, path):
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)
    assign(
        client,
        people.certified,
        id=protocol.id,
        email="o@example.com",
        first_name="O",
        last_name="P",
        discount=0,
    )

    reply = client.delete(path.format(id=protocol.id), headers=people.patient.headers)
    again = client.delete(path.format(id=protocol.id), headers=people.patient.headers)

    assert reply.json() == {"message": "The protocol was removed from your list."}
    assert again.status_code == 404
    assert client.get("/v2/account/clients/protocols", headers=people.patient.headers).json() == []
    assert Assignment.objects.filter(hidden_at__isnull=True).count() == 1
    assert Protocol.objects.filter(pk=protocol.id).exists()
    assert Event.objects.filter(user=people.patient.user, topic="client_protocol.deleted").count() == 1


def test_a_change_to_a_shared_protocol_reaches_its_clients(client, people, protocol, catalogue):
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)

    client.post(
        f"{BASE}/{protocol.id}/products",
        json={"product_variant_id": variant_of(catalogue, "zinc"), "quantity": 1},
        headers=people.certified.headers,
    )
    client.delete(f"{BASE}/{protocol.id}", headers=people.certified.headers)

    assert list(Event.objects.filter(user=people.patient.user).values_list("topic", flat=True)) == [
        "protocol.shared",
        "protocol.updated",
        "protocol.deleted",
    ]


def test_a_prescribed_practitioner_only_product_stays_editable_in_the_clients_cart(client, people, catalogue):
    protocol = Protocol.objects.create(owner=people.certified.user, name="Clinical", description="x")
    trade_only = variant_of(catalogue, "trade_only")
    ProtocolItem.objects.create(protocol=protocol, variant_id=trade_only, quantity=1)
    assign(client, people.certified, id=protocol.id, user_id=people.patient.user.id)
    patient = people.patient.headers

    before = client.put(f"/v2/storefront/cart/items/{trade_only}", json={"quantity": 2}, headers=patient)
    added = client.post(f"/v2/storefront/cart/protocols/{protocol.id}", headers=patient)
    changed = client.put(f"/v2/storefront/cart/items/{trade_only}", json={"quantity": 3}, headers=patient)

    assert before.status_code == 404  # not the client's to buy on their own
    assert added.status_code == 200
    assert [(i["product_variant_id"], i["quantity"]) for i in changed.json()["items"]] == [(trade_only, 3)]
