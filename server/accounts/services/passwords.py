"""Forgotten and reset passwords (spec: docs/spec-coverage.md#s7-forgot-password,
docs/spec-coverage.md#s7-reset-password): a reset ends every other sign-in of the user."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.http import HttpRequest
from django.tasks import task
from django.utils import timezone

from server.accounts.errors import InvalidToken
from server.accounts.models import AuthSession, OneTimeToken, TokenPurpose, User
from server.accounts.passwords import check_password_rules
from server.accounts.services.one_time import link_to, one_time_token_consume, one_time_token_issue
from server.accounts.services.sessions import TokenPair, session_revoke, session_start
from server.core.errors import InvalidInput
from server.core.mail import send_templated_email
from server.events.services import event_emit
from server.events.topics import Topic

RESET_LIFETIME = timedelta(hours=1)


def password_forgot(*, email: str) -> None:
    """Have a reset link e-mailed when the account exists; the caller answers the same either way. The
    request only queues the work, the same for a known and an unknown address, so its time tells
    nothing of which it was (docs/security.md, "User enumeration"): the task worker looks the address
    up and sends the mail."""
    address = email.strip().lower()[:254]
    transaction.on_commit(lambda: password_reset_mail.enqueue(email=address))


@task()
@transaction.atomic
def password_reset_mail(*, email: str) -> None:
    """E-mail a reset link when the account exists (a task: run by the task worker in production, at once
    in development and tests)."""
    user = User.objects.filter(email=email).first()
    # Active accounts, and invited clients who have not chosen a password yet (a lost or expired
    # invitation is recovered this way); never an account an admin switched off.
    if user is None or not (user.is_active or not user.has_usable_password()):
        return
    secret = one_time_token_issue(user=user, purpose=TokenPurpose.PASSWORD_RESET, lifetime=RESET_LIFETIME)
    link = link_to(f"/auth/reset-password/{secret}", language=user.language)
    transaction.on_commit(
        lambda: send_templated_email(
            to=user.email,
            texts="password_reset",
            language=user.language,
            context={"first_name": user.first_name or user.email, "link": link},
        )
    )


@transaction.atomic
def password_reset(
    *, token: str, password: str, confirm_password: str, request: HttpRequest | None
) -> TokenPair:
    if password != confirm_password:
        raise InvalidInput("The passwords do not match.", errors={"confirm_password": ["does not match"]})
    check_password_rules(password)
    user = one_time_token_consume(token=token, purpose=TokenPurpose.PASSWORD_RESET)
    # An invited client (never had a password) chooses their first one here, which activates the account.
    # An account an admin switched off has a password, and a reset does not switch it back on.
    if not user.is_active and not user.has_usable_password():
        user.is_active = True
    if not user.is_active:
        raise InvalidToken("This link is not valid or has expired.")
    user.set_password(password)
    user.save(update_fields=["password", "is_active"])
    # Every other reset link of this user dies with the password they were for.
    OneTimeToken.objects.filter(user=user, purpose=TokenPurpose.PASSWORD_RESET, used_at__isnull=True).update(
        used_at=timezone.now()
    )
    for session in AuthSession.objects.select_for_update().filter(user=user, revoked_at__isnull=True):
        session_revoke(session, reason="password_reset")
    event_emit(user_id=user.pk, topic=Topic.USER_SESSIONS_REVOKED, data={"reason": "password_reset"})
    return session_start(user=user, request=request)
