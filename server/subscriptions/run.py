"""The day's run of automatic refills (docs/decisions/0042-automatic-refills.md): notices `notice_days`
ahead, the parcels due placed and charged, charges left unfinished by a crash finished, failed charges
tried again. Every step claims its row first, so running a day twice, or in two processes at once, sends
each notice once and charges each parcel once. Provider calls are made outside any transaction."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.tasks import default_task_backend, task
from django.utils import timezone

from server.core.errors import DomainError, InvalidInput
from server.core.region import Region
from server.events.services import events_batched
from server.orders.models import OrderState
from server.orders.quote import UnknownShippingMethod
from server.orders.services import order_cancel, order_payment_lapsed
from server.payments.models import Payment
from server.payments.providers import MandateInvalid, ProviderUnavailable
from server.payments.registry import current_provider
from server.payments.services import payment_charge_recurring, payment_webhook
from server.subscriptions.cycle import CycleLine, parcel_contents
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
from server.subscriptions.parcels import Contents, parcel_order_place
from server.subscriptions.rules import cycle_lines, interval_of, refill_settings, settings_kept

logger = logging.getLogger(__name__)

# The local time of day the task of a parcel's day runs, and of its notice's day.
RUN_AT = time(6, 0)
# Refills whose parcels are placed on their day: active ones, and those whose mandate was revoked (the
# parcel then waits for the client's new first payment).
PLACING = Q(state=SubscriptionState.ACTIVE) | Q(
    state=SubscriptionState.PAST_DUE, reason=PastDueReason.MANDATE_REVOKED
)
# Parcels whose events (order and refill updates) are published together by the day's run.
EVENTS_BATCH = 50
# A charge still `charging` this long after it was claimed was cut off by a crash: finish it.
CHARGE_STUCK_AFTER = timedelta(minutes=10)


@dataclass
class RunResult:
    notices: int = 0
    placed: int = 0
    charged: int = 0
    retried: int = 0
    recovered: int = 0


def _lines(subscription: Subscription) -> list[SubscriptionLine]:
    return list(
        subscription.lines.select_related("variant__product", "protocol_item__substitute__product").order_by(
            "position", "id"
        )
    )


def parcel_place(
    *,
    subscription: Subscription,
    on: date,
    first: bool = False,
    failed: bool = False,
    lines: list[SubscriptionLine] | None = None,
    cycle: list[CycleLine] | None = None,
) -> tuple[Parcel, Contents]:
    """Claim the parcel of `on` and place its order (in the caller's transaction, under the subscription's
    lock): what the cycle sends that day, with substitutes for sold-out lines. A parcel with nothing to send
    is `skipped`. `failed`: placed again for a client paying a failed parcel by hand. `lines` and `cycle`:
    the subscription's, when the caller read them already."""
    lines = _lines(subscription) if lines is None else lines
    cycle = cycle_lines(lines) if cycle is None else cycle
    sent = parcel_contents(
        cycle,
        on=on,
        interval=interval_of(subscription, cycle),
        lead=refill_settings(subscription.region).lead_days,
    )
    parcel = Parcel.objects.create(
        subscription=subscription,
        date=on,
        first=first,
        state=ParcelState.FAILED if failed else ParcelState.PLACED,
    )
    order, contents = parcel_order_place(subscription=subscription, parcel=parcel, lines=lines, sent=sent)
    parcel.order, parcel.plan = order, contents.plan
    parcel.charge_key = f"refill-charge-{parcel.pk}-{parcel.attempts}"
    if order is None:
        parcel.state = ParcelState.SKIPPED
    parcel.save(update_fields=["order", "plan", "charge_key", "state", "updated_at"])
    if (contents.left_out or contents.substituted) and not first:
        mail_schedule("stock", subscription=subscription, parcel=parcel, contents=contents)
    return parcel, contents


