"""Protocol calls of spec docs/spec-coverage.md#s7 ("Practitioner protocols", "Client protocols"), the public
link view, adding a protocol to the cart (docs/architecture.md, "HTTP API rules") and the content provider's
templates."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from ninja import Field, Query, Router, Schema, Status
from ninja.throttling import AuthRateThrottle

from server.accounts.auth import (
    PRACTITIONER_TYPES,
    SHARING_TYPES,
    bearer,
    optional_bearer,
    require_role,
    signed_in_user,
)
from server.accounts.errors import RoleNotAllowed
from server.accounts.models import User, UserType
from server.cart.models import LineSource
from server.cart.selectors import CartOut, cart_of
from server.cart.services import cart_lines_add
from server.catalog.listing_index import Audience
from server.catalog.selectors import catalog_audience
from server.core.errors import InvalidInput
from server.core.language import request_language
from server.core.paging import MAX_PAGE
from server.core.region import request_region
from server.nutrition.dose import as_number
from server.nutrition.schedule import Schedule
from server.protocols import interactions, selectors, services, sharing, totals
from server.protocols import schemas as s
from server.protocols.models import Protocol, ProtocolTemplate
from server.protocols.substitutes import SubstituteOfferOut, substitute_offers
from server.providers.services import UnknownProvider

practitioner_router = Router(tags=["protocols"], auth=bearer)
client_router = Router(tags=["client protocols"], auth=bearer)
storefront_router = Router(tags=["protocols"])
templates_router = Router(tags=["protocols"], auth=bearer)


class SharingNotAllowed(RoleNotAllowed):
    message = "Sharing protocols unlocks once your practitioner certificate is validated."


class ListQuery(Schema):
    page: int = Field(default=1, le=MAX_PAGE)  # 0 and below read as 1 (protocol_list)
    limit: int = selectors.LIST_LIMIT
    sort: str = "default"


def _builder(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), PRACTITIONER_TYPES)


def _sharer(request: HttpRequest) -> User:
    user = _builder(request)
    if user.user_type_id not in SHARING_TYPES:
        raise SharingNotAllowed()
    return user


def _client(request: HttpRequest) -> User:
    return require_role(signed_in_user(request), (UserType.CLIENT,))


def _own(request: HttpRequest, protocol_id: int) -> Protocol:
    return selectors.owned_protocol(owner=_builder(request), protocol_id=protocol_id)


def _data(request: HttpRequest, protocol: Protocol) -> selectors.ProtocolOut:
    return selectors.protocol_data(protocol, region=request_region(request))


# Practitioner protocols ------------------------------------------------------------------------------


@practitioner_router.get(
    "/protocols", response=selectors.ProtocolPageOut, summary="The caller's protocols, paged"
)
def protocol_list(request: HttpRequest, query: Query[ListQuery]) -> selectors.ProtocolPageOut:
    return selectors.protocol_page(
        owner=_builder(request),
        page=max(1, query.page),
        limit=query.limit,
        sort=query.sort,
        region=request_region(request),
    )


@practitioner_router.post(
    "/protocols/create", response={201: selectors.ProtocolOut}, summary="Create a protocol"
)
def protocol_create(request: HttpRequest, payload: s.ProtocolIn) -> Status[selectors.ProtocolOut]:
    protocol = services.protocol_create(
        owner=_builder(request), name=payload.name, description=payload.description or ""
    )
    return Status(201, _data(request, protocol))


@practitioner_router.post("/protocols/duplicate", response={201: s.DuplicateOut}, summary="Copy a protocol")
def protocol_duplicate(request: HttpRequest, payload: s.DuplicateIn) -> Status[dict[str, Any]]:
    copy = services.protocol_duplicate(protocol=_own(request, payload.protocol_id))
    return Status(
        201, {"message": "Protocol duplicated.", "protocol_id": copy.pk, "data": _data(request, copy)}
    )


@practitioner_router.post(
    "/protocols/search", response=selectors.ProtocolPageOut, summary="Search the caller's protocols"
)
def protocol_search(request: HttpRequest, payload: s.SearchIn) -> selectors.ProtocolPageOut:
    return selectors.protocol_search(
        owner=_builder(request),
        query=payload.query,
        page=payload.page,
        limit=payload.limit,
        region=request_region(request),
    )


@practitioner_router.post(
    "/protocols/assign",
    response={201: s.AssignOut},
    summary="Share a protocol with a client, or with a new client by e-mail",
)
def protocol_assign(request: HttpRequest, payload: s.AssignIn) -> Status[dict[str, Any]]:
    practitioner = _sharer(request)
    protocol = selectors.owned_protocol(owner=practitioner, protocol_id=payload.id)
    if payload.user_id is None and not (payload.email or "").strip():
        raise InvalidInput("Choose a client or enter an e-mail address.", errors={"email": ["required"]})
    recipient = sharing.Recipient(
        client_id=payload.user_id,
        email=payload.email or "",
        first_name=payload.first_name or "",
        last_name=payload.last_name or "",
    )
    assignment = sharing.protocol_assign(
        practitioner=practitioner,
        protocol=protocol,
        recipient=recipient,
        discount=payload.discount,
        notes=payload.notes,
        language=request_language(request),
        region=request_region(request),
        limit_reason=payload.limit_reason,
        warning_reason=payload.warning_reason,
    )
    client = assignment.client
    data = {
        "protocol_id": protocol.pk,
        "client": {
            "id": client.pk,
            "first_name": client.first_name,
            "last_name": client.last_name,
            "email": client.email,
            "discount_rate": f"{assignment.discount:.2f}",
        },
        "discount": f"{assignment.discount:.2f}",
        "notes": assignment.notes,
        "invited": not client.is_active,
    }
    return Status(201, {"message": "Protocol shared.", "data": data})


class ClientListQuery(Schema):
    page: int = Field(default=1, ge=1, le=MAX_PAGE)
    limit: int = Field(default=20, ge=1, le=100)


@practitioner_router.get(
    "/clients",
    response=selectors.ClientPageOut,
    summary="The caller's clients, newest first, paged (practice hub)",
)
def client_list(request: HttpRequest, query: Query[ClientListQuery]) -> selectors.ClientPageOut:
    return selectors.client_page(practitioner=_builder(request), page=query.page, limit=query.limit)


@practitioner_router.post(
    "/clients",
    response=s.ClientsOut,
    summary="Search the caller's clients (more than 2 characters)",
    throttle=[AuthRateThrottle("120/m")],
)
def client_search(request: HttpRequest, payload: s.ClientSearchIn) -> dict[str, Any]:
    practitioner = _builder(request)
    keyword = payload.keyword.strip()
    if len(keyword) <= 2:
        raise InvalidInput("Type at least 3 characters to search.", errors={"keyword": ["too short"]})
    return {
        "clients": selectors.client_search(practitioner=practitioner, keyword=keyword, limit=payload.limit)
    }


@practitioner_router.get(
    "/protocols/{protocol_id}", response=selectors.ProtocolOut, summary="One of the caller's protocols"
)
def protocol_detail(request: HttpRequest, protocol_id: int) -> selectors.ProtocolOut:
    return _data(request, _own(request, protocol_id))


@practitioner_router.put(
    "/protocols/{protocol_id}/update", response=s.MessageDataOut, summary="Rename, redescribe"
)
def protocol_update(request: HttpRequest, protocol_id: int, payload: s.ProtocolIn) -> dict[str, Any]:
    protocol = services.protocol_update(
        protocol=_own(request, protocol_id), name=payload.name, description=payload.description
    )
    return {"message": "Protocol updated.", "data": _data(request, protocol)}


@practitioner_router.delete("/protocols/{protocol_id}", response=s.MessageOut, summary="Delete a protocol")
def protocol_delete(request: HttpRequest, protocol_id: int) -> dict[str, str]:
    services.protocol_delete(protocol=_own(request, protocol_id))
    return {"message": "Protocol deleted."}


@practitioner_router.post(
    "/protocols/{protocol_id}/products",
    response=s.MessageDataOut,
    summary="Add a product (first in the list)",
)
def protocol_item_add(request: HttpRequest, protocol_id: int, payload: s.LineAddIn) -> dict[str, Any]:
    protocol = _own(request, protocol_id)
    services.protocol_item_add(
        protocol=protocol,
        variant_id=payload.product_variant_id,
        quantity=payload.quantity,
        notes=payload.notes,
        schedule=_schedule(payload.schedule),
    )
    return {"message": "Product added.", "data": _data(request, protocol)}


@practitioner_router.put(
    "/protocols/{protocol_id}/products",
    response=s.LineUpdateOut,
    summary="Change a product's quantity or note",
)
def protocol_item_update(request: HttpRequest, protocol_id: int, payload: s.LineUpdateIn) -> dict[str, Any]:
    line = services.protocol_item_update(
        protocol=_own(request, protocol_id),
        variant_id=payload.product_variant_id,
        quantity=payload.quantity,
        notes=payload.notes,
        schedule=_schedule(payload.schedule),
    )
    data = {
        "protocol_id": protocol_id,
        "product_id": line.variant.product_id,
        "product_variant_id": line.variant_id,
        "notes": line.notes,
        "quantity": line.quantity,
        "servings_per_day": as_number(line.servings_per_day),
        "schedule": line.day_schedule().as_json(),
    }
    return {"message": "Product details updated.", "data": data}


def _schedule(payload: s.ScheduleIn | None) -> Schedule | None:
    return None if payload is None else services.line_schedule_parse(payload.dict())


@practitioner_router.get(
    "/protocols/{protocol_id}/daily-totals",
    response=totals.BuilderTotalsOut,
    summary="Per nutrient, what the protocol adds up to a day, against the upper intake levels",
)
def protocol_daily_totals(request: HttpRequest, protocol_id: int) -> totals.BuilderTotalsOut:
    protocol = _own(request, protocol_id)
    return totals.builder_daily_totals(
        totals.dose_lines(protocol.pk), region=request_region(request), language=request_language(request)
    )


@practitioner_router.get(
    "/protocols/{protocol_id}/interactions",
    response=interactions.InteractionsOut,
    summary="Spacing and interaction warnings of the protocol's day, with its clients' medicines",
)
def protocol_interactions(
    request: HttpRequest, protocol_id: int, filters: Query[s.InteractionsQuery]
) -> interactions.InteractionsOut:
    return interactions.protocol_interactions(
        protocol=_own(request, protocol_id), client_id=filters.client_id, language=request_language(request)
    )


@practitioner_router.post(
    "/protocols/{protocol_id}/arrange",
    response=interactions.ArrangeOut,
    summary="Propose slots that keep every spacing rule that can be kept (nothing is saved)",
)
def protocol_arrange(
    request: HttpRequest, protocol_id: int, filters: Query[s.InteractionsQuery]
) -> interactions.ArrangeOut:
    return interactions.protocol_arrange(
        protocol=_own(request, protocol_id), client_id=filters.client_id, language=request_language(request)
    )


@practitioner_router.delete(
    "/protocols/{protocol_id}/products", response=s.MessageDataOut, summary="Remove a product"
)
def protocol_item_remove(request: HttpRequest, protocol_id: int, payload: s.LineRefIn) -> dict[str, Any]:
    protocol = _own(request, protocol_id)
    services.protocol_item_remove(protocol=protocol, variant_id=payload.product_variant_id)
    return {"message": "Product deleted.", "data": _data(request, protocol)}


class SubstituteIn(Schema):
    substitute_variant_id: int | None


@practitioner_router.put(
    "/protocols/{protocol_id}/products/{variant_id}/substitute",
    response=s.MessageDataOut,
    summary="Set (or clear with null) what the client is offered while the line's product is sold out",
)
def protocol_item_substitute(
    request: HttpRequest, protocol_id: int, variant_id: int, payload: SubstituteIn
) -> dict[str, Any]:
    protocol = _own(request, protocol_id)
    services.protocol_item_substitute(
        protocol=protocol, variant_id=variant_id, substitute_variant_id=payload.substitute_variant_id
    )
    message = "Substitute set." if payload.substitute_variant_id is not None else "Substitute removed."
    return {"message": message, "data": _data(request, protocol)}


def _link_reply(token: str) -> dict[str, str]:
    return {"link_token": token, "link": f"/protocols/{token}"}


@practitioner_router.post("/protocols/{protocol_id}/link", response=s.LinkOut, summary="The shareable link")
def protocol_link(request: HttpRequest, protocol_id: int, payload: s.LinkIn | None = None) -> dict[str, str]:
    protocol = selectors.owned_protocol(owner=_sharer(request), protocol_id=protocol_id)
    token = services.protocol_link(
        protocol=protocol,
        region=request_region(request),
        limit_reason=payload.limit_reason if payload else None,
        language=request_language(request),
    )
    return _link_reply(token)


@practitioner_router.delete("/protocols/{protocol_id}/link", response=s.MessageOut, summary="Revoke the link")
def protocol_link_revoke(request: HttpRequest, protocol_id: int) -> dict[str, str]:
    protocol = selectors.owned_protocol(owner=_sharer(request), protocol_id=protocol_id)
    services.protocol_link_revoke(protocol=protocol)
    return {"message": "The link no longer works."}


# Client protocols ------------------------------------------------------------------------------------


@client_router.get(
    "/protocols", response=list[selectors.SharedProtocolOut], summary="Protocols shared with the caller"
)
def client_protocols(request: HttpRequest) -> list[selectors.SharedProtocolOut]:
    return selectors.client_protocols(
        client=_client(request), region=request_region(request), language=request_language(request)
    )


def _hide(request: HttpRequest, protocol_id: int) -> dict[str, str]:
    assignment = selectors.shared_protocol(client=_client(request), protocol_id=protocol_id)
    services.client_protocol_hide(assignment=assignment)
    return {"message": "The protocol was removed from your list."}


@client_router.delete("/protocols/{protocol_id}", response=s.MessageOut, summary="Remove a shared protocol")
def client_protocol_hide(request: HttpRequest, protocol_id: int) -> dict[str, str]:
    return _hide(request, protocol_id)


# Spec docs/spec-coverage.md#s7-client-protocol-delete gives this one call without the v2 segment; it is
# answered at both paths.
legacy_client_router = Router(tags=["client protocols"], auth=bearer)


@legacy_client_router.delete(
    "/protocols/{protocol_id}", response=s.MessageOut, summary="Remove a shared protocol (path without v2)"
)
def client_protocol_hide_legacy(request: HttpRequest, protocol_id: int) -> dict[str, str]:
    return _hide(request, protocol_id)


# Storefront: the link view and a whole protocol into the cart -----------------------------------------


@storefront_router.get(
    "/protocols/link/{link_token}",
    response=selectors.LinkedProtocolOut,
    summary="A protocol reached by its link",
)
def protocol_by_link(request: HttpRequest, link_token: str) -> selectors.LinkedProtocolOut:
    return selectors.protocol_by_link(
        link_token=link_token, region=request_region(request), language=request_language(request)
    )


class SubstitutesQuery(Schema):
    variant_id: int | None = None  # the product's first variant when missing
    protocol_id: int | None = None  # the protocol whose line it is: its practitioner's choice comes first
    link_token: str = ""


@storefront_router.get(
    "/products/{slug}/substitutes",
    response=list[SubstituteOfferOut],
    auth=optional_bearer,
    summary="What can stand in for a (sold-out) variant: the practitioner's substitute, then the shop's",
)
def product_substitutes(
    request: HttpRequest, slug: str, query: Query[SubstitutesQuery]
) -> list[SubstituteOfferOut]:
    protocol = None
    if query.protocol_id is not None:
        protocol = selectors.visible_protocol(
            user=request.user, protocol_id=query.protocol_id, link_token=query.link_token
        )
    return substitute_offers(
        slug=slug,
        variant_id=query.variant_id,
        protocol=protocol,
        public=catalog_audience(request.user) is Audience.PUBLIC,
        region=request_region(request),
    )


class CartProtocolQuery(Schema):
    link_token: str = ""


@storefront_router.post(
    "/cart/protocols/{protocol_id}",
    response=CartOut,
    auth=bearer,
    summary="Add every line of a protocol shared with the caller (or reached by its link) to the cart",
)
def cart_add_protocol(request: HttpRequest, protocol_id: int, query: Query[CartProtocolQuery]) -> CartOut:
    user = signed_in_user(request)
    protocol = selectors.readable_protocol(user=user, protocol_id=protocol_id, link_token=query.link_token)
    lines = selectors.cart_lines_of(protocol)
    source = LineSource.LINK if query.link_token else LineSource.PROTOCOL
    cart_lines_add(user=user, lines=lines, source=source, protocol_id=protocol.pk)
    return cart_of(user=user, region=request_region(request))


# Templates of a content provider ---------------------------------------------------------------------


def _provider(provider: str) -> str:
    if provider not in settings.CONTENT_PROVIDERS:
        raise UnknownProvider()
    return provider


@templates_router.get(
    "/{provider}/protocols/templates", response=list[s.TemplateOut], summary="Protocol templates"
)
def templates(request: HttpRequest, provider: str) -> list[dict[str, Any]]:
    _builder(request)
    return [
        {
            "id": template.pk,
            "name": template.name,
            "description": template.description,
            "protocol_line_items": [
                {"product_variant_id": item.variant_id, "notes": item.notes} for item in template.items.all()
            ],
        }
        for template in ProtocolTemplate.objects.filter(
            provider=_provider(provider), is_active=True
        ).prefetch_related("items")
    ]


@templates_router.post(
    "/{provider}/protocols/templates/create", response={201: s.TemplateCreatedOut}, summary="Copy a template"
)
def template_copy(request: HttpRequest, provider: str, payload: s.TemplateCopyIn) -> Status[dict[str, Any]]:
    protocol = services.template_copy(
        owner=_builder(request),
        provider=_provider(provider),
        template_id=payload.protocol_template_id,
        name=payload.name,
        description=payload.description,
        lines=[
            services.LineIn(line.product_variant_id, 1, line.notes or "")
            for line in payload.protocol_line_items
        ],
    )
    return Status(201, {"message": "Template added.", "id": protocol.pk, "data": _data(request, protocol)})
