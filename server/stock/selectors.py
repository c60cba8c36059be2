"""Stock reads (docs/decisions/0040-stock-a-ledger-below-orders.md): what buyers may see of a counted variant,
a state and the exact count only when few are left, in the catalogue's shape (`StockOut`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Annotated, Literal, TypedDict

from django.db.models import Q
from django.utils import timezone
from pydantic import Field

from server.accounts.models import User
from server.catalog.cards import STOCK_STATES, StockOut, stock_out
from server.core.choices import one_of
from server.stock.models import (
    AlertState,
    MovementKind,
    StockAlert,
    StockLevel,
    StockMovement,
)


def stock_of(level: StockLevel) -> StockOut:
    available = level.on_hand - level.reserved
    if available <= 0:
        if level.back_order:
            return stock_out(state="back_order", available=None, note=level.back_order_note)
        return stock_out(state="sold_out", available=None, note="")
    if available <= level.low_threshold:
        return stock_out(state="low", available=available, note="")
    return stock_out(state="in_stock", available=None, note="")


def stock_levels(variant_ids: Iterable[int]) -> dict[int, StockLevel]:
    """The counted variants' levels, each with its variant."""
    levels = StockLevel.objects.filter(variant_id__in=set(variant_ids)).select_related("variant")
    return {level.variant_id: level for level in levels}


def stock_returned(*, order_id: int) -> dict[int, int]:
    """Units of each variant of the order put back on the shelf so far."""
    returned: dict[int, int] = {}
    for variant_id, units in StockMovement.objects.filter(
        order_id=order_id, kind=MovementKind.RETURNED
    ).values_list("variant_id", "on_hand_delta"):
        returned[variant_id] = returned.get(variant_id, 0) + units
    return returned


class AlertProduct(TypedDict):
    id: int
    slug: str
    name: str


class StockAlertOut(TypedDict):
    """A back-in-stock alert: `waiting` until the variant is back, then `notified` (the in-app notice),
    until the user dismisses it."""

    id: int
    product_variant_id: int
    sku: str
    unit_of_measure: Annotated[str, Field(description="The variant's size (60 capsules)")]
    product: AlertProduct
    state: Literal["waiting", "notified"]
    stock: StockOut
    created_at: datetime
    expires_at: datetime
    notified_at: datetime | None


def stock_alert_out(alert: StockAlert) -> StockAlertOut:
    """One alert as the calls answer it (its variant and product loaded with it)."""
    return {
        "id": alert.pk,
        "product_variant_id": alert.variant_id,
        "sku": alert.variant.sku,
        "unit_of_measure": alert.variant.unit_of_measure,
        "product": {
            "id": alert.variant.product_id,
            "slug": alert.variant.product.slug,
            "name": alert.variant.product.name,
        },
        "state": one_of(alert.state, ("waiting", "notified")),
        "stock": stock_out(
            state=one_of(alert.variant.stock_state, STOCK_STATES),
            available=alert.variant.stock_available,
            note=alert.variant.stock_note,
        ),
        "created_at": alert.created_at,
        "expires_at": alert.expires_at,
        "notified_at": alert.notified_at,
    }


def stock_alerts_of(*, user: User) -> list[StockAlertOut]:
    """The user's waiting and answered alerts, oldest first; lapsed ones are left out."""
    alerts = (
        StockAlert.objects.filter(user=user)
        .filter(Q(state=AlertState.NOTIFIED) | Q(state=AlertState.WAITING, expires_at__gt=timezone.now()))
        .select_related("variant__product")
    )
    return [stock_alert_out(alert) for alert in alerts]
