"""Reads of refill reminders: a client's choices and next reminder per protocol shared with them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import Annotated, TypedDict

from django.conf import settings
from pydantic import Field

from server.accounts.models import User
from server.protocols.models import Assignment
from server.refills.models import RefillPreference, RefillReminder, ReminderState


class RefillOut(TypedDict):
    protocol_id: int
    enabled: bool
    days_before: int
    next_reminder_on: Annotated[
        date | None, Field(description="The day the next reminder goes out, if one is planned")
    ]
    runs_out_on: Annotated[
        date | None, Field(description="The day the first product of the last order runs out")
    ]


def _states(user: User, protocol_ids: Sequence[int]) -> list[RefillOut]:
    """The state of each protocol, in the order given: three queries for any number of protocols."""
    preferences = {
        preference.protocol_id: preference
        for preference in RefillPreference.objects.filter(user=user, protocol_id__in=protocol_ids)
    }
    planned: dict[int, RefillReminder] = {}
    for scheduled in RefillReminder.objects.filter(
        client=user, protocol_id__in=protocol_ids, state=ReminderState.SCHEDULED
    ).order_by("-remind_on"):
        planned[scheduled.protocol_id] = scheduled  # the earliest is set last
    states: list[RefillOut] = []
    for protocol_id in protocol_ids:
        preference = preferences.get(protocol_id)
        reminder = planned.get(protocol_id)
        states.append(
            {
                "protocol_id": protocol_id,
                "enabled": preference.enabled if preference else True,
                "days_before": preference.days_before if preference else settings.REFILL_REMIND_DAYS,
                "next_reminder_on": reminder.remind_on if reminder else None,
                "runs_out_on": reminder.runs_out_on if reminder else None,
            }
        )
    return states


def refill_state(user: User, protocol_id: int) -> RefillOut:
    return _states(user, [protocol_id])[0]


def client_refills(*, client: User) -> list[RefillOut]:
    """One entry per protocol shared with the client (not hidden), newest share first."""
    protocol_ids = list(
        Assignment.objects.filter(client=client, hidden_at__isnull=True)
        .order_by("-created_at", "-id")
        .values_list("protocol_id", flat=True)
    )
    return _states(client, protocol_ids)
