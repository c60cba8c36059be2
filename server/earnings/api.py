"""A practitioner's earnings (docs/api.md, "Practitioner earnings"): the dashboard's figures and
the ledger. Practitioners only (certified and plain; a plain practitioner sees that they do not earn yet);
each sees only their own entries."""

from __future__ import annotations

import re
from datetime import date

from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from ninja import Field, Query, Router, Schema

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.core.errors import InvalidInput, NotFound
from server.core.paging import MAX_PAGE
from server.earnings import schemas as s
from server.earnings import selectors, services
from server.earnings.statements import statement_file

router = Router(tags=["earnings"], auth=bearer)


class LedgerQuery(Schema):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=20, ge=1, le=selectors.MAX_PAGE_SIZE)
    kind: selectors.Kind | None = None
    since: date | None = Field(default=None, alias="from")
    until: date | None = Field(default=None, alias="to")


STATEMENT_FILE = re.compile(r"^(?P<year>20\d\d)-(?P<month>0[1-9]|1[0-2])\.(?P<format>csv|pdf)$")


class StatementNotFound(NotFound):
    message = "There is no such statement."


class StatementQuery(Schema):
    currency: str | None = Field(default=None, max_length=3)


def _practitioner(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER))


@router.get("/earnings", response=selectors.DashboardOut, summary="The caller's earnings, per currency")
def earnings(request: HttpRequest) -> selectors.DashboardOut:
    return selectors.dashboard(practitioner=_practitioner(request))


@router.get(
    "/earnings/ledger", response=selectors.LedgerPageOut, summary="The caller's ledger entries, newest first"
)
def ledger(request: HttpRequest, query: Query[LedgerQuery]) -> selectors.LedgerPageOut:
    practitioner = _practitioner(request)
    if query.since and query.until and query.since > query.until:
        raise InvalidInput("'from' must not be after 'to'.", errors={"from": ["after to"]})
    return selectors.ledger_page(
        practitioner=practitioner,
        page=query.page,
        limit=query.limit,
        kind=query.kind,
        since=query.since,
        until=query.until,
    )


@router.get(
    "/earnings/statements/{file}",
    response={200: None},
    summary="A month's statement as YYYY-MM.pdf or YYYY-MM.csv",
    openapi_extra={"responses": {200: {"description": "The statement file (application/pdf or text/csv)"}}},
)
def statement(request: HttpRequest, file: str, query: Query[StatementQuery]) -> HttpResponse:
    practitioner = _practitioner(request)
    match = STATEMENT_FILE.match(file)
    if match is None:
        raise StatementNotFound()
    month = date(int(match["year"]), int(match["month"]), 1)
    today = timezone.now().date()
    if month > today.replace(day=1):
        raise StatementNotFound()
    currencies = selectors.statement_currencies(practitioner=practitioner) or ["EUR"]
    currency = query.currency or currencies[0]
    if currency not in currencies:
        raise StatementNotFound()
    body = statement_file(practitioner=practitioner, month=month, currency=currency, format=match["format"])
    content_type = "text/csv; charset=utf-8" if match["format"] == "csv" else "application/pdf"
    response = HttpResponse(body, content_type=content_type)
    name = f"statement-{month:%Y-%m}-{currency}.{match['format']}"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    response["Cache-Control"] = "private, no-store"
    return response


@router.get(
    "/earnings/payout-account", response=selectors.PayoutAccountOut, summary="Where the caller's payouts go"
)
def payout_account(request: HttpRequest) -> selectors.PayoutAccountOut:
    return selectors.payout_account_of(_practitioner(request))


@router.put(
    "/earnings/payout-account", response=selectors.PayoutAccountOut, summary="Set where the payouts go"
)
def payout_account_update(request: HttpRequest, payload: s.PayoutAccountIn) -> selectors.PayoutAccountOut:
    practitioner = _practitioner(request)
    services.payout_account_set(
        practitioner=practitioner,
        account_holder=payload.account_holder[:500],
        iban=payload.iban[:100],
        paypal_email=payload.paypal_email[:500],
    )
    return selectors.payout_account_of(practitioner)
