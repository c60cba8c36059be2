"""Checkout reads and placing an order (docs/decisions/0017-checkout-orders-and-payments.md): every amount
comes from the server's cart and rules."""

from decimal import Decimal

from server.cart.models import CartItem
from server.events.models import Event
from server.orders.models import Order, OrderLine, OrderState, ShippingMethod
from server.orders.tests.conftest import GB_ADDRESS, NL_ADDRESS, variant_id

SUMMARY = "/v2/checkout/summary"
ORDERS = "/v2/checkout/orders"


def eu_standard() -> int:
    return ShippingMethod.objects.get(region="eu", code="standard").pk


def uk_standard() -> int:
    return ShippingMethod.objects.get(region="uk", code="standard").pk


def place(client, person, body, key="key-1", **headers):
    return client.post(ORDERS, json=body, headers={**person.headers, "Idempotency-Key": key, **headers})


def test_shipping_methods_follow_the_store_and_the_country(client, people):
    uk = client.get(
        "/v2/checkout/shipping-methods?country=GB", headers={**people.patient.headers, "X-Region": "uk"}
    )
    eu = client.get("/v2/checkout/shipping-methods?country=nl", headers=people.patient.headers)

    assert [(m["name"], m["price"], m["currency"], m["free_over"]) for m in uk.json()] == [
        ("Standard delivery (2-3 working days)", "3.95", "GBP", "40.00"),
        ("Express delivery (next working day)", "7.95", "GBP", None),
    ]
    assert [(m["price"], m["currency"]) for m in eu.json()] == [("4.95", "EUR"), ("9.95", "EUR")]
    # The EU store does not ship to GB, nor anyone to an unknown country.
    for country, region in (("GB", "eu"), ("NL", "uk"), ("XX", "eu")):
        refused = client.get(
            f"/v2/checkout/shipping-methods?country={country}",
            headers={**people.patient.headers, "X-Region": region},
        )
        assert (refused.status_code, refused.json()["errors"]) == (422, {"country": ["not shipped to"]})
    assert client.get("/v2/checkout/shipping-methods?country=NL").status_code == 401


def test_the_summary_prices_the_cart_with_the_discount_and_the_destination_vat(client, filled_cart):
    reply = client.get(
        f"{SUMMARY}?country=NL&shipping_method_id={eu_standard()}", headers=filled_cart.patient.headers
    )

    body = reply.json()
    assert reply.status_code == 200
    assert [
        (line["name"], line["quantity"], line["unit_price"], line["discount"], line["total"])
        for line in body["lines"]
    ] == [
        ("Vitamin D3 Drops", 2, "12.50", "2.50", "22.50"),
        ("Magnesium Powder", 1, "24.00", "2.40", "21.60"),
    ]
    assert [line["vat_rate"] for line in body["lines"]] == ["21.00", "21.00"]
    # 44.10 of goods after discount is under the 50.00 threshold: shipping is charged, VAT included.
    assert (body["subtotal"], body["discount"], body["shipping"], body["total"]) == (
        "49.00",
        "4.90",
        "4.95",
        "49.05",
    )
    assert body["vat"] == "8.51"  # 3.90 + 3.75 on the lines, 0.86 on shipping
    assert (body["currency"], body["discount_rate"], body["problems"]) == ("EUR", "10.00", [])


def test_shipping_is_free_over_the_threshold_and_an_unavailable_line_is_a_problem(
    client, filled_cart, catalogue
):
    CartItem.objects.filter(user=filled_cart.patient.user).update(quantity=3)
    CartItem.objects.create(
        user=filled_cart.patient.user, variant_id=variant_id(catalogue, "zinc"), quantity=1
    )

    body = client.get(
        f"{SUMMARY}?country=DE&shipping_method_id={eu_standard()}", headers=filled_cart.patient.headers
    ).json()

    assert body["shipping"] == "0.00"
    assert body["shipping_method"]["price"] == "0.00"
    assert body["problems"] == [
        {
            "product_variant_id": variant_id(catalogue, "zinc"),
            "name": "Zinc Picolinate",
            "message": "Zinc Picolinate is sold out.",
        }
    ]


def test_placing_an_order_writes_down_the_cart_and_answers_where_to_pay(
    client, filled_cart, django_capture_on_commit_callbacks
):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": eu_standard(),
        # Amounts a browser might send are not fields of the call: they are ignored.
        "total": "0.01",
        "lines": [{"product_variant_id": 1, "unit_price": "0.01"}],
    }
    with django_capture_on_commit_callbacks(execute=True):
        reply = place(client, filled_cart.patient, body)

    placed = reply.json()
    order = Order.objects.get()
    assert reply.status_code == 201
    assert placed["number"] == f"PS-{order.created_at.year}-{order.pk:06d}"
    assert (placed["state"], placed["total"], placed["currency"]) == ("awaiting_payment", "49.05", "EUR")
    assert placed["payment_url"].startswith("/en/payments/test/tp_")
    assert order.practitioner == filled_cart.certified.user
    assert order.shipping_address["postcode"] == "1012 LG"
    assert order.billing_address == order.shipping_address
    assert [
        (line.sku, line.quantity, line.unit_price, line.total, line.source)
        for line in OrderLine.objects.all()
    ] == [
        ("vitamin-d3-drops-60", 2, Decimal("12.50"), Decimal("22.50"), "shop"),
        ("magnesium-powder-60", 1, Decimal("24.00"), Decimal("21.60"), "shop"),
    ]
    # The cart stays until payment; the buyer's devices hear of the new order.
    assert CartItem.objects.filter(user=filled_cart.patient.user).count() == 2
    assert Event.objects.filter(user=filled_cart.patient.user, topic="order.updated").get().data == {
        "number": placed["number"],
        "state": "awaiting_payment",
    }


