"""What refills does when an order is paid (docs/architecture.md, "The order lifecycle")."""

from __future__ import annotations

from server.orders.lifecycle import OrderPaid, order_fact_subscribe
from server.refills.services import refills_plan

# After the commission (earnings, rank 10): a reminder is planned once the order's money is booked.
PAID_RANK = 20


def on_order_paid(fact: OrderPaid) -> None:
    refills_plan(order=fact.order)


def subscribe() -> None:
    order_fact_subscribe(OrderPaid, on_order_paid, rank=PAID_RANK, name="refills.plan")
