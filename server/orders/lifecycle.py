"""The order's lifecycle facts and who follows them (docs/architecture.md, "The order lifecycle").

An order's transitions are the orders app's: `order_mark_paid`, `order_refund_record`, `order_cancel` and
`order_fulfil` each announce a typed fact once the transition is recorded, and the apps that act on it
(earnings, refills, and every later one) subscribe from their own `apps.py`. Nothing below orders has to
know who listens, and a new consequence of "paid" is a new subscriber, never an edit of payments or orders.

Subscribers run in the transaction that records the fact, in the order of their rank (lowest first; two
subscribers of one fact may not share a rank, so the order is always the documented one). A subscriber
that raises rolls the fact back with the transition: the order is not paid without its commission.
Outbound calls and messages are not made here: a subscriber schedules them on commit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, NamedTuple

from server.accounts.models import User
from server.orders.models import Order


@dataclass(frozen=True)
class OrderPaid:
    """The order's payment went through (from awaiting payment to paid, once)."""

    order: Order


@dataclass(frozen=True)
class OrderRefunded:
    """A refund the provider accepted was recorded: `amount` of it, `full` when nothing is left to refund.
    `reference` names the refund (the same refund is announced once)."""

    order: Order
    amount: Decimal
    full: bool
    reference: str
    by: User | None


@dataclass(frozen=True)
class OrderCancelled:
    order: Order
    by: User | None


@dataclass(frozen=True)
class OrderShipped:
    """Staff handed the parcel to the carrier (fulfilled, with its tracking reference)."""

    order: Order
    by: User


@dataclass(frozen=True)
class OrderPaymentLapsed:
    """The order's payment failed, was cancelled or expired at the provider with no other payment open: it
    is still awaiting payment (a charge of an automatic refill that did not go through)."""

    order: Order


OrderFact = OrderPaid | OrderRefunded | OrderCancelled | OrderShipped | OrderPaymentLapsed
FACTS: tuple[type[OrderFact], ...] = (
    OrderPaid,
    OrderRefunded,
    OrderCancelled,
    OrderShipped,
    OrderPaymentLapsed,
)


class Subscriber(NamedTuple):
    rank: int
    name: str
    handler: Callable[[Any], None]


class RankTaken(ValueError):
    pass


_subscribers: dict[type, list[Subscriber]] = {fact: [] for fact in FACTS}


def order_fact_subscribe[F: OrderFact](
    fact: type[F], handler: Callable[[F], None], *, rank: int, name: str
) -> None:
    """Follow `fact`: `handler` runs inside the transaction that records it. Called from an app's
    `ready()`; subscribing the same name twice (a second `ready()` in tests) changes nothing."""
    listeners = _subscribers[fact]
    if any(subscriber.name == name for subscriber in listeners):
        return
    taken = next((subscriber for subscriber in listeners if subscriber.rank == rank), None)
    if taken is not None:
        raise RankTaken(f"{fact.__name__}: rank {rank} is {taken.name}'s; pick another for {name}")
    listeners.append(Subscriber(rank, name, handler))
    listeners.sort(key=lambda subscriber: subscriber.rank)


def order_fact_unsubscribe(fact: type[OrderFact], *, name: str) -> None:
    _subscribers[fact][:] = [subscriber for subscriber in _subscribers[fact] if subscriber.name != name]


def order_fact_subscribers(fact: type[OrderFact]) -> list[Subscriber]:
    """The subscribers of a fact in the order they run."""
    return list(_subscribers[fact])


def order_fact_announce(fact: OrderFact) -> None:
    """Run every subscriber of the fact, in rank order, in the caller's transaction."""
    for subscriber in _subscribers[type(fact)]:
        subscriber.handler(fact)
