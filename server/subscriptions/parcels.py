"""A parcel's contents on its day and its order (docs/decisions/0042-automatic-refills.md): the lines the
cycle sends, each as its own variant, as the protocol line's substitute while that variant is sold out
(unless the client refused it), or left out; then one order of them, priced now with the auto-refill
discount. Called inside the transaction that claims the parcel."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from server.catalog.models import Availability, ProductVariant
from server.core.region import Region
from server.orders.models import Order
from server.orders.quote import Wanted
from server.orders.services import order_place_lines
from server.stock.services import OutOfStock
from server.subscriptions.cycle import Sent
from server.subscriptions.models import Parcel, Subscription, SubscriptionLine
from server.subscriptions.rules import refill_settings


@dataclass
class Contents:
    """What a parcel sends: `plan` rows for the parcel, the order's lines, and what the client and the
    practitioner are told about (products left out, products sent in place of a sold-out one)."""

    plan: list[dict[str, Any]] = field(default_factory=list)
    wanted: list[Wanted] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    substituted: list[tuple[str, str]] = field(default_factory=list)  # (sold out, sent instead)


def _buyable(variant: ProductVariant | None, unavailable: set[int]) -> bool:
    return (
        variant is not None
        and variant.availability == Availability.AVAILABLE
        and variant.pk not in unavailable
    )


def parcel_contents_of(
    lines: list[SubscriptionLine], sent: list[Sent], *, unavailable: frozenset[int] = frozenset()
) -> Contents:
    """The parcel's lines as variants that can be bought now. `unavailable`: variants found short when the
    units were held (treated as sold out)."""
    by_id = {line.pk: line for line in lines}
    short = set(unavailable)
    contents = Contents()
    for part in sent:
        line = by_id[part.key]
        variant = line.variant
        name = variant.product.name
        chosen: ProductVariant | None = variant
        substitute_for = None
        if not _buyable(variant, short):
            item = line.protocol_item
            substitute = item.substitute if item is not None else None
            if substitute is not None and not line.refuse_substitute and _buyable(substitute, short):
                chosen, substitute_for = substitute, variant.pk
                contents.substituted.append((name, substitute.product.name))
            else:
                contents.left_out.append(name)
                continue
        assert chosen is not None
        contents.plan.append(
            {
                "line_id": line.pk,
                "variant_id": chosen.pk,
                "quantity": part.quantity,
                "days": part.days,
                "runs_out_on": part.runs_out_on.isoformat() if part.runs_out_on else None,
                "substitute_for": substitute_for,
            }
        )
        contents.wanted.append(
            Wanted(
                chosen,
                part.quantity,
                "protocol" if line.protocol_item_id else "shop",
                line.protocol_item.protocol_id if line.protocol_item is not None else None,
            )
        )
    return contents


def _short_variants(error: OutOfStock) -> frozenset[int]:
    return frozenset(int(key.split(".", 1)[1]) for key in error.errors if key.startswith("lines."))


def parcel_order_place(
    *, subscription: Subscription, parcel: Parcel, lines: list[SubscriptionLine], sent: list[Sent]
) -> tuple[Order | None, Contents]:
    """Place the parcel's order of `sent` (its attempt number in the key, so a retry after the last
    attempt's order lapsed places a new one). A line short of stock is treated as sold out and the order
    placed again without it; None when nothing is left to send."""
    region = Region(subscription.region)
    rate = refill_settings(subscription.region).discount_rate
    unavailable: frozenset[int] = frozenset()
    while True:
        contents = parcel_contents_of(lines, sent, unavailable=unavailable)
        if not contents.wanted:
            return None, contents
        try:
            # order_place_lines is atomic itself: a shortage rolls back only its own writes.
            order = order_place_lines(
                buyer=subscription.client,
                region=region,
                language=subscription.language,
                key=f"refill-{parcel.pk}-{parcel.attempts}",
                wanted=contents.wanted,
                shipping_address=subscription.shipping_address,
                shipping_method_id=subscription.shipping_method_id,
                refill_rate=rate,
                subscription_id=subscription.pk,
            )
        except OutOfStock as error:
            short = _short_variants(error)
            if not short or short <= unavailable:
                raise
            unavailable |= short
            continue
        return order, contents
