"""A practitioner's earnings (issue 17; docs/api.md, "Practitioner earnings"): the dashboard's figures and
the ledger. Practitioners only (certified and plain; a plain practitioner sees that they do not earn yet);
each sees only their own entries."""

from __future__ import annotations

from datetime import date

from django.http import HttpRequest
from ninja import Field, Query, Router, Schema

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.core.errors import InvalidInput
from server.earnings import schemas as s
from server.earnings import selectors

router = Router(tags=["earnings"], auth=bearer)

# A page past this is past any ledger (20,000 entries a practitioner is a lot), and keeps offsets small.
MAX_PAGE = 100_000


class LedgerQuery(Schema):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=20, ge=1, le=selectors.MAX_PAGE_SIZE)
    kind: s.Kind | None = None
    since: date | None = Field(default=None, alias="from")
    until: date | None = Field(default=None, alias="to")


def _practitioner(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER))


@router.get("/earnings", response=s.DashboardOut, summary="The caller's earnings, per currency")
def earnings(request: HttpRequest) -> selectors.Dashboard:
    return selectors.dashboard(practitioner=_practitioner(request))


@router.get("/earnings/ledger", response=s.LedgerPageOut, summary="The caller's ledger entries, newest first")
def ledger(request: HttpRequest, query: Query[LedgerQuery]) -> selectors.LedgerPage:
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
