import json

import pytest
from ninja.testing import TestClient

from server.accounts.models import UserType
from server.config.api import api

client = TestClient(api)


def ids(response) -> list[int]:
    return [product["id"] for product in response.json()["data"]]


def test_list_defaults_to_id_descending_and_hides_practitioner_only_products_from_visitors(catalogue):
    response = client.get("/v2/storefront/products")

    assert response.status_code == 200
    body = response.json()
    assert ids(response) == [catalogue.zinc.id, catalogue.magnesium.id, catalogue.d3.id]
    assert (body["total_results"], body["total_pages"], body["current_page"], body["limit"]) == (3, 1, 1, 26)
    assert (body["available_products"], body["unavailable_products"]) == (2, 1)
    assert (body["order_by"], body["order"], body["order_name"]) == ("id", "desc", "1")


def test_certified_practitioners_and_admins_see_practitioner_only_products(catalogue, make_user):
    for user_type in (UserType.CERTIFIED_PRACTITIONER, UserType.ADMIN):
        response = client.get("/v2/storefront/products", user=make_user(user_type))

        assert catalogue.trade_only.id in ids(response)
        assert response.json()["total_results"] == 4


def test_plain_practitioners_and_clients_do_not(catalogue, make_user):
    for user_type in (UserType.PRACTITIONER, UserType.CLIENT):
        response = client.get("/v2/storefront/products", user=make_user(user_type))

        assert catalogue.trade_only.id not in ids(response)


def test_groups_are_anded_and_ids_inside_a_group_ored(catalogue):
    c = catalogue
    either_brand = client.get(f"/v2/storefront/products?brands={c.acme.id},{c.verdant.id}")
    acme_energy = client.get(
        f"/v2/storefront/products?brands={c.acme.id}&health_goals={c.energy.id}&availability=1"
    )

    assert ids(either_brand) == [c.zinc.id, c.magnesium.id, c.d3.id]
    assert ids(acme_energy) == [c.d3.id]


def test_a_parent_category_includes_its_sub_categories(catalogue, make_user):
    response = client.get(
        f"/v2/storefront/products?categories={catalogue.vitamins.id}", user=make_user(UserType.ADMIN)
    )

    assert ids(response) == [catalogue.trade_only.id, catalogue.d3.id]


def test_availability_and_zero_waste_flags(catalogue):
    c = catalogue

    assert ids(client.get("/v2/storefront/products?availability=2")) == [c.zinc.id]
    assert ids(client.get("/v2/storefront/products?availability=1,2")) == [c.zinc.id, c.magnesium.id, c.d3.id]
    assert ids(client.get("/v2/storefront/products?zero_waste=1")) == [c.magnesium.id]


def test_facets_count_each_option_against_the_other_groups(catalogue):
    c = catalogue

    facets = client.get(f"/v2/storefront/products?brands={c.acme.id}&health_goals={c.energy.id}").json()[
        "facets"
    ]

    # Brands are counted with the health goal applied, not the brand itself.
    assert facets["brands"] == {str(c.acme.id): 2, str(c.verdant.id): 0}
    # Health goals are counted with the brand applied.
    assert facets["health_goals"] == {str(c.energy.id): 2, str(c.sleep.id): 0}
    assert facets["availability"] == {"1": 1, "2": 1}
    assert facets["zero_waste"] == {"1": 0}
    assert facets["categories"] == {str(c.vitamins.id): 1, str(c.vitamin_d.id): 1, str(c.minerals.id): 1}


def test_ordering_by_price_follows_the_region(catalogue):
    c = catalogue
    eu = client.get("/v2/storefront/products?order_by=price&order=asc")
    uk = client.get("/v2/storefront/products?order_by=price&order=desc", headers={"X-Region": "uk"})

    assert ids(eu) == [c.zinc.id, c.d3.id, c.magnesium.id]
    assert [(p["price"], p["currency"]) for p in eu.json()["data"]] == [
        ("8.00", "EUR"), ("12.50", "EUR"), ("24.00", "EUR"),
    ]  # fmt: skip
    assert [(p["price"], p["currency"]) for p in uk.json()["data"]] == [
        ("19.99", "GBP"), ("10.95", "GBP"), ("6.49", "GBP"),
    ]  # fmt: skip


