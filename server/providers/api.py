"""Provider calls of spec docs/spec-coverage.md#s7-multipass, docs/spec-coverage.md#s7-ads,
docs/spec-coverage.md#s7-marketing-event: multipass, ads, marketing events."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja import Query, Router, Schema, Status
from ninja.throttling import AnonRateThrottle

from server.accounts.auth import bearer, optional_bearer, principal_of
from server.accounts.models import User
from server.accounts.schemas import TokensOut
from server.providers import selectors, services
from server.providers.schemas import MarketingEventIn, MarketingEventOut, MultipassIn

router = Router(tags=["providers"])


class AdsQuery(Schema):
    page: int = 1
    limit: int = 10
    ad_type: int = 2


@router.post(
    "/{provider}/multipass",
    response=TokensOut,
    throttle=[AnonRateThrottle("30/m")],
    summary="Sign in with a commerce provider's multipass token",
)
def multipass(request: HttpRequest, provider: str, payload: MultipassIn) -> dict[str, Any]:
    pair = services.multipass_sign_in(provider=provider, token=payload.multipass, request=request)
    return {
        "access_token": pair.access_token,
        "refresh_token": pair.refresh_token,
        "user_type_id": pair.user_type_id,
    }


@router.get(
    "/{provider}/account/ads", response=selectors.AdsPageOut, auth=bearer, summary="Ads of a content provider"
)
def ads(request: HttpRequest, provider: str, query: Query[AdsQuery]) -> selectors.AdsPageOut:
    if provider not in settings.CONTENT_PROVIDERS:
        raise services.UnknownProvider()
    page = min(max(query.page, 1), 10_000)
    limit = min(max(query.limit, 1), 50)
    return selectors.ads_page(provider=provider, ad_type=query.ad_type, page=page, limit=limit)


@router.post(
    "/{provider}/marketing-event/create",
    response={201: MarketingEventOut},
    auth=optional_bearer,
    throttle=[AnonRateThrottle("120/m")],
    summary="Record a marketing event",
)
def marketing_event(request: HttpRequest, provider: str, payload: MarketingEventIn) -> Status[dict[str, Any]]:
    user = principal_of(request).user
    event = services.marketing_event_record(
        provider=provider,
        trigger_id=payload.marketing_event_trigger_id,
        user=user if isinstance(user, User) else None,
    )
    return Status(201, {"id": event.pk, "message": "Recorded."})
