"""Paying an order through the embedded test provider, the webhook's rules, cancelling and refunds
(docs/decisions/0017-checkout-orders-and-payments.md). The test page's outcome goes through the same webhook
handling as Mollie's."""

from decimal import Decimal

import pytest

from server.cart.models import CartItem
from server.catalog.models import ProductVariant
from server.events.models import Event
from server.orders.models import Order, OrderEvent, OrderState, ShippingMethod
from server.orders.services import RefundTooLarge, order_deliver, order_fulfil
from server.orders.tests.conftest import NL_ADDRESS, variant_id
from server.payments.models import Payment, PaymentLog, TestProviderPayment
from server.payments.services import payment_refund


def placed(client, person, key="key-1"):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    reply = client.post("/v2/checkout/orders", json=body, headers={**person.headers, "Idempotency-Key": key})
    assert reply.status_code in (200, 201), reply.json()
    return reply.json()


def payment_id(reply: dict[str, str]) -> str:
    return reply["payment_url"].rsplit("/", 1)[1]


def pay(client, reply, outcome="paid"):
    return client.post(f"/v2/payments/test/{payment_id(reply)}", json={"outcome": outcome, "method": "ideal"})


def test_the_test_page_shows_the_payment_and_paying_makes_the_order_paid_and_empties_the_cart(
    client, filled_cart, django_capture_on_commit_callbacks
):
    order = placed(client, filled_cart.patient)
    page = client.get(f"/v2/payments/test/{payment_id(order)}").json()
    assert (page["amount"], page["currency"], page["status"]) == ("49.05", "EUR", "open")
    assert page["description"] == f"Order {order['number']}"
    assert page["redirect_url"].endswith(f"/en/checkout/return/{order['number']}")
    assert "ideal" in page["methods"]

    with django_capture_on_commit_callbacks(execute=True):
        reply = pay(client, order)

    assert reply.json()["status"] == "paid"
    detail = client.get(f"/v2/account/orders/{order['number']}", headers=filled_cart.patient.headers).json()
    assert detail["state"] == "paid"
    assert [entry["state"] for entry in detail["history"]] == ["awaiting_payment", "paid"]
    assert CartItem.objects.filter(user=filled_cart.patient.user).count() == 0
    topics = list(Event.objects.filter(user=filled_cart.patient.user).values_list("topic", "data"))
    assert ("order.updated", {"number": order["number"], "state": "paid"}) in topics
    assert ("cart.updated", {"total_items": 0}) in topics
    assert Payment.objects.get().method == "ideal"


def test_a_replayed_or_forged_webhook_changes_the_order_once(client, filled_cart):
    order = placed(client, filled_cart.patient)
    pay(client, order)
    # Mollie's webhook names only an id: replays re-read the provider and change nothing.
    for _ in range(3):
        assert client.post("/v2/payments/test/webhook", data={"id": payment_id(order)}).status_code == 200
    # A second outcome on the test page after the first is ignored too.
    assert pay(client, order, "failed").json()["status"] == "paid"

    assert OrderEvent.objects.filter(state=OrderState.PAID).count() == 1
    assert PaymentLog.objects.filter(changed=True).count() == 1
    assert Order.objects.get().state == OrderState.PAID


def test_a_webhook_for_an_unknown_payment_is_answered_200_and_ignored(client, filled_cart):
    placed(client, filled_cart.patient)

    for provider, body in (("test", {"id": "tp_unknown"}), ("mollie", {"id": "tr_x"}), ("test", {})):
        assert client.post(f"/v2/payments/{provider}/webhook", data=body).status_code == 200

    assert Order.objects.get().state == OrderState.AWAITING_PAYMENT
    assert client.get("/v2/payments/test/tp_unknown").status_code == 404


def test_a_failed_payment_leaves_the_order_awaiting_payment_and_the_buyer_can_pay_again(client, filled_cart):
    order = placed(client, filled_cart.patient)
    assert pay(client, order, "failed").json()["status"] == "failed"

    again = client.get(
        f"/v2/account/orders/{order['number']}/payment", headers=filled_cart.patient.headers
    ).json()

    assert again["state"] == "awaiting_payment"
    assert again["payment_url"] != order["payment_url"]
    assert pay(client, again).json()["status"] == "paid"
    assert Order.objects.get().state == OrderState.PAID
    assert Payment.objects.count() == 2


