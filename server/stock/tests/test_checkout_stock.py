"""Checkout holds an order's units; payment sells them; cancelling, expiry or a failed payment frees them."""

from datetime import timedelta

from django.core.management import call_command
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from server.orders.models import Order, OrderState
from server.orders.services import order_expire, order_expire_task
from server.orders.tests.conftest import NL_ADDRESS, checkout, eu_standard_id, provider_payment_id
from server.orders.tests.test_order_mails import DATABASE_TASKS
from server.stock.models import Reservation, ReservationState
from server.stock.services import stock_receive
from server.stock.tests.conftest import in_cart, level


def pay(client, placed, outcome: str = "paid") -> None:
    reply = client.post(f"/v2/payments/test/{provider_payment_id(placed)}", json={"outcome": outcome})
    assert reply.status_code == 200, reply.json()


def held(number: str) -> list[tuple[int, str]]:
    order = Order.objects.get(number=number)
    return list(Reservation.objects.filter(order_id=order.pk).values_list("quantity", "state"))


def test_an_order_holds_its_units_and_payment_sells_them(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 3)

    placed = checkout(client, people.patient, "hold-1")
    holding = (level(counted_d3).on_hand, level(counted_d3).reserved)
    pay(client, placed)

    assert holding == (12, 3)
    assert (level(counted_d3).on_hand, level(counted_d3).reserved) == (9, 0)
    assert held(placed["number"]) == [(3, ReservationState.SOLD)]


