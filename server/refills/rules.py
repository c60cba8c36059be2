"""The rules refill reminders follow (docs/decisions/0032-refills-timed-to-the-bottle.md): who gets one, how
many days ahead, on which day."""

from __future__ import annotations

from datetime import date, timedelta

from django.conf import settings

from server.accounts.models import User
from server.protocols.models import Assignment, Protocol
from server.refills.models import RefillPreference


def refill_days_before(user: User, protocol: Protocol) -> tuple[bool, int]:
    """Whether the client wants reminders for the protocol, and how many days ahead."""
    preference = RefillPreference.objects.filter(user=user, protocol=protocol).first()
    if preference is None:
        return True, settings.REFILL_REMIND_DAYS
    return preference.enabled, preference.days_before


def refill_allowed(user: User, protocol: Protocol) -> bool:
    """A reminder offers to buy the protocol again: only to someone who may still order from it (it is
    shared with them and not hidden, it is their own, or it still has a public link)."""
    if protocol.owner_id == user.pk or protocol.link_token:
        return True
    return Assignment.objects.filter(protocol=protocol, client=user, hidden_at__isnull=True).exists()


def remind_on_for(*, paid_on: date, runs_out_on: date, days_before: int) -> date:
    # Never on the day of the order itself: a supply shorter than the notice is reminded of the day after.
    return max(runs_out_on - timedelta(days=days_before), paid_on + timedelta(days=1))
