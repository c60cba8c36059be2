"""The client's day, check-ins and adherence (docs/api.md, "The day"), the practitioner's view of a client's
adherence, and the two addresses opened without signing in: the calendar feed and a mail's "taken" link."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from ninja import Query, Router

from server.accounts.auth import PRACTITIONER_TYPES, bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.accounts.schemas import MessageOut
from server.accounts.services.one_time import link_to
from server.adherence import schemas as s
from server.adherence import selectors, services
from server.adherence.calendar import calendar_feed
from server.adherence.mail import taken_link_read
from server.adherence.printable import week_pdf, week_start
from server.adherence.texts import day_texts
from server.core.errors import DomainError, NotFound
from server.core.language import request_language

client_router = Router(tags=["day"], auth=bearer)
practitioner_router = Router(tags=["day"], auth=bearer)
public_router = Router(tags=["day"])


class FeedNotFound(NotFound):
    message = "This calendar address does not exist or was revoked."


def _client(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CLIENT,))


@client_router.get("/schedule", response=selectors.DayOut, summary="What to take at each slot of a day")
def schedule(request: HttpRequest, query: Query[s.DayQuery]) -> selectors.DayOut:
    client = _client(request)
    day = query.date or timezone.localdate()
    return selectors.client_day(client_id=client.pk, day=day, language=request_language(request))


@client_router.post("/check-ins", response=selectors.DayOut, summary="Check a slot of a protocol in")
def check_in(request: HttpRequest, payload: s.CheckInIn) -> selectors.DayOut:
    client = _client(request)
    services.check_in_record(
        client=client,
        protocol_id=payload.protocol_id,
        day=payload.date,
        slot=payload.slot,
        state=payload.state,
    )
    return selectors.client_day(client_id=client.pk, day=payload.date, language=request_language(request))


@client_router.get(
    "/adherence", response=selectors.OwnAdherenceOut, summary="The caller's streak and adherence"
)
def own_adherence(request: HttpRequest, query: Query[s.DaysQuery]) -> selectors.OwnAdherenceOut:
    client = _client(request)
    return selectors.client_adherence(client_id=client.pk, days=query.days, today=timezone.localdate())


@client_router.get(
    "/check-ins.csv",
    response={200: None},
    summary="Every check-in of the caller, as CSV",
    openapi_extra={"responses": {200: {"description": "text/csv"}}},
)
def check_ins_export(request: HttpRequest) -> HttpResponse:
    client = _client(request)
    response = HttpResponse(
        selectors.check_ins_csv(client_id=client.pk), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="check-ins.csv"'
    response["Cache-Control"] = "private, no-store"
    return response


@client_router.delete("/check-ins", response=s.ErasedOut, summary="Delete every check-in of the caller")
def check_ins_erase(request: HttpRequest) -> dict[str, object]:
    deleted = services.check_ins_erase(client=_client(request))
    return {"message": "Your check-ins are deleted.", "deleted": deleted}


@client_router.get(
    "/schedule.pdf",
    response={200: None},
    summary="A week of the caller's day on one A4 page",
    openapi_extra={"responses": {200: {"description": "application/pdf"}}},
)
def schedule_pdf(request: HttpRequest, query: Query[s.WeekQuery]) -> HttpResponse:
    client = _client(request)
    first = week_start(query.week or timezone.localdate())
    body = week_pdf(client_id=client.pk, first=first, language=request_language(request))
    response = HttpResponse(body, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="schedule-{first.isoformat()}.pdf"'
    response["Cache-Control"] = "private, no-store"
    return response


@client_router.get("/calendar", response=s.CalendarOut, summary="The caller's secret calendar feed address")
def calendar_get(request: HttpRequest) -> dict[str, str]:
    feed = services.calendar_feed_get(client=_client(request))
    return {"url": f"{request.build_absolute_uri('/')[:-1]}/api/v2/calendar/{feed.token}.ics"}


@client_router.delete("/calendar", response=MessageOut, summary="Revoke the calendar feed address")
def calendar_revoke(request: HttpRequest) -> dict[str, str]:
    services.calendar_feed_revoke(client=_client(request))
    return {"message": "The calendar address is revoked."}


@client_router.get(
    "/day-settings", response=s.DaySettingsIO, summary="Whether the caller gets the day by e-mail"
)
def day_settings_get(request: HttpRequest) -> dict[str, bool]:
    return {"daily_email": selectors.daily_email_on(client_id=_client(request).pk)}


@client_router.put("/day-settings", response=s.DaySettingsIO, summary="Switch the daily e-mail on or off")
def day_settings_put(request: HttpRequest, payload: s.DaySettingsIO) -> dict[str, bool]:
    row = services.day_settings_set(client=_client(request), daily_email=payload.daily_email)
    return {"daily_email": row.daily_email}


@practitioner_router.get(
    "/clients/{client_id}/adherence",
    response=selectors.AdherenceOut,
    summary="A client's adherence to the caller's protocols they have",
)
def client_adherence(
    request: HttpRequest, client_id: int, query: Query[s.DaysQuery]
) -> selectors.AdherenceOut:
    practitioner = require_role(signed_in_user(request), PRACTITIONER_TYPES)
    return selectors.practitioner_adherence(
        practitioner_id=practitioner.pk, client_id=client_id, days=query.days, today=timezone.localdate()
    )


@public_router.get(
    "/calendar/{token}",
    response={200: None},
    summary="A client's day as a calendar feed (text/calendar), at the secret address",
    openapi_extra={"responses": {200: {"description": "text/calendar"}}},
)
def calendar(request: HttpRequest, token: str) -> HttpResponse:
    client = selectors.calendar_feed_client(token=token)
    if client is None:
        raise FeedNotFound()
    body = calendar_feed(client_id=client.pk, language=client.language)
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, max-age=300"
    return response


@public_router.get(
    "/check-ins/taken/{token}",
    response={200: None},
    summary="A daily e-mail's one-click 'taken' link: records the slot and answers a page",
    openapi_extra={"responses": {200: {"description": "text/html"}}},
)
def taken_from_mail(request: HttpRequest, token: str) -> HttpResponse:
    link = taken_link_read(token)
    client = User.objects.filter(pk=link.client_id, is_active=True).first() if link else None
    language = client.language if client else request_language(request)
    t = day_texts(language)
    recorded = False
    if link is not None and client is not None:
        for protocol_id in link.protocol_ids:
            try:
                services.check_in_record(
                    client=client, protocol_id=protocol_id, day=link.day, slot=link.slot, state="taken"
                )
                recorded = True
            except DomainError:
                continue  # no longer shared, or too far back: the others still count
    context = {
        "language": language.replace("_", "-"),
        "title": t["taken_title"] if recorded else t["open_today"],
        "body": t["taken_body"]
        .replace("{{slot}}", t.get(f"slot_{link.slot}", link.slot))
        .replace("{{date}}", link.day.isoformat())
        if recorded and link
        else t["taken_invalid"],
        "link": link_to("/account/today", language=language),
        "open": t["open_today"],
    }
    response = HttpResponse(
        render_to_string("adherence/taken.html", context), status=200 if recorded else 404
    )
    response["Cache-Control"] = "no-store"
    return response
