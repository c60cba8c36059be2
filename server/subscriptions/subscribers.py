"""What automatic refills do when a parcel's order is paid or its charge lapses (docs/architecture.md, "The
order lifecycle")."""

from __future__ import annotations

from server.orders.lifecycle import OrderPaid, OrderPaymentLapsed, order_fact_subscribe
from server.subscriptions.outcomes import parcel_charge_failed, parcel_paid

# After the commission (earnings, 10) and the refill reminders (20): a subscription's parcel plans no
# reminder (refills skips those orders), and a refill of another order of the protocol is cancelled here.
PAID_RANK = 30
LAPSED_RANK = 10


def on_order_paid(fact: OrderPaid) -> None:
    parcel_paid(order=fact.order)


def on_payment_lapsed(fact: OrderPaymentLapsed) -> None:
    parcel_charge_failed(order=fact.order)


def subscribe() -> None:
    order_fact_subscribe(OrderPaid, on_order_paid, rank=PAID_RANK, name="subscriptions.parcel_paid")
    order_fact_subscribe(
        OrderPaymentLapsed, on_payment_lapsed, rank=LAPSED_RANK, name="subscriptions.charge_failed"
    )
