"""Writes of accounts and authentication (DESIGN section 7)."""

from __future__ import annotations

import hmac
import uuid
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.http import HttpRequest
from django.utils import timezone

from realtime.bus import event_emit
from server.accounts.auth import forget_session
from server.accounts.errors import InvalidToken, NotAuthenticated
from server.accounts.models import (
    AuthSession,
    CertificateStatus,
    ClientProfile,
    OneTimeToken,
    PractitionerClient,
    PractitionerProfile,
    RotatedRefresh,
    TokenPurpose,
    User,
    UserType,
)
from server.accounts.passwords import check_password_rules
from server.accounts.tokens import hash_secret, issue_access_token, new_secret
from server.core.errors import Conflict, DomainError, ErrorCode, InvalidInput
from server.core.images import process_image
from server.core.mail import send_templated_email
from server.onboarding.models import MilestoneId
from server.onboarding.services import milestone_reach
from server.providers.models import MarketingEvent, MarketingTrigger

# The analytics events of spec section 9, recorded through the (local) marketing provider.
LOGGED_IN_TRIGGER = {
    UserType.ADMIN: MarketingTrigger.LOGGED_IN_ADMIN,
    UserType.CERTIFIED_PRACTITIONER: MarketingTrigger.LOGGED_IN_CERTIFIED_PRACTITIONER,
    UserType.PRACTITIONER: MarketingTrigger.LOGGED_IN_PRACTITIONER,
    UserType.CLIENT: MarketingTrigger.LOGGED_IN_CLIENT,
}

ACTIVATION_LIFETIME = timedelta(days=3)
RESET_LIFETIME = timedelta(hours=1)
# An invited client chooses their first password through a password-reset link that lives this long.
INVITATION_LIFETIME = timedelta(days=7)
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


def _one_time_token(*, user: User, purpose: TokenPurpose, lifetime: timedelta) -> str:
    secret = new_secret()
    OneTimeToken.objects.create(
        user=user, purpose=purpose, token_hash=hash_secret(secret), expires_at=timezone.now() + lifetime
    )
    return secret


def _consume_token(*, token: str, purpose: TokenPurpose) -> User:
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


def _link(path: str, *, language: str) -> str:
    return f"{settings.PUBLIC_URL}/{language}{path}"


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
    """Create an inactive account and e-mail its activation link (spec section 7, register)."""
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
    trigger = (
        MarketingTrigger.LEAD_FORM_SUBMIT
        if user_type_id == UserType.PRACTITIONER
        else MarketingTrigger.CLIENT_FORM_SUBMIT
    )
    MarketingEvent.objects.create(trigger_id=trigger, user=user)
    secret = _one_time_token(user=user, purpose=TokenPurpose.ACTIVATION, lifetime=ACTIVATION_LIFETIME)
    link = _link(f"/auth/activate/{secret}", language=language)
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
    user = _consume_token(token=token, purpose=TokenPurpose.ACTIVATION)
    if not user.is_active:
        user.is_active = True
        user.save(update_fields=["is_active"])
    if user.user_type_id in (UserType.PRACTITIONER, UserType.CERTIFIED_PRACTITIONER):
        milestone_reach(user=user, milestone=MilestoneId.REGISTRATION_COMPLETE)
    return session_start(user=user, request=request)


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
    MarketingEvent.objects.create(trigger_id=LOGGED_IN_TRIGGER[UserType(user.user_type_id)], user=user)
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


def _revoke(session: AuthSession, *, reason: str) -> None:
    if session.revoked_at is None:
        session.revoked_at = timezone.now()
        session.revoked_reason = reason
        session.save(update_fields=["revoked_at", "revoked_reason"])
    # Forget now for this process, and again after commit in case a request re-cached it meanwhile.
    forget_session(session.id)
    transaction.on_commit(lambda: forget_session(session.id))


def _session_logged_out(session: AuthSession, *, reason: str) -> None:
    """Tell the other tabs and devices of this login (its session group) to sign out."""
    event_emit(
        user_id=session.user_id,
        topic="session.logged_out",
        data={"session_id": str(session.id), "reason": reason},
        session_id=session.id,
    )


def _profile_updated(user: User, profile: PractitionerProfile) -> None:
    event_emit(
        user_id=user.pk,
        topic="profile.updated",
        data={"user_type_id": user.user_type_id, "certificate_status": profile.certificate_status},
    )


def auth_refresh(*, refresh_token: str) -> TokenPair:
    """Rotate the refresh token. A rotated one used again revokes the whole session (DESIGN section 7)."""
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
            _revoke(session, reason="refresh_reuse")
            _session_logged_out(session, reason="refresh_reuse")
    # Raised outside the atomic block, so the revocation above is committed, not rolled back.
    raise NotAuthenticated("This sign-in has ended. Please sign in again.")


