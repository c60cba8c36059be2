"""The day by e-mail (docs/decisions/0043-the-day-schedule.md): each morning at 07:00, to a client who
switched it on, what to take today with one "Taken" link per slot. A link is signed (it names the client,
the day, the slot and its protocols) and works for two days; opening it records the slot as taken, as the
Today page's button does. A mail client that opens links to preview them would record it too: the client
sees it on their Today page and can change it there."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.tasks import default_task_backend, task
from django.utils import timezone

from server.accounts.models import User
from server.accounts.services.one_time import link_to
from server.adherence.models import DaySettings
from server.adherence.plan import day_plan, planned_lines
from server.adherence.texts import day_texts, dose_texts, food_text
from server.core.mail import send_templated_email

logger = logging.getLogger(__name__)

SEND_AT = time(7, 0)
LINK_SALT = "adherence.taken"
LINK_MAX_AGE = timedelta(days=2)


@dataclass(frozen=True)
class TakenLink:
    client_id: int
    day: date
    slot: str
    protocol_ids: tuple[int, ...]


def taken_link(link: TakenLink) -> str:
    token = signing.dumps(
        {"c": link.client_id, "d": link.day.isoformat(), "s": link.slot, "p": list(link.protocol_ids)},
        salt=LINK_SALT,
        compress=True,
    )
    return f"{settings.PUBLIC_URL}/api/v2/check-ins/taken/{token}"


def taken_link_read(token: str) -> TakenLink | None:
    """The link's content, or None when it is forged, changed or older than two days."""
    try:
        data: Any = signing.loads(token[:2000], salt=LINK_SALT, max_age=LINK_MAX_AGE)
        return TakenLink(
            client_id=int(data["c"]),
            day=date.fromisoformat(data["d"]),
            slot=str(data["s"]),
            protocol_ids=tuple(int(value) for value in data["p"]),
        )
    except (signing.BadSignature, KeyError, TypeError, ValueError):
        return None


def _mail(client: User, day: date) -> bool:
    lines = planned_lines(client_id=client.pk)
    plans = day_plan(lines, day)
    if not plans:
        return False
    language = client.language
    t = day_texts(language)
    slots = [
        {
            "name": t[f"slot_{plan.slot}"],
            "doses": dose_texts(t, plan),
            "with_food": food_text(t, plan),
            "link": taken_link(TakenLink(client.pk, day, plan.slot, tuple(plan.protocol_ids))),
        }
        for plan in plans
    ]
    send_templated_email(
        to=client.email,
        texts="day_plan",
        language=language,
        template="day_plan",
        context={
            "first_name": client.first_name.strip() or client.email,
            "slots": slots,
            "today_link": link_to("/account/today", language=language),
            "note": t["pdf_note"],
        },
    )
    return True


def day_mail_send(*, client_id: int, day: date) -> bool:
    """Send the client's mail of `day` if they still want it and it was not sent: one process wins."""
    with transaction.atomic():
        settings_row = (
            DaySettings.objects.select_for_update()
            .select_related("client")
            .filter(client_id=client_id)
            .first()
        )
        if settings_row is None or not settings_row.daily_email or settings_row.last_mailed_on == day:
            return False
        settings_row.last_mailed_on = day
        settings_row.save(update_fields=["last_mailed_on"])
        client = settings_row.client
    try:
        return _mail(client, day)
    except Exception:
        logger.exception("The day's e-mail of client %s could not be sent", client_id)
        return False


def day_mails_send(*, today: date | None = None) -> int:
    """Every mail of the day not sent yet (`manage day_mails_send`, and the catch-up of the tasks)."""
    today = today or timezone.localdate()
    if timezone.localtime().time() < SEND_AT and today == timezone.localdate():
        return 0
    sent = 0
    for client_id in (
        DaySettings.objects.filter(daily_email=True)
        .exclude(last_mailed_on=today)
        .values_list("client_id", flat=True)
    ):
        sent += day_mail_send(client_id=client_id, day=today)
    return sent


def day_mail_schedule(*, client_id: int, after: date) -> None:
    """Queue the client's next morning's mail (a backend that cannot defer queues nothing)."""
    if not default_task_backend.supports_defer:
        return
    day = after + timedelta(days=1)
    run_after = timezone.make_aware(datetime.combine(day, SEND_AT))
    transaction.on_commit(
        partial(day_mail_task.using(run_after=run_after).enqueue, client_id=client_id, day=day.isoformat())
    )


@task()
def day_mail_task(*, client_id: int, day: str) -> bool:
    """Send one morning's mail and queue the next while the client wants them."""
    on = date.fromisoformat(day)
    sent = day_mail_send(client_id=client_id, day=on)
    if DaySettings.objects.filter(client_id=client_id, daily_email=True).exists():
        with transaction.atomic():
            day_mail_schedule(client_id=client_id, after=on)
    return sent