def test_a_line_short_of_stock_refuses_the_order_with_every_short_line_named(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 13)

    reply = client.post(
        "/v2/checkout/orders",
        json={"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard_id()},
        headers={**people.patient.headers, "Idempotency-Key": "too-many"},
    )

    assert reply.status_code == 409
    body = reply.json()
    assert (body["code"], body["lines"]) == (
        "out_of_stock",
        [{"product_variant_id": counted_d3, "name": "Vitamin D3 Drops", "available": 12}],
    )
    assert "Vitamin D3 Drops (only 12 left)" in body["message"]
    assert (Order.objects.count(), level(counted_d3).reserved) == (0, 0)  # nothing made, nothing held


def test_cancelling_an_unpaid_order_puts_its_units_back_on_sale(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 12)
    placed = checkout(client, people.patient, "cancel-1")
    sold_out = client.get("/v2/storefront/products/vitamin-d3-drops").json()["variants"][0]["stock"]

    reply = client.post(f"/v2/account/orders/{placed['number']}/cancel", headers=people.patient.headers)

    assert reply.status_code == 200
    assert sold_out == {"state": "sold_out", "available": None, "note": ""}
    assert client.get("/v2/storefront/products/vitamin-d3-drops").json()["stock"] == {
        "state": "in_stock",
        "available": None,
        "note": "",
    }
    assert level(counted_d3).reserved == 0


def test_an_order_left_unpaid_past_its_hold_expires_and_releases_its_units(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 2)
    placed = checkout(client, people.patient, "expire-1")
    order = Order.objects.get(number=placed["number"])

    early = order_expire(order=order)
    Order.objects.filter(pk=order.pk).update(hold_until=timezone.now() - timedelta(seconds=1))
    call_command("orders_expire", stdout=open("/dev/null", "w"))

    order.refresh_from_db()
    assert (early, order.state, level(counted_d3).reserved) == (False, OrderState.CANCELLED, 0)
    assert order.history.filter(state=OrderState.CANCELLED).get().note == "not paid in time"


def test_starting_a_payment_pushes_the_hold_back(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 2)
    placed = checkout(client, people.patient, "retry-1")
    pay(client, placed, "failed")
    order = Order.objects.get(number=placed["number"])
    Order.objects.filter(pk=order.pk).update(hold_until=timezone.now() - timedelta(minutes=1))

    again = client.get(f"/v2/account/orders/{placed['number']}/payment", headers=people.patient.headers)

    order.refresh_from_db()
    assert again.json()["payment_url"] is not None
    assert order.hold_until is not None
    assert order.hold_until > timezone.now() + timedelta(minutes=29)
    assert order_expire(order=order) is False


def test_a_failed_payment_releases_the_units_and_paying_again_holds_them_again(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 2)
    placed = checkout(client, people.patient, "fail-1")

    pay(client, placed, "failed")
    released = level(counted_d3).reserved
    again = client.get(f"/v2/account/orders/{placed['number']}/payment", headers=people.patient.headers)

    assert (released, level(counted_d3).reserved) == (0, 2)
    assert again.status_code == 200
    assert held(placed["number"]) == [(2, ReservationState.RELEASED), (2, ReservationState.HELD)]


def test_paying_again_after_the_units_were_sold_meanwhile_is_a_clear_409(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 2)
    placed = checkout(client, people.patient, "fail-2")
    pay(client, placed, "failed")
    in_cart(people.stranger, counted_d3, 12)
    pay(client, checkout(client, people.stranger, "takes-all"))

    again = client.get(f"/v2/account/orders/{placed['number']}/payment", headers=people.patient.headers)

    assert again.status_code == 409
    assert again.json()["lines"] == [
        {"product_variant_id": counted_d3, "name": "Vitamin D3 Drops", "available": 0}
    ]


def test_few_left_shows_the_count_on_the_product_page_and_in_the_cart(client, people, catalogue):
    variant_id = int(catalogue.d3.variants.get().pk)
    stock_receive(variant_id=variant_id, quantity=4)
    in_cart(people.patient, variant_id, 1)

    page = client.get("/v2/storefront/products/vitamin-d3-drops").json()
    cart = client.get("/v2/storefront/cart", headers=people.patient.headers).json()

    low = {"state": "low", "available": 4, "note": ""}
    assert (page["stock"], page["variants"][0]["stock"], cart["items"][0]["stock"]) == (low, low, low)


def test_a_cart_line_that_sold_out_meanwhile_is_named_at_checkout(client, people, counted_d3):
    in_cart(people.patient, counted_d3, 1)
    in_cart(people.stranger, counted_d3, 12)
    pay(client, checkout(client, people.stranger, "takes-all"))

    summary = client.get(
        f"/v2/checkout/summary?country=NL&shipping_method_id={eu_standard_id()}",
        headers=people.patient.headers,
    ).json()
    cart = client.get("/v2/storefront/cart", headers=people.patient.headers).json()
    reply = client.post(
        "/v2/checkout/orders",
        json={"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard_id()},
        headers={**people.patient.headers, "Idempotency-Key": "too-late"},
    )

    assert cart["items"][0]["stock"]["state"] == "sold_out"
    assert summary["problems"] == [
        {
            "product_variant_id": counted_d3,
            "name": "Vitamin D3 Drops",
            "message": "Vitamin D3 Drops is sold out.",
        }
    ]
    assert (reply.status_code, reply.json()["code"], reply.json()["lines"]) == (
        409,
        "out_of_stock",
        [{"product_variant_id": counted_d3, "name": "Vitamin D3 Drops", "available": 0}],
    )


@override_settings(TASKS=DATABASE_TASKS)
def test_the_expiry_task_finding_a_later_hold_looks_again_when_it_ends(
    client, people, counted_d3, django_capture_on_commit_callbacks
):
    # Given an order whose payment start pushed its hold back after the task was queued
    in_cart(people.patient, counted_d3, 2)
    placed = checkout(client, people.patient, "later-1")
    order = Order.objects.get(number=placed["number"])
    later = timezone.now() + timedelta(minutes=20)
    Order.objects.filter(pk=order.pk).update(hold_until=later)

    # When the task queued at checkout runs
    with django_capture_on_commit_callbacks(execute=True):
        expired = order_expire_task.call(order_id=order.pk)

    # Then the order still holds its units and one look is queued for the new hold's end
    queued = DBTaskResult.objects.filter(task_path="server.orders.services.order_expire_task")
    assert (expired, level(counted_d3).reserved) == (False, 2)
    assert [task.run_after for task in queued if task.run_after > later] == [later + timedelta(seconds=1)]
