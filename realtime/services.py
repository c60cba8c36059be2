"""Socket tickets (docs/architecture.md, "Accounts, tokens and socket tickets"): single use, 30 seconds,
bound to the caller's login session, and the check that turns a ticket or a bearer token into the user and
session a socket speaks for."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs

from django.db import transaction
from django.utils import timezone

from realtime.close_codes import CloseCode
from realtime.models import SocketTicket
from realtime.rooms.backend import room_backend
from server.accounts.errors import TokenExpired
from server.accounts.models import AuthSession, User
from server.accounts.tokens import decode_access_token, hash_secret, new_secret
from server.core.errors import DomainError

TICKET_LIFETIME = timedelta(seconds=30)
# Spent and expired tickets are deleted once they are this old; until then a reuse is told apart.
TICKET_KEEP = timedelta(hours=1)


class SocketRefused(Exception):
    def __init__(self, code: CloseCode, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class IssuedTicket:
    ticket: str
    expires_in: int


@dataclass(frozen=True)
class SocketPrincipal:
    user_id: int
    session_id: uuid.UUID


@transaction.atomic
def ticket_issue(*, user: User, session_id: uuid.UUID) -> IssuedTicket:
    now = timezone.now()
    SocketTicket.objects.filter(expires_at__lt=now - TICKET_KEEP).delete()
    secret = new_secret()
    SocketTicket.objects.create(
        token_hash=hash_secret(secret), user=user, session_id=session_id, expires_at=now + TICKET_LIFETIME
    )
    return IssuedTicket(ticket=secret, expires_in=int(TICKET_LIFETIME.total_seconds()))


def _principal(*, user_id: int, session_id: uuid.UUID) -> SocketPrincipal:
    # Straight to the database, never the Django cache: a socket runs in a context of its own, where
    # the cache would open (and keep) a Redis connection per socket. It is one query per connect.
    user_active = (
        AuthSession.objects.filter(id=session_id, user_id=user_id, revoked_at__isnull=True)
        .values_list("user__is_active", flat=True)
        .first()
    )
    if user_active is None:
        raise SocketRefused(CloseCode.NOT_AUTHENTICATED, "This sign-in has ended.")
    if not user_active:
        raise SocketRefused(CloseCode.FORBIDDEN, "This account is disabled.")
    return SocketPrincipal(user_id=user_id, session_id=session_id)


def ticket_redeem(*, ticket: str) -> SocketPrincipal:
    """Spend a ticket; a second use, or one after 30 seconds, is refused with 4408."""
    row = SocketTicket.objects.filter(token_hash=hash_secret(ticket)).first()
    if row is None:
        raise SocketRefused(CloseCode.NOT_AUTHENTICATED, "Unknown ticket.")
    now = timezone.now()
    # The conditional update makes the ticket single use even when two sockets race with it.
    spent_now = SocketTicket.objects.filter(pk=row.pk, used_at__isnull=True, expires_at__gt=now).update(
        used_at=now
    )
    if not spent_now:
        raise SocketRefused(CloseCode.TICKET_SPENT, "This ticket was used already or has expired.")
    return _principal(user_id=row.user_id, session_id=row.session_id)


def bearer_principal(*, token: str) -> SocketPrincipal:
    try:
        claims = decode_access_token(token)
    except TokenExpired as exc:
        raise SocketRefused(CloseCode.NOT_AUTHENTICATED, "Token has expired") from exc
    except DomainError as exc:
        raise SocketRefused(CloseCode.NOT_AUTHENTICATED, "The token is not valid.") from exc
    return _principal(user_id=claims.user_id, session_id=claims.session_id)


def principal_still_valid(principal: SocketPrincipal) -> bool:
    """Asked again after a logout or revocation event: should this socket stay open?"""
    try:
        _principal(user_id=principal.user_id, session_id=principal.session_id)
    except SocketRefused:
        return False
    return True


def handshake_principal(scope: Mapping[str, Any]) -> SocketPrincipal:
    """Who a socket speaks for: a `?ticket=` (browsers) or the `bearer` sub-protocol (other clients)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    tickets = query.get("ticket")
    if tickets:
        return ticket_redeem(ticket=tickets[0][:200])
    subprotocols = scope.get("subprotocols") or []
    if len(subprotocols) >= 2 and subprotocols[0] == "bearer":
        return bearer_principal(token=subprotocols[1][:4096])
    raise SocketRefused(CloseCode.NOT_AUTHENTICATED, "Authentication required.")


def doc_principal(scope: Mapping[str, Any], *, protocol_id: int) -> SocketPrincipal:
    """The principal of a protocol-document socket: only the owner (or a staff admin) may edit it; anyone
    else hears 4404, as for a protocol that does not exist (nobody learns another's protocol exists)."""
    principal = handshake_principal(scope)
    if not room_backend().may_edit(user_id=principal.user_id, doc_id=protocol_id):
        raise SocketRefused(CloseCode.NOT_FOUND, "There is no such protocol.")
    return principal