def test_ordering_by_name(catalogue):
    c = catalogue

    assert ids(client.get("/v2/storefront/products?order_by=name&order=asc")) == [
        c.magnesium.id,
        c.d3.id,
        c.zinc.id,
    ]


def test_an_unknown_ordering_is_left_out_not_an_error(catalogue, caplog):
    response = client.get("/v2/storefront/products?order_by=price;DROP TABLE&order=sideways")

    assert response.status_code == 200
    assert (response.json()["order_by"], response.json()["order"]) == ("id", "desc")
    assert "unknown order_by" in caplog.text
    assert "unknown order 'sideways'" in caplog.text


def test_paging(catalogue):
    first = client.get("/v2/storefront/products?limit=2&page=1").json()
    second = client.get("/v2/storefront/products?limit=2&page=2").json()
    beyond = client.get("/v2/storefront/products?limit=2&page=99999999999999").json()

    assert [p["id"] for p in first["data"]] == [catalogue.zinc.id, catalogue.magnesium.id]
    assert [p["id"] for p in second["data"]] == [catalogue.d3.id]
    assert (first["total_pages"], second["current_page"]) == (2, 2)
    assert (beyond["data"], beyond["total_results"]) == ([], 3)


def test_junk_in_the_query_string_is_ignored(catalogue):
    response = client.get(
        "/v2/storefront/products?brands=abc,,%E2%9C%93,999999&health_goals=-1&availability=7&zero_waste=2&page=x&limit=-5&foo=bar"
    )

    assert response.status_code == 200
    assert ids(response) == [catalogue.zinc.id, catalogue.magnesium.id, catalogue.d3.id]
    assert (response.json()["current_page"], response.json()["limit"]) == (1, 26)


def test_too_many_ids_in_a_group_is_a_400_naming_the_group(catalogue):
    response = client.get("/v2/storefront/products?brands=" + ",".join(str(i) for i in range(10_000)))

    assert response.status_code == 400
    assert response.json()["errors"] == {"brands": ["too many ids"]}


def test_card_shape(catalogue):
    card = client.get(f"/v2/storefront/products?brands={catalogue.acme.id}&availability=1").json()["data"][0]

    assert card["brand"] == {
        "brand_id": catalogue.acme.id,
        "id": catalogue.acme.id,
        "name": "Acme",
        "slug": "acme",
    }
    assert card["variants"] == [
        {
            "id": catalogue.d3.variants.get().id,
            "sku": "vitamin-d3-drops-60",
            "price": "12.50",
            "currency": "EUR",
            "unit_of_measure": "60 capsules",
            "weight": "45.5",
            "availability": 1,
            "stock": {"state": "in_stock", "available": None, "note": ""},
        }
    ]
    assert (card["slug"], card["is_available"], card["practitioner_only"], card["stock"]) == (
        "vitamin-d3-drops",
        True,
        False,
        {"state": "in_stock", "available": None, "note": ""},
    )


def test_product_page_in_the_requested_language(catalogue):
    response = client.get(
        "/v2/storefront/products/vitamin-d3-drops", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"}
    )

    assert response.status_code == 200
    body = response.json()
    assert body["health_goals"] == [{"id": catalogue.energy.id, "name": "Energie"}]
    assert body["description"] == "Vitamin D3 Drops description"


def test_practitioner_only_product_page_is_a_404_for_visitors(catalogue, make_user):
    hidden = client.get("/v2/storefront/products/clinical-multi")
    shown = client.get(
        "/v2/storefront/products/clinical-multi", user=make_user(UserType.CERTIFIED_PRACTITIONER)
    )

    assert hidden.status_code == 404
    assert shown.status_code == 200


