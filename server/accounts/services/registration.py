"""Registration and activation (spec: docs/spec-coverage.md#s7-register, docs/spec-coverage.md#s7-activate,
register and activate)."""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from server.accounts.models import (
    ClientProfile,
    MilestoneId,
    PractitionerProfile,
    TokenPurpose,
    User,
    UserType,
)
from server.accounts.passwords import check_password_rules
from server.accounts.services.analytics import AccountAction, account_action_record
from server.accounts.services.milestones import milestone_reach
from server.accounts.services.one_time import link_to, one_time_token_consume, one_time_token_issue
from server.accounts.services.sessions import TokenPair, session_start
from server.core.errors import Conflict, InvalidInput
from server.core.mail import send_templated_email

ACTIVATION_LIFETIME = timedelta(days=3)


@transaction.atomic
def user_register(
    *,
    email: str,
    password: str,
    user_type_id: int,
    first_name: str,
    last_name: str,
    language: str,
    health_profession: int | None = None,
    expertise_level: int | None = None,
    organisation_type: int | None = None,
    phone: str = "",
) -> User:
    """Create an inactive account and e-mail its activation link (spec: docs/spec-coverage.md#s7-register,
    register)."""
    if user_type_id not in (UserType.PRACTITIONER, UserType.CLIENT):
        raise InvalidInput(errors={"user_type_id": ["Register as a practitioner (3) or a client (4)."]})
    if user_type_id == UserType.PRACTITIONER:
        missing = {
            name: ["This field is required for practitioners."]
            for name, value in (
                ("health_profession", health_profession),
                ("expertise_level", expertise_level),
                ("organisation_type", organisation_type),
            )
            if value is None
        }
        if missing:
            raise InvalidInput(errors=missing)
    email = email.strip().lower()
    try:
        validate_email(email)
    except ValidationError as exc:
        raise InvalidInput(errors={"email": ["Enter a valid e-mail address."]}) from exc
    check_password_rules(password)
    if User.objects.filter(email=email).exists():
        raise Conflict("An account with this e-mail address exists already.", errors={"email": ["taken"]})
    try:
        with transaction.atomic():
            user = User.objects.create_user(
                email, password, first_name=first_name, last_name=last_name, user_type_id=user_type_id,
                language=language, is_active=False,
            )  # fmt: skip
    except IntegrityError as exc:
        raise Conflict(
            "An account with this e-mail address exists already.", errors={"email": ["taken"]}
        ) from exc
    if user_type_id == UserType.PRACTITIONER:
        assert health_profession is not None and expertise_level is not None and organisation_type is not None
        PractitionerProfile.objects.create(
            user=user, health_profession=health_profession, expertise_level=expertise_level,
            organisation_type=organisation_type, phone=phone,
        )  # fmt: skip
    else:
        ClientProfile.objects.create(user=user, phone=phone)
    account_action_record(user=user, action=AccountAction.REGISTERED)
    secret = one_time_token_issue(user=user, purpose=TokenPurpose.ACTIVATION, lifetime=ACTIVATION_LIFETIME)
    link = link_to(f"/auth/activate/{secret}", language=language)
    transaction.on_commit(
        lambda: send_templated_email(
            to=user.email,
            texts="activation",
            language=language,
            context={"first_name": user.first_name or user.email, "link": link},
        )
    )
    return user


@transaction.atomic
def user_activate(*, token: str, request: HttpRequest | None = None) -> TokenPair:
    user = one_time_token_consume(token=token, purpose=TokenPurpose.ACTIVATION)
    if not user.is_active:
        user.is_active = True
        user.save(update_fields=["is_active"])
    if user.user_type_id in (UserType.PRACTITIONER, UserType.CERTIFIED_PRACTITIONER):
        milestone_reach(user=user, milestone=MilestoneId.REGISTRATION_COMPLETE)
    return session_start(user=user, request=request)
