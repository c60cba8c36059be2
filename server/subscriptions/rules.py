"""The settings and the timing rules an automatic refill reads (docs/decisions/0042-automatic-refills.md)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date

from server.catalog.models import SupplementFacts
from server.core.region import Region
from server.nutrition.dose import days_of_supply
from server.subscriptions.cycle import CycleLine, default_interval
from server.subscriptions.models import RefillSettings, Subscription, SubscriptionLine

# Staff's settings as the day's run read them first: it reads them for every parcel (`settings_kept`).
_kept: ContextVar[dict[str, RefillSettings] | None] = ContextVar("refill_settings_kept", default=None)


@contextmanager
def settings_kept() -> Iterator[None]:
    """Within it, each store's settings are read once (the day's run); outside, every call reads them."""
    token = _kept.set({})
    try:
        yield
    finally:
        _kept.reset(token)


def refill_settings(region: str) -> RefillSettings:
    """The store's settings, or the defaults until staff save a row for it."""
    kept = _kept.get()
    if kept is not None and region in kept:
        return kept[region]
    settings = RefillSettings.objects.filter(region=region).first() or RefillSettings(region=region)
    if kept is not None:
        kept[region] = settings
    return settings


def store_today(subscription: Subscription) -> date:
    return Region(subscription.region).today()


def cycle_lines(lines: Sequence[SubscriptionLine]) -> list[CycleLine]:
    """The lines as the cycle's arithmetic sees them: one query for their supplement facts."""
    facts = {
        row.pk: row.servings_per_container
        for row in SupplementFacts.objects.filter(variant_id__in=[line.variant_id for line in lines])
    }
    cycle: list[CycleLine] = []
    for line in lines:
        per_container = facts.get(line.variant_id)
        item = line.protocol_item
        dose = item.servings_per_day if item is not None else line.servings_per_day
        days = (
            days_of_supply(
                quantity=line.quantity, servings_per_container=per_container, servings_per_day=dose
            )
            if per_container is not None
            else None
        )
        cycle.append(CycleLine(line.pk, line.quantity, days or None, line.runs_out_on))
    return cycle


def interval_of(subscription: Subscription, lines: list[CycleLine]) -> int:
    return subscription.interval_days or default_interval(lines)
