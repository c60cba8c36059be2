"""The order's lifecycle facts (server/orders/lifecycle.py): who follows each, in which order, and that a
new follower needs no change in payments or orders."""

from decimal import Decimal

import pytest
from django.db import connection

from server.orders.lifecycle import (
    OrderCancelled,
    OrderPaid,
    OrderPaymentLapsed,
    OrderRefunded,
    OrderShipped,
    RankTaken,
    order_fact_subscribe,
    order_fact_subscribers,
    order_fact_unsubscribe,
)
from server.orders.models import Order, OrderState
from server.orders.services import (
    order_cancel,
    order_fulfil,
    order_mark_paid,
    order_refund_record,
)
from server.orders.tests.conftest import checkout, order_placed, provider_payment_id
from server.payments.models import Payment, PaymentStatus


class Heard:
    """A follower the shop does not have: what it heard, and whether a transaction was open then."""

    def __init__(self) -> None:
        self.facts: list[object] = []
        self.in_transaction: list[bool] = []

    def __call__(self, fact: object) -> None:
        self.facts.append(fact)
        self.in_transaction.append(connection.in_atomic_block)


@pytest.fixture
def heard():
    listener = Heard()
    for fact in (OrderPaid, OrderRefunded, OrderCancelled, OrderShipped):
        order_fact_subscribe(fact, listener, rank=99, name="tests.heard")
    yield listener
    for fact in (OrderPaid, OrderRefunded, OrderCancelled, OrderShipped):
        order_fact_unsubscribe(fact, name="tests.heard")


def test_each_fact_has_its_followers_in_their_documented_order():
    # docs/architecture.md, "The order lifecycle": commission first, then the refill reminders, then the
    # automatic refills (a parcel paid, or a reminder of a refilled protocol cancelled).
    assert [s.name for s in order_fact_subscribers(OrderPaid)] == [
        "earnings.record_paid",
        "refills.plan",
        "subscriptions.parcel_paid",
    ]
    assert [s.name for s in order_fact_subscribers(OrderRefunded)] == ["earnings.reverse"]
    assert order_fact_subscribers(OrderCancelled) == []
    assert order_fact_subscribers(OrderShipped) == []
    assert [s.name for s in order_fact_subscribers(OrderPaymentLapsed)] == ["subscriptions.charge_failed"]


def test_a_second_follower_may_not_take_a_rank_already_taken():
    with pytest.raises(RankTaken, match=r"rank 10 is earnings\.record_paid's"):
        order_fact_subscribe(OrderPaid, lambda fact: None, rank=10, name="tests.other")
    assert [s.name for s in order_fact_subscribers(OrderPaid)] == [
        "earnings.record_paid",
        "refills.plan",
        "subscriptions.parcel_paid",
    ]


def test_a_new_follower_hears_an_order_paid_through_the_provider_once_inside_its_transaction(
    client, filled_cart, heard
):
    # given a new follower of the order's facts, and an order placed through the checkout
    placed = checkout(client, filled_cart.patient, "new-follower")
    payment_id = provider_payment_id(placed)

    # when the buyer pays, and the provider reports it twice
    client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})
    client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})

    # then the follower heard it once, for that order, already paid, inside the transaction that made it so
    assert [type(fact) for fact in heard.facts] == [OrderPaid]
    fact = heard.facts[0]
    assert isinstance(fact, OrderPaid)
    assert (fact.order.number, fact.order.state) == (placed["number"], OrderState.PAID)
    assert heard.in_transaction == [True]


@pytest.mark.django_db(transaction=True)
def test_a_follower_that_fails_leaves_the_order_unpaid_and_the_payment_open_for_the_next_webhook(
    client, destinations, filled_cart
):
    # given a follower that fails, and an order awaiting payment
    def fails(fact: OrderPaid) -> None:
        raise RuntimeError("the follower's database write failed")

    order_fact_subscribe(OrderPaid, fails, rank=98, name="tests.fails")
    try:
        payment_id = provider_payment_id(checkout(client, filled_cart.patient, "failing-follower"))

        # when the payment is reported
        reply = client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})
    finally:
        order_fact_unsubscribe(OrderPaid, name="tests.fails")

    # then nothing of the fact was kept: the order still awaits payment, with no commission and no
    # reminder, and the payment's status is not recorded, so the provider's next report does it all
    assert reply.status_code == 500
    assert Order.objects.get().state == OrderState.AWAITING_PAYMENT
    assert Payment.objects.get().status == PaymentStatus.OPEN
    client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"})
    assert Order.objects.get().state == OrderState.PAID


def test_cancelled_shipped_and_refunded_are_announced_with_who_did_it(filled_cart, staff_user, heard):
    # given one order awaiting payment and one paid
    unpaid = order_placed(filled_cart.patient, "cancel-me")
    order_cancel(order=unpaid)
    paid = order_placed(filled_cart.patient, "ship-me")
    order_mark_paid(order=paid)

    # when staff ship the paid one and refund part of it, then the rest
    order_fulfil(order=paid, by=staff_user, carrier="PostNL", tracking_reference="3S123")
    order_refund_record(order=paid, amount=Decimal("10.00"), reference="refund:a", by=staff_user)
    rest = Order.objects.get(pk=paid.pk).total - Decimal("10.00")
    order_refund_record(order=paid, amount=rest, reference="refund:b", by=staff_user)

    # then each transition was announced once, in order, with its details
    assert [type(fact).__name__ for fact in heard.facts] == [
        "OrderCancelled",
        "OrderPaid",
        "OrderShipped",
        "OrderRefunded",
        "OrderRefunded",
    ]
    cancelled, _, shipped, partly, fully = heard.facts
    assert (cancelled.order.pk, cancelled.by) == (unpaid.pk, None)
    assert (shipped.order.pk, shipped.by) == (paid.pk, staff_user)
    assert (partly.amount, partly.full, partly.reference, partly.by) == (
        Decimal("10.00"),
        False,
        "refund:a",
        staff_user,
    )
    assert (fully.amount, fully.full, fully.reference) == (rest, True, "refund:b")


@pytest.fixture
def staff_user(django_user_model):
    return django_user_model.objects.create_user(
        email="staff@shop.example", password="Staff-pass-2026!", is_staff=True
    )
