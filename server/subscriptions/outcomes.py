"""What a parcel's payment means for its subscription (docs/decisions/0042-automatic-refills.md), run in
the transaction that records the order's fact (server/subscriptions/subscribers.py): paid moves the lines'
run-out days and makes the refill active with the payment's mandate; a failed charge makes it past due with
a retry planned, or paused after the last retry."""

from __future__ import annotations

from datetime import date, timedelta

from server.orders.models import Order, OrderState
from server.orders.services import order_cancel
from server.payments.models import Payment, PaymentStatus
from server.refills.services import refill_reminders_cancel
from server.subscriptions.mails import mail_schedule
from server.subscriptions.models import (
    Parcel,
    ParcelState,
    PastDueReason,
    Subscription,
    SubscriptionLine,
    SubscriptionState,
)
from server.subscriptions.notify import subscription_tell
from server.subscriptions.rules import cycle_lines, interval_of, refill_settings, store_today
from server.subscriptions.run import subscription_schedule


def _parcel_of(order: Order) -> tuple[Parcel, Subscription] | None:
    if order.subscription_id is None:
        return None
    # The subscription's row first, then the parcel's: every writer of a refill locks in this order.
    subscription = Subscription.objects.select_for_update().filter(pk=order.subscription_id).first()
    parcel = Parcel.objects.select_for_update().filter(order=order).first()
    if subscription is None or parcel is None:
        return None
    return parcel, subscription


def reminders_suppress(*, order: Order) -> None:
    """An order of a protocol the client also refills automatically plans no separate reminder."""
    protocol_ids = {
        protocol_id
        for protocol_id in order.lines.values_list("source_protocol_id", flat=True)
        if protocol_id is not None
    }
    if not protocol_ids:
        return
    live = (
        Subscription.objects.filter(client_id=order.buyer_id, protocol_id__in=protocol_ids)
        .exclude(state=SubscriptionState.CANCELLED)
        .values_list("protocol_id", flat=True)
    )
    for protocol_id in set(live):
        if protocol_id is not None:
            refill_reminders_cancel(client_id=order.buyer_id, protocol_id=protocol_id)


def parcel_paid(*, order: Order) -> None:
    """The parcel's order was paid (by a charge on the mandate, or by the client by hand)."""
    found = _parcel_of(order)
    if found is None:
        reminders_suppress(order=order)
        return
    parcel, subscription = found
    if parcel.state == ParcelState.PAID:
        return
    parcel.state, parcel.retry_on = ParcelState.PAID, None
    parcel.save(update_fields=["state", "retry_on", "updated_at"])
    supplied = {row["line_id"]: row["runs_out_on"] for row in parcel.plan if row.get("runs_out_on")}
    lines = list(SubscriptionLine.objects.filter(subscription=subscription, pk__in=list(supplied)))
    for line in lines:
        line.runs_out_on = date.fromisoformat(supplied[line.pk])
    SubscriptionLine.objects.bulk_update(lines, ["runs_out_on"])
    payment = (
        Payment.objects.filter(order=order, status=PaymentStatus.PAID, sequence_type="first")
        .exclude(mandate_id="")
        .order_by("-id")
        .first()
    )
    if payment is not None:
        # A first payment made a (new) mandate: later parcels are charged on it.
        subscription.provider, subscription.customer_id = payment.provider, payment.customer_id
        subscription.mandate_id = payment.mandate_id
    moved = subscription.state in (SubscriptionState.PENDING_MANDATE, SubscriptionState.PAST_DUE)
    if moved:
        subscription.state, subscription.reason = SubscriptionState.ACTIVE, ""
    if parcel.first:
        cycle = cycle_lines(list(subscription.lines.select_related("protocol_item")))
        subscription.next_parcel_on = parcel.date + timedelta(days=interval_of(subscription, cycle))
    if payment is not None or moved or parcel.first:
        subscription.save()
    if moved or parcel.first:
        if subscription.protocol_id is not None:
            # The refill carries the client through the protocol: no separate reminder to buy it again (an
            # order of it from the cart later is followed by `reminders_suppress`).
            refill_reminders_cancel(client_id=subscription.client_id, protocol_id=subscription.protocol_id)
        subscription_schedule(subscription)  # the next dates are new; a later parcel's run queued them
    subscription_tell(subscription)


def parcel_charge_failed(*, order: Order) -> None:
    """A parcel's charge failed (the order's payment lapsed with none other open). The first parcel waits
    for the client to pay again; a later one is tried again on the retry plan's days, then the refill
    pauses."""
    found = _parcel_of(order)
    if found is None:
        return
    parcel, subscription = found
    if parcel.first or parcel.state not in (ParcelState.CHARGING, ParcelState.PLACED, ParcelState.FAILED):
        return
    if subscription.state == SubscriptionState.CANCELLED:
        return
    today = store_today(subscription)
    plan = refill_settings(subscription.region).retry_plan
    first_failure = parcel.failed_on is None
    parcel.failed_on = parcel.failed_on or today
    retries_done = parcel.attempts
    if retries_done < len(plan):
        parcel.state = ParcelState.FAILED
        parcel.retry_on = max(
            parcel.failed_on + timedelta(days=plan[retries_done]), today + timedelta(days=1)
        )
        parcel.save(update_fields=["state", "retry_on", "failed_on", "updated_at"])
        subscription.state, subscription.reason = SubscriptionState.PAST_DUE, PastDueReason.CHARGE_FAILED
        subscription.save(update_fields=["state", "reason", "updated_at"])
        if first_failure:
            mail_schedule("failed", subscription=subscription, parcel=parcel)
    else:
        parcel.state, parcel.retry_on = ParcelState.CANCELLED, None
        parcel.save(update_fields=["state", "retry_on", "failed_on", "updated_at"])
        if order.state == OrderState.AWAITING_PAYMENT:
            order_cancel(order=order, note="automatic refill: the last retry failed")
        subscription.state, subscription.reason = SubscriptionState.PAUSED, ""
        subscription.save(update_fields=["state", "reason", "updated_at"])
        mail_schedule("paused", subscription=subscription)
    subscription_tell(subscription)
