"""Sign-in sessions (docs/architecture.md, "Accounts, tokens and socket tickets"): a login starts one, a
refresh rotates its token, a logout or a reused rotated token ends it and tells that login's other tabs."""

from __future__ import annotations

import hmac
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

from django.contrib.auth import authenticate
from django.db import transaction
from django.http import HttpRequest
from django.utils import timezone

from server.accounts.auth import forget_session
from server.accounts.errors import InvalidToken, NotAuthenticated
from server.accounts.models import AuthSession, RotatedRefresh, User
from server.accounts.services.analytics import AccountAction, account_action_record
from server.accounts.tokens import hash_secret, issue_access_token, new_secret
from server.core.errors import DomainError, ErrorCode
from server.events.services import event_emit
from server.events.topics import Topic

# Two refreshes of one token within this window are one client racing itself (two tabs), not a thief.
REFRESH_RACE_WINDOW = timedelta(seconds=10)


class InvalidCredentials(DomainError):
    code = ErrorCode.BAD_REQUEST
    message = "The e-mail address or the password is not correct."


class AccountNotActivated(DomainError):
    code = ErrorCode.BAD_REQUEST
    message = "Please activate your account first: we sent you a link by e-mail."


class SignInLocked(DomainError):
    code = ErrorCode.THROTTLED
    message = "Too many failed sign-ins. Please wait 15 minutes and try again."


class RefreshRace(DomainError):
    code = ErrorCode.CONFLICT
    message = "This refresh token was just used; use the tokens that answer gave."


@dataclass(frozen=True)
class TokenPair:
    access_token: str
    refresh_token: str
    user_type_id: int

    def as_reply(self) -> dict[str, Any]:
        return {
            "access_token": self.access_token,
            "refresh_token": self.refresh_token,
            "user_type_id": self.user_type_id,
        }


def session_start(*, user: User, request: HttpRequest | None) -> TokenPair:
    secret = new_secret()
    session = AuthSession.objects.create(
        user=user,
        refresh_hash=hash_secret(secret),
        user_agent=(request.headers.get("User-Agent", "") if request else "")[:255],
        ip_address=(request.META.get("REMOTE_ADDR") if request else None) or None,
    )
    return TokenPair(
        access_token=issue_access_token(
            user_id=user.pk, session_id=session.id, user_type_id=user.user_type_id
        ),
        refresh_token=f"{session.id}.{secret}",
        user_type_id=user.user_type_id,
    )


def auth_credentials_check(*, email: str, password: str, request: HttpRequest) -> User:
    """The active user these credentials name, counting failures for the lockout; records the
    logged-in analytics event."""
    user = authenticate(request, email=email.strip().lower(), password=password)
    if getattr(request, "axes_locked_out", False):  # django-axes: locked out from this IP for now
        raise SignInLocked()
    if user is None:
        inactive = User.objects.filter(email=email.strip().lower(), is_active=False).first()
        # Only someone who knows the password learns that the account waits for activation.
        if inactive is not None and inactive.check_password(password):
            raise AccountNotActivated()
        raise InvalidCredentials()
    assert isinstance(user, User)
    account_action_record(user=user, action=AccountAction.SIGNED_IN)
    return user


def auth_login(*, email: str, password: str, request: HttpRequest) -> TokenPair:
    # Not one transaction with the check: django-axes must keep its record of a failure.
    user = auth_credentials_check(email=email, password=password, request=request)
    with transaction.atomic():
        return session_start(user=user, request=request)


def _parse_refresh(refresh_token: str) -> tuple[uuid.UUID, str]:
    session_part, _, secret = refresh_token.strip().partition(".")
    try:
        return uuid.UUID(session_part), secret
    except ValueError as exc:
        raise InvalidToken() from exc


def session_revoke(session: AuthSession, *, reason: str) -> None:
    if session.revoked_at is None:
        session.revoked_at = timezone.now()
        session.revoked_reason = reason
        session.save(update_fields=["revoked_at", "revoked_reason"])
    # Forget now for this process, and again after commit in case a request re-cached it meanwhile.
    forget_session(session.id)
    transaction.on_commit(lambda: forget_session(session.id))


def _session_logged_out(session: AuthSession, *, reason: Literal["logout", "refresh_reuse"]) -> None:
    """Tell the other tabs and devices of this login (its session group) to sign out."""
    event_emit(
        user_id=session.user_id,
        topic=Topic.SESSION_LOGGED_OUT,
        data={"session_id": str(session.id), "reason": reason},
        session_id=session.id,
    )


def auth_refresh(*, refresh_token: str) -> TokenPair:
    """Rotate the refresh token. A rotated one used again revokes the whole session."""
    session_id, secret = _parse_refresh(refresh_token)
    if not secret:
        raise InvalidToken()
    presented = hash_secret(secret)
    with transaction.atomic():
        session = AuthSession.objects.select_for_update().select_related("user").filter(id=session_id).first()
        if session is None or session.revoked_at is not None or not session.user.is_active:
            raise NotAuthenticated("This sign-in has ended. Please sign in again.")
        if hmac.compare_digest(session.refresh_hash, presented):
            new = new_secret()
            RotatedRefresh.objects.create(session=session, refresh_hash=presented)
            session.refresh_hash = hash_secret(new)
            session.rotated_at = session.last_used_at = timezone.now()
            session.save(update_fields=["refresh_hash", "rotated_at", "last_used_at"])
            user = session.user
            return TokenPair(
                access_token=issue_access_token(
                    user_id=user.pk, session_id=session.id, user_type_id=user.user_type_id
                ),
                refresh_token=f"{session.id}.{new}",
                user_type_id=user.user_type_id,
            )
        rotated = RotatedRefresh.objects.filter(session=session, refresh_hash=presented).first()
        if rotated is not None and timezone.now() - rotated.rotated_at < REFRESH_RACE_WINDOW:
            raise RefreshRace()
        if rotated is not None:
            session_revoke(session, reason="refresh_reuse")
            _session_logged_out(session, reason="refresh_reuse")
    # Raised outside the atomic block, so the revocation above is committed, not rolled back.
    raise NotAuthenticated("This sign-in has ended. Please sign in again.")


@transaction.atomic
def auth_logout(*, session_id: uuid.UUID) -> None:
    session = AuthSession.objects.select_for_update().filter(id=session_id).first()
    if session is not None and session.revoked_at is None:
        session_revoke(session, reason="logout")
        _session_logged_out(session, reason="logout")
