"""A practitioner's substitute for a protocol line, and what a client is offered when a line's product is
sold out: the practitioner's choice first, then the shop's equivalents, with the dose and price against
the original; a client's daily totals and "add to cart" use the substitute
(docs/decisions/0041-substitutes.md)."""

from decimal import Decimal
from urllib.parse import urlencode

import pytest

from server.cart.models import CartItem
from server.catalog.models import Availability, ProductVariant
from server.nutrition.schedule import schedule_default
from server.protocols.models import ProtocolItem
from server.protocols.services import LineIn, protocol_create, protocol_duplicate, protocol_link
from server.protocols.sharing import Recipient, protocol_assign
from server.stock.services import stock_count
from server.stock.substitutes import equivalence_mark
from server.stock.tests.test_substitutes import product_of, vitamin_ds  # noqa: F401 (shared fixture)

BASE = "/v2/account/practitioners/protocols"


@pytest.fixture
def protocol(people, vitamin_ds):  # noqa: F811
    """Dana's protocol of Acme's D3 (two a day), shared with Pat."""
    made = protocol_create(
        owner=people.certified.user,
        name="Winter",
        description="x",
        lines=[LineIn(vitamin_ds["d3"], quantity=2, schedule=schedule_default(Decimal(2)))],
    )
    protocol_assign(
        practitioner=people.certified.user,
        protocol=made,
        recipient=Recipient(client_id=people.patient.user.pk),
        discount=None,
        notes=None,
        language="en",
        limit_reason="Winter loading dose",  # 100 µg of vitamin D a day is the upper level
    )
    return made


def substitute_url(protocol_id: int, variant_id: int) -> str:
    return f"{BASE}/{protocol_id}/products/{variant_id}/substitute"


def sell_out(variant_id: int) -> None:
    stock_count(variant_id=variant_id, on_hand=0, by=None, reason="sold out")


def test_the_practitioner_sets_a_substitute_and_sees_its_dose_and_price_against_the_line(
    client,
    people,
    protocol,
    vitamin_ds,  # noqa: F811
):
    reply = client.put(
        substitute_url(protocol.pk, vitamin_ds["mega"]),
        json={"substitute_variant_id": vitamin_ds["mega"]},
        headers=people.certified.headers,
    )
    assert reply.status_code == 404  # Mega D3 is not a line of the protocol

    reply = client.put(
        substitute_url(protocol.pk, vitamin_ds["d3"]),
        json={"substitute_variant_id": vitamin_ds["mega"]},
        headers=people.certified.headers,
    )

    assert reply.status_code == 200
    assert reply.json()["message"] == "Substitute set."
    substitute = reply.json()["data"]["products"][0]["substitute"]
    assert {key: substitute[key] for key in ("product_variant_id", "name", "price", "price_difference")} == {
        "product_variant_id": vitamin_ds["mega"],
        "name": "Mega D3",
        "price": "11.00",
        "price_difference": "-1.50",  # 11.00 against Acme's 12.50
    }
    assert substitute["dose_ratio"] == 2.0
    assert substitute["stock"] == {"state": "in_stock", "available": None, "note": ""}


def test_a_substitute_is_cleared_with_null(client, people, protocol, vitamin_ds):  # noqa: F811
    path = substitute_url(protocol.pk, vitamin_ds["d3"])
    client.put(path, json={"substitute_variant_id": vitamin_ds["sunny"]}, headers=people.certified.headers)

    reply = client.put(path, json={"substitute_variant_id": None}, headers=people.certified.headers)

    assert reply.status_code == 200
    assert reply.json()["message"] == "Substitute removed."
    assert reply.json()["data"]["products"][0]["substitute"] is None
    assert ProtocolItem.objects.get(protocol=protocol).substitute_id is None


def test_the_product_itself_or_an_unknown_variant_cannot_stand_in(client, people, protocol, vitamin_ds):  # noqa: F811
    own_other_size = ProductVariant.objects.create(
        product_id=product_of(vitamin_ds["d3"]), sku="d3-120", price_eur=20, price_gbp=18
    )
    path = substitute_url(protocol.pk, vitamin_ds["d3"])

    replies = [
        client.put(path, json={"substitute_variant_id": variant_id}, headers=people.certified.headers)
        for variant_id in (vitamin_ds["d3"], own_other_size.pk, 999_999)
    ]
    missing = client.put(path, json={}, headers=people.certified.headers)

    assert [reply.status_code for reply in replies] == [422, 422, 422]
    assert replies[0].json()["errors"] == {"substitute_variant_id": ["the line's own product"]}
    assert replies[2].json()["errors"] == {"substitute_variant_id": ["unknown"]}
    assert missing.status_code == 422
    assert ProtocolItem.objects.get(protocol=protocol).substitute_id is None


def test_only_the_owner_sets_a_substitute(client, people, protocol, vitamin_ds):  # noqa: F811
    path = substitute_url(protocol.pk, vitamin_ds["d3"])
    body = {"substitute_variant_id": vitamin_ds["sunny"]}
    callers: list[dict[str, str]] = [
        {},
        people.patient.headers,
        people.rival.headers,
        people.practitioner.headers,
    ]

    statuses = [client.put(path, json=body, headers=headers).status_code for headers in callers]

    assert statuses == [401, 403, 404, 404]
    assert ProtocolItem.objects.get(protocol=protocol).substitute_id is None


