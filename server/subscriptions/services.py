"""A client's writes to their automatic refills (docs/decisions/0042-automatic-refills.md): subscribing
(the subscription, its lines and its first parcel's order, paid by a first payment that makes the mandate),
skip, pause, resume, cancel, changes, paying what waits, and revoking the mandate. The day's run and the
charges are in run.py; what a paid or failed charge means is in outcomes.py."""

from __future__ import annotations

import logging
from datetime import date, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.core.errors import Conflict, InvalidInput
from server.core.region import Region
from server.orders.addresses import address_clean
from server.orders.models import OrderState
from server.orders.quote import destinations, shipping_method_of
from server.orders.services import MAX_IDEMPOTENCY_KEY, order_cancel, request_fingerprint
from server.payments.registry import current_provider
from server.payments.services import payment_mandate_revoke, payment_start
from server.protocols.models import ProtocolItem
from server.subscriptions.models import (
    MAX_QUANTITY,
    Parcel,
    ParcelState,
    PastDueReason,
    Subscription,
    SubscriptionLine,
    SubscriptionState,
)
from server.subscriptions.notify import subscription_tell
from server.subscriptions.rules import cycle_lines, interval_of, store_today
from server.subscriptions.run import parcel_place, subscription_schedule
from server.subscriptions.sources import lines_chosen, source_of
from server.subscriptions.tokens import action_done, action_read, action_reply

logger = logging.getLogger(__name__)

# How far ahead a client may move their next parcel.
MAX_DAYS_AHEAD = 365


class SubscriptionKeyReused(Conflict):
    message = "This Idempotency-Key was used for another automatic refill."


class AlreadyRefilled(Conflict):
    message = "This protocol is already refilled automatically. Change that refill instead."


class NotAllowedNow(Conflict):
    message = "This automatic refill cannot do that in its current state."


class NothingToSend(Conflict):
    message = "None of these products can be sent now."


class NothingToPay(Conflict):
    message = "Nothing is waiting to be paid for this automatic refill."


def _refuse(subscription: Subscription, action: str, allowed: tuple[str, ...]) -> None:
    if subscription.state not in allowed:
        state = SubscriptionState(subscription.state).label.lower()
        raise NotAllowedNow(
            f"An automatic refill that is {state} cannot {action}.", errors={"state": [subscription.state]}
        )


def _locked(subscription: Subscription) -> Subscription:
    return (
        Subscription.objects.select_for_update(of=("self",))
        .select_related("client", "protocol", "practitioner", "shipping_method")
        .get(pk=subscription.pk)
    )


def _key(idempotency_key: str) -> str:
    key = idempotency_key.strip()
    if not key or len(key) > MAX_IDEMPOTENCY_KEY:
        raise InvalidInput(
            "Send an Idempotency-Key header of 1 to 100 characters.", errors={"Idempotency-Key": ["required"]}
        )
    return key


@transaction.atomic
def subscription_create(
    *,
    client: User,
    region: Region,
    language: str,
    idempotency_key: str,
    protocol_id: int | None,
    order_number: str | None,
    lines: list[tuple[int, int]] | None,
    interval_days: int | None,
    shipping_address: dict[str, Any],
    shipping_method_id: int,
) -> tuple[Subscription, bool]:
    """Subscribe the client to a protocol shared with them or to a paid order of theirs: the subscription
    waits for its first payment (`pending_mandate`) with its first parcel's order placed. Answers it and
    whether it is new (the same key and body answer the first one)."""
    key = _key(idempotency_key)
    fingerprint = request_fingerprint(
        {
            "protocol": protocol_id,
            "order": order_number,
            "lines": lines,
            "interval": interval_days,
            "shipping": shipping_address,
            "method": shipping_method_id,
            "region": region,
        }
    )
    User.objects.select_for_update().filter(pk=client.pk).values_list("pk").first()
    earlier = Subscription.objects.filter(client=client, idempotency_key=key).first()
    if earlier is not None:
        if earlier.request_fingerprint != fingerprint:
            raise SubscriptionKeyReused(errors={"Idempotency-Key": ["reused"]})
        return earlier, False
    source = source_of(client=client, protocol_id=protocol_id, order_number=order_number)
    if (
        source.protocol is not None
        and Subscription.objects.filter(client=client, protocol=source.protocol)
        .exclude(state=SubscriptionState.CANCELLED)
        .exists()
    ):
        raise AlreadyRefilled(errors={"protocol_id": ["refilled"]})
    chosen = lines_chosen(source, lines)
    address = address_clean(shipping_address, field="shipping_address", countries=set(destinations(region)))
    method = shipping_method_of(region=region, method_id=shipping_method_id)
    subscription = Subscription.objects.create(
        client=client,
        practitioner_id=source.practitioner_id,
        protocol=source.protocol,
        source_order=source.order,
        region=region.value,
        currency=region.currency,
        language=language,
        interval_days=interval_days,
        shipping_address=dict(address),
        shipping_method=method,
        idempotency_key=key,
        request_fingerprint=fingerprint,
    )
    SubscriptionLine.objects.bulk_create(
        SubscriptionLine(
            subscription=subscription,
            variant=line.variant,
            protocol_item=line.protocol_item,
            quantity=line.quantity,
            servings_per_day=line.servings_per_day,
            position=position,
        )
        for position, line in enumerate(chosen)
    )
    parcel, _ = parcel_place(subscription=subscription, on=region.today(), first=True)
    if parcel.order is None:
        raise NothingToSend(errors={"lines": ["sold out"]})
    subscription.next_parcel_on = parcel.date
    subscription.save(update_fields=["next_parcel_on"])
    subscription_tell(subscription)
    return subscription, True


