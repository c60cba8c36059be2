"""The client's day as a calendar feed (RFC 5545), for a phone calendar to subscribe to over the secret
address (docs/decisions/0043-the-day-schedule.md): one event per slot per day, from a week back to four
weeks ahead, the products in the description. Times are floating (no time zone): a slot is "08:00 wherever
the client is", as the slots mean."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from django.conf import settings
from django.utils import timezone

from server.adherence.plan import SlotPlan, day_plan, planned_lines
from server.adherence.texts import day_texts, dose_texts, food_text
from server.nutrition.schedule import SLOT_HOURS

DAYS_BACK = 7
DAYS_AHEAD = 28
EVENT_MINUTES = 15


def _escape(text: str) -> str:
    return (
        text.replace("\\", "\\\\")
        .replace(";", "\\;")
        .replace(",", "\\,")
        .replace("\r\n", "\\n")
        .replace("\n", "\\n")
    )


def _fold(line: str) -> str:
    """Lines of at most 75 octets, continued with a space (RFC 5545 3.1), never splitting a character."""
    out: list[str] = []
    current = ""
    for char in line:
        if len((current + char).encode()) > (75 if not out else 74):
            out.append(current)
            current = ""
        current += char
    out.append(current)
    return "\r\n ".join(out)


def _event(client_id: int, day: date, plan: SlotPlan, t: dict[str, str], stamp: str) -> list[str]:
    start = datetime(day.year, day.month, day.day, SLOT_HOURS[plan.slot])
    items = dose_texts(t, plan)
    if food_text(t, plan):
        items.append(food_text(t, plan))
    host = settings.PUBLIC_URL.split("://", 1)[-1].split("/", 1)[0]
    return [
        "BEGIN:VEVENT",
        f"UID:day-{client_id}-{day:%Y%m%d}-{plan.slot}@{host}",
        f"DTSTAMP:{stamp}",
        f"DTSTART:{start:%Y%m%dT%H%M%S}",
        f"DURATION:PT{EVENT_MINUTES}M",
        f"SUMMARY:{_escape(t['event_summary'].replace('{{slot}}', t[f'slot_{plan.slot}']))}",
        f"DESCRIPTION:{_escape(chr(10).join(items))}",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
    ]


def calendar_feed(*, client_id: int, language: str, today: date | None = None) -> str:
    today = today or timezone.localdate()
    t = day_texts(language)
    lines = planned_lines(client_id=client_id)
    stamp = f"{timezone.now():%Y%m%dT%H%M%SZ}"
    body = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Supplement shop//Day schedule//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        f"X-WR-CALNAME:{_escape(t['calendar_name'])}",
        "X-PUBLISHED-TTL:PT6H",
        "REFRESH-INTERVAL;VALUE=DURATION:PT6H",
    ]
    for offset in range(-DAYS_BACK, DAYS_AHEAD + 1):
        day = today + timedelta(days=offset)
        for plan in day_plan(lines, day):
            body += _event(client_id, day, plan, t, stamp)
    body.append("END:VCALENDAR")
    return "\r\n".join(_fold(line) for line in body) + "\r\n"
