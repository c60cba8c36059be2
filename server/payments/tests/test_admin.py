"""Staff handle orders in the admin (docs/decisions/0017-checkout-orders-and-payments.md): find them by state,
ship with tracking, mark delivered, refund in part or in full through the provider, cancel, export CSV."""

from decimal import Decimal

import pytest
from django.test import Client

from server.accounts.models import User
from server.orders.models import Order, OrderState, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS
from server.payments.models import Refund


@pytest.fixture
def staff(db) -> Client:
    browser = Client()
    browser.force_login(User.objects.create_superuser("staff@example.com", "Demo-pass-2026!"))
    return browser


def placed_and_paid(client, person, key="k") -> Order:
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    order = client.post(
        "/v2/checkout/orders", json=body, headers={**person.headers, "Idempotency-Key": key}
    ).json()
    client.post(f"/v2/payments/test/{order['payment_url'].rsplit('/', 1)[1]}", json={"outcome": "paid"})
    return Order.objects.get(number=order["number"])


def change_form(order: Order, **fields: str) -> dict[str, str]:
    form = {"carrier": "", "tracking_reference": ""}
    for prefix in ("lines", "history", "payments"):
        form.update({f"{prefix}-TOTAL_FORMS": "0", f"{prefix}-INITIAL_FORMS": "0"})
    return {**form, **fields}


def test_staff_find_ship_deliver_refund_and_export_orders(client, filled_cart, staff):
    order = placed_and_paid(client, filled_cart.patient)
    url = f"/admin/orders/order/{order.pk}/change/"

    listed = staff.get("/admin/orders/order/?state__exact=paid")
    assert listed.status_code == 200 and order.number in listed.content.decode()
    assert order.number not in staff.get("/admin/orders/order/?state__exact=delivered").content.decode()
    detail = staff.get(url).content.decode()
    assert "Vitamin D3 Drops" in detail and "awaiting_payment" in detail

    staff.post(url, change_form(order, carrier="PostNL", tracking_reference="3SABC123"))
    order.refresh_from_db()
    assert (order.state, order.tracking_reference) == (OrderState.FULFILLED, "3SABC123")

    staff.post("/admin/orders/order/", {"action": "mark_delivered", "_selected_action": [order.pk]})
    form = staff.post("/admin/orders/order/", {"action": "refund", "_selected_action": [order.pk]})
    assert "at most 49.05 EUR can be refunded" in form.content.decode()
    too_much = staff.post(
        "/admin/orders/order/", {"action": "refund", "_selected_action": [order.pk], "amount": "60.00"}
    )
    staff.post("/admin/orders/order/", {"action": "refund", "_selected_action": [order.pk], "amount": "9.05"})

    order.refresh_from_db()
    assert too_much.status_code == 302
    assert (order.state, order.refunded) == (OrderState.PARTIALLY_REFUNDED, Decimal("9.05"))
    assert list(Refund.objects.values_list("amount", flat=True)) == [Decimal("9.05")]
    exported = staff.post("/admin/orders/order/", {"action": "export_csv", "_selected_action": [order.pk]})
    lines = exported.content.decode().splitlines()
    assert lines[0].startswith("number,created_at,state,buyer")
    assert lines[1].startswith(f"{order.number},") and ",partially_refunded,patient@example.com," in lines[1]


def test_staff_cancel_an_unpaid_order_and_cancel_a_paid_one_with_a_full_refund(client, filled_cart, staff):
    paid = placed_and_paid(client, filled_cart.patient, key="one")
    body = {
        "shipping_address": {**NL_ADDRESS, "line2": "2nd floor"},
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="express").pk,
    }
    client.post(
        "/v2/storefront/cart/items",
        json={"product_variant_id": paid.lines.get(position=0).variant_id, "quantity": 1},
        headers=filled_cart.patient.headers,
    )
    unpaid_number = client.post(
        "/v2/checkout/orders", json=body, headers={**filled_cart.patient.headers, "Idempotency-Key": "two"}
    ).json()["number"]
    unpaid = Order.objects.get(number=unpaid_number)

    staff.post("/admin/orders/order/", {"action": "cancel", "_selected_action": [paid.pk, unpaid.pk]})

    paid.refresh_from_db()
    unpaid.refresh_from_db()
    assert (paid.state, paid.refunded) == (OrderState.REFUNDED, paid.total)
    assert unpaid.state == OrderState.CANCELLED
    assert staff.get(f"/admin/payments/payment/?q={paid.number}").status_code == 200
