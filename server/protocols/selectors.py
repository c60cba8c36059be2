"""Reads of protocols: the builder's list, search and detail, client protocols, the public link view."""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Annotated, TypedDict

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.db.models.expressions import OrderBy
from django.db.models.functions import Lower
from pydantic import Field

from server.accounts.models import PractitionerClient, User
from server.catalog.cards import AssetOut, BrandOut, ProductCard, StockOut, VariantOut
from server.catalog.facts import variant_facts
from server.catalog.models import Availability, ProductVariant
from server.catalog.selectors import product_cards
from server.core.errors import NotFound
from server.core.region import Region, money
from server.nutrition.dose import as_number
from server.nutrition.schedule import ScheduleOut
from server.nutrition.totals import DailyTotalsOut, DoseLine
from server.protocols.models import Assignment, Protocol, ProtocolItem
from server.protocols.totals import lines_daily_totals, protocols_daily_totals
from server.stock.substitutes import dose_ratio

LIST_LIMIT = 5  # spec docs/spec-coverage.md#s9-protocol-list-default-page: protocol list page size
SEARCH_LIMIT = 50
CLIENT_SEARCH_LIMIT = 100
MAX_PAGE_SIZE = 100

SERVINGS_HELP = "Servings a day, read-only: the highest daily sum of the schedule's slots (0.25 to 50)"


class ProtocolNotFound(NotFound):
    message = "There is no such protocol."


class LineSubstituteOut(TypedDict):
    """What the practitioner would have the client take while the line's product is sold out."""

    product_variant_id: int
    product_id: int
    slug: str
    name: str
    brand: BrandOut
    assets: list[AssetOut]
    unit_of_measure: str
    stock: StockOut
    price: str
    price_difference: Annotated[
        str, Field(description="The substitute's price less the line's variant's, signed (-2.50: cheaper)")
    ]
    dose_ratio: Annotated[
        float | None,
        Field(
            description="One serving of the substitute against one of the line's product (1: the same, "
            "0.5: half), over the nutrients both hold; null without supplement facts"
        ),
    ]


class ProtocolProductOut(TypedDict):
    """Spec docs/spec-coverage.md#s3-protocol-product "Protocol product": the card with the line's variant
    first, its count and note."""

    id: int
    slug: str
    name: str
    brand: BrandOut
    assets: list[AssetOut]
    variants: list[VariantOut]
    product_variant_id: int
    item_count: int
    servings_per_day: Annotated[float, Field(description=SERVINGS_HELP)]
    schedule: ScheduleOut
    notes: str
    price: str
    line_total: str
    is_available: bool
    substitute: LineSubstituteOut | None


class ProtocolOut(TypedDict):
    """Spec docs/spec-coverage.md#s3-protocol "Protocol"; money as 2-decimal strings in `currency`, times in
    ISO 8601."""

    protocol_id: int
    id: int
    name: str
    description: str
    total_price: str
    currency: str
    product_count: int
    products: list[ProtocolProductOut]
    created_at: str
    updated_at: str


