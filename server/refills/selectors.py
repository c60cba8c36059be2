"""Reads of refill reminders: a client's choices and next reminder per protocol shared with them."""

from __future__ import annotations

from datetime import date
from typing import TypedDict

from server.accounts.models import User
from server.protocols.models import Assignment
from server.refills.models import RefillReminder, ReminderState
from server.refills.rules import refill_days_before


class RefillState(TypedDict):
    protocol_id: int
    enabled: bool
    days_before: int
    next_reminder_on: date | None
    runs_out_on: date | None


def refill_state(user: User, protocol_id: int) -> RefillState:
    assignment = Assignment.objects.select_related("protocol").get(protocol_id=protocol_id, client=user)
    enabled, days_before = refill_days_before(user, assignment.protocol)
    reminder = (
        RefillReminder.objects.filter(client=user, protocol_id=protocol_id, state=ReminderState.SCHEDULED)
        .order_by("remind_on")
        .first()
    )
    return {
        "protocol_id": protocol_id,
        "enabled": enabled,
        "days_before": days_before,
        "next_reminder_on": reminder.remind_on if reminder else None,
        "runs_out_on": reminder.runs_out_on if reminder else None,
    }


def client_refills(*, client: User) -> list[RefillState]:
    """One entry per protocol shared with the client (not hidden), newest share first."""
    protocol_ids = (
        Assignment.objects.filter(client=client, hidden_at__isnull=True)
        .order_by("-created_at", "-id")
        .values_list("protocol_id", flat=True)
    )
    return [refill_state(client, protocol_id) for protocol_id in protocol_ids]
