"""Writes of a client's day (docs/decisions/0043-the-day-schedule.md): check-ins, their erasure, the
calendar feed's secret address, the daily e-mail setting. Each check-in tells the client's devices and the
protocol's owner (`adherence.updated`)."""

from __future__ import annotations

import secrets
from datetime import date, timedelta

from django.db import transaction
from django.utils import timezone

from server.accounts.models import User
from server.adherence.mail import SEND_AT, day_mail_schedule
from server.adherence.models import CalendarFeed, CheckIn, CheckInState, DaySettings
from server.adherence.plan import day_plan, planned_lines
from server.core.errors import InvalidInput, NotFound
from server.events.services import event_emit
from server.events.topics import AdherenceUpdated, Topic
from server.nutrition.schedule import SLOTS
from server.protocols.models import Assignment, Protocol

# A client may check in for today and the 7 days before; nothing later.
CHECK_IN_DAYS_BACK = 7


class ProtocolNotShared(NotFound):
    message = "This protocol is not shared with you."


class NothingScheduled(InvalidInput):
    message = "Nothing of this protocol is to be taken at that time of that day."


def _check_day(day: date, today: date) -> None:
    if day > today:
        raise InvalidInput("A check-in cannot be for a day to come.", errors={"date": ["in the future"]})
    if (today - day).days > CHECK_IN_DAYS_BACK:
        raise InvalidInput(
            f"A check-in may go back at most {CHECK_IN_DAYS_BACK} days.", errors={"date": ["too far back"]}
        )


@transaction.atomic
def check_in_record(
    *, client: User, protocol_id: int, day: date, slot: str, state: str, today: date | None = None
) -> CheckIn:
    """Record (or change) how one slot of one protocol went; the same call again changes nothing."""
    today = today or timezone.localdate()
    if slot not in SLOTS:
        raise InvalidInput(f"Unknown time slot: use {', '.join(SLOTS)}.", errors={"slot": ["unknown"]})
    if state not in CheckInState.values:
        raise InvalidInput("A check-in is taken or skipped.", errors={"state": ["unknown"]})
    _check_day(day, today)
    if not Assignment.objects.filter(client=client, protocol_id=protocol_id, hidden_at__isnull=True).exists():
        raise ProtocolNotShared(errors={"protocol_id": ["not shared"]})
    planned = day_plan(planned_lines(client_id=client.pk, protocol_ids=[protocol_id]), day)
    if slot not in {plan.slot for plan in planned}:
        raise NothingScheduled(errors={"slot": ["nothing scheduled"]})
    check_in, created = CheckIn.objects.get_or_create(
        client=client, protocol_id=protocol_id, day=day, slot=slot, defaults={"state": state}
    )
    if not created and check_in.state != state:
        check_in.state = state
        check_in.save(update_fields=["state", "at"])
    elif not created:
        return check_in
    _tell(client, protocol_id=protocol_id, day=day)
    return check_in


def _tell(client: User, *, protocol_id: int | None, day: date | None) -> None:
    data: AdherenceUpdated = {
        "client_id": client.pk,
        "protocol_id": protocol_id,
        "date": day.isoformat() if day else None,
    }
    event_emit(user_id=client.pk, topic=Topic.ADHERENCE_UPDATED, data=data)
    owners = Protocol.objects.filter(
        pk__in=[protocol_id]
        if protocol_id is not None
        else Assignment.objects.filter(client=client).values_list("protocol_id", flat=True)
    ).values_list("owner_id", flat=True)
    for owner_id in sorted(set(owners)):
        event_emit(user_id=owner_id, topic=Topic.ADHERENCE_UPDATED, data=data)


@transaction.atomic
def check_ins_erase(*, client: User) -> int:
    """Delete every check-in of the client (their right to erase); the practitioners see it at once."""
    deleted, _ = CheckIn.objects.filter(client=client).delete()
    if deleted:
        _tell(client, protocol_id=None, day=None)
    return deleted


@transaction.atomic
def calendar_feed_get(*, client: User) -> CalendarFeed:
    """The client's feed address, made on first asking (and again after a revocation)."""
    feed = CalendarFeed.objects.filter(client=client, revoked_at__isnull=True).first()
    if feed is None:
        feed = CalendarFeed.objects.create(client=client, token=secrets.token_urlsafe(32))
    return feed


@transaction.atomic
def calendar_feed_revoke(*, client: User) -> None:
    CalendarFeed.objects.filter(client=client, revoked_at__isnull=True).update(revoked_at=timezone.now())


@transaction.atomic
def day_settings_set(*, client: User, daily_email: bool) -> DaySettings:
    """Switch the daily e-mail on (the next 07:00 mail is queued) or off (a queued one sends nothing)."""
    row, _ = DaySettings.objects.get_or_create(client=client)
    if row.daily_email != daily_email:
        row.daily_email = daily_email
        row.save(update_fields=["daily_email"])
        if daily_email:
            now = timezone.localtime()
            day_mail_schedule(client_id=client.pk, after=now.date() - timedelta(days=now.time() < SEND_AT))
    return row