def test_the_buyer_cancels_an_unpaid_order_and_a_late_payment_is_refunded(client, filled_cart):
    order = placed(client, filled_cart.patient)
    number = order["number"]

    cancelled = client.post(f"/v2/account/orders/{number}/cancel", headers=filled_cart.patient.headers)
    late = pay(client, order)

    assert cancelled.json()["state"] == "cancelled"
    assert late.json()["status"] == "paid"
    assert Order.objects.get().state == OrderState.CANCELLED
    assert TestProviderPayment.objects.get().refunded == Decimal("49.05")
    assert PaymentLog.objects.filter(status="refunded").count() == 1
    again = client.post(f"/v2/account/orders/{number}/cancel", headers=filled_cart.patient.headers)
    assert again.status_code == 409


def test_only_the_buyer_sees_an_order_and_a_paid_one_cannot_be_cancelled_by_them(client, filled_cart, people):
    order = placed(client, filled_cart.patient)
    pay(client, order)
    number = order["number"]

    assert client.get(f"/v2/account/orders/{number}", headers=people.stranger.headers).status_code == 404
    assert (
        client.get(f"/v2/account/orders/{number}/payment", headers=people.stranger.headers).status_code == 404
    )
    assert (
        client.post(f"/v2/account/orders/{number}/cancel", headers=people.stranger.headers).status_code == 404
    )
    refused = client.post(f"/v2/account/orders/{number}/cancel", headers=filled_cart.patient.headers)
    assert (refused.status_code, refused.json()["message"]) == (
        409,
        "Only an order awaiting payment can be cancelled here.",
    )
    listed = client.get("/v2/account/orders", headers=filled_cart.patient.headers).json()
    assert [(o["number"], o["state"], o["total"], o["item_count"]) for o in listed["data"]] == [
        (number, "paid", "49.05", 3)
    ]
    assert client.get("/v2/account/orders", headers=people.stranger.headers).json()["data"] == []


def test_the_practitioner_sees_their_clients_orders_without_addresses(client, filled_cart, people):
    order = placed(client, filled_cart.patient)

    reply = client.get("/v2/account/practitioners/orders", headers=people.certified.headers)

    entry = reply.json()["data"][0]
    assert (entry["number"], entry["buyer_name"], entry["total"], entry["state"]) == (
        order["number"],
        "Pat Ient",
        "49.05",
        "awaiting_payment",
    )
    assert "shipping_address" not in entry and "billing_address" not in entry
    assert [line["name"] for line in entry["lines"]] == ["Vitamin D3 Drops", "Magnesium Powder"]
    assert client.get("/v2/account/practitioners/orders", headers=people.rival.headers).json()["data"] == []
    assert client.get("/v2/account/practitioners/orders", headers=people.patient.headers).status_code == 403
    assert client.get("/v2/account/practitioners/orders", headers=people.admin.headers).status_code == 403


def test_staff_fulfil_deliver_and_refund_in_part_then_in_full_never_above_what_was_paid(
    client, filled_cart, people
):
    order = placed(client, filled_cart.patient)
    pay(client, order)
    row = Order.objects.get()
    staff = people.admin.user

    order_fulfil(order=row, by=staff, carrier="PostNL", tracking_reference="3SABC123")
    order_deliver(order=row, by=staff)
    payment_refund(order=row, amount=Decimal("10.00"), by=staff)
    with pytest.raises(RefundTooLarge):
        payment_refund(order=row, amount=Decimal("39.06"), by=staff)
    payment_refund(order=row, amount=Decimal("39.05"), by=staff)

    detail = client.get(f"/v2/account/orders/{order['number']}", headers=filled_cart.patient.headers).json()
    assert [entry["state"] for entry in detail["history"]] == [
        "awaiting_payment",
        "paid",
        "fulfilled",
        "delivered",
        "partially_refunded",
        "refunded",
    ]
    assert (detail["carrier"], detail["tracking_reference"], detail["refunded"]) == (
        "PostNL",
        "3SABC123",
        "49.05",
    )
    assert TestProviderPayment.objects.get().refunded == Decimal("49.05")