def subscription_schedule(subscription: Subscription) -> None:
    """Queue the task of the subscription's notice day and of its parcel day (a backend that cannot defer,
    development's immediate one, queues nothing: `manage subscriptions_run` does the day there). A task
    that finds nothing due does nothing, so a moved date leaves harmless tasks behind."""
    if not default_task_backend.supports_defer or subscription.next_parcel_on is None:
        return
    zone = Region(subscription.region).time_zone
    notice_on = subscription.next_parcel_on - timedelta(days=refill_settings(subscription.region).notice_days)
    for day in sorted({notice_on, subscription.next_parcel_on}):
        run_after = timezone.make_aware(datetime.combine(day, RUN_AT), zone)
        transaction.on_commit(
            partial(
                subscription_day_task.using(run_after=run_after).enqueue,
                subscription_id=subscription.pk,
                day=day.isoformat(),
            )
        )


def notice_claim(*, subscription_id: int, day: date, notice_days: int) -> bool:
    """Claim the notice of the subscription's next parcel if it is due by `day`: one process wins."""
    claimed = (
        Subscription.objects.filter(
            pk=subscription_id,
            state=SubscriptionState.ACTIVE,
            next_parcel_on__gt=day,
            next_parcel_on__lte=day + timedelta(days=notice_days),
        )
        .filter(Q(noticed_for__isnull=True) | ~Q(noticed_for=F("next_parcel_on")))
        .update(noticed_for=F("next_parcel_on"))
    )
    if claimed:
        mail_schedule("notice", subscription=Subscription.objects.get(pk=subscription_id))
    return bool(claimed)


@transaction.atomic
def parcel_due(*, subscription_id: int, day: date) -> Parcel | None:
    """Place the subscription's parcel due by `day`, if it is due and not placed yet (another process
    holding the subscription skips it). A country or method that no longer ships makes it past due."""
    subscription = (
        Subscription.objects.select_for_update(skip_locked=True, of=("self",))
        .select_related("client", "shipping_method")
        .filter(PLACING, pk=subscription_id, next_parcel_on__lte=day)
        .first()
    )
    if subscription is None or subscription.next_parcel_on is None:
        return None
    on = subscription.next_parcel_on
    if (
        Parcel.objects.filter(subscription=subscription, date=on)
        .exclude(state=ParcelState.CANCELLED)
        .exists()
    ):
        return None
    lines = _lines(subscription)
    cycle = cycle_lines(lines)
    try:
        with transaction.atomic():
            parcel, _ = parcel_place(subscription=subscription, on=on, lines=lines, cycle=cycle)
    except (InvalidInput, UnknownShippingMethod) as error:
        subscription.state, subscription.reason = SubscriptionState.PAST_DUE, PastDueReason.NOT_SHIPPED
        subscription.save(update_fields=["state", "reason", "updated_at"])
        subscription_tell(subscription)
        mail_schedule("not_shipped", subscription=subscription)
        logger.info("Automatic refill %s cannot ship: %s", subscription.pk, error.message)
        return None
    if not subscription.mandate_id:
        _waiting_given_up(subscription, keep=parcel)
    interval = interval_of(subscription, cycle)
    subscription.next_parcel_on = max(on + timedelta(days=interval), day + timedelta(days=1))
    if not subscription.mandate_id:
        # Revoked since the last parcel: this one waits for a new first payment by the client.
        subscription.state, subscription.reason = SubscriptionState.PAST_DUE, PastDueReason.MANDATE_REVOKED
        if parcel.state == ParcelState.PLACED:
            parcel.state = ParcelState.FAILED
            parcel.save(update_fields=["state", "updated_at"])
            mail_schedule("mandate", subscription=subscription)
    subscription.save(update_fields=["next_parcel_on", "state", "reason", "updated_at"])
    subscription_schedule(subscription)
    if parcel.state != ParcelState.PLACED:
        # Skipped (nothing to send) or waiting for a new mandate: the devices hear of it now. A placed
        # parcel's order tells them (`order.updated`), and its charge's outcome tells of the refill.
        subscription_tell(subscription)
        return None
    return parcel


def _waiting_given_up(subscription: Subscription, *, keep: Parcel) -> None:
    """A parcel still waiting for the client's new first payment when the next one is placed is given up
    (its order cancelled): the client pays the newest one."""
    for waiting in Parcel.objects.filter(subscription=subscription, state=ParcelState.FAILED).exclude(
        pk=keep.pk
    ):
        if waiting.order is not None and waiting.order.state == OrderState.AWAITING_PAYMENT:
            order_cancel(order=waiting.order, note="automatic refill: a newer parcel waits for payment")
        waiting.state = ParcelState.CANCELLED
        waiting.save(update_fields=["state", "updated_at"])


