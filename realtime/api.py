"""`POST /v2/realtime/ticket` (docs/architecture.md, "HTTP API rules"): a single-use pass for the events
socket."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router, Schema

from realtime.services import IssuedTicket, ticket_issue
from server.accounts.auth import bearer, principal_of, signed_in_user
from server.accounts.errors import NotAuthenticated

router = Router(tags=["realtime"], auth=bearer)


class TicketOut(Schema):
    ticket: str
    expires_in: int


@router.post("/ticket", response=TicketOut, summary="A ticket to open the events socket with")
def ticket(request: HttpRequest) -> IssuedTicket:
    user = signed_in_user(request)
    session_id = principal_of(request).session_id
    if session_id is None:
        raise NotAuthenticated()
    return ticket_issue(user=user, session_id=session_id)