def test_the_buyer_gets_the_confirmation_shipped_and_refund_mails_in_the_order_language(
    client, filled_cart, people, mailoutbox, django_capture_on_commit_callbacks
):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    headers = {**filled_cart.patient.headers, "Idempotency-Key": "nl-1", "Accept-Language": "nl"}
    order = client.post("/v2/checkout/orders", json=body, headers=headers).json()
    assert payment_id(order) and order["payment_url"].startswith("/nl/payments/test/")

    with django_capture_on_commit_callbacks(execute=True):
        pay(client, order)
        pay(client, order)  # a replay sends nothing more
    row = Order.objects.get()
    with django_capture_on_commit_callbacks(execute=True):
        order_fulfil(order=row, by=people.admin.user, carrier="PostNL", tracking_reference="3SABC123")
    with django_capture_on_commit_callbacks(execute=True):
        payment_refund(order=row, amount=Decimal("10.00"), by=people.admin.user)

    number = order["number"]
    assert [mail.subject for mail in mailoutbox] == [
        f"Je bestelling {number} is bevestigd",
        f"Je bestelling {number} is onderweg",
        f"Een terugbetaling voor je bestelling {number}",
    ]
    confirmation = mailoutbox[0]
    assert confirmation.to == ["patient@example.com"]
    assert "2 x Vitamin D3 Drops: 22,50\u00a0€" in confirmation.body
    assert "Totaal: 49,05\u00a0€ (Inclusief btw: 8,51\u00a0€)" in confirmation.body
    assert "1012 LG Amsterdam" in confirmation.body
    assert f"/nl/account/orders/{number}" in confirmation.body
    assert "Trackingcode: 3SABC123" in mailoutbox[1].body
    assert "We hebben 10,00\u00a0€ terugbetaald" in mailoutbox[2].body
    assert "Vitamin D3 Drops" in confirmation.alternatives[0][0]


def test_buy_again_refills_the_cart_and_saved_addresses_come_from_past_orders(client, filled_cart, catalogue):
    order = placed(client, filled_cart.patient)
    pay(client, order)
    ProductVariant.objects.filter(pk=variant_id(catalogue, "magnesium")).update(availability=2)

    reply = client.post(
        f"/v2/account/orders/{order['number']}/buy-again", headers=filled_cart.patient.headers
    )

    assert reply.json() == {"skipped": ["Magnesium Powder"]}
    assert list(
        CartItem.objects.filter(user=filled_cart.patient.user).values_list("variant_id", "quantity")
    ) == [(variant_id(catalogue, "d3"), 2)]
    saved = client.get("/v2/account/addresses", headers=filled_cart.patient.headers).json()
    assert saved == [{**NL_ADDRESS, "postcode": "1012 LG", "line2": ""}]
    assert client.get("/v2/account/addresses").status_code == 401


def test_a_product_that_became_unavailable_after_checkout_is_refused_before_anything_is_charged(
    client, filled_cart, catalogue
):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    headers = {**filled_cart.patient.headers, "Idempotency-Key": "late"}
    ProductVariant.objects.filter(pk=variant_id(catalogue, "magnesium")).update(availability=2)
    # The cart quote refuses it at checkout ...
    assert client.post("/v2/checkout/orders", json=body, headers=headers).status_code == 409
    ProductVariant.objects.filter(pk=variant_id(catalogue, "magnesium")).update(availability=1)
    order = client.post("/v2/checkout/orders", json=body, headers=headers).json()
    Payment.objects.all().delete()
    ProductVariant.objects.filter(pk=variant_id(catalogue, "magnesium")).update(availability=2)

    # ... and starting the payment refuses it too, naming it: no payment is made.
    refused = client.get(f"/v2/account/orders/{order['number']}/payment", headers=filled_cart.patient.headers)

    assert refused.status_code == 409
    assert refused.json()["message"].startswith("These products cannot be bought now: Magnesium Powder.")
    assert Payment.objects.count() == 0