def _urls(subscription: Subscription) -> tuple[str, str]:
    return (
        f"{settings.PUBLIC_URL}/{subscription.language}/account/refills/{subscription.pk}",
        f"{settings.PUBLIC_URL}/api/v2/payments/{current_provider().name}/webhook",
    )


@transaction.atomic
def _waiting_parcel(subscription: Subscription) -> Parcel | None:
    """The parcel a payment by the client pays: the first one while pending, the failed one while past due
    (its order placed again when the last one lapsed); None when nothing waits."""
    subscription = _locked(subscription)
    if subscription.state == SubscriptionState.PENDING_MANDATE:
        parcel = subscription.parcels.filter(first=True).exclude(state=ParcelState.CANCELLED).first()
    elif (
        subscription.state == SubscriptionState.PAST_DUE and subscription.reason != PastDueReason.NOT_SHIPPED
    ):
        parcel = subscription.parcels.filter(state=ParcelState.FAILED).order_by("-date").first()
    else:
        return None
    if parcel is None:
        return None  # revoked before its next parcel: the run asks for the payment on that day
    if parcel.order is not None and parcel.order.state == OrderState.AWAITING_PAYMENT:
        return parcel
    parcel.state = ParcelState.CANCELLED
    parcel.save(update_fields=["state", "updated_at"])
    # The order lapsed (expired unpaid): the parcel is placed again today at today's prices and stock.
    placed, _ = parcel_place(
        subscription=subscription,
        on=store_today(subscription),
        first=subscription.state == SubscriptionState.PENDING_MANDATE,
        failed=subscription.state == SubscriptionState.PAST_DUE,
    )
    return placed if placed.order is not None else None


def subscription_payment_url(*, subscription: Subscription, required: bool = False) -> str | None:
    """Where the client pays what their refill waits for: a first payment, which makes a new mandate.
    None (or NothingToPay, 409, when `required`) when nothing waits."""
    parcel = _waiting_parcel(subscription)
    if parcel is None or parcel.order is None:
        if required:
            raise NothingToPay(errors={"state": [subscription.state]})
        return None
    redirect_url, webhook_url = _urls(subscription)
    return payment_start(
        order=parcel.order, redirect_url=redirect_url, webhook_url=webhook_url, sequence_type="first"
    ).checkout_url


def _interval(subscription: Subscription) -> int:
    return interval_of(subscription, cycle_lines(list(subscription.lines.select_related("protocol_item"))))


@transaction.atomic
def subscription_skip(*, subscription: Subscription) -> Subscription:
    """The next parcel is not sent: the one after it comes one interval later. A parcel that failed to be
    charged is given up (its order cancelled)."""
    subscription = _locked(subscription)
    _refuse(subscription, "skip a parcel", (SubscriptionState.ACTIVE, SubscriptionState.PAST_DUE))
    if subscription.state == SubscriptionState.PAST_DUE:
        _give_up_failed(subscription)
        subscription.state, subscription.reason = SubscriptionState.ACTIVE, ""
    assert subscription.next_parcel_on is not None
    subscription.next_parcel_on += timedelta(days=_interval(subscription))
    subscription.save(update_fields=["state", "reason", "next_parcel_on", "updated_at"])
    subscription_schedule(subscription)
    subscription_tell(subscription)
    return subscription


def _give_up_failed(subscription: Subscription) -> None:
    for parcel in subscription.parcels.filter(state=ParcelState.FAILED).select_related("order"):
        if parcel.order is not None and parcel.order.state == OrderState.AWAITING_PAYMENT:
            order_cancel(order=parcel.order, note="automatic refill parcel given up")
        parcel.state = ParcelState.CANCELLED
        parcel.retry_on = None
        parcel.save(update_fields=["state", "retry_on", "updated_at"])


