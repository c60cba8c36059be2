"""Writes through the providers: multipass sign-in (commerce) and marketing events."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from server.accounts.models import ClientProfile, User, UserType
from server.accounts.services import AccountAction, TokenPair, session_start
from server.core.errors import NotFound
from server.core.multipass import InvalidMultipass, decode
from server.providers.models import MarketingEvent, MarketingTrigger, UsedMultipass

MULTIPASS_MAX_AGE = timedelta(minutes=5)
MULTIPASS_CLOCK_SKEW = timedelta(minutes=1)


class UnknownProvider(NotFound):
    message = "There is no such provider."


def _created_at(value: object) -> datetime:
    parsed = parse_datetime(value) if isinstance(value, str) else None
    if parsed is None or parsed.tzinfo is None:
        raise InvalidMultipass("The multipass token has no valid created_at time.")
    now = timezone.now()
    if parsed < now - MULTIPASS_MAX_AGE or parsed > now + MULTIPASS_CLOCK_SKEW:
        raise InvalidMultipass("The multipass token has expired.")
    return parsed


@transaction.atomic
def multipass_sign_in(*, provider: str, token: str, request: HttpRequest) -> TokenPair:
    """Sign in (creating the customer when new) with a token the commerce provider signed."""
    secret = settings.MULTIPASS_SECRETS.get(provider)
    if not secret:
        raise UnknownProvider()
    payload = decode(token, secret=secret)
    _created_at(payload.get("created_at"))
    email = str(payload.get("email", "")).strip().lower()[:254]
    try:
        validate_email(email)
    except ValidationError as exc:
        raise InvalidMultipass("The multipass token has no valid e-mail address.") from exc
    try:
        with transaction.atomic():
            UsedMultipass.objects.create(token_hash=hashlib.sha256(token.encode()).hexdigest())
    except IntegrityError as exc:
        raise InvalidMultipass("This multipass token was used already.") from exc
    user = User.objects.filter(email=email).first()
    if user is None:
        user = User.objects.create_user(
            email,
            None,
            first_name=str(payload.get("first_name", ""))[:150],
            last_name=str(payload.get("last_name", ""))[:150],
            user_type_id=UserType.CLIENT,
        )
        ClientProfile.objects.create(user=user)
    elif not user.is_active:
        # The provider vouches for the address, which is what activation would have proved.
        user.is_active = True
        user.save(update_fields=["is_active"])
    return session_start(user=user, request=request)


def marketing_event_record(*, provider: str, trigger_id: int, user: User | None) -> MarketingEvent:
    if provider not in settings.MARKETING_PROVIDERS:
        raise UnknownProvider()
    return MarketingEvent.objects.create(provider=provider, trigger_id=trigger_id, user=user)


# The analytics events of spec docs/spec-coverage.md#s9-analytics-events-lead-form that accounts cause,
# recorded through the (local) marketing provider: a practitioner's registration is a lead, a client's a
# client form; a sign-in by user type.
REGISTERED_TRIGGER = {
    UserType.PRACTITIONER: MarketingTrigger.LEAD_FORM_SUBMIT,
    UserType.CLIENT: MarketingTrigger.CLIENT_FORM_SUBMIT,
}
LOGGED_IN_TRIGGER = {
    UserType.ADMIN: MarketingTrigger.LOGGED_IN_ADMIN,
    UserType.CERTIFIED_PRACTITIONER: MarketingTrigger.LOGGED_IN_CERTIFIED_PRACTITIONER,
    UserType.PRACTITIONER: MarketingTrigger.LOGGED_IN_PRACTITIONER,
    UserType.CLIENT: MarketingTrigger.LOGGED_IN_CLIENT,
}


def account_action_marketing_record(user: User, action: AccountAction) -> None:
    """Registered with accounts at start-up (server.providers.apps); runs in the action's transaction."""
    triggers = REGISTERED_TRIGGER if action == AccountAction.REGISTERED else LOGGED_IN_TRIGGER
    trigger = triggers.get(UserType(user.user_type_id))
    if trigger is not None:
        MarketingEvent.objects.create(trigger_id=trigger, user=user)
