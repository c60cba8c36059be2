"""A practitioner's clients (spec: docs/spec-coverage.md#s3-share-recipient,
docs/spec-coverage.md#s4-share-flow-pick-existing): inviting a new one, telling one about a shared
protocol."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from server.accounts.models import ClientProfile, PractitionerClient, TokenPurpose, User, UserType
from server.accounts.services.one_time import link_to, one_time_token_issue
from server.core.errors import Conflict, InvalidInput
from server.core.mail import send_templated_email

# An invited client chooses their first password through a password-reset link that lives this long.
INVITATION_LIFETIME = timedelta(days=7)

NAME_MAX_LENGTH = 150
EMAIL_MAX_LENGTH = 254


def _one_line(text: str) -> str:
    """A name or title as one line of single spaces, safe to put into an e-mail's subject and text."""
    return " ".join(text.split())


def _full_name(user: User) -> str:
    return _one_line(f"{user.first_name} {user.last_name}") or user.email


def _shop_language(language: str) -> str:
    return language if language in settings.SHOP_LANGUAGES else "en"


def _required_name(value: str, *, field: str, label: str) -> str:
    name = value.strip()
    if not name:
        raise InvalidInput(f"Enter the {label}.", errors={field: ["required"]})
    if len(name) > NAME_MAX_LENGTH:
        raise InvalidInput(
            f"The {label} can have at most {NAME_MAX_LENGTH} characters.", errors={field: ["too long"]}
        )
    return name


@transaction.atomic
def client_invite(
    *,
    practitioner: User,
    email: str,
    first_name: str,
    last_name: str,
    discount_rate: Decimal,
    protocol_name: str,
    language: str,
) -> User:
    """Create the account of a new client a practitioner shares a protocol with (spec:
    docs/spec-coverage.md#s3-share-recipient): inactive until the client chooses a password through the
    e-mailed invitation link, linked to the practitioner with `discount_rate` (percent). Existing clients are
    the caller's business."""
    email = email.strip().lower()
    try:
        validate_email(email)
        if len(email) > EMAIL_MAX_LENGTH:  # Django accepts up to 320 characters; the column holds 254
            raise ValidationError("too long")
    except ValidationError as exc:
        raise InvalidInput("Enter a valid e-mail address.", errors={"email": ["invalid"]}) from exc
    first_name = _required_name(first_name, field="first_name", label="first name")
    last_name = _required_name(last_name, field="last_name", label="last name")
    if not discount_rate.is_finite() or not Decimal(0) <= discount_rate <= Decimal(100):
        raise InvalidInput(
            "The discount is a percentage from 0 to 100.", errors={"discount_rate": ["invalid"]}
        )
    language = _shop_language(language)
    exists = Conflict(
        "An account with this e-mail address exists already. Choose them from your clients instead.",
        errors={"email": ["exists"]},
    )
    if User.objects.filter(email=email).exists():
        raise exists
    try:
        with transaction.atomic():
            client = User.objects.create_user(
                email, None, first_name=first_name, last_name=last_name, user_type_id=UserType.CLIENT,
                language=language, is_active=False,
            )  # fmt: skip
    except IntegrityError as exc:  # the same address invited or registered at the same moment
        raise exists from exc
    ClientProfile.objects.create(user=client)
    PractitionerClient.objects.create(practitioner=practitioner, client=client, discount_rate=discount_rate)
    secret = one_time_token_issue(
        user=client, purpose=TokenPurpose.PASSWORD_RESET, lifetime=INVITATION_LIFETIME
    )
    context = {
        "first_name": _one_line(first_name),
        "practitioner_name": _full_name(practitioner),
        "protocol_name": _one_line(protocol_name),
        "link": link_to(f"/auth/reset-password/{secret}", language=language),
    }
    transaction.on_commit(
        lambda: send_templated_email(
            to=client.email, texts="client_invitation", language=language, context=context
        )
    )
    return client


@transaction.atomic
def client_protocol_shared_notify(*, client: User, practitioner: User, protocol_name: str) -> None:
    """After commit, tell an active client that `practitioner` shared a protocol with them. An inactive
    account gets nothing: it has no password to sign in with (an invited one got its invitation)."""
    if not client.is_active:
        return
    language = _shop_language(client.language)
    context = {
        "first_name": _one_line(client.first_name) or client.email,
        "practitioner_name": _full_name(practitioner),
        "protocol_name": _one_line(protocol_name),
        "link": link_to("/account/protocols", language=language),
    }
    transaction.on_commit(
        lambda: send_templated_email(
            to=client.email, texts="protocol_shared", language=language, context=context
        )
    )
