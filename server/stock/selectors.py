"""Stock reads (docs/decisions/0040-stock-a-ledger-below-orders.md): what buyers may see of a counted variant,
a state and the exact count only when few are left, in the catalogue's shape (`StockOut`)."""

from __future__ import annotations

from collections.abc import Iterable

from server.catalog.cards import StockOut, stock_out
from server.stock.models import Reservation, ReservationState, StockLevel


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


def stock_held(*, order_id: int) -> frozenset[int]:
    """The variants whose units the order holds."""
    return frozenset(
        Reservation.objects.filter(order_id=order_id, state=ReservationState.HELD).values_list(
            "variant_id", flat=True
        )
    )
