"""Units that come back with a refund go back on the shelf: staff say how many of each line, never more
than the order sold."""

import pytest
from django.test import Client

from server.accounts.models import User
from server.orders.models import Order
from server.orders.services import TooManyReturned, order_units_return
from server.orders.tests.conftest import checkout
from server.stock.models import MovementKind, StockMovement
from server.stock.tests.conftest import in_cart, level


@pytest.fixture
def staff(db) -> Client:
    browser = Client()
    browser.force_login(User.objects.create_superuser("staff@example.com", "Demo-pass-2026!"))
    return browser


def paid_order(client, person, variant_id: int, quantity: int) -> Order:
    in_cart(person, variant_id, quantity)
    placed = checkout(client, person, "returns")
    client.post(f"/v2/payments/test/{placed['payment_url'].rsplit('/', 1)[1]}", json={"outcome": "paid"})
    return Order.objects.get(number=placed["number"])


def test_a_refund_with_units_back_in_stock_puts_them_on_the_shelf(client, people, counted_d3, staff):
    order = paid_order(client, people.patient, counted_d3, 3)

    form = staff.post("/admin/orders/order/", {"action": "refund", "_selected_action": [order.pk]})
    staff.post(
        "/admin/orders/order/",
        {"action": "refund", "_selected_action": [order.pk], "amount": "12.50", f"return_{counted_d3}": "2"},
    )

    assert "Units of Vitamin D3 Drops back in stock (sold 3)" in form.content.decode()
    assert level(counted_d3).on_hand == 11
    returned = StockMovement.objects.get(kind=MovementKind.RETURNED)
    assert (returned.on_hand_delta, returned.order_id, returned.by) == (
        2,
        order.pk,
        User.objects.get(email="staff@example.com"),
    )


def test_never_more_units_come_back_than_the_order_sold(client, people, counted_d3):
    order = paid_order(client, people.patient, counted_d3, 3)
    order_units_return(order=order, returns={counted_d3: 2}, by=None)

    with pytest.raises(TooManyReturned) as refused:
        order_units_return(order=order, returns={counted_d3: 2}, by=None)
    with pytest.raises(TooManyReturned):
        order_units_return(order=order, returns={counted_d3: -1}, by=None)

    assert refused.value.errors == {f"returns.{counted_d3}": ["too many"]}
    assert level(counted_d3).on_hand == 11


def test_units_of_a_product_whose_stock_is_not_counted_are_not_counted_on_return(client, people, catalogue):
    magnesium = int(catalogue.magnesium.variants.get().pk)
    order = paid_order(client, people.patient, magnesium, 1)

    order_units_return(order=order, returns={magnesium: 1}, by=None)

    assert not StockMovement.objects.exists()
