"""A client's refill reminders (docs/api.md, "Refill reminders"): on or off, and how many days
ahead, per protocol shared with them."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from server.accounts.auth import bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.protocols.selectors import shared_protocol
from server.refills import schemas as s
from server.refills import selectors, services

router = Router(tags=["refills"], auth=bearer)


def _client(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CLIENT,))


@router.get(
    "/refills", response=list[selectors.RefillOut], summary="Refill reminders of the caller's protocols"
)
def refill_list(request: HttpRequest) -> list[selectors.RefillOut]:
    return selectors.client_refills(client=_client(request))


@router.put(
    "/protocols/{protocol_id}/refills",
    response=selectors.RefillOut,
    summary="Switch refill reminders of a shared protocol on or off, or change the days of notice",
)
def refill_preference_set(request: HttpRequest, protocol_id: int, payload: s.RefillIn) -> selectors.RefillOut:
    client = _client(request)
    assignment = shared_protocol(client=client, protocol_id=protocol_id)
    services.refill_preference_set(
        user=client, protocol=assignment.protocol, enabled=payload.enabled, days_before=payload.days_before
    )
    return selectors.refill_state(client, protocol_id)
