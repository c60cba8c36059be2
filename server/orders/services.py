"""Order writes (docs/decisions/0017-checkout-orders-and-payments.md): placing an order from the cart, and one
service per state transition. Each transition checks the state it leaves, records the history and tells the
buyer's devices (`order.updated`); a transition that is not allowed is a 409 naming both states."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timedelta
from decimal import Decimal
from functools import partial
from typing import Any

from django.conf import settings
from django.db import transaction
from django.tasks import default_task_backend, task
from django.utils import timezone

from server.accounts.models import User
from server.cart.services import cart_clear, cart_lines_add
from server.catalog.models import Availability
from server.core.errors import Conflict, InvalidInput
from server.core.region import Region
from server.events.services import event_emit
from server.events.topics import Topic
from server.orders.addresses import Address, address_clean
from server.orders.lifecycle import (
    OrderCancelled,
    OrderPaid,
    OrderPaymentLapsed,
    OrderRefunded,
    OrderShipped,
    order_fact_announce,
)
from server.orders.models import Order, OrderEvent, OrderLine, OrderState
from server.orders.quote import Quote, Wanted, cart_quote, destinations, lines_quote
from server.orders.tasks import order_mail_schedule
from server.stock.selectors import stock_returned
from server.stock.services import (
    OutOfStock,
    Shortage,
    Want,
    stock_release,
    stock_reserve,
    stock_return,
    stock_sell,
)

MAX_IDEMPOTENCY_KEY = 100

# Which states each state may go to (docs/decisions/0017-checkout-orders-and-payments.md): cancelled before
# payment or by staff; refunds after payment.
TRANSITIONS: dict[str, frozenset[str]] = {
    OrderState.AWAITING_PAYMENT: frozenset({OrderState.PAID, OrderState.CANCELLED}),
    OrderState.PAID: frozenset(
        {OrderState.FULFILLED, OrderState.CANCELLED, OrderState.REFUNDED, OrderState.PARTIALLY_REFUNDED}
    ),
    OrderState.FULFILLED: frozenset(
        {OrderState.DELIVERED, OrderState.REFUNDED, OrderState.PARTIALLY_REFUNDED}
    ),
    OrderState.DELIVERED: frozenset({OrderState.REFUNDED, OrderState.PARTIALLY_REFUNDED}),
    OrderState.PARTIALLY_REFUNDED: frozenset(
        {OrderState.FULFILLED, OrderState.DELIVERED, OrderState.REFUNDED, OrderState.PARTIALLY_REFUNDED}
    ),
    OrderState.CANCELLED: frozenset(),
    OrderState.REFUNDED: frozenset(),
}


class EmptyCart(InvalidInput):
    message = "Your cart is empty."


class NotPurchasable(Conflict):
    message = "Some products in your cart cannot be bought now."


class IdempotencyKeyReused(Conflict):
    message = "This Idempotency-Key was used for another checkout."


class OrderPending(Conflict):
    message = "An order for this cart is already awaiting payment."


class TransitionNotAllowed(Conflict):
    message = "The order cannot change to that state."


class RefundTooLarge(InvalidInput):
    message = "A refund cannot be more than what was paid and not yet refunded."


def order_hold_until(hold: timedelta | None = None) -> datetime:
    return timezone.now() + (hold or timedelta(minutes=settings.ORDER_UNPAID_EXPIRY_MINUTES))


def order_expiry_schedule(*, order: Order) -> None:
    """Look at the unpaid order again when its hold ends. A backend that cannot defer (development's
    immediate one) queues nothing: `manage orders_expire` expires the overdue orders there."""
    if default_task_backend.supports_defer and order.hold_until is not None:
        run_after = order.hold_until + timedelta(seconds=1)
        transaction.on_commit(
            partial(order_expire_task.using(run_after=run_after).enqueue, order_id=order.pk)
        )


# Beside the services that queue it (placing an order, starting a payment), not in tasks.py: it runs
# `order_expire`, and tasks.py is imported by these services.
@task()
def order_expire_task(*, order_id: int) -> bool:
    """Expire the order if its hold ended unpaid; a hold a payment start pushed back is looked at again
    when it ends (queued here, so starting a payment queues nothing: it is on checkout's hot path)."""
    order = Order.objects.filter(pk=order_id).first()
    if order is None:
        return False
    if order_expire(order=order):
        return True
    order.refresh_from_db(fields=["state", "hold_until"])  # order_expire read it under its lock
    if order.state == OrderState.AWAITING_PAYMENT and order.hold_until and order.hold_until > timezone.now():
        order_expiry_schedule(order=order)
    return False


def request_fingerprint(body: dict[str, Any]) -> str:
    """The checkout request as canonical JSON: the same key with another body is refused."""
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _tell(order: Order) -> None:
    event_emit(
        user_id=order.buyer_id,
        topic=Topic.ORDER_UPDATED,
        data={"number": order.number or "", "state": order.state},
    )


def _enter(order: Order, state: str, *, by: User | None = None, note: str = "") -> None:
    if state not in TRANSITIONS[order.state]:
        raise TransitionNotAllowed(
            f"An order that is {OrderState(order.state).label.lower()} cannot become "
            f"{OrderState(state).label.lower()}.",
            errors={"state": [order.state]},
        )
    order.state = state
    order.save(update_fields=["state", "updated_at"])
    OrderEvent.objects.create(order=order, state=state, by=by, note=note)
    _tell(order)


def _locked(order: Order) -> Order:
    return Order.objects.select_for_update().get(pk=order.pk)


@transaction.atomic
def order_place(
    *,
    buyer: User,
    region: Region,
    language: str,
    idempotency_key: str,
    shipping_address: dict[str, Any],
    billing_address: dict[str, Any] | None,
    shipping_method_id: int,
) -> tuple[Order, bool]:
    """Make an order of the buyer's cart as it is now, priced on the server. Answers the order and whether
    it is new: the same Idempotency-Key with the same request answers the order made the first time."""
    key = idempotency_key.strip()
    if not key or len(key) > MAX_IDEMPOTENCY_KEY:
        raise InvalidInput(
            "Send an Idempotency-Key header of 1 to 100 characters.", errors={"Idempotency-Key": ["required"]}
        )
    fingerprint = request_fingerprint(
        {
            "shipping": shipping_address,
            "billing": billing_address,
            "method": shipping_method_id,
            "region": region,
        }
    )
    # One checkout per buyer at a time: a second tab waits here, then finds the first tab's order.
    User.objects.select_for_update().filter(pk=buyer.pk).values_list("pk").first()
    earlier = Order.objects.filter(buyer=buyer, idempotency_key=key).first()
    if earlier is not None:
        if earlier.request_fingerprint != fingerprint:
            raise IdempotencyKeyReused(errors={"Idempotency-Key": ["reused"]})
        return earlier, False

    rates = destinations(region)
    countries = set(rates)
    shipping: Address = address_clean(shipping_address, field="shipping_address", countries=countries)
    billing: Address = (
        address_clean(billing_address, field="billing_address", countries=countries | {shipping["country"]})
        if billing_address
        else shipping
    )
    quote = cart_quote(
        user=buyer,
        region=region,
        country=shipping["country"],
        method_id=shipping_method_id,
        lock=True,
        rates=rates,
    )
    if quote.problems and all(problem.sold_out for problem in quote.problems):
        raise OutOfStock([Shortage(p.product_variant_id, p.name, 0) for p in quote.problems])
    if quote.problems:
        names = ", ".join(problem.name for problem in quote.problems)
        raise NotPurchasable(
            f"These products cannot be bought now: {names}. Remove them from your cart to go on.",
            errors={f"lines.{problem.product_variant_id}": ["unavailable"] for problem in quote.problems},
        )
    if not quote.lines:
        raise EmptyCart(errors={"cart": ["empty"]})
    pending = Order.objects.filter(
        buyer=buyer, state=OrderState.AWAITING_PAYMENT, cart_fingerprint=quote.cart_fingerprint
    ).first()
    if pending is not None:
        raise OrderPending(
            f"Order {pending.number} for this cart is already awaiting payment.",
            errors={"order": [pending.number or ""]},
        )

    return _order_write(
        buyer=buyer,
        language=language,
        key=key,
        fingerprint=fingerprint,
        shipping=shipping,
        billing=billing,
        quote=quote,
    ), True


def _order_write(
    *,
    buyer: User,
    language: str,
    key: str,
    fingerprint: str,
    shipping: Address,
    billing: Address,
    quote: Quote,
    subscription_id: int | None = None,
) -> Order:
    """Write down a quote as an order awaiting payment, its units held (a shortage refuses it all)."""
    totals = quote.totals
    order = Order.objects.create(
        buyer=buyer,
        practitioner_id=quote.practitioner_id,
        region=quote.region.value,
        currency=quote.region.currency,
        language=language,
        shipping_address=dict(shipping),
        billing_address=dict(billing),
        shipping_method=quote.method,
        shipping_method_name=quote.method.name,
        discount_rate=quote.discount_rate,
        refill_discount_rate=quote.refill_rate,
        subscription_id=subscription_id,
        subtotal=totals.subtotal,
        discount=totals.discount,
        shipping=totals.shipping,
        shipping_vat_rate=quote.vat_rate,
        vat=totals.vat,
        total=totals.total,
        idempotency_key=key,
        request_fingerprint=fingerprint,
        cart_fingerprint=quote.cart_fingerprint,
        hold_until=order_hold_until(),
    )
    order.number = f"PS-{order.created_at.year}-{order.pk:06d}"
    order.save(update_fields=["number"])
    OrderLine.objects.bulk_create(
        OrderLine(
            order=order,
            variant_id=line.variant_id,
            product_id=line.product_id,
            sku=line.sku,
            name=line.name,
            quantity=line.amounts.quantity,
            unit_price=line.amounts.unit_price,
            discount=line.amounts.discount,
            vat_rate=line.amounts.vat_rate,
            vat=line.amounts.vat,
            total=line.amounts.total,
            source=line.source,
            source_protocol_id=line.source_protocol_id,
            source_store_id=line.source_store_id,
            position=position,
        )
        for position, line in enumerate(quote.lines)
    )
    # Its units are held until it is paid, cancelled or expires; a shortage refuses the whole order.
    stock_reserve(
        order_id=order.pk,
        wants=[Want(line.variant_id, line.amounts.quantity, line.name) for line in quote.lines],
    )
    OrderEvent.objects.create(order=order, state=OrderState.AWAITING_PAYMENT)
    order_expiry_schedule(order=order)
    _tell(order)
    return order


@transaction.atomic
def order_place_lines(
    *,
    buyer: User,
    region: Region,
    language: str,
    key: str,
    wanted: list[Wanted],
    shipping_address: dict[str, Any],
    shipping_method_id: int,
    refill_rate: Decimal,
    subscription_id: int,
) -> Order:
    """Place an order of given lines, not the cart: a parcel of an automatic refill
    (docs/decisions/0042-automatic-refills.md), priced now by the same rules as checkout. `key` makes it
    idempotent per buyer (the same key answers the order made the first time). Raises InvalidInput for a
    country the region no longer ships to, UnknownShippingMethod, NotPurchasable for a line that cannot be
    bought (the caller leaves sold-out lines out or substitutes them first) and OutOfStock."""
    earlier = Order.objects.filter(buyer=buyer, idempotency_key=key).first()
    if earlier is not None:
        return earlier
    rates = destinations(region)
    shipping: Address = address_clean(shipping_address, field="shipping_address", countries=set(rates))
    quote = lines_quote(
        user=buyer,
        region=region,
        country=shipping["country"],
        method_id=shipping_method_id,
        wanted=wanted,
        rates=rates,
        refill_rate=refill_rate,
    )
    if quote.problems:
        names = ", ".join(problem.name for problem in quote.problems)
        raise NotPurchasable(
            f"These products cannot be bought now: {names}.",
            errors={f"lines.{problem.product_variant_id}": ["unavailable"] for problem in quote.problems},
        )
    if not quote.lines:
        raise EmptyCart("A parcel needs at least one product.", errors={"lines": ["empty"]})
    return _order_write(
        buyer=buyer,
        language=language,
        key=key,
        fingerprint=request_fingerprint({"subscription": subscription_id, "key": key}),
        shipping=shipping,
        billing=shipping,
        quote=quote,
        subscription_id=subscription_id,
    )


@transaction.atomic
def order_cancel(*, order: Order, by: User | None = None, note: str = "") -> Order:
    """Before payment the buyer may cancel; after it only staff (`by` a staff user), refunding separately."""
    order = _locked(order)
    if order.state != OrderState.AWAITING_PAYMENT and not (by is not None and by.is_staff):
        raise TransitionNotAllowed(
            "Only an order awaiting payment can be cancelled here.", errors={"state": [order.state]}
        )
    _enter(order, OrderState.CANCELLED, by=by, note=note)
    stock_release(order_id=order.pk)
    order_fact_announce(OrderCancelled(order=order, by=by))
    return order


@transaction.atomic
def order_expire(*, order: Order) -> bool:
    """An order left unpaid past ORDER_UNPAID_EXPIRY is cancelled and its units are for sale again. Answers
    whether it expired (one paid or cancelled meanwhile does not). A payment that arrives later is refunded
    (server/payments/services.py)."""
    order = _locked(order)
    if order.state != OrderState.AWAITING_PAYMENT:
        return False
    if order.hold_until is not None and order.hold_until > timezone.now():
        return False  # a payment started since, and queued its own look when the new hold ends
    order_cancel(order=order, note="not paid in time")
    return True


def orders_expire(*, now: datetime | None = None) -> list[str]:
    """Expire every unpaid order whose hold ended (the catch-up of the expiry task). Answers their numbers."""
    due = Order.objects.filter(
        state=OrderState.AWAITING_PAYMENT, hold_until__lte=now or timezone.now()
    ).order_by("hold_until")
    return [order.number or "" for order in due if order_expire(order=order)]


@transaction.atomic
def order_payment_lapsed(*, order: Order) -> None:
    """The order's payment failed, was cancelled or expired at the provider, and no other is open: its units
    are for sale again until the buyer tries to pay once more (`order_hold_for_payment` holds them again)."""
    order = _locked(order)
    if order.state == OrderState.AWAITING_PAYMENT:
        stock_release(order_id=order.pk)
        order_fact_announce(OrderPaymentLapsed(order=order))


@transaction.atomic
def order_mark_paid(*, order: Order) -> bool:
    """The payment of an order went through: paid, the buyer's cart emptied on every device, and every
    follower of `OrderPaid` told (commission, refill reminders: server/orders/lifecycle.py). Answers
    whether anything changed (a payment reported twice changes the order once)."""
    order = _locked(order)
    if order.state != OrderState.AWAITING_PAYMENT:
        return False
    _enter(order, OrderState.PAID)
    stock_sell(order_id=order.pk)
    if order.subscription_id is None:
        # Bought from the cart: it is empty now. A parcel of an automatic refill never came from the cart, so
        # the client's cart stays as it is.
        cart_clear(user=order.buyer)
    order_mail_schedule(order=order, texts="order_paid")
    order_fact_announce(OrderPaid(order=order))
    return True


@transaction.atomic
def order_fulfil(*, order: Order, by: User, carrier: str, tracking_reference: str) -> Order:
    carrier, tracking_reference = carrier.strip(), tracking_reference.strip()
    if not carrier or not tracking_reference:
        raise InvalidInput(
            "Shipping needs the carrier and the tracking reference.",
            errors={
                name: ["required"]
                for name, value in (("carrier", carrier), ("tracking_reference", tracking_reference))
                if not value
            },
        )
    order = _locked(order)
    order.carrier, order.tracking_reference = carrier[:80], tracking_reference[:120]
    order.save(update_fields=["carrier", "tracking_reference", "updated_at"])
    _enter(order, OrderState.FULFILLED, by=by, note=f"{order.carrier} {order.tracking_reference}")
    order_mail_schedule(order=order, texts="order_shipped")
    order_fact_announce(OrderShipped(order=order, by=by))
    return order


@transaction.atomic
def order_deliver(*, order: Order, by: User | None = None) -> Order:
    order = _locked(order)
    _enter(order, OrderState.DELIVERED, by=by)
    return order


def refundable(order: Order) -> Decimal:
    return order.total - order.refunded


@transaction.atomic
def order_refund_record(*, order: Order, amount: Decimal, reference: str, by: User | None = None) -> Order:
    """Record a refund the payment provider accepted (`reference` names it): refunded in full, or
    partially, and every follower of `OrderRefunded` told."""
    order = _locked(order)
    if amount <= 0 or amount > refundable(order):
        raise RefundTooLarge(errors={"amount": ["too large" if amount > 0 else "invalid"]})
    order.refunded += amount
    order.save(update_fields=["refunded", "updated_at"])
    state = OrderState.REFUNDED if order.refunded == order.total else OrderState.PARTIALLY_REFUNDED
    _enter(order, state, by=by, note=f"{amount} {order.currency}")
    order_mail_schedule(order=order, texts="order_refunded", amount=amount)
    order_fact_announce(
        OrderRefunded(
            order=order, amount=amount, full=state == OrderState.REFUNDED, reference=reference, by=by
        )
    )
    return order


def _unavailable(line: OrderLine, held: frozenset[int] = frozenset()) -> bool:
    if line.variant is None:
        return True
    return line.variant.availability != Availability.AVAILABLE and line.variant.pk not in held


class TooManyReturned(InvalidInput):
    message = "More units cannot come back than the order sold."


@transaction.atomic
def order_units_return(*, order: Order, returns: dict[int, int], by: User | None) -> None:
    """Units of a paid order came back (with a refund) and go back on the shelf, `{variant id: units}`;
    never more of a line than it sold less what came back before (422, nothing returned)."""
    order = _locked(order)
    sold: dict[int, int] = {}
    for line in order.lines.all():
        if line.variant_id is not None:
            sold[line.variant_id] = sold.get(line.variant_id, 0) + line.quantity
    back = stock_returned(order_id=order.pk)
    wanted = {variant_id: units for variant_id, units in returns.items() if units}
    too_many = {
        f"returns.{variant_id}": ["too many"]
        for variant_id, units in wanted.items()
        if units < 0 or units > sold.get(variant_id, 0) - back.get(variant_id, 0)
    }
    if too_many or order.state in (OrderState.AWAITING_PAYMENT, OrderState.CANCELLED):
        raise TooManyReturned(errors=too_many or {"state": [order.state]})
    if wanted:
        stock_return(order_id=order.pk, returns=sorted(wanted.items()), by=by)


def order_unavailable_lines(order: Order) -> list[str]:
    """The names of the order's products that cannot be bought now (deleted or unavailable variants)."""
    return [line.name for line in order.lines.select_related("variant") if _unavailable(line)]


@transaction.atomic
def order_hold_for_payment(order: Order, *, hold: timedelta | None = None) -> None:
    """Before a payment is started: the order's units are held again if a failed payment released them
    (OutOfStock, 409, when they are gone meanwhile) and for ORDER_UNPAID_EXPIRY from now, and a product
    that became unavailable since checkout is refused by name; nothing is charged (the buyer cancels and
    checks out again). `hold`: how long, when a payment takes longer than a buyer at a checkout page (a
    direct debit on a mandate stays pending for days)."""
    until = order_hold_until(hold)
    # The expiry task queued at checkout looks again when this later hold ends (order_expire_task).
    if Order.objects.filter(pk=order.pk, state=OrderState.AWAITING_PAYMENT).update(hold_until=until):
        order.hold_until = until
    lines = list(order.lines.select_related("variant"))
    # The units it holds are its own, even when they made the product sold out for everyone else.
    held = stock_reserve(
        order_id=order.pk,
        wants=[Want(line.variant_id, line.quantity, line.name) for line in lines if line.variant_id],
    )
    names = [line.name for line in lines if _unavailable(line, held)]
    if names:
        raise NotPurchasable(
            f"These products cannot be bought now: {', '.join(names)}. "
            "Cancel this order and check out again.",
            errors={"lines": names},
        )


@transaction.atomic
def order_buy_again(*, order: Order) -> list[str]:
    """Put the order's products back in the buyer's cart (quantities added); answers the names left out
    because they cannot be bought now."""
    skipped = set(order_unavailable_lines(order))
    lines = [
        (line.variant_id, line.quantity)
        for line in order.lines.all()
        if line.variant_id is not None and line.name not in skipped
    ]
    if lines:
        cart_lines_add(user=order.buyer, lines=lines)
    return sorted(skipped)
