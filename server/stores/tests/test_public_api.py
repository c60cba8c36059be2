"""The public store page (no sign-in) and the attribution of cart adds made from it."""

from django.utils import timezone

from server.protocols.models import Protocol, ProtocolItem
from server.stores.models import Store, StoreAttribution, StorePackage, StorePackageFeature, StoreService
from server.stores.tests.conftest import variant_of

PAGE = "/v2/storefront/stores"


def test_the_page_shows_every_filled_section_and_null_for_empty_ones(client, people, store):
    Store.objects.filter(pk=store.pk).update(
        header_title="Green Leaf",
        header_description="Nutrition",
        message="Closed Monday",
        payout_method="paypal",
    )
    StoreService.objects.create(store=store, name="Consultation", icon="consultation", position=1)
    package = StorePackage.objects.create(store=store, name="Starter", price="£120")
    StorePackageFeature.objects.create(package=package, text="Plan")

    response = client.get(f"{PAGE}/Green-Leaf")

    assert response.status_code == 200
    body = response.json()
    assert body["shop_name"] == "green-leaf"
    assert body["header"] == {"title": "Green Leaf", "description": "Nutrition", "image": None}
    assert body["message"] == "Closed Monday"
    assert (body["about"], body["services_header"], body["contact"], body["approach"], body["timezone"]) == (
        None,
        None,
        None,
        None,
        None,
    )
    assert [s["name"] for s in body["services"]] == ["Consultation"]
    assert body["packages"][0]["features"][0]["text"] == "Plan"
    assert body["practitioner"] == {
        "id": people.certified.user.pk,
        "first_name": "Dana",
        "last_name": "Doc",
        "name": "Dana Doc",
    }
    assert "payout_method" not in body and "show_protocols" not in body
    assert body["protocols"] == []


def test_shareable_protocols_are_shown_only_when_the_practitioner_chooses(client, people, store, catalogue):
    linked = Protocol.objects.create(
        owner=people.certified.user,
        name="Sleep",
        description="x",
        link_token="t" * 43,
        link_created_at=timezone.now(),
    )
    ProtocolItem.objects.create(protocol=linked, variant_id=variant_of(catalogue, "d3"), quantity=2)
    Protocol.objects.create(owner=people.certified.user, name="Private", description="x")
    Protocol.objects.create(owner=people.rival.user, name="Rival's", description="x", link_token="r" * 43)

    hidden = client.get(f"{PAGE}/green-leaf").json()["protocols"]
    Store.objects.filter(pk=store.pk).update(show_protocols=True)
    shown = client.get(f"{PAGE}/green-leaf", headers={"X-Region": "uk"}).json()["protocols"]

    assert hidden == []
    assert [(p["name"], p["link_token"], p["link"]) for p in shown] == [
        ("Sleep", "t" * 43, f"/protocols/{'t' * 43}")
    ]
    assert (shown[0]["currency"], shown[0]["total_price"], shown[0]["products"][0]["item_count"]) == (
        "GBP",
        "21.90",
        2,
    )


def test_an_unknown_or_unnamed_store_is_404_with_a_message(client, people, store):
    Store.objects.create(owner=people.rival.user)

    for name in ("no-such-shop", "None", "x" * 300, "..%2F"):
        response = client.get(f"{PAGE}/{name}")
        assert response.status_code == 404
        assert response.json()["message"] == "There is no store with this name."


def test_the_store_of_a_deactivated_practitioner_is_gone(client, people, store):
    people.certified.user.is_active = False
    people.certified.user.save()

    assert client.get(f"{PAGE}/green-leaf").status_code == 404


def test_cart_adds_from_a_store_page_are_attributed_to_its_practitioner_last_page_wins(
    client, people, store, catalogue
):
    rival_store = Store.objects.create(owner=people.rival.user, shop_name="rival-shop")
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")

    first = client.post(
        f"{PAGE}/green-leaf/attribution",
        json={"product_variant_ids": [d3, magnesium, d3]},
        headers=people.patient.headers,
    )
    later = client.post(
        f"{PAGE}/rival-shop/attribution", json={"product_variant_ids": [d3]}, headers=people.patient.headers
    )

    assert first.json() == {"message": "Attribution recorded.", "recorded": 2}
    assert later.json()["recorded"] == 1
    assert sorted(
        StoreAttribution.objects.filter(visitor=people.patient.user).values_list("variant_id", "store_id")
    ) == sorted([(d3, rival_store.pk), (magnesium, store.pk)])


def test_a_practitioner_buying_from_their_own_page_is_not_attributed(client, people, store, catalogue):
    response = client.post(
        f"{PAGE}/green-leaf/attribution",
        json={"product_variant_ids": [variant_of(catalogue, "d3")]},
        headers=people.certified.headers,
    )

    assert response.json()["recorded"] == 0
    assert not StoreAttribution.objects.exists()


def test_bad_attribution_calls_are_refused_and_record_nothing(client, people, store, catalogue):
    headers = people.patient.headers
    d3 = variant_of(catalogue, "d3")

    unknown = client.post(
        f"{PAGE}/green-leaf/attribution", json={"product_variant_ids": [d3, 999999]}, headers=headers
    )
    empty = client.post(f"{PAGE}/green-leaf/attribution", json={"product_variant_ids": []}, headers=headers)
    too_many = client.post(
        f"{PAGE}/green-leaf/attribution", json={"product_variant_ids": list(range(1, 102))}, headers=headers
    )
    no_store = client.post(f"{PAGE}/nowhere/attribution", json={"product_variant_ids": [d3]}, headers=headers)

    assert (unknown.status_code, unknown.json()["errors"]) == (
        422,
        {"product_variant_ids": ["unknown: 999999"]},
    )
    assert (empty.status_code, too_many.status_code, no_store.status_code) == (422, 422, 404)
    assert not StoreAttribution.objects.exists()
