"""What earnings does when an order is paid or refunded (docs/architecture.md, "The order lifecycle")."""

from __future__ import annotations

from server.earnings.services import earnings_record_paid, earnings_reverse
from server.orders.lifecycle import OrderPaid, OrderRefunded, order_fact_subscribe

# Ranks among the followers of one fact (docs/architecture.md, "The order lifecycle"): the commission is
# booked first, so later followers may read it.
PAID_RANK = 10
REFUNDED_RANK = 10


def on_order_paid(fact: OrderPaid) -> None:
    earnings_record_paid(order=fact.order)


def on_order_refunded(fact: OrderRefunded) -> None:
    earnings_reverse(order=fact.order, reference=fact.reference)


def subscribe() -> None:
    order_fact_subscribe(OrderPaid, on_order_paid, rank=PAID_RANK, name="earnings.record_paid")
    order_fact_subscribe(OrderRefunded, on_order_refunded, rank=REFUNDED_RANK, name="earnings.reverse")