@transaction.atomic
def auth_logout(*, session_id: uuid.UUID) -> None:
    session = AuthSession.objects.select_for_update().filter(id=session_id).first()
    if session is not None and session.revoked_at is None:
        _revoke(session, reason="logout")
        _session_logged_out(session, reason="logout")


@transaction.atomic
def password_forgot(*, email: str) -> None:
    """E-mail a reset link when the account exists; the caller answers the same either way."""
    user = User.objects.filter(email=email.strip().lower()[:254]).first()
    # Active accounts, and invited clients who have not chosen a password yet (a lost or expired
    # invitation is recovered this way); never an account an admin switched off.
    if user is None or not (user.is_active or not user.has_usable_password()):
        return
    secret = _one_time_token(user=user, purpose=TokenPurpose.PASSWORD_RESET, lifetime=RESET_LIFETIME)
    link = _link(f"/auth/reset-password/{secret}", language=user.language)
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
    user = _consume_token(token=token, purpose=TokenPurpose.PASSWORD_RESET)
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
        _revoke(session, reason="password_reset")
    event_emit(user_id=user.pk, topic="user.sessions_revoked", data={"reason": "password_reset"})
    return session_start(user=user, request=request)


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
    """Create the account of a new client a practitioner shares a protocol with (spec sections 3-5):
    inactive until the client chooses a password through the e-mailed invitation link, linked to the
    practitioner with `discount_rate` (percent). Existing clients are the caller's business."""
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
    secret = _one_time_token(user=client, purpose=TokenPurpose.PASSWORD_RESET, lifetime=INVITATION_LIFETIME)
    context = {
        "first_name": _one_line(first_name),
        "practitioner_name": _full_name(practitioner),
        "protocol_name": _one_line(protocol_name),
        "link": _link(f"/auth/reset-password/{secret}", language=language),
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
        "link": _link("/account/protocols", language=language),
    }
    transaction.on_commit(
        lambda: send_templated_email(
            to=client.email, texts="protocol_shared", language=language, context=context
        )
    )


CERTIFICATE_MAX_BYTES = 10 * 1024 * 1024


class InvalidCertificate(DomainError):
    code = ErrorCode.VALIDATION
    message = "Upload the certificate as a PDF or an image (JPEG, PNG, WebP), at most 10 MB."


def _certificate_file(data: bytes) -> tuple[bytes, str]:
    """A PDF as it is (after a structural check), an image re-encoded without its metadata."""
    if len(data) > CERTIFICATE_MAX_BYTES:
        raise InvalidCertificate()
    if data.startswith(b"%PDF-"):
        if b"%%EOF" not in data[-2048:]:
            raise InvalidCertificate("The PDF file is damaged or incomplete.")
        return data, "pdf"
    try:
        processed = process_image(data)
    except DomainError as exc:
        raise InvalidCertificate() from exc
    return processed.original, "webp"


@transaction.atomic
def practitioner_certificate_upload(*, user: User, data: bytes) -> PractitionerProfile:
    """Store the certificate for an admin to validate (milestone 2)."""
    content, extension = _certificate_file(data)
    profile = PractitionerProfile.objects.select_for_update().filter(user=user).first()
    if profile is None:
        raise InvalidInput("Complete your practitioner details first.", errors={"profile": ["missing"]})
    if profile.certificate:
        profile.certificate.delete(save=False)
    profile.certificate.save(f"{uuid.uuid4().hex}.{extension}", ContentFile(content), save=False)
    profile.certificate_status = CertificateStatus.PENDING
    profile.certificate_uploaded_at = timezone.now()
    profile.save()
    milestone_reach(user=user, milestone=MilestoneId.CERTIFICATE_UPLOADED)
    return profile


@transaction.atomic
def practitioner_certificate_validate(*, profile: PractitionerProfile) -> None:
    """An admin accepts the certificate: a practitioner (3) becomes certified (2) and may share."""
    profile.certificate_status = CertificateStatus.VALIDATED
    profile.certificate_validated_at = timezone.now()
    profile.save(update_fields=["certificate_status", "certificate_validated_at"])
    user = profile.user
    if user.user_type_id == UserType.PRACTITIONER:
        user.user_type_id = UserType.CERTIFIED_PRACTITIONER
        user.save(update_fields=["user_type_id"])
    milestone_reach(user=user, milestone=MilestoneId.CERTIFICATE_VALIDATED)
    _profile_updated(user, profile)


@transaction.atomic
def practitioner_certificate_reject(*, profile: PractitionerProfile) -> None:
    profile.certificate_status = CertificateStatus.REJECTED
    profile.save(update_fields=["certificate_status"])
    _profile_updated(profile.user, profile)
