"""The redirect reply of login (spec: docs/spec-coverage.md#s7-login): signing in on our site to land, signed
in, on a page of the commerce provider's store. The store URL comes from settings; the landing page must be on
it and use https, so the login cannot be turned into an open redirect."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone

from server.accounts.models import User
from server.core.errors import DomainError, ErrorCode
from server.core.multipass import encode


class RedirectNotAllowed(DomainError):
    code = ErrorCode.BAD_REQUEST
    message = "This return address is not allowed."


def ensure_return_to_allowed(return_to: str) -> None:
    store = urlsplit(settings.COMMERCE_STORE_URL)
    target = urlsplit(return_to)
    if (
        not settings.MULTIPASS_SECRETS.get("shopify")
        or store.scheme != "https"
        or target.scheme != "https"
        or target.netloc != store.netloc
    ):
        raise RedirectNotAllowed()


def commerce_login_url(*, user: User, return_to: str) -> str:
    ensure_return_to_allowed(return_to)
    token = encode(
        {
            "email": user.email,
            "first_name": user.first_name,
            "last_name": user.last_name,
            "created_at": timezone.now().isoformat(),
            "return_to": return_to,
        },
        secret=settings.MULTIPASS_SECRETS["shopify"],
    )
    return f"{settings.COMMERCE_STORE_URL.rstrip('/')}/account/login/multipass/{token}"