def _webhook_url() -> str:
    return f"{settings.PUBLIC_URL}/api/v2/payments/{current_provider().name}/webhook"


@transaction.atomic
def _mandate_lost(parcel_id: int) -> None:
    subscription_id = Parcel.objects.filter(pk=parcel_id).values_list("subscription_id", flat=True).get()
    subscription = Subscription.objects.select_for_update().get(pk=subscription_id)
    parcel = Parcel.objects.select_for_update().get(pk=parcel_id)
    parcel.state = ParcelState.FAILED
    parcel.save(update_fields=["state", "updated_at"])
    subscription.mandate_id = ""
    if subscription.state == SubscriptionState.ACTIVE:
        subscription.state, subscription.reason = SubscriptionState.PAST_DUE, PastDueReason.MANDATE_REVOKED
    subscription.save(update_fields=["mandate_id", "state", "reason", "updated_at"])
    subscription_tell(subscription)
    mail_schedule("mandate", subscription=subscription)


def parcel_charge(*, parcel_id: int) -> bool:
    """Charge a placed parcel on the mandate, once: the parcel is claimed (`placed` to `charging`, one
    UPDATE), the provider asked with the parcel's charge key after that commits, and its answer read through
    the payment webhook's path (server/subscriptions/outcomes.py records what it means). Answers whether this
    call charged it."""
    if not Parcel.objects.filter(pk=parcel_id, state=ParcelState.PLACED).update(
        state=ParcelState.CHARGING, updated_at=timezone.now()
    ):
        return False
    _charge(parcel_id)
    return True


def _charge(parcel_id: int) -> None:
    parcel = Parcel.objects.select_related("subscription", "order").get(pk=parcel_id)
    subscription = parcel.subscription
    if parcel.order is None:
        return
    try:
        payment_charge_recurring(
            order=parcel.order,
            customer_id=subscription.customer_id,
            mandate_id=subscription.mandate_id,
            key=parcel.charge_key,
            webhook_url=_webhook_url(),
        )
    except MandateInvalid:
        _mandate_lost(parcel.pk)
    except ProviderUnavailable:
        # The outcome is unknown: the parcel stays `charging`; the next run asks again with the same key.
        logger.warning("The charge of parcel %s is not confirmed yet", parcel.pk)
    except DomainError as error:
        # The order's units are gone since it was placed (a retry): the charge counts as failed, through
        # the order's own fact, as a payment that failed at the provider.
        logger.warning("Parcel %s could not be charged: %s", parcel.pk, error.message)
        order_payment_lapsed(order=parcel.order)


def _recover(parcel: Parcel) -> None:
    """A parcel left `charging` by a crash: its recorded payment is read again (Mollie may still be
    confirming it), or, when none was recorded, the charge is asked again with the same key (the provider
    answers the payment it made, if it made one)."""
    if parcel.order_id is None:
        return
    payment = (
        Payment.objects.filter(order_id=parcel.order_id, sequence_type="recurring")
        .order_by("-created_at")
        .first()
    )
    if payment is not None:
        payment_webhook(provider_name=payment.provider, provider_id=payment.provider_id)
        return
    _charge(parcel.pk)


@transaction.atomic
def parcel_retry_claim(*, parcel_id: int, day: date) -> bool:
    """A failed parcel's retry day has come: charged again (its order placed again if the last one
    lapsed). Claimed by moving it from `failed` to `placed` with a new charge key."""
    subscription_id = Parcel.objects.filter(pk=parcel_id).values_list("subscription_id", flat=True).first()
    if subscription_id is None:
        return False
    # The subscription's row first (another run holding it skips this retry), then the parcel's.
    subscription = (
        Subscription.objects.select_for_update(skip_locked=True, of=("self",))
        .select_related("client")
        .filter(pk=subscription_id, state=SubscriptionState.PAST_DUE)
        .first()
    )
    if subscription is None:
        return False
    parcel = (
        Parcel.objects.select_for_update(of=("self",))
        .select_related("order")
        .filter(pk=parcel_id, state=ParcelState.FAILED, retry_on__lte=day)
        .first()
    )
    if parcel is None:
        return False
    parcel.attempts += 1
    parcel.retry_on = None
    if parcel.order is None or parcel.order.state != OrderState.AWAITING_PAYMENT:
        lines = _lines(subscription)
        cycle = cycle_lines(lines)
        sent = parcel_contents(
            cycle,
            on=parcel.date,
            interval=interval_of(subscription, cycle),
            lead=refill_settings(subscription.region).lead_days,
        )
        order, contents = parcel_order_place(subscription=subscription, parcel=parcel, lines=lines, sent=sent)
        parcel.order, parcel.plan = order, contents.plan
    parcel.charge_key = f"refill-charge-{parcel.pk}-{parcel.attempts}"
    parcel.state = ParcelState.PLACED if parcel.order is not None else ParcelState.CANCELLED
    parcel.save()
    return parcel.state == ParcelState.PLACED


