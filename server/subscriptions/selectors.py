"""Reads of automatic refills (docs/api.md, "Automatic refills"): the proposal before subscribing, a
client's subscriptions with their next parcel and history, and a practitioner's view of their clients'."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta
from decimal import Decimal
from typing import Annotated, Any, Literal, TypedDict, cast

from django.db.models import QuerySet
from pydantic import Field

from server.accounts.models import User
from server.cart.selectors import discount_rate_of
from server.catalog.models import Availability, ProductVariant
from server.core.errors import NotFound
from server.core.pricing import ZERO, line_amounts, stacked_rate
from server.core.region import Region
from server.subscriptions.cycle import CycleLine, Sent, default_interval, parcel_contents, parcels_ahead
from server.subscriptions.models import Parcel, Subscription, SubscriptionLine, SubscriptionState
from server.subscriptions.parcels import parcel_contents_of
from server.subscriptions.rules import cycle_lines, interval_of, refill_settings
from server.subscriptions.sources import SourceLine

PARCELS_AHEAD = 3
HISTORY = 24  # parcels shown in a subscription's history


class SubscriptionNotFound(NotFound):
    message = "There is no such automatic refill."


# The states as the API's types name them (the models' TextChoices values).
SubscriptionStateValue = Literal["pending_mandate", "active", "paused", "past_due", "cancelled"]
PastDueReasonValue = Literal["", "charge_failed", "mandate_revoked", "not_shipped"]
ParcelStateValue = Literal["placed", "charging", "paid", "failed", "skipped", "cancelled"]


class ProposalLineOut(TypedDict):
    product_variant_id: int
    product_id: int
    name: str
    slug: str
    quantity: int
    days_of_supply: Annotated[
        int | None, Field(description="Days the quantity lasts at the dose; null without supplement facts")
    ]
    runs_out_on: Annotated[date | None, Field(description="The day the first parcel's supply runs out")]
    unit_price: str


class ParcelLineOut(TypedDict):
    product_variant_id: int
    name: str
    quantity: int
    total: str
    substitute_for: Annotated[
        int | None, Field(description="The sold-out variant this line stands in for, if a substitute")
    ]


class ParcelPlanOut(TypedDict):
    date: date
    lines: list[ParcelLineOut]
    total: Annotated[str, Field(description="The products after discounts; shipping is added at checkout")]


class OfferedLineOut(ProposalLineOut):
    included: Annotated[bool, Field(description="In the previewed choice (every line when none is sent)")]


class ProposalOut(TypedDict):
    lines: list[OfferedLineOut]
    interval_days: Annotated[int, Field(description="The previewed interval, else the default")]
    default_interval_days: Annotated[int, Field(description="The chosen lines' shortest days of supply")]
    first_parcel_on: date
    parcels: list[ParcelPlanOut]
    currency: str
    refill_discount_rate: Annotated[str, Field(description="The auto-refill discount in percent")]


class SubstituteRefOut(TypedDict):
    product_variant_id: int
    name: str


class SubscriptionLineOut(ProposalLineOut):
    sold_out: bool
    substitute: SubstituteRefOut | None
    refuse_substitute: bool


class ParcelOut(TypedDict):
    date: date
    state: ParcelStateValue
    order_number: str | None
    total: str | None


class PractitionerRefOut(TypedDict):
    id: int
    name: str


class SubscriptionOut(TypedDict):
    id: int
    state: SubscriptionStateValue
    reason: Annotated[PastDueReasonValue, Field(description="Why it is past due; empty otherwise")]
    protocol_id: int | None
    protocol_name: str
    practitioner: PractitionerRefOut | None
    interval_days: int
    default_interval_days: int
    interval_custom: Annotated[bool, Field(description="The client's own interval, not the lines' days")]
    next_parcel_on: date | None
    notice_on: date | None
    retry_on: date | None
    mandate_id: str | None
    currency: str
    shipping_address: dict[str, str]
    shipping_method_id: int
    shipping_method_name: str
    lines: list[SubscriptionLineOut]
    next_parcel: ParcelPlanOut | None
    parcels: list[ParcelOut]
    payment_url: Annotated[
        str | None, Field(description="Only in the replies of create and of .../payment: where to pay")
    ]
    created_at: str


class ClientRefOut(TypedDict):
    id: int
    first_name: str
    last_name: str


class PractitionerLineOut(TypedDict):
    product_variant_id: int
    name: str
    quantity: int
    sold_out: bool
    substitute_name: str | None


class LastParcelOut(TypedDict):
    date: date
    state: ParcelStateValue
    order_number: str | None


class PractitionerSubscriptionOut(TypedDict):
    id: int
    state: SubscriptionStateValue
    reason: PastDueReasonValue
    client: ClientRefOut
    protocol_id: int | None
    protocol_name: str
    interval_days: int
    next_parcel_on: date | None
    lines: list[PractitionerLineOut]
    waiting_substitute: Annotated[
        bool, Field(description="A line is sold out and has no substitute the practitioner chose")
    ]
    last_parcel: LastParcelOut | None


def _money(amount: Decimal) -> str:
    return f"{amount:.2f}"


def _priced(
    sent: list[Sent], variants: dict[int, Any], *, region: Region, rate: Decimal, substitutes: dict[int, int]
) -> tuple[list[ParcelLineOut], Decimal]:
    lines: list[ParcelLineOut] = []
    total = ZERO
    for part in sent:
        variant = variants[part.key]
        amounts = line_amounts(
            unit_price=region.price_of(variant), quantity=part.quantity, discount_rate=rate, vat_rate=ZERO
        )
        total += amounts.total
        lines.append(
            {
                "product_variant_id": variant.pk,
                "name": variant.product.name,
                "quantity": part.quantity,
                "total": _money(amounts.total),
                "substitute_for": substitutes.get(part.key),
            }
        )
    return lines, total


def proposal_of(
    *,
    client: User,
    region: Region,
    offered: Sequence[SourceLine],
    chosen: Sequence[SourceLine],
    interval_days: int | None = None,
) -> ProposalOut:
    """The schedule subscribing would give: the first parcel today, then one every interval. Every line
    `offered` (the source's) is listed, with its chosen quantity when `chosen`, so that a client previewing
    a choice can still put back what they left out; the parcels hold the chosen lines only."""
    settings = refill_settings(region.value)
    rate = stacked_rate(discount_rate_of(client), settings.discount_rate)
    picked = {line.variant.pk: line for line in chosen}
    lines = [picked.get(line.variant.pk, line) for line in offered]
    fake = [
        SubscriptionLine(
            pk=index, variant=line.variant, quantity=line.quantity, servings_per_day=line.servings_per_day
        )
        for index, line in enumerate(lines)
    ]
    cycle = cycle_lines(fake)
    included = [part for part, line in zip(cycle, lines, strict=True) if line.variant.pk in picked]
    default = default_interval(included)
    interval = interval_days or default
    today = region.today()
    ahead = parcels_ahead(
        included, first_on=today, interval=interval, lead=settings.lead_days, count=PARCELS_AHEAD
    )
    variants = {index: line.variant for index, line in enumerate(lines)}
    first = {part.key: part for part in ahead[0][1]}
    parcels: list[ParcelPlanOut] = []
    for on, sent in ahead:
        priced, total = _priced(sent, variants, region=region, rate=rate, substitutes={})
        parcels.append({"date": on, "lines": priced, "total": _money(total)})
    return {
        "lines": [
            {
                "product_variant_id": line.variant.pk,
                "product_id": line.variant.product_id,
                "name": line.variant.product.name,
                "slug": line.variant.product.slug,
                "quantity": line.quantity,
                "included": line.variant.pk in picked,
                "days_of_supply": cycle[index].days,
                "runs_out_on": first[index].runs_out_on if index in first else None,
                "unit_price": _money(region.price_of(line.variant)),
            }
            for index, line in enumerate(lines)
        ],
        "interval_days": interval,
        "default_interval_days": default,
        "first_parcel_on": today,
        "parcels": parcels,
        "currency": region.currency,
        "refill_discount_rate": _money(settings.discount_rate),
    }


def subscription_lines(subscription: Subscription) -> list[SubscriptionLine]:
    return list(
        subscription.lines.select_related("variant__product", "protocol_item__substitute__product").order_by(
            "position", "id"
        )
    )


def _next_parcel(
    subscription: Subscription, lines: list[SubscriptionLine], cycle: list[CycleLine]
) -> ParcelPlanOut | None:
    if subscription.state not in (SubscriptionState.ACTIVE, SubscriptionState.PAST_DUE):
        return None
    if subscription.next_parcel_on is None:
        return None
    region = Region(subscription.region)
    settings = refill_settings(subscription.region)
    sent = parcel_contents(
        cycle,
        on=subscription.next_parcel_on,
        interval=interval_of(subscription, cycle),
        lead=settings.lead_days,
    )
    contents = parcel_contents_of(lines, sent)
    by_line = {line.pk: line for line in lines}
    variants: dict[int, Any] = {}
    substitutes: dict[int, int] = {}
    kept = []
    for row in contents.plan:
        line = by_line[row["line_id"]]
        chosen = (
            line.protocol_item.substitute if row["substitute_for"] and line.protocol_item else line.variant
        )
        variants[row["line_id"]] = chosen
        if row["substitute_for"]:
            substitutes[row["line_id"]] = row["substitute_for"]
        kept.append(next(part for part in sent if part.key == row["line_id"]))
    rate = stacked_rate(discount_rate_of(subscription.client), settings.discount_rate)
    priced, total = _priced(kept, variants, region=region, rate=rate, substitutes=substitutes)
    return {"date": subscription.next_parcel_on, "lines": priced, "total": _money(total)}


def _parcels(subscription: Subscription) -> list[ParcelOut]:
    rows = (
        Parcel.objects.filter(subscription=subscription)
        .select_related("order")
        .order_by("-date", "-id")[:HISTORY]
    )
    return [
        {
            "date": parcel.date,
            "state": cast(ParcelStateValue, parcel.state),
            "order_number": parcel.order.number if parcel.order else None,
            "total": _money(parcel.order.total) if parcel.order else None,
        }
        for parcel in rows
    ]


def subscription_data(subscription: Subscription, *, payment_url: str | None = None) -> SubscriptionOut:
    lines = subscription_lines(subscription)
    cycle = cycle_lines(lines)
    region = Region(subscription.region)
    settings = refill_settings(subscription.region)
    practitioner = subscription.practitioner
    next_on = subscription.next_parcel_on
    retry = (
        Parcel.objects.filter(subscription=subscription, retry_on__isnull=False)
        .exclude(state__in=("paid", "cancelled", "skipped"))
        .values_list("retry_on", flat=True)
        .first()
    )
    line_out: list[SubscriptionLineOut] = []
    for line, timed in zip(lines, cycle, strict=True):
        substitute = line.protocol_item.substitute if line.protocol_item is not None else None
        line_out.append(
            {
                "product_variant_id": line.variant_id,
                "product_id": line.variant.product_id,
                "name": line.variant.product.name,
                "slug": line.variant.product.slug,
                "quantity": line.quantity,
                "days_of_supply": timed.days,
                "runs_out_on": line.runs_out_on,
                "unit_price": _money(region.price_of(line.variant)),
                "sold_out": line.variant.availability != Availability.AVAILABLE,
                "substitute": {"product_variant_id": substitute.pk, "name": substitute.product.name}
                if substitute is not None
                else None,
                "refuse_substitute": line.refuse_substitute,
            }
        )
    return {
        "id": subscription.pk,
        "state": cast(SubscriptionStateValue, subscription.state),
        "reason": cast(PastDueReasonValue, subscription.reason),
        "protocol_id": subscription.protocol_id,
        "protocol_name": subscription.protocol.name if subscription.protocol else "",
        "practitioner": {
            "id": practitioner.pk,
            "name": f"{practitioner.first_name} {practitioner.last_name}".strip(),
        }
        if practitioner is not None
        else None,
        "interval_days": interval_of(subscription, cycle),
        "default_interval_days": default_interval(cycle),
        "interval_custom": subscription.interval_days is not None,
        "next_parcel_on": next_on,
        "notice_on": next_on - timedelta(days=settings.notice_days) if next_on else None,
        "retry_on": retry,
        "mandate_id": subscription.mandate_id or None,
        "currency": subscription.currency,
        "shipping_address": subscription.shipping_address,
        "shipping_method_id": subscription.shipping_method_id,
        "shipping_method_name": subscription.shipping_method.name,
        "lines": line_out,
        "next_parcel": _next_parcel(subscription, lines, cycle),
        "parcels": _parcels(subscription),
        "payment_url": payment_url,
        "created_at": subscription.created_at.isoformat(),
    }


def _with_relations() -> QuerySet[Subscription]:
    return Subscription.objects.select_related("protocol", "practitioner", "shipping_method", "client")


def subscription_of(*, client: User, subscription_id: int) -> Subscription:
    """The client's own subscription; anyone else's is a 404, as a missing one."""
    subscription: Subscription | None = _with_relations().filter(pk=subscription_id, client=client).first()
    if subscription is None:
        raise SubscriptionNotFound()
    return subscription


def client_subscriptions(*, client: User) -> list[SubscriptionOut]:
    """The client's subscriptions, live ones first, newest first."""
    rows = list(_with_relations().filter(client=client).order_by("-created_at", "-id"))
    rows.sort(key=lambda row: row.state == SubscriptionState.CANCELLED)
    return [subscription_data(row) for row in rows]


def practitioner_subscriptions(*, practitioner: User) -> list[PractitionerSubscriptionOut]:
    """The practitioner's clients' subscriptions that are not cancelled: no address, no payment detail."""
    rows = list(
        _with_relations()
        .filter(practitioner=practitioner)
        .exclude(state=SubscriptionState.CANCELLED)
        .prefetch_related("lines__variant__product", "lines__protocol_item__substitute__product")
        .order_by("next_parcel_on", "id")
    )
    # The lines' days of supply, one query for every subscription's supplement facts.
    all_lines = [line for row in rows for line in row.lines.all()]
    timed: dict[int, list[CycleLine]] = {row.pk: [] for row in rows}
    for line, cycle in zip(all_lines, cycle_lines(all_lines), strict=True):
        timed[line.subscription_id].append(cycle)
    last: dict[int, Parcel] = {}
    for parcel in (
        Parcel.objects.filter(subscription__in=rows)
        .select_related("order")
        .order_by("subscription_id", "date", "id")
    ):
        last[parcel.subscription_id] = parcel
    result: list[PractitionerSubscriptionOut] = []
    for row in rows:
        lines: list[PractitionerLineOut] = []
        waiting = False
        for line in row.lines.all():
            sold_out = line.variant.availability != Availability.AVAILABLE
            substitute = line.protocol_item.substitute if line.protocol_item is not None else None
            waiting = waiting or (sold_out and substitute is None)
            lines.append(
                {
                    "product_variant_id": line.variant_id,
                    "name": line.variant.product.name,
                    "quantity": line.quantity,
                    "sold_out": sold_out,
                    "substitute_name": substitute.product.name if substitute is not None else None,
                }
            )
        latest = last.get(row.pk)
        result.append(
            {
                "id": row.pk,
                "state": cast(SubscriptionStateValue, row.state),
                "reason": cast(PastDueReasonValue, row.reason),
                "client": {
                    "id": row.client.pk,
                    "first_name": row.client.first_name,
                    "last_name": row.client.last_name,
                },
                "protocol_id": row.protocol_id,
                "protocol_name": row.protocol.name if row.protocol else "",
                "interval_days": row.interval_days or default_interval(timed[row.pk]),
                "next_parcel_on": row.next_parcel_on,
                "lines": lines,
                "waiting_substitute": waiting,
                "last_parcel": {
                    "date": latest.date,
                    "state": cast(ParcelStateValue, latest.state),
                    "order_number": latest.order.number if latest.order else None,
                }
                if latest is not None
                else None,
            }
        )
    return result


def variant_prices(subscription: Subscription, variant_ids: list[int]) -> dict[int, Decimal]:
    """Today's unit prices of these variants in the subscription's store."""
    region = Region(subscription.region)
    return {
        variant.pk: region.price_of(variant)
        for variant in ProductVariant.objects.filter(pk__in=variant_ids).only("price_eur", "price_gbp")
    }
