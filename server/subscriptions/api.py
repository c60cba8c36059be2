"""The automatic refill calls (docs/api.md, "Automatic refills"): a client's proposal, subscribing and
changing it; the practitioner's view of their clients'; the one-click links of the notice e-mail."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router, Status

from server.accounts.auth import PRACTITIONER_TYPES, bearer, require_role, signed_in_user
from server.accounts.models import User, UserType
from server.core.language import request_language
from server.core.region import request_region
from server.subscriptions import schemas as s
from server.subscriptions import selectors, services
from server.subscriptions.models import Subscription
from server.subscriptions.sources import lines_chosen, source_of

client_router = Router(tags=["subscriptions"], auth=bearer)
practitioner_router = Router(tags=["subscriptions"], auth=bearer)
link_router = Router(tags=["subscriptions"])


def _client(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CLIENT,))


def _chosen(lines: list[s.LineIn] | None) -> list[tuple[int, int]] | None:
    return None if lines is None else [(line.product_variant_id, line.quantity) for line in lines]


@client_router.get(
    "/subscriptions/proposal", response=selectors.ProposalOut, summary="The schedule subscribing would give"
)
def proposal(request: HttpRequest, query: Query[s.ProposalQuery]) -> selectors.ProposalOut:
    client = _client(request)
    source = source_of(client=client, protocol_id=query.protocol_id, order_number=query.order_number)
    return selectors.proposal_of(
        client=client,
        region=request_region(request),
        offered=source.lines,
        chosen=lines_chosen(source, query.chosen()),
        interval_days=query.interval_days,
    )


@client_router.post(
    "/subscriptions",
    response={200: selectors.SubscriptionOut, 201: selectors.SubscriptionOut},
    summary="Refill a protocol or an order automatically",
)
def subscribe(request: HttpRequest, payload: s.SubscribeIn) -> Status[selectors.SubscriptionOut]:
    client = _client(request)
    subscription, created = services.subscription_create(
        client=client,
        region=request_region(request),
        language=request_language(request),
        idempotency_key=request.headers.get("Idempotency-Key", ""),
        protocol_id=payload.protocol_id,
        order_number=payload.order_number,
        lines=_chosen(payload.lines),
        interval_days=payload.interval_days,
        shipping_address=payload.shipping_address.dict(),
        shipping_method_id=payload.shipping_method_id,
    )
    payment_url = services.subscription_payment_url(subscription=subscription)
    return Status(201 if created else 200, selectors.subscription_data(subscription, payment_url=payment_url))


@client_router.get(
    "/subscriptions", response=list[selectors.SubscriptionOut], summary="The caller's automatic refills"
)
def subscription_list(request: HttpRequest) -> list[selectors.SubscriptionOut]:
    return selectors.client_subscriptions(client=_client(request))


def _own(request: HttpRequest, subscription_id: int) -> Subscription:
    return selectors.subscription_of(client=_client(request), subscription_id=subscription_id)


@client_router.get(
    "/subscriptions/{subscription_id}", response=selectors.SubscriptionOut, summary="One automatic refill"
)
def subscription_detail(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(_own(request, subscription_id))


@client_router.post(
    "/subscriptions/{subscription_id}/skip",
    response=selectors.SubscriptionOut,
    summary="Skip the next parcel",
)
def skip(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(
        services.subscription_skip(subscription=_own(request, subscription_id))
    )


@client_router.post(
    "/subscriptions/{subscription_id}/pause", response=selectors.SubscriptionOut, summary="Pause the refills"
)
def pause(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(
        services.subscription_pause(subscription=_own(request, subscription_id))
    )


@client_router.post(
    "/subscriptions/{subscription_id}/resume",
    response=selectors.SubscriptionOut,
    summary="Resume the refills",
)
def resume(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(
        services.subscription_resume(subscription=_own(request, subscription_id))
    )


@client_router.delete(
    "/subscriptions/{subscription_id}", response=selectors.SubscriptionOut, summary="Cancel the refills"
)
def cancel(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(
        services.subscription_cancel(subscription=_own(request, subscription_id))
    )


@client_router.put(
    "/subscriptions/{subscription_id}",
    response=selectors.SubscriptionOut,
    summary="Change the lines, interval, next date, address or method",
)
def change(
    request: HttpRequest, subscription_id: int, payload: s.SubscriptionChangeIn
) -> selectors.SubscriptionOut:
    subscription = _own(request, subscription_id)
    sent = payload.model_fields_set
    updated = services.subscription_update(
        subscription=subscription,
        lines=[(line.product_variant_id, line.quantity, line.refuse_substitute) for line in payload.lines]
        if payload.lines is not None
        else None,
        interval_days=payload.interval_days,
        interval_sent="interval_days" in sent,
        next_parcel_on=payload.next_parcel_on,
        shipping_address=payload.shipping_address.dict() if payload.shipping_address else None,
        shipping_method_id=payload.shipping_method_id,
    )
    return selectors.subscription_data(updated)


@client_router.post(
    "/subscriptions/{subscription_id}/payment",
    response=selectors.SubscriptionOut,
    summary="Pay what a pending or past-due refill waits for",
)
def payment(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    subscription = _own(request, subscription_id)
    payment_url = services.subscription_payment_url(subscription=subscription, required=True)
    return selectors.subscription_data(subscription, payment_url=payment_url)


@client_router.delete(
    "/subscriptions/{subscription_id}/mandate",
    response=selectors.SubscriptionOut,
    summary="Revoke the payment mandate of a refill",
)
def mandate_revoke(request: HttpRequest, subscription_id: int) -> selectors.SubscriptionOut:
    return selectors.subscription_data(
        services.subscription_mandate_revoke(subscription=_own(request, subscription_id))
    )


@practitioner_router.get(
    "/subscriptions",
    response=list[selectors.PractitionerSubscriptionOut],
    summary="The practitioner's clients' automatic refills",
)
def practitioner_list(request: HttpRequest) -> list[selectors.PractitionerSubscriptionOut]:
    practitioner = require_role(signed_in_user(request), PRACTITIONER_TYPES)
    return selectors.practitioner_subscriptions(practitioner=practitioner)


@link_router.get(
    "/actions/{token}", response=s.SubscriptionActionOut, summary="What a one-click link of a notice does"
)
def action_read(request: HttpRequest, token: str) -> dict[str, object]:
    return services.action_state(token=token)


@link_router.post(
    "/actions/{token}", response=s.SubscriptionActionOut, summary="Do what a notice's link says"
)
def action_do(request: HttpRequest, token: str) -> dict[str, object]:
    return services.action_do(token=token)