def test_categories_tree_and_filters_are_translated(catalogue):
    tree = client.get("/v2/storefront/categories", headers={"Accept-Language": "de"}).json()
    options = client.get("/v2/storefront/filters", headers={"Accept-Language": "de"}).json()

    assert tree == [
        {"id": catalogue.vitamins.id, "name": "Vitamine", "slug": "vitamins", "children": [
            {"id": catalogue.vitamin_d.id, "name": "Vitamin D", "slug": "vitamin-d", "children": []},
        ]},
        {"id": catalogue.minerals.id, "name": "Minerals", "slug": "minerals", "children": []},
    ]  # fmt: skip
    assert options["health_goals"] == [
        {"id": catalogue.energy.id, "name": "Energie"},
        {"id": catalogue.sleep.id, "name": "Schlaf"},
    ]
    assert options["availability"] == [{"id": 1, "name": "Verfügbar"}, {"id": 2, "name": "Nicht verfügbar"}]
    assert options["zero_waste"] == [{"id": 1, "name": "Angebot"}]


def test_a_catalogue_change_reaches_the_next_list(catalogue):
    assert client.get("/v2/storefront/products").json()["total_results"] == 3
    catalogue.magnesium.variants.update(availability=2)

    from server.catalog.services import product_refresh_summary

    product_refresh_summary(product=catalogue.magnesium)

    assert ids(client.get("/v2/storefront/products?availability=2")) == [
        catalogue.zinc.id,
        catalogue.magnesium.id,
    ]


def test_the_index_finds_positions_and_filter_masks_for_search(catalogue):
    from server.catalog.filters import parse_product_query
    from server.catalog.listing_index import Audience, current_index

    index = current_index()
    positions = index.positions([catalogue.zinc.id, 10**9, catalogue.d3.id])
    mask = index.filter_mask(parse_product_query({"availability": "1"}), audience=Audience.PUBLIC)

    assert positions[1] == -1
    assert [int(index.ids[p]) for p in (positions[0], positions[2])] == [catalogue.zinc.id, catalogue.d3.id]
    assert [bool(mask[p]) for p in (positions[0], positions[2])] == [False, True]


def test_a_bearer_token_of_a_certified_practitioner_shows_practitioner_only_products(catalogue, make_user):
    from django.test import RequestFactory

    from server.accounts.services import auth_login

    make_user(UserType.CERTIFIED_PRACTITIONER)
    tokens = auth_login(
        email="user2@example.com", password="Demo-pass-2026!", request=RequestFactory().post("/")
    )

    signed_in = client.get(
        "/v2/storefront/products", headers={"Authorization": f"Bearer {tokens.access_token}"}
    )
    bad_token = client.get("/v2/storefront/products", headers={"Authorization": "Bearer nonsense"})

    assert signed_in.json()["total_results"] == 4
    assert bad_token.status_code == 401


def test_the_list_reply_matches_its_documented_schema(catalogue):
    from pydantic import TypeAdapter

    from server.catalog.selectors import ProductListOut

    body = client.get("/v2/storefront/products?order_by=price").json()
    declared = TypeAdapter(ProductListOut)

    assert declared.dump_python(declared.validate_python(body), mode="json") == body


@pytest.mark.parametrize(
    ("path", "schema"),
    [
        ("/v2/storefront/categories", "categories"),
        ("/v2/storefront/filters", "FilterOptionsOut"),
        ("/v2/storefront/products/zinc-picolinate", "ProductDetail"),
    ],
)
def test_cached_replies_read_as_ninja_would_have_rendered_them(catalogue, path, schema):
    # These replies skip ninja's rendering (they come from the reply cache): what ninja would make of the
    # same data through the declared schema must be byte for byte what is sent.
    from pydantic import TypeAdapter

    from server.catalog import selectors
    from server.core.http import json_bytes

    body = client.get(path, headers={"Accept-Language": "de"}).json()

    declared = (
        TypeAdapter(list[selectors.CategoryNode])
        if schema == "categories"
        else TypeAdapter(getattr(selectors, schema))
    )
    rendered = json.loads(json_bytes(declared.dump_python(declared.validate_python(body), by_alias=True)))
    assert rendered == body