@transaction.atomic
def subscription_pause(*, subscription: Subscription) -> Subscription:
    subscription = _locked(subscription)
    _refuse(subscription, "be paused", (SubscriptionState.ACTIVE, SubscriptionState.PAST_DUE))
    if subscription.state == SubscriptionState.PAST_DUE:
        _give_up_failed(subscription)
    subscription.state, subscription.reason = SubscriptionState.PAUSED, ""
    subscription.save(update_fields=["state", "reason", "updated_at"])
    subscription_tell(subscription)
    return subscription


@transaction.atomic
def subscription_resume(*, subscription: Subscription) -> Subscription:
    """Active again from the same next date, or tomorrow when that has passed. Without a mandate (revoked
    meanwhile) it is past due until the client pays the next parcel with a new first payment."""
    subscription = _locked(subscription)
    _refuse(subscription, "be resumed", (SubscriptionState.PAUSED,))
    tomorrow = store_today(subscription) + timedelta(days=1)
    if subscription.next_parcel_on is None or subscription.next_parcel_on < tomorrow:
        subscription.next_parcel_on = tomorrow
    subscription.state = SubscriptionState.ACTIVE
    subscription.save(update_fields=["state", "next_parcel_on", "updated_at"])
    subscription_schedule(subscription)
    subscription_tell(subscription)
    return subscription


@transaction.atomic
def _cancel(subscription: Subscription) -> tuple[Subscription, str]:
    subscription = _locked(subscription)
    _refuse(
        subscription,
        "be cancelled",
        (
            SubscriptionState.PENDING_MANDATE,
            SubscriptionState.ACTIVE,
            SubscriptionState.PAUSED,
            SubscriptionState.PAST_DUE,
        ),
    )
    for parcel in subscription.parcels.exclude(
        state__in=(ParcelState.PAID, ParcelState.SKIPPED, ParcelState.CANCELLED)
    ).select_related("order"):
        if parcel.order is not None and parcel.order.state == OrderState.AWAITING_PAYMENT:
            order_cancel(order=parcel.order, note="automatic refill cancelled")
        parcel.state = ParcelState.CANCELLED
        parcel.save(update_fields=["state", "updated_at"])
    mandate = subscription.mandate_id
    subscription.state, subscription.reason = SubscriptionState.CANCELLED, ""
    subscription.cancelled_at = timezone.now()
    subscription.mandate_id = ""
    subscription.save(update_fields=["state", "reason", "cancelled_at", "mandate_id", "updated_at"])
    subscription_tell(subscription)
    return subscription, mandate


def _revoke_at_provider(subscription: Subscription, mandate_id: str) -> None:
    """Outside any transaction: the shop already forgot the mandate, so nothing charges it even if the
    provider is away now (logged)."""
    if not mandate_id:
        return
    try:
        payment_mandate_revoke(
            customer_id=subscription.customer_id, mandate_id=mandate_id, provider_name=subscription.provider
        )
    except Exception:
        logger.exception(
            "The mandate of automatic refill %s could not be revoked at the provider", subscription.pk
        )


def subscription_cancel(*, subscription: Subscription) -> Subscription:
    """Cancelled for good (409 when it already is): a parcel waiting for payment is cancelled with its
    order, and the mandate revoked at the provider."""
    cancelled, mandate = _cancel(subscription)
    _revoke_at_provider(cancelled, mandate)
    return cancelled


@transaction.atomic
def _forget_mandate(subscription: Subscription) -> tuple[Subscription, str]:
    subscription = _locked(subscription)
    _refuse(
        subscription,
        "revoke its mandate",
        (SubscriptionState.ACTIVE, SubscriptionState.PAST_DUE, SubscriptionState.PAUSED),
    )
    if not subscription.mandate_id:
        raise NotAllowedNow("This automatic refill has no mandate to revoke.", errors={"mandate": ["none"]})
    mandate = subscription.mandate_id
    subscription.mandate_id = ""
    if subscription.state == SubscriptionState.ACTIVE:
        subscription.state, subscription.reason = SubscriptionState.PAST_DUE, PastDueReason.MANDATE_REVOKED
    subscription.save(update_fields=["mandate_id", "state", "reason", "updated_at"])
    subscription_tell(subscription)
    return subscription, mandate


def subscription_mandate_revoke(*, subscription: Subscription) -> Subscription:
    """The client withdraws the shop's right to charge them: nothing is charged until they pay the next
    parcel with a new first payment (the refill waits past due)."""
    updated, mandate = _forget_mandate(subscription)
    _revoke_at_provider(updated, mandate)
    return updated