def subscription_day(*, subscription_id: int, day: date) -> RunResult:
    """One subscription's part of a day's run (the task queued for its notice and parcel days)."""
    result = RunResult()
    subscription = Subscription.objects.filter(pk=subscription_id).first()
    if subscription is None:
        return result
    notice_days = refill_settings(subscription.region).notice_days
    result.notices += notice_claim(subscription_id=subscription_id, day=day, notice_days=notice_days)
    parcel = parcel_due(subscription_id=subscription_id, day=day)
    if parcel is not None:
        result.placed += 1
        result.charged += parcel_charge(parcel_id=parcel.pk)
    return result


def subscriptions_run(*, today: date | None = None) -> RunResult:
    """Do what is due on `today` (each store's own day when not given): notices, parcels, unfinished
    charges, retries. The catch-up of the tasks, and what `manage subscriptions_run` runs. The stores'
    settings are read once, and the events of every EVENTS_BATCH parcels published together."""
    result = RunResult()
    with settings_kept():
        for region in Region:
            _region_run(region, today or region.today(), result)
        stuck = Parcel.objects.filter(
            state=ParcelState.CHARGING, updated_at__lte=timezone.now() - CHARGE_STUCK_AFTER
        ).select_related("order")
        for parcel in list(stuck):
            _recover(parcel)
            result.recovered += 1
    return result


def _batches(ids: list[int]) -> Iterator[list[int]]:
    for start in range(0, len(ids), EVENTS_BATCH):
        yield ids[start : start + EVENTS_BATCH]


def _region_run(region: Region, day: date, result: RunResult) -> None:
    notice_days = refill_settings(region.value).notice_days
    noticing = list(
        Subscription.objects.filter(
            region=region.value,
            state=SubscriptionState.ACTIVE,
            next_parcel_on__gt=day,
            next_parcel_on__lte=day + timedelta(days=notice_days),
        )
        .filter(Q(noticed_for__isnull=True) | ~Q(noticed_for=F("next_parcel_on")))
        .values_list("pk", flat=True)
    )
    for subscription_id in noticing:
        result.notices += notice_claim(subscription_id=subscription_id, day=day, notice_days=notice_days)
    due = list(
        Subscription.objects.filter(PLACING, region=region.value, next_parcel_on__lte=day)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for batch in _batches(due):
        with events_batched():
            for subscription_id in batch:
                parcel = parcel_due(subscription_id=subscription_id, day=day)
                if parcel is not None:
                    result.placed += 1
                    result.charged += parcel_charge(parcel_id=parcel.pk)
    retrying = list(
        Parcel.objects.filter(subscription__region=region.value, state=ParcelState.FAILED, retry_on__lte=day)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for batch in _batches(retrying):
        with events_batched():
            for parcel_id in batch:
                if parcel_retry_claim(parcel_id=parcel_id, day=day):
                    result.retried += parcel_charge(parcel_id=parcel_id)


# Beside the run it calls, not in a tasks module: the run queues it (as orders' expiry task).
@task()
def subscription_day_task(*, subscription_id: int, day: str) -> dict[str, int]:
    """The task queued for a subscription's notice day and parcel day (django.tasks' database backend in
    production): does that subscription's part of the day, if anything is still due."""
    result = subscription_day(subscription_id=subscription_id, day=date.fromisoformat(day))
    return {"notices": result.notices, "placed": result.placed, "charged": result.charged}
