"""Sending a refill reminder on its day (the task worker, or `manage refills_send_due` to catch up)."""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.utils import formats, timezone, translation

from server.accounts.services.one_time import link_to
from server.core.mail import send_templated_email
from server.events.services import event_emit
from server.events.topics import Topic
from server.protocols.models import Assignment
from server.refills.models import RefillReminder, ReminderState
from server.refills.rules import refill_allowed, refill_days_before

logger = logging.getLogger(__name__)


def _refill_link(reminder: RefillReminder, language: str) -> str:
    path = f"/refill/{reminder.protocol_id}"
    shared = Assignment.objects.filter(
        protocol_id=reminder.protocol_id, client_id=reminder.client_id, hidden_at__isnull=True
    ).exists()
    if not shared and reminder.protocol.owner_id != reminder.client_id and reminder.protocol.link_token:
        path += f"?link_token={reminder.protocol.link_token}"
    return link_to(path, language=language)


def _mail(reminder: RefillReminder, language: str) -> None:
    client = reminder.client
    with translation.override(language.replace("_", "-")):
        runs_out = formats.date_format(reminder.runs_out_on, "DATE_FORMAT")
    context = {
        "first_name": client.first_name.strip() or client.email,
        "protocol_name": reminder.protocol.name,
        "runs_out_on": runs_out,
        "link": _refill_link(reminder, language),
    }
    try:
        send_templated_email(to=client.email, texts="refill_due", language=language, context=context)
    except Exception:
        logger.exception("The refill reminder %s could not be mailed", reminder.pk)


@transaction.atomic
def refill_remind_send(*, reminder_id: int) -> bool:
    """Send one reminder if it is still scheduled and due: an e-mail and a `refill.due` event to the
    client's devices. One switched off or for a protocol no longer the client's is cancelled instead."""
    reminder = (
        RefillReminder.objects.select_for_update()
        .select_related("client", "protocol", "order")
        .filter(pk=reminder_id)
        .first()
    )
    if reminder is None or reminder.state != ReminderState.SCHEDULED:
        return False
    if reminder.remind_on > timezone.localdate():
        return False  # moved later since this task was queued: the task of the new day sends it
    enabled, _ = refill_days_before(reminder.client, reminder.protocol)
    if not enabled or not refill_allowed(reminder.client, reminder.protocol) or not reminder.client.is_active:
        reminder.state = ReminderState.CANCELLED
        reminder.save(update_fields=["state"])
        return False
    reminder.state, reminder.sent_at = ReminderState.SENT, timezone.now()
    reminder.save(update_fields=["state", "sent_at"])
    event_emit(user_id=reminder.client_id, topic=Topic.REFILL_DUE, data={"protocol_id": reminder.protocol_id})
    language = reminder.order.language
    transaction.on_commit(partial(_mail, reminder, language))
    return True


def refills_send_due() -> int:
    """Send every scheduled reminder whose day has come (the catch-up of `manage refills_send_due`)."""
    due = RefillReminder.objects.filter(
        state=ReminderState.SCHEDULED, remind_on__lte=timezone.localdate()
    ).values_list("pk", flat=True)
    return sum(refill_remind_send(reminder_id=pk) for pk in list(due))
