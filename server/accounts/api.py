"""Account and authentication calls (spec: docs/spec-coverage.md#s7)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from ninja import File, Router, Status
from ninja.files import UploadedFile
from ninja.throttling import AnonRateThrottle

from server.accounts import selectors, services
from server.accounts.auth import PRACTITIONER_TYPES, bearer, principal_of, require_role, signed_in_user
from server.accounts.errors import InvalidToken
from server.accounts.models import UserType
from server.accounts.redirects import commerce_login_url, ensure_return_to_allowed
from server.accounts.schemas import (
    EmailIn,
    GeoOut,
    LoginIn,
    MessageOut,
    RegisterIn,
    RegisterOut,
    ResetIn,
    ResetOut,
    TokenIn,
    TokensOut,
)
from server.core.language import normalize_language, request_language
from server.geo.selectors import client_ip, country_of

auth_router = Router(tags=["auth"])
account_router = Router(tags=["account"], auth=bearer)


@auth_router.post("/login", response=TokensOut, summary="Sign in with e-mail and password")
def login(request: HttpRequest, payload: LoginIn) -> dict[str, Any]:
    if payload.return_to:
        # Spec docs/spec-coverage.md#s7-login: refresh_token "redirect" means access_token is the URL to
        # navigate to.
        ensure_return_to_allowed(payload.return_to)
        user = services.auth_credentials_check(
            email=payload.email, password=payload.password, request=request
        )
        url = commerce_login_url(user=user, return_to=payload.return_to)
        return {"access_token": url, "refresh_token": "redirect", "user_type_id": user.user_type_id}
    return services.auth_login(email=payload.email, password=payload.password, request=request).as_reply()


@auth_router.post(
    "/register",
    response={201: RegisterOut},
    throttle=[AnonRateThrottle("10/h")],
    summary="Register a practitioner or a client",
)
def register(request: HttpRequest, payload: RegisterIn) -> Status[dict[str, Any]]:
    practitioner_fields = (payload.health_profession, payload.expertise_level, payload.organisation_type)
    # Spec docs/spec-coverage.md#s5-registration-missing-user: a missing user_type_id means practitioner when
    # practitioner details are given.
    user_type_id = payload.user_type_id or (
        UserType.PRACTITIONER if any(v is not None for v in practitioner_fields) else UserType.CLIENT
    )
    user = services.user_register(
        email=payload.email,
        password=payload.password,
        user_type_id=user_type_id,
        first_name=payload.first_name.strip(),
        last_name=payload.last_name.strip(),
        language=normalize_language(payload.language or "") or request_language(request),
        health_profession=payload.health_profession,
        expertise_level=payload.expertise_level,
        organisation_type=payload.organisation_type,
        phone=payload.phone.strip(),
    )
    return Status(201, {"message": "Check your e-mail to activate your account.", "user_id": user.pk})


@auth_router.post(
    "/activate",
    response=TokensOut,
    throttle=[AnonRateThrottle("20/h")],
    summary="Activate an account with the e-mailed token",
)
def activate(request: HttpRequest, payload: TokenIn) -> dict[str, Any]:
    return services.user_activate(token=payload.token, request=request).as_reply()


FORGOT_REPLY = "If an account exists for this address, we have sent it a link to choose a new password."


@auth_router.post(
    "/forgot-password",
    response=MessageOut,
    throttle=[AnonRateThrottle("5/h")],
    summary="E-mail a password reset link",
)
def forgot_password(request: HttpRequest, payload: EmailIn) -> dict[str, str]:
    services.password_forgot(email=payload.email)
    return {"message": FORGOT_REPLY}


@auth_router.post("/reset-password/{token}", response=ResetOut, summary="Choose a new password")
def reset_password(request: HttpRequest, token: str, payload: ResetIn) -> dict[str, Any]:
    pair = services.password_reset(
        token=token, password=payload.password, confirm_password=payload.confirm_password, request=request
    )
    return {**pair.as_reply(), "message": "Your password has been changed."}


@auth_router.post("/token-refresh", response=TokensOut, summary="Rotate tokens (refresh token as bearer)")
def token_refresh(request: HttpRequest) -> dict[str, Any]:
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise InvalidToken("Send the refresh token as a bearer token.")
    return services.auth_refresh(refresh_token=token.strip()[:200]).as_reply()


@account_router.post("/logout", response=MessageOut, summary="Sign out this session")
def logout(request: HttpRequest) -> dict[str, str]:
    principal = principal_of(request)
    if principal.session_id is not None:
        services.auth_logout(session_id=principal.session_id)
    return {"message": "You are signed out."}


@account_router.get("/", response=selectors.AccountOut, summary="The signed-in user")
def account(request: HttpRequest) -> selectors.AccountOut:
    return selectors.account_data(signed_in_user(request))


@auth_router.get(
    "/reference-data", response=selectors.ReferenceDataOut, summary="Practitioner sign-up lists, translated"
)
def reference_data(request: HttpRequest) -> selectors.ReferenceDataOut:
    return selectors.reference_data(language=request_language(request))


@account_router.post(
    "/geoip", response=GeoOut, auth=None, summary="The caller's country (from the IP address)"
)
def geoip(request: HttpRequest) -> dict[str, str | None]:
    return country_of(client_ip(request))


@account_router.get(
    "/practitioners/profile", response=selectors.PractitionerProfileOut, summary="Practitioner profile"
)
def practitioner_profile(request: HttpRequest) -> selectors.PractitionerProfileOut:
    user = require_role(signed_in_user(request), PRACTITIONER_TYPES)
    return selectors.practitioner_profile(user=user)


@account_router.get("/clients/profile", response=selectors.ClientProfileOut, summary="Client profile")
def client_profile(request: HttpRequest) -> selectors.ClientProfileOut:
    # Spec docs/spec-coverage.md#s6-profile-practitioner: every type but the practitioners reads this one,
    # admins included.
    user = require_role(signed_in_user(request), (UserType.CLIENT, UserType.ADMIN))
    return selectors.client_profile(user=user)


@account_router.post(
    "/practitioners/certificate",
    response=selectors.PractitionerProfileOut,
    summary="Upload a practitioner certificate",
)
def upload_certificate(request: HttpRequest, file: File[UploadedFile]) -> selectors.PractitionerProfileOut:
    user = require_role(signed_in_user(request), PRACTITIONER_TYPES)
    if file.size is not None and file.size > services.CERTIFICATE_MAX_BYTES:
        raise services.InvalidCertificate()
    services.practitioner_certificate_upload(user=user, data=file.read())
    return selectors.practitioner_profile(user=user)
