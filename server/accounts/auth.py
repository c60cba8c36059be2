"""Bearer authentication for the API, and the role helper of spec docs/spec-coverage.md#s6-user-types."""

from __future__ import annotations

import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpRequest
from ninja.security import HttpBearer

from server.accounts.errors import NotAuthenticated, RoleNotAllowed, SessionRevoked
from server.accounts.models import AuthSession, User, UserType
from server.accounts.tokens import decode_access_token

# How long a process trusts that a session is still active before asking the database again. A revoke
# also deletes the cached entry, so on one cache (Redis) a revoked session stops at once everywhere.
SESSION_CHECK_SECONDS = 10


def _session_cache_key(session_id: uuid.UUID) -> str:
    return f"auth-session:{session_id}"


def forget_session(session_id: uuid.UUID) -> None:
    cache.delete(_session_cache_key(session_id))


def session_is_active(session_id: uuid.UUID, user_id: int) -> bool:
    key = _session_cache_key(session_id)
    cached = cache.get(key)
    if cached is None:
        cached = AuthSession.objects.filter(id=session_id, user_id=user_id, revoked_at__isnull=True).exists()
        cache.set(key, cached, SESSION_CHECK_SECONDS)
    return bool(cached)


def user_from_access_token(token: str) -> tuple[User, uuid.UUID]:
    """The active user and session an access token stands for; raises a 401 DomainError otherwise."""
    claims = decode_access_token(token)
    if not session_is_active(claims.session_id, claims.user_id):
        raise SessionRevoked()
    user = User.objects.filter(pk=claims.user_id, is_active=True).first()
    if user is None:
        raise SessionRevoked()
    return user, claims.session_id


@dataclass(frozen=True)
class Principal:
    """Who calls: ninja puts it on `request.auth`; `request.user` is set to the same user."""

    user: User | AnonymousUser
    session_id: uuid.UUID | None


class BearerAuth(HttpBearer):
    def authenticate(self, request: HttpRequest, token: str) -> Principal:
        user, session_id = user_from_access_token(token)
        request.user = user
        return Principal(user=user, session_id=session_id)


class OptionalBearerAuth(BearerAuth):
    """For public calls that answer more to a signed-in caller (e.g. practitioner-only products);
    a token that is sent must still be valid."""

    def __call__(self, request: HttpRequest) -> Any:
        if not request.headers.get("Authorization"):
            return Principal(user=AnonymousUser(), session_id=None)
        return super().__call__(request)


bearer = BearerAuth()
optional_bearer = OptionalBearerAuth()


def require_role(user: User | AnonymousUser, allowed: Iterable[UserType]) -> User:
    if not isinstance(user, User):
        raise NotAuthenticated()
    if user.user_type_id not in set(allowed):
        raise RoleNotAllowed()
    return user


PRACTITIONER_TYPES = (UserType.ADMIN, UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER)
SHARING_TYPES = (UserType.ADMIN, UserType.CERTIFIED_PRACTITIONER)


def principal_of(request: HttpRequest) -> Principal:
    principal = getattr(request, "auth", None)
    if not isinstance(principal, Principal):
        raise NotAuthenticated()
    return principal


def signed_in_user(request: HttpRequest) -> User:
    user = principal_of(request).user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user


def staff_user(request: HttpRequest) -> User:
    """The staff member an admin action is done by (the admin site lets only them in), typed as the services
    that record who acted expect it."""
    user = request.user
    if not isinstance(user, User) or not user.is_staff:
        raise NotAuthenticated()
    return user
