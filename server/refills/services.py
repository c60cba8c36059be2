"""Planning refill reminders (docs/architecture.md, "Refill reminders").

- `refills_plan` runs in the transaction that marks an order paid: per protocol the order has lines from,
  each line's days of supply (quantity x servings per container / the protocol's servings a day), the
  first to run out, and a reminder the client's days of notice before (7 unless they chose otherwise).
- The reminder is a row, and a task deferred to 09:00 on its day (django-tasks' database backend). The row
  decides: the task sends only a reminder still scheduled and due, for a protocol the client still has and
  wants reminders for. A backend that cannot defer tasks (the immediate one of development) schedules
  nothing: `manage refills_send_due` sends what is due, and recovers a task lost in any backend.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from datetime import datetime, time, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.tasks import default_task_backend
from django.utils import timezone

from server.accounts.models import User
from server.catalog.models import SupplementFacts
from server.core.errors import InvalidInput
from server.nutrition.dose import days_of_supply
from server.orders.models import Order
from server.protocols.models import Protocol, ProtocolItem
from server.refills.models import (
    MAX_DAYS_BEFORE,
    MIN_DAYS_BEFORE,
    RefillPreference,
    RefillReminder,
    ReminderState,
)
from server.refills.rules import refill_allowed, refill_days_before, remind_on_for
from server.refills.tasks import refill_remind

logger = logging.getLogger(__name__)

REMIND_AT = time(9, 0)  # the local time a reminder goes out on its day


def _schedule(reminder: RefillReminder) -> None:
    if not default_task_backend.supports_defer:
        return  # `manage refills_send_due` sends it on its day
    run_after = timezone.make_aware(datetime.combine(reminder.remind_on, REMIND_AT))
    transaction.on_commit(partial(refill_remind.using(run_after=run_after).enqueue, reminder_id=reminder.pk))


def _supply_days(protocol: Protocol, variant_quantities: dict[int, int]) -> int | None:
    doses = dict(
        ProtocolItem.objects.filter(protocol=protocol, variant_id__in=list(variant_quantities)).values_list(
            "variant_id", "servings_per_day"
        )
    )
    supplies = []
    for facts in SupplementFacts.objects.filter(variant_id__in=list(variant_quantities)):
        # The protocol's dose; a line the practitioner removed since keeps the label's.
        dose = doses.get(facts.pk, facts.servings_per_day)
        supplies.append(
            days_of_supply(
                quantity=variant_quantities[facts.pk],
                servings_per_container=facts.servings_per_container,
                servings_per_day=dose,
            )
        )
    return min(supplies) if supplies else None


def refills_plan(*, order: Order) -> list[RefillReminder]:
    """Plan a reminder per protocol the paid order has lines from (none for lines without supplement
    facts, which cannot be timed). A later order of the same protocol replaces an earlier reminder. A parcel
    of an automatic refill plans none: the refill itself is the reminder."""
    if order.subscription_id is not None:
        return []
    per_protocol: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for protocol_id, variant_id, quantity in order.lines.filter(
        source_protocol_id__isnull=False, variant__isnull=False
    ).values_list("source_protocol_id", "variant_id", "quantity"):
        if protocol_id is not None and variant_id is not None:  # the filter's promise, for the type checker
            per_protocol[protocol_id][variant_id] += quantity
    buyer = order.buyer
    paid_on = timezone.localdate()
    planned = []
    for protocol in Protocol.objects.filter(pk__in=list(per_protocol)).order_by("pk"):
        enabled, days_before = refill_days_before(buyer, protocol)
        if not enabled or not refill_allowed(buyer, protocol):
            continue
        days = _supply_days(protocol, per_protocol[protocol.pk])
        if days is None:
            continue
        runs_out_on = paid_on + timedelta(days=days)
        RefillReminder.objects.filter(client=buyer, protocol=protocol, state=ReminderState.SCHEDULED).update(
            state=ReminderState.CANCELLED
        )
        reminder, created = RefillReminder.objects.get_or_create(
            order=order,
            protocol=protocol,
            defaults={
                "client": buyer,
                "paid_on": paid_on,
                "days_of_supply": days,
                "runs_out_on": runs_out_on,
                "remind_on": remind_on_for(paid_on=paid_on, runs_out_on=runs_out_on, days_before=days_before),
            },
        )
        if created:
            _schedule(reminder)
            planned.append(reminder)
    return planned


def refill_reminders_cancel(*, client_id: int, protocol_id: int) -> int:
    """No reminder for a protocol the client refills automatically (its subscriptions app asks)."""
    return RefillReminder.objects.filter(
        client_id=client_id, protocol_id=protocol_id, state=ReminderState.SCHEDULED
    ).update(state=ReminderState.CANCELLED)


@transaction.atomic
def refill_preference_set(
    *, user: User, protocol: Protocol, enabled: bool, days_before: int | None
) -> RefillPreference:
    """A client switches reminders for a protocol on or off, or changes the days of notice; a reminder
    already planned moves with it (or is cancelled when switched off)."""
    if days_before is not None and not MIN_DAYS_BEFORE <= days_before <= MAX_DAYS_BEFORE:
        raise InvalidInput(
            f"Reminders come {MIN_DAYS_BEFORE} to {MAX_DAYS_BEFORE} days before a product runs out.",
            errors={"days_before": ["out of range"]},
        )
    preference, _ = RefillPreference.objects.select_for_update().get_or_create(
        user=user, protocol=protocol, defaults={"days_before": settings.REFILL_REMIND_DAYS}
    )
    preference.enabled = enabled
    if days_before is not None:
        preference.days_before = days_before
    preference.save(update_fields=["enabled", "days_before", "updated_at"])
    for reminder in RefillReminder.objects.select_for_update().filter(
        client=user, protocol=protocol, state=ReminderState.SCHEDULED
    ):
        if not enabled:
            reminder.state = ReminderState.CANCELLED
            reminder.save(update_fields=["state"])
            continue
        remind_on = remind_on_for(
            paid_on=reminder.paid_on, runs_out_on=reminder.runs_out_on, days_before=preference.days_before
        )
        if remind_on != reminder.remind_on:
            reminder.remind_on = remind_on
            reminder.save(update_fields=["remind_on"])
            _schedule(reminder)
    return preference