def _changed_lines(subscription: Subscription, lines: list[tuple[int, int, bool]]) -> None:
    current = {line.variant_id: line for line in subscription.lines.all()}
    offered: dict[int, ProtocolItem] = {}
    if subscription.protocol_id is not None:
        offered = {
            item.variant_id: item
            for item in ProtocolItem.objects.filter(protocol_id=subscription.protocol_id)
        }
    errors: dict[str, list[str]] = {}
    seen: set[int] = set()
    for variant_id, quantity, _ in lines:
        if variant_id in seen:
            errors[f"lines.{variant_id}"] = ["twice"]
        seen.add(variant_id)
        if variant_id not in current and variant_id not in offered:
            errors[f"lines.{variant_id}"] = ["unknown variant"]
        elif not 1 <= quantity <= MAX_QUANTITY:
            errors[f"lines.{variant_id}"] = [f"quantity 1 to {MAX_QUANTITY}"]
    if not lines:
        errors["lines"] = ["empty"]
    if errors:
        raise InvalidInput("Some of these lines cannot be refilled.", errors=errors)
    SubscriptionLine.objects.filter(subscription=subscription).exclude(variant_id__in=seen).delete()
    for position, (variant_id, quantity, refuse) in enumerate(lines):
        line = current.get(variant_id)
        if line is None:
            item = offered[variant_id]
            SubscriptionLine.objects.create(
                subscription=subscription,
                variant_id=variant_id,
                protocol_item=item,
                quantity=quantity,
                servings_per_day=item.servings_per_day,
                refuse_substitute=refuse,
                position=position,
            )
            continue
        line.quantity, line.refuse_substitute, line.position = quantity, refuse, position
        line.save(update_fields=["quantity", "refuse_substitute", "position"])


def _next_date(subscription: Subscription, next_parcel_on: date) -> None:
    today = store_today(subscription)
    if not today < next_parcel_on <= today + timedelta(days=MAX_DAYS_AHEAD):
        raise InvalidInput(
            f"Choose a day from tomorrow to {MAX_DAYS_AHEAD} days ahead.",
            errors={"next_parcel_on": ["past" if next_parcel_on <= today else "too far"]},
        )
    subscription.next_parcel_on = next_parcel_on


@transaction.atomic
def subscription_update(
    *,
    subscription: Subscription,
    lines: list[tuple[int, int, bool]] | None,
    interval_days: int | None,
    interval_sent: bool,
    next_parcel_on: date | None,
    shipping_address: dict[str, Any] | None,
    shipping_method_id: int | None,
) -> Subscription:
    """Change what is sent, how often, when next, and where: all checked before anything changes (a bad
    field is a 422 and nothing changes). A past-due refill whose address or method no longer shipped is
    active again once they do."""
    subscription = _locked(subscription)
    _refuse(
        subscription,
        "be changed",
        (
            SubscriptionState.ACTIVE,
            SubscriptionState.PAUSED,
            SubscriptionState.PAST_DUE,
            SubscriptionState.PENDING_MANDATE,
        ),
    )
    region = Region(subscription.region)
    if interval_sent:
        subscription.interval_days = interval_days
    if next_parcel_on is not None:
        if subscription.state == SubscriptionState.PENDING_MANDATE:
            raise NotAllowedNow(
                "The first parcel is paid now; its date cannot move.", errors={"next_parcel_on": ["pending"]}
            )
        _next_date(subscription, next_parcel_on)
    if shipping_address is not None:
        subscription.shipping_address = dict(
            address_clean(shipping_address, field="shipping_address", countries=set(destinations(region)))
        )
    if shipping_method_id is not None:
        subscription.shipping_method = shipping_method_of(region=region, method_id=shipping_method_id)
    if lines is not None:
        _changed_lines(subscription, lines)
    if subscription.state == SubscriptionState.PAST_DUE and subscription.reason == PastDueReason.NOT_SHIPPED:
        if shipping_address is not None or shipping_method_id is not None:
            subscription.state, subscription.reason = SubscriptionState.ACTIVE, ""
            tomorrow = store_today(subscription) + timedelta(days=1)
            if subscription.next_parcel_on is None or subscription.next_parcel_on < tomorrow:
                subscription.next_parcel_on = tomorrow
    subscription.save()
    subscription_schedule(subscription)
    subscription_tell(subscription)
    return subscription


def action_state(*, token: str) -> dict[str, Any]:
    """What a notice's one-click link would do (reading it changes nothing)."""
    subscription, action, parcel_on = action_read(token)
    return action_reply(subscription, action, parcel_on)


def action_do(*, token: str) -> dict[str, Any]:
    """Do a notice link's action once: a second click, or a parcel already skipped, changes nothing."""
    subscription, action, parcel_on = action_read(token)
    if not action_done(subscription, action, parcel_on):
        if action == "skip":
            subscription = subscription_skip(subscription=subscription)
        else:
            subscription = subscription_pause(subscription=subscription)
    return action_reply(subscription, action, parcel_on)