def test_the_same_idempotency_key_gives_the_same_order_and_another_body_is_refused(client, filled_cart):
    body = {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard()}

    first = place(client, filled_cart.patient, body)
    again = place(client, filled_cart.patient, body)
    other = place(client, filled_cart.patient, {**body, "shipping_method_id": eu_standard() + 1})

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["number"] == first.json()["number"]
    assert again.json()["payment_url"] == first.json()["payment_url"]
    assert (other.status_code, other.json()["errors"]) == (409, {"Idempotency-Key": ["reused"]})
    assert Order.objects.count() == 1


def test_a_second_checkout_of_the_same_cart_points_to_the_order_awaiting_payment(client, filled_cart):
    body = {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard()}
    first = place(client, filled_cart.patient, body, key="tab-1").json()

    second = place(client, filled_cart.patient, body, key="tab-2")

    assert second.status_code == 409
    assert second.json()["errors"] == {"order": [first["number"]]}
    assert Order.objects.count() == 1


def test_bad_checkouts_are_refused_with_what_is_wrong_and_make_no_order(
    client, filled_cart, catalogue, people
):
    good = {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard()}
    patient = filled_cart.patient

    no_key = client.post(ORDERS, json=good, headers=patient.headers)
    bad_postcode = place(
        client, patient, {**good, "shipping_address": {**NL_ADDRESS, "postcode": "12345"}}, key="a"
    )
    missing = place(client, patient, {**good, "shipping_address": {"country": "NL"}}, key="b")
    foreign = place(client, patient, {**good, "shipping_address": GB_ADDRESS}, key="c")
    unknown_method = place(client, patient, {**good, "shipping_method_id": uk_standard()}, key="d")
    empty = place(client, people.stranger, good, key="e")
    CartItem.objects.create(user=patient.user, variant_id=variant_id(catalogue, "zinc"), quantity=1)
    unavailable = place(client, patient, good, key="f")

    assert (no_key.status_code, no_key.json()["errors"]) == (422, {"Idempotency-Key": ["required"]})
    assert (bad_postcode.status_code, bad_postcode.json()["errors"]) == (
        422,
        {"shipping_address.postcode": ["invalid"]},
    )
    assert missing.status_code == 422
    assert set(missing.json()["errors"]) == {
        "shipping_address.first_name",
        "shipping_address.last_name",
        "shipping_address.line1",
        "shipping_address.city",
        "shipping_address.postcode",
    }
    assert (foreign.status_code, foreign.json()["errors"]) == (
        422,
        {"shipping_address.country": ["not shipped to"]},
    )
    assert (unknown_method.status_code, unknown_method.json()["errors"]) == (
        404,
        {"shipping_method_id": ["unknown"]},
    )
    assert (empty.status_code, empty.json()["message"]) == (422, "Your cart is empty.")
    assert (unavailable.status_code, unavailable.json()["code"], unavailable.json()["lines"]) == (
        409,
        "out_of_stock",
        [{"product_variant_id": variant_id(catalogue, "zinc"), "name": "Zinc Picolinate", "available": 0}],
    )
    assert (
        unavailable.json()["message"]
        == "Not enough in stock: Zinc Picolinate (sold out). Lower the quantity or remove them to go on."
    )
    assert Order.objects.count() == 0
    assert client.post(ORDERS, json=good, headers={"Idempotency-Key": "x"}).status_code == 401


def test_the_uk_store_charges_pounds_and_uk_vat(client, filled_cart):
    body = {"shipping_address": GB_ADDRESS, "shipping_method_id": uk_standard()}

    reply = place(client, filled_cart.patient, body, **{"X-Region": "uk"})

    order = Order.objects.get()
    assert (reply.status_code, order.currency, order.region) == (201, "GBP", "uk")
    assert order.shipping_address["postcode"] == "SW1A 2AA"
    assert order.shipping_vat_rate == Decimal("20.00")
    assert order.total == order.subtotal - order.discount + order.shipping
    assert order.state == OrderState.AWAITING_PAYMENT


def test_placing_an_order_locks_the_buyer_and_the_cart_lines_only(client, filled_cart):
    """Found under load by bench/checkout: locking the joined variant and product rows made checkouts that
    share a product wait for each other, and two carts holding the same products deadlocked. PostgreSQL
    locks rows by `FOR UPDATE OF`; SQLite locks the whole file at BEGIN and has no row locks."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        reply = place(
            client, filled_cart.patient, {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard()}
        )

    locks = [query["sql"].rsplit(" FOR UPDATE", 1)[1] for query in queries if " FOR UPDATE" in query["sql"]]
    assert reply.status_code == 201
    if connection.vendor == "postgresql":
        locks_on = [
            query["sql"].split(" FROM ", 1)[1].split(" ", 1)[0]
            for query in queries
            if " FOR UPDATE" in query["sql"]
        ]
        assert list(zip(locks_on, locks, strict=True)) == [
            ('"accounts_user"', ""),
            ('"cart_cartitem"', ' OF "cart_cartitem"'),
            # recording the payment the provider created, in a transaction of its own after the order's
            ('"orders_order"', ""),
        ]
    else:
        assert locks == []