class ProtocolPageOut(TypedDict):
    data: list[ProtocolOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


class ClientOut(TypedDict):
    id: int
    first_name: str
    last_name: str
    email: str
    discount_rate: str


class ClientListEntryOut(ClientOut):
    """A client in the practice hub: since when, whether they have activated their account, and how many
    of the practitioner's protocols they were given."""

    client_since: str
    active: bool
    protocols_shared: int


class ClientPageOut(TypedDict):
    data: list[ClientListEntryOut]
    current_page: int
    limit: int
    total_pages: int
    total_results: int


class PractitionerOut(TypedDict):
    id: int
    first_name: str
    last_name: str
    name: str


class LinkedProtocolOut(ProtocolOut):
    practitioner: PractitionerOut
    daily_totals: DailyTotalsOut


class SharedProtocolOut(LinkedProtocolOut):
    discount: str
    notes: str
    shared_at: str


class ShareableProtocolOut(ProtocolOut):
    link_token: str
    link: str


def owned_protocol(*, owner: User, protocol_id: int) -> Protocol:
    """The caller's own protocol; someone else's is a 404 like a missing one (docs/architecture.md, "HTTP
    API rules")."""
    protocol = Protocol.objects.filter(pk=protocol_id, owner=owner).first()
    if protocol is None:
        raise ProtocolNotFound()
    return protocol


def protocol_editable(*, user_id: int, protocol_id: int) -> bool:
    """May this user open the protocol's live document? Its owner, or a staff admin (docs/architecture.md,
    "The protocol-document room")."""
    user = User.objects.filter(pk=user_id, is_active=True).only("is_staff").first()
    if user is None:
        return False
    protocols = Protocol.objects.filter(pk=protocol_id)
    return protocols.exists() if user.is_staff else protocols.filter(owner_id=user_id).exists()


def shared_protocol(*, client: User, protocol_id: int) -> Assignment:
    assignment = (
        Assignment.objects.select_related("protocol", "protocol__owner")
        .filter(protocol_id=protocol_id, client=client, hidden_at__isnull=True)
        .first()
    )
    if assignment is None:
        raise ProtocolNotFound()
    return assignment


def linked_protocol(*, link_token: str) -> Protocol:
    protocol = (
        Protocol.objects.select_related("owner").filter(link_token=link_token[:64]).first()
        if link_token
        else None
    )
    if protocol is None:
        raise ProtocolNotFound("This protocol link is not valid any more.")
    return protocol


def _lines_of(protocol_ids: Iterable[int]) -> dict[int, list[ProtocolItem]]:
    lines: dict[int, list[ProtocolItem]] = {}
    for line in ProtocolItem.objects.filter(protocol_id__in=list(protocol_ids)).select_related(
        "variant", "substitute"
    ):
        lines.setdefault(line.protocol_id, []).append(line)
    return lines


def _products(lines: Sequence[ProtocolItem], region: Region, *, with_notes: bool) -> list[ProtocolProductOut]:
    """Spec docs/spec-coverage.md#s3-protocol-product "Protocol product": the card with the line's variant
    first, its count and note, and the practitioner's substitute."""
    substitutes = [line.substitute for line in lines if line.substitute is not None]
    cards = {
        card["id"]: card
        for card in product_cards(
            product_ids=sorted(
                {line.variant.product_id for line in lines} | {variant.product_id for variant in substitutes}
            ),
            region=region,
        )
    }
    facts = (
        variant_facts(variant_ids={line.variant_id for line in lines} | {v.pk for v in substitutes})
        if substitutes
        else {}
    )
    products: list[ProtocolProductOut] = []
    for line in lines:
        card = cards.get(line.variant.product_id)
        if card is None:
            continue
        variants = sorted(card["variants"], key=lambda variant: variant["id"] != line.variant_id)
        price = region.price_of(line.variant)
        substitute: LineSubstituteOut | None = None
        if line.substitute is not None and line.substitute.product_id in cards:
            ratio = dose_ratio(facts.get(line.variant_id), facts.get(line.substitute.pk))
            substitute = _substitute(cards[line.substitute.product_id], line.substitute, price, region, ratio)
        products.append(
            {
                "id": card["id"],
                "slug": card["slug"],
                "name": card["name"],
                "brand": card["brand"],
                "assets": card["assets"],
                "variants": variants,
                "product_variant_id": line.variant_id,
                "item_count": line.quantity,
                "servings_per_day": as_number(line.servings_per_day),
                "schedule": line.day_schedule().as_json(),
                "notes": line.notes if with_notes else "",
                "price": f"{money(price):.2f}",
                "line_total": f"{money(price * line.quantity):.2f}",
                "is_available": card["is_available"],
                "substitute": substitute,
            }
        )
    return products


def _substitute(
    card: ProductCard, variant: ProductVariant, original_price: Decimal, region: Region, ratio: Decimal | None
) -> LineSubstituteOut | None:
    shown = next((item for item in card["variants"] if item["id"] == variant.pk), None)
    if shown is None:
        return None
    price = money(region.price_of(variant))
    return {
        "product_variant_id": variant.pk,
        "product_id": card["id"],
        "slug": card["slug"],
        "name": card["name"],
        "brand": card["brand"],
        "assets": card["assets"],
        "unit_of_measure": variant.unit_of_measure,
        "stock": shown["stock"],
        "price": f"{price:.2f}",
        "price_difference": f"{price - money(original_price):.2f}",
        "dose_ratio": float(ratio) if ratio is not None else None,
    }


def taken_doses(lines: Sequence[ProtocolItem]) -> list[DoseLine]:
    """The doses a client takes (docs/decisions/0041-substitutes.md): a sold-out line with a substitute
    that can be bought counts the substitute, at the line's servings a day."""
    return [DoseLine(_taken(line), line.servings_per_day) for line in lines]


def _taken(line: ProtocolItem) -> int:
    substitute = line.substitute
    if (
        substitute is not None
        and line.variant.availability != Availability.AVAILABLE
        and substitute.availability == Availability.AVAILABLE
    ):
        return substitute.pk
    return line.variant_id


def _total(lines: Sequence[ProtocolItem], region: Region) -> Decimal:
    return money(sum((region.price_of(line.variant) * line.quantity) for line in lines) or Decimal("0"))


def protocol_data(
    protocol: Protocol,
    *,
    region: Region,
    lines: Sequence[ProtocolItem] | None = None,
    with_notes: bool = True,
) -> ProtocolOut:
    """Spec docs/spec-coverage.md#s3-protocol "Protocol": protocol_id, name, description, total_price,
    products."""
    if lines is None:
        lines = _lines_of([protocol.pk]).get(protocol.pk, [])
    return {
        "protocol_id": protocol.pk,
        "id": protocol.pk,
        "name": protocol.name,
        "description": protocol.description,
        "total_price": f"{_total(lines, region):.2f}",
        "currency": region.currency,
        "product_count": len(lines),
        "products": _products(lines, region, with_notes=with_notes),
        "created_at": protocol.created_at.isoformat(),
        "updated_at": protocol.updated_at.isoformat(),
    }


def _page(queryset: QuerySet[Protocol], *, page: int, limit: int, region: Region) -> ProtocolPageOut:
    limit = max(1, min(limit, MAX_PAGE_SIZE))
    total = queryset.count()
    total_pages = max(1, math.ceil(total / limit))
    page = max(1, page)
    offset = (page - 1) * limit
    protocols = list(queryset[offset : offset + limit])
    lines = _lines_of(p.pk for p in protocols)
    return {
        "data": [protocol_data(p, region=region, lines=lines.get(p.pk, [])) for p in protocols],
        "current_page": page,
        "limit": limit,
        "offset": offset,
        "total_pages": total_pages,
        "total_results": total,
    }


# Alphabetical sorts ignore case, as a person reading the list expects.
ORDERINGS: dict[str, tuple[str | OrderBy, ...]] = {
    "default": ("-created_at", "-id"),
    "name_asc": (Lower("name").asc(), "id"),
    "name_desc": (Lower("name").desc(), "-id"),
}


def protocol_page(*, owner: User, page: int, limit: int, sort: str, region: Region) -> ProtocolPageOut:
    queryset = Protocol.objects.filter(owner=owner).order_by(*ORDERINGS.get(sort, ORDERINGS["default"]))
    return _page(queryset, page=page, limit=limit, region=region)


def protocol_search(*, owner: User, query: str, page: int, limit: int, region: Region) -> ProtocolPageOut:
    """Protocols whose name or description holds every word of the query, newest first."""
    queryset = Protocol.objects.filter(owner=owner)
    for word in query.split()[:10]:
        queryset = queryset.filter(Q(name__icontains=word) | Q(description__icontains=word))
    return _page(queryset.order_by("-created_at", "-id"), page=page, limit=limit, region=region)


def client_search(*, practitioner: User, keyword: str, limit: int) -> list[ClientOut]:
    """The practitioner's clients whose name or e-mail holds every word of the keyword."""
    links = PractitionerClient.objects.filter(practitioner=practitioner).select_related("client")
    for word in keyword.split()[:5]:
        links = links.filter(
            Q(client__first_name__icontains=word)
            | Q(client__last_name__icontains=word)
            | Q(client__email__icontains=word)
        )
    links = links.order_by("client__first_name", "client__last_name", "client__email")
    return [
        {
            "id": link.client_id,
            "first_name": link.client.first_name,
            "last_name": link.client.last_name,
            "email": link.client.email,
            "discount_rate": f"{link.discount_rate:.2f}",
        }
        for link in links[: max(1, min(limit, CLIENT_SEARCH_LIMIT))]
    ]


def client_page(*, practitioner: User, page: int, limit: int) -> ClientPageOut:
    """The practitioner's clients, newest first, a page at a time (the practice hub's client list)."""
    limit = max(1, min(limit, CLIENT_SEARCH_LIMIT))
    links = PractitionerClient.objects.filter(practitioner=practitioner)
    total = links.count()
    total_pages = max(1, math.ceil(total / limit))
    page = max(1, page)
    rows = list(
        links.select_related("client").order_by("-created_at", "-id")[(page - 1) * limit : page * limit]
    )
    shared: dict[int, int] = {}
    for client_id in Assignment.objects.filter(
        protocol__owner=practitioner, client_id__in=[row.client_id for row in rows]
    ).values_list("client_id", flat=True):
        shared[client_id] = shared.get(client_id, 0) + 1
    return {
        "data": [
            {
                "id": row.client_id,
                "first_name": row.client.first_name,
                "last_name": row.client.last_name,
                "email": row.client.email,
                "discount_rate": f"{row.discount_rate:.2f}",
                "client_since": row.created_at.isoformat(),
                "active": row.client.is_active,
                "protocols_shared": shared.get(row.client_id, 0),
            }
            for row in rows
        ],
        "current_page": page,
        "limit": limit,
        "total_pages": total_pages,
        "total_results": total,
    }


def _practitioner(user: User) -> PractitionerOut:
    return {
        "id": user.pk,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "name": f"{user.first_name} {user.last_name}".strip() or user.email,
    }


def client_protocols(*, client: User, region: Region, language: str) -> list[SharedProtocolOut]:
    """The protocols shared with a client (not hidden), newest share first, with who shared them."""
    assignments = list(
        Assignment.objects.filter(client=client, hidden_at__isnull=True)
        .select_related("protocol", "protocol__owner")
        .order_by("-created_at", "-id")
    )
    lines = _lines_of(a.protocol_id for a in assignments)
    totals = protocols_daily_totals(
        {a.protocol_id: taken_doses(lines.get(a.protocol_id, [])) for a in assignments},
        region=region,
        language=language,
    )
    return [
        {
            **protocol_data(a.protocol, region=region, lines=lines.get(a.protocol_id, [])),
            "practitioner": _practitioner(a.protocol.owner),
            "daily_totals": totals[a.protocol_id],
            "discount": f"{a.discount:.2f}",
            "notes": a.notes,
            "shared_at": a.created_at.isoformat(),
        }
        for a in assignments
    ]


def protocol_by_link(*, link_token: str, region: Region, language: str) -> LinkedProtocolOut:
    """What anyone holding the link sees: the products, quantities, doses and dosage notes, the daily
    totals, and who made it; never the clients it was shared with, their notes or their discounts
    (docs/decisions/0008-protocols-and-sharing.md)."""
    protocol = linked_protocol(link_token=link_token)
    lines = _lines_of([protocol.pk]).get(protocol.pk, [])
    return {
        **protocol_data(protocol, region=region, lines=lines),
        "practitioner": _practitioner(protocol.owner),
        "daily_totals": lines_daily_totals(taken_doses(lines), region=region, language=language),
    }


def readable_protocol(*, user: User, protocol_id: int, link_token: str = "") -> Protocol:
    """A protocol the user may order from: their own, one shared with them, or one whose link they hold."""
    protocol = Protocol.objects.filter(pk=protocol_id).first()
    if protocol is None:
        raise ProtocolNotFound()
    if protocol.owner_id == user.pk:
        return protocol
    if Assignment.objects.filter(protocol=protocol, client=user, hidden_at__isnull=True).exists():
        return protocol
    if link_token and protocol.link_token and secrets.compare_digest(protocol.link_token, link_token[:64]):
        return protocol
    raise ProtocolNotFound()


def visible_protocol(*, user: User | AnonymousUser, protocol_id: int, link_token: str = "") -> Protocol:
    """`readable_protocol` for a caller who may not be signed in (then only by its link)."""
    if isinstance(user, User):
        return readable_protocol(user=user, protocol_id=protocol_id, link_token=link_token)
    protocol = linked_protocol(link_token=link_token) if link_token else None
    if protocol is None or protocol.pk != protocol_id:
        raise ProtocolNotFound()
    return protocol


def cart_lines_of(protocol: Protocol) -> list[tuple[int, int]]:
    """What adding a protocol to the cart adds: each line's variant and quantity, or its substitute's while
    the variant is sold out and the substitute is not (docs/decisions/0041-substitutes.md)."""
    lines = list(ProtocolItem.objects.filter(protocol=protocol).select_related("variant", "substitute"))
    return [(dose.variant_id, line.quantity) for line, dose in zip(lines, taken_doses(lines), strict=True)]


def linked_protocols(*, owner: User, region: Region, limit: int = 20) -> list[ShareableProtocolOut]:
    """The owner's protocols that have a link token, newest first, as the link view shows them (a
    practitioner's store page lists them when the practitioner chooses to)."""
    protocols = list(
        Protocol.objects.filter(owner=owner, link_token__isnull=False).order_by("-created_at", "-id")[:limit]
    )
    lines = _lines_of(p.pk for p in protocols)
    return [
        {
            **protocol_data(p, region=region, lines=lines.get(p.pk, [])),
            "link_token": p.link_token or "",  # never empty: the query asks for a token
            "link": f"/protocols/{p.link_token}",
        }
        for p in protocols
    ]