def test_a_copy_keeps_the_substitutes(people, protocol, vitamin_ds):  # noqa: F811
    ProtocolItem.objects.filter(protocol=protocol).update(substitute_id=vitamin_ds["sunny"])

    copy = protocol_duplicate(protocol=protocol)

    assert ProtocolItem.objects.get(protocol=copy).substitute_id == vitamin_ds["sunny"]


def offers(
    client, slug: str, headers: dict[str, str] | None = None, **query: object
) -> list[tuple[int, str, float | None, str]]:
    reply = client.get(
        f"/v2/storefront/products/{slug}/substitutes?{urlencode(query)}", headers=headers or {}
    )
    assert reply.status_code == 200, reply.json()
    return [
        (offer["product_variant_id"], offer["reason"], offer["dose_ratio"], offer["price_difference"])
        for offer in reply.json()
    ]


def test_the_shop_offers_its_equivalents_and_the_practitioners_choice_comes_first_for_the_protocol(
    client,
    people,
    protocol,
    catalogue,
    vitamin_ds,  # noqa: F811
):
    for name in ("sunny", "mega"):
        equivalence_mark(product_id=catalogue.d3.pk, equivalent_id=product_of(vitamin_ds[name]), by=None)
    ProtocolItem.objects.filter(protocol=protocol).update(substitute_id=vitamin_ds["mega"])
    d3 = catalogue.d3.slug

    public = offers(client, d3, variant_id=vitamin_ds["d3"])
    for_the_client = offers(client, d3, protocol_id=protocol.pk, headers=people.patient.headers)

    assert public == [
        (vitamin_ds["sunny"], "same_facts", 0.95, "-1.50"),
        (vitamin_ds["mega"], "marked", 2.0, "-1.50"),
    ]
    assert for_the_client == [
        (vitamin_ds["mega"], "practitioner", 2.0, "-1.50"),
        (vitamin_ds["sunny"], "same_facts", 0.95, "-1.50"),
    ]


def test_the_link_holder_gets_the_practitioners_choice_and_a_stranger_gets_a_404(
    client,
    people,
    protocol,
    catalogue,
    vitamin_ds,  # noqa: F811
):
    ProtocolItem.objects.filter(protocol=protocol).update(substitute_id=vitamin_ds["sunny"])
    token = protocol_link(protocol=protocol, limit_reason="Winter loading dose")
    path = f"/v2/storefront/products/{catalogue.d3.slug}/substitutes"

    linked = offers(client, catalogue.d3.slug, protocol_id=protocol.pk, link_token=token)
    stranger = client.get(f"{path}?protocol_id={protocol.pk}", headers=people.stranger.headers)
    anonymous = client.get(f"{path}?protocol_id={protocol.pk}")
    wrong_variant = client.get(f"{path}?variant_id={vitamin_ds['sunny']}")
    unknown = client.get("/v2/storefront/products/no-such/substitutes")

    assert linked == [(vitamin_ds["sunny"], "practitioner", 0.95, "-1.50")]
    assert (stranger.status_code, anonymous.status_code) == (404, 404)
    assert wrong_variant.status_code == 404
    assert wrong_variant.json()["errors"] == {"variant_id": ["not a variant of this product"]}
    assert unknown.status_code == 404


def test_a_sold_out_substitute_is_not_offered(client, people, protocol, catalogue, vitamin_ds):  # noqa: F811
    ProtocolItem.objects.filter(protocol=protocol).update(substitute_id=vitamin_ds["sunny"])
    ProductVariant.objects.filter(pk=vitamin_ds["sunny"]).update(availability=Availability.UNAVAILABLE)

    assert offers(client, catalogue.d3.slug, protocol_id=protocol.pk, headers=people.patient.headers) == []


def test_a_clients_totals_and_cart_take_the_substitute_while_the_line_is_sold_out(
    client,
    people,
    protocol,
    vitamin_ds,  # noqa: F811
):
    ProtocolItem.objects.filter(protocol=protocol).update(substitute_id=vitamin_ds["mega"])

    def vitamin_d_total() -> tuple[float, list[int]]:
        shared = client.get("/v2/account/clients/protocols", headers=people.patient.headers).json()[0]
        row = shared["daily_totals"]["nutrients"][0]
        return row["total"], [line["product_variant_id"] for line in row["lines"]]

    before = vitamin_d_total()  # 2 x 2000 IU = 100 µg
    sell_out(vitamin_ds["d3"])
    after = vitamin_d_total()  # 2 x 4000 IU = 200 µg
    cart = client.post(f"/v2/storefront/cart/protocols/{protocol.pk}", headers=people.patient.headers)

    assert before == (100, [vitamin_ds["d3"]])
    assert after == (200, [vitamin_ds["mega"]])
    assert cart.status_code == 200
    assert [(i["product_variant_id"], i["source_protocol_id"]) for i in cart.json()["items"]] == [
        (vitamin_ds["mega"], protocol.pk)  # so the cart can ask for the practitioner's choice
    ]
    assert list(CartItem.objects.filter(user=people.patient.user).values_list("variant_id", "quantity")) == [
        (vitamin_ds["mega"], 2)
    ]
