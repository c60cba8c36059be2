from server.cart.models import CartItem
from server.cart.tests.conftest import variant_of
from server.catalog.models import ProductActivity


def test_the_cart_needs_a_sign_in(client, catalogue):
    assert client.get("/v2/storefront/cart").status_code == 401


def test_adding_merges_by_variant_and_totals_follow(
    client, catalogue, shopper, django_capture_on_commit_callbacks
):
    d3 = variant_of(catalogue, "d3")

    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            "/v2/storefront/cart/items", json={"product_variant_id": d3, "quantity": 1}, headers=shopper
        )
        reply = client.post(
            "/v2/storefront/cart/items", json={"product_variant_id": d3, "quantity": 2}, headers=shopper
        )

    body = reply.json()
    assert [(i["product_variant_id"], i["quantity"], i["price"]) for i in body["items"]] == [(d3, 3, "12.50")]
    assert (body["total_items"], body["total_price"], body["total_discount"]) == (3, "37.50", "0.00")
    assert (body["total_price_after_discount"], body["discount_rate"], body["currency"]) == (
        "37.50",
        "0.00",
        "EUR",
    )
    assert ProductActivity.objects.get().cart_adds == 2


def test_totals_use_the_region_and_the_client_discount(client, catalogue, discounted_client):
    magnesium = variant_of(catalogue, "magnesium")

    reply = client.post(
        "/v2/storefront/cart/items",
        json={"product_variant_id": magnesium, "quantity": 3},
        headers={**discounted_client, "X-Region": "uk"},
    ).json()

    assert (reply["total_price"], reply["discount_rate"], reply["total_discount"]) == (
        "59.97",
        "10.00",
        "6.00",
    )
    assert (reply["total_price_after_discount"], reply["currency"]) == ("53.97", "GBP")


def test_setting_a_quantity_adds_missing_lines_and_zero_removes(client, catalogue, shopper):
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")

    added = client.put(f"/v2/storefront/cart/items/{d3}", json={"quantity": 4}, headers=shopper).json()
    client.put(f"/v2/storefront/cart/items/{magnesium}", json={"quantity": 1}, headers=shopper)
    removed = client.put(f"/v2/storefront/cart/items/{d3}", json={"quantity": 0}, headers=shopper).json()

    assert [(i["product_variant_id"], i["quantity"]) for i in added["items"]] == [(d3, 4)]
    assert [i["product_variant_id"] for i in removed["items"]] == [magnesium]


def test_delete_a_line_replace_and_reset(client, catalogue, shopper):
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")
    items = [{"product_variant_id": d3, "quantity": 2}, {"product_variant_id": magnesium, "quantity": 1},
             {"product_variant_id": d3, "quantity": 1}]  # fmt: skip

    replaced = client.put("/v2/storefront/cart", json={"items": items}, headers=shopper).json()
    after_delete = client.delete(f"/v2/storefront/cart/items/{magnesium}", headers=shopper).json()
    emptied = client.delete("/v2/storefront/cart", headers=shopper).json()

    assert [(i["product_variant_id"], i["quantity"]) for i in replaced["items"]] == [(d3, 3), (magnesium, 1)]
    assert [i["product_variant_id"] for i in after_delete["items"]] == [d3]
    assert (emptied["items"], emptied["total_items"], emptied["total_price"]) == ([], 0, "0.00")


def test_unknown_unavailable_and_hidden_variants_are_refused_and_nothing_changes(client, catalogue, shopper):
    client.post(
        "/v2/storefront/cart/items", json={"product_variant_id": variant_of(catalogue, "d3")}, headers=shopper
    )

    unknown = client.post("/v2/storefront/cart/items", json={"product_variant_id": 999999}, headers=shopper)
    unavailable = client.post(
        "/v2/storefront/cart/items",
        json={"product_variant_id": variant_of(catalogue, "zinc")},
        headers=shopper,
    )
    hidden = client.post(
        "/v2/storefront/cart/items",
        json={"product_variant_id": variant_of(catalogue, "trade_only")},
        headers=shopper,
    )
    bad_replace = client.put(
        "/v2/storefront/cart",
        json={"items": [{"product_variant_id": 999999, "quantity": 1}]},
        headers=shopper,
    )

    assert (unknown.status_code, unavailable.status_code, hidden.status_code) == (404, 409, 404)
    assert unavailable.json()["message"] == "This product is not available at the moment."
    assert bad_replace.status_code == 404
    assert CartItem.objects.count() == 1


def test_quantities_out_of_range_are_a_422(client, catalogue, shopper):
    d3 = variant_of(catalogue, "d3")

    for quantity in (0, -1, 1000, "two"):
        reply = client.post(
            "/v2/storefront/cart/items",
            json={"product_variant_id": d3, "quantity": quantity},
            headers=shopper,
        )
        assert reply.status_code == 422
    client.put(f"/v2/storefront/cart/items/{d3}", json={"quantity": 999}, headers=shopper)
    over = client.post(
        "/v2/storefront/cart/items", json={"product_variant_id": d3, "quantity": 1}, headers=shopper
    )
    assert over.status_code == 422
    assert CartItem.objects.get().quantity == 999


def test_a_user_never_sees_another_users_cart(client, catalogue, shopper, discounted_client):
    client.post(
        "/v2/storefront/cart/items", json={"product_variant_id": variant_of(catalogue, "d3")}, headers=shopper
    )

    assert client.get("/v2/storefront/cart", headers=discounted_client).json()["items"] == []


def test_every_cart_write_logs_a_cart_updated_event_for_the_other_devices(client, catalogue, shopper):
    from server.events.models import Event

    d3 = variant_of(catalogue, "d3")
    client.post("/v2/storefront/cart/items", json={"product_variant_id": d3, "quantity": 2}, headers=shopper)
    client.put(f"/v2/storefront/cart/items/{d3}", json={"quantity": 5}, headers=shopper)
    client.delete("/v2/storefront/cart", headers=shopper)
    client.post("/v2/storefront/cart/items", json={"product_variant_id": 999999}, headers=shopper)

    assert list(Event.objects.values_list("seq", "topic", "data")) == [
        (1, "cart.updated", {"total_items": 2}),
        (2, "cart.updated", {"total_items": 5}),
        (3, "cart.updated", {"total_items": 0}),
    ]
