"""One-time tokens for the links we e-mail (activation, password reset, client invitation): single use,
expiring, stored hashed (docs/architecture.md, "Accounts, tokens and socket tickets")."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from server.accounts.errors import InvalidToken
from server.accounts.models import OneTimeToken, TokenPurpose, User
from server.accounts.tokens import hash_secret, new_secret


def one_time_token_issue(*, user: User, purpose: TokenPurpose, lifetime: timedelta) -> str:
    secret = new_secret()
    OneTimeToken.objects.create(
        user=user, purpose=purpose, token_hash=hash_secret(secret), expires_at=timezone.now() + lifetime
    )
    return secret


def one_time_token_consume(*, token: str, purpose: TokenPurpose) -> User:
    """Use a one-time token: it must exist for this purpose, be unexpired and unused. Locks the row."""
    if not token or len(token) > 100:
        raise InvalidToken("This link is not valid or has expired.")
    row = (
        OneTimeToken.objects.select_for_update()
        .select_related("user")
        .filter(token_hash=hash_secret(token), purpose=purpose)
        .first()
    )
    if row is None or row.used_at is not None or row.expires_at <= timezone.now():
        raise InvalidToken("This link is not valid or has expired.")
    row.used_at = timezone.now()
    row.save(update_fields=["used_at"])
    return row.user


def link_to(path: str, *, language: str) -> str:
    """An absolute link into the web app, in the recipient's language."""
    return f"{settings.PUBLIC_URL}/{language}{path}"
