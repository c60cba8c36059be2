"""Stock writes (docs/decisions/0040-stock-a-ledger-below-orders.md). Each write is one movement and the
level's sums changed by it, in one transaction; what buyers see (sold out, only N left, back in stock)
follows from the level after it.

Holding units for an order is one conditional UPDATE per variant (`... WHERE on_hand - reserved >= n`), so
two checkouts racing for the last units never both get them, on PostgreSQL (the row lock of the UPDATE)
and on SQLite (one writer at a time); the `stock_never_oversold` constraint refuses it a second time."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from server.accounts.models import User
from server.catalog.cards import StockOut
from server.catalog.models import Availability, Product, ProductVariant, StockState
from server.catalog.services import catalog_changed, product_refresh_summary
from server.core.errors import Conflict, ErrorCode, InvalidInput
from server.events.services import event_broadcast
from server.events.topics import Topic
from server.stock.alerts import stock_alerts_notify
from server.stock.models import MovementKind, Reservation, ReservationState, StockLevel, StockMovement
from server.stock.selectors import stock_levels, stock_of

MAX_QUANTITY = 1_000_000


@dataclass(frozen=True)
class Want:
    """Units of one variant an order wants held (`name` names the product in a refusal)."""

    variant_id: int
    quantity: int
    name: str


@dataclass(frozen=True)
class Shortage:
    product_variant_id: int
    name: str
    available: int


class OutOfStock(Conflict):
    code = ErrorCode.OUT_OF_STOCK
    message = "Some products are no longer in stock in the quantity you asked for."

    def __init__(self, shortages: Sequence[Shortage]) -> None:
        names = ", ".join(
            f"{s.name} (sold out)" if s.available <= 0 else f"{s.name} (only {s.available} left)"
            for s in shortages
        )
        super().__init__(
            f"Not enough in stock: {names}. Lower the quantity or remove them to go on.",
            errors={f"lines.{s.product_variant_id}": ["out of stock"] for s in shortages},
        )
        self.extra = {
            "lines": [
                {"product_variant_id": s.product_variant_id, "name": s.name, "available": max(s.available, 0)}
                for s in shortages
            ]
        }


class StockInUse(InvalidInput):
    message = "Units held by unpaid orders cannot be counted away."


# Each counted variant before a change: what buyers saw, and the units that were for sale.
Before = dict[int, tuple[StockOut, int]]


def _seen(variant_ids: Iterable[int]) -> Before:
    return {
        variant_id: (stock_of(level), level.available)
        for variant_id, level in stock_levels(variant_ids).items()
    }


def _follow(before: Before, variant_ids: Iterable[int]) -> None:
    """After a change: the variant shows its stock (the catalogue's replies read it there) and is unavailable
    when sold out (the catalogue's filter, the cart and checkout read that); the catalogue version moves
    only when what buyers see changed, so cached pages show it and an invisible sale invalidates nothing."""
    changed: list[StockLevel] = []
    freed: list[tuple[int, int | None]] = []  # units for sale again: those waiting for them are told
    products: set[int] = set()
    for variant_id, level in stock_levels(variant_ids).items():
        seen = stock_of(level)
        variant = level.variant
        was_seen, was_available = before.get(variant_id, (None, 0))
        if level.back_order and variant.stock_state == StockState.SOLD_OUT:
            freed.append((variant_id, None))
        elif level.available > max(was_available, 0):
            freed.append((variant_id, level.available - max(was_available, 0)))
        sellable = Availability.UNAVAILABLE if seen["state"] == "sold_out" else Availability.AVAILABLE
        shown = (variant.stock_state, variant.stock_available, variant.stock_note)
        if seen == was_seen and shown == (seen["state"], seen["available"], seen["note"]):
            continue
        changed.append(level)
        ProductVariant.objects.filter(pk=variant_id).update(
            stock_state=seen["state"],
            stock_available=seen["available"],
            stock_note=seen["note"],
            availability=sellable,
        )
        if variant.availability != sellable:
            products.add(variant.product_id)
    for product in Product.objects.filter(pk__in=products):
        product_refresh_summary(product=product)  # moves the catalogue version
    if changed and not products:
        catalog_changed()
    if freed:
        stock_alerts_notify(freed=freed)
    if changed:
        event_broadcast(
            topic=Topic.STOCK_UPDATED,
            data={
                "product_ids": sorted({level.variant.product_id for level in changed}),
                "product_variant_ids": sorted(level.variant_id for level in changed),
            },
        )


def _shift(variant_id: int, *, on_hand: int = 0, reserved: int = 0) -> None:
    StockLevel.objects.filter(pk=variant_id).update(
        on_hand=F("on_hand") + on_hand, reserved=F("reserved") + reserved
    )


def _move(
    *,
    variant_id: int,
    kind: MovementKind,
    on_hand: int = 0,
    reserved: int = 0,
    order_id: int | None = None,
    by: User | None = None,
    reason: str = "",
) -> None:
    _shift(variant_id, on_hand=on_hand, reserved=reserved)
    StockMovement.objects.create(
        variant_id=variant_id,
        kind=kind,
        on_hand_delta=on_hand,
        reserved_delta=reserved,
        order_id=order_id,
        by=by,
        reason=reason[:255],
    )


@transaction.atomic
def stock_reserve(*, order_id: int, wants: Sequence[Want]) -> frozenset[int]:
    """Hold the units an order wants, all or none: a variant short of them refuses the whole order with
    every short line named (OutOfStock, 409). Variants whose stock is not counted are not held; lines the
    order holds already are kept as they are. Answers the variants the order holds."""
    quantities: dict[int, int] = defaultdict(int)
    names: dict[int, str] = {}
    for want in wants:
        quantities[want.variant_id] += want.quantity
        names[want.variant_id] = want.name
    held = set(
        Reservation.objects.filter(order_id=order_id, state=ReservationState.HELD).values_list(
            "variant_id", flat=True
        )
    )
    if held.issuperset(quantities):
        return frozenset(held)  # a payment started again: nothing was let go
    counted = stock_levels(quantities)
    before = {variant_id: (stock_of(level), level.available) for variant_id, level in counted.items()}
    shortages: list[Shortage] = []
    movements: list[StockMovement] = []
    reservations: list[Reservation] = []
    # In variant order, so two orders wanting the same variants take their row locks in one order.
    for variant_id in sorted(counted):
        if variant_id in held:
            continue
        wanted = quantities[variant_id]
        took = StockLevel.objects.filter(
            Q(back_order=True) | Q(on_hand__gte=F("reserved") + wanted), pk=variant_id
        ).update(reserved=F("reserved") + wanted)
        if not took:
            level = StockLevel.objects.get(pk=variant_id)
            shortages.append(Shortage(variant_id, names[variant_id], level.available))
            continue
        movements.append(
            StockMovement(
                variant_id=variant_id, kind=MovementKind.RESERVED, reserved_delta=wanted, order_id=order_id
            )
        )
        reservations.append(Reservation(order_id=order_id, variant_id=variant_id, quantity=wanted))
    if shortages:
        raise OutOfStock(shortages)
    # One insert each for the order's lines: checkout is the hottest write (bench/checkout).
    StockMovement.objects.bulk_create(movements)
    Reservation.objects.bulk_create(reservations)
    _follow(before, counted)
    return frozenset(held | {reservation.variant_id for reservation in reservations})


def _settle(*, order_id: int, to: ReservationState) -> list[int]:
    held = list(
        Reservation.objects.select_for_update()
        .filter(order_id=order_id, state=ReservationState.HELD)
        .order_by("variant_id")
    )
    if not held:
        return []
    before = _seen(r.variant_id for r in held)
    sold = to == ReservationState.SOLD
    movements: list[StockMovement] = []
    for reservation in held:
        on_hand = -reservation.quantity if sold else 0
        _shift(reservation.variant_id, on_hand=on_hand, reserved=-reservation.quantity)
        movements.append(
            StockMovement(
                variant_id=reservation.variant_id,
                kind=MovementKind.SOLD if sold else MovementKind.RELEASED,
                on_hand_delta=on_hand,
                reserved_delta=-reservation.quantity,
                order_id=order_id,
            )
        )
    # One insert and one update for the order's lines: paying is on checkout's hot path (bench/checkout).
    StockMovement.objects.bulk_create(movements)
    Reservation.objects.filter(pk__in=[r.pk for r in held]).update(state=to, updated_at=timezone.now())
    variant_ids = [r.variant_id for r in held]
    _follow(before, variant_ids)
    return variant_ids


@transaction.atomic
def stock_sell(*, order_id: int) -> list[int]:
    """An order was paid: what it holds leaves the shelf. Answers the variants sold from stock."""
    return _settle(order_id=order_id, to=ReservationState.SOLD)


@transaction.atomic
def stock_release(*, order_id: int) -> list[int]:
    """An unpaid order was cancelled, expired or its payment failed: what it holds is for sale again.
    Answers the variants released (none when it held nothing, so a second release changes nothing)."""
    return _settle(order_id=order_id, to=ReservationState.RELEASED)


def _quantity(value: int, *, field: str, allow_zero: bool = False) -> int:
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < (0 if allow_zero else 1)
        or value > MAX_QUANTITY
    ):
        raise InvalidInput(
            f"The quantity must be a whole number from {0 if allow_zero else 1} to {MAX_QUANTITY}.",
            errors={field: ["invalid"]},
        )
    return value


def _level_for_update(variant_id: int) -> StockLevel:
    level = StockLevel.objects.select_for_update().filter(pk=variant_id).first()
    if level is None:
        if not ProductVariant.objects.filter(pk=variant_id).exists():
            raise InvalidInput(
                "There is no such product variant.", errors={"product_variant_id": ["unknown"]}
            )
        StockLevel.objects.get_or_create(variant_id=variant_id)
        level = StockLevel.objects.select_for_update().get(pk=variant_id)
    return level


@transaction.atomic
def stock_receive(*, variant_id: int, quantity: int, by: User | None = None, reason: str = "") -> StockLevel:
    """Units arrived. A variant whose stock was not counted is counted from now on."""
    quantity = _quantity(quantity, field="quantity")
    _level_for_update(variant_id)
    before = _seen([variant_id])
    _move(variant_id=variant_id, kind=MovementKind.RECEIVED, on_hand=quantity, by=by, reason=reason)
    _follow(before, [variant_id])
    return StockLevel.objects.get(pk=variant_id)


@transaction.atomic
def stock_count(
    *, variant_id: int, on_hand: int, by: User | None, reason: str, back_order: bool | None = None
) -> StockLevel:
    """Set what is on the shelf after a count (an adjustment naming who and why); optionally switch
    back-order. Units held by unpaid orders cannot be counted away (422)."""
    on_hand = _quantity(on_hand, field="on_hand", allow_zero=True)
    reason = reason.strip()
    if not reason:
        raise InvalidInput("Say why the stock changes.", errors={"reason": ["required"]})
    level = _level_for_update(variant_id)
    before = _seen([variant_id])
    keeps_back_order = level.back_order if back_order is None else back_order
    if not keeps_back_order and on_hand < level.reserved:
        raise StockInUse(
            f"{level.reserved} units are held by unpaid orders; count at least that many.",
            errors={"on_hand": ["below reserved"]},
        )
    if back_order is not None and back_order != level.back_order:
        StockLevel.objects.filter(pk=variant_id).update(back_order=back_order)
    delta = on_hand - level.on_hand
    if delta:
        _move(variant_id=variant_id, kind=MovementKind.ADJUSTED, on_hand=delta, by=by, reason=reason)
    _follow(before, [variant_id])
    return StockLevel.objects.get(pk=variant_id)


@transaction.atomic
def stock_return(*, order_id: int, returns: Sequence[tuple[int, int]], by: User | None) -> list[int]:
    """Units of a refunded order came back to the shelf, (variant id, quantity) each. Variants whose stock
    is not counted have no shelf to go back to and are left as they are. Answers the variants restocked."""
    quantities = [(variant_id, _quantity(quantity, field="quantity")) for variant_id, quantity in returns]
    counted = set(
        StockLevel.objects.select_for_update()
        .filter(variant_id__in={variant_id for variant_id, _ in quantities})
        .order_by("variant_id")
        .values_list("variant_id", flat=True)
    )
    variant_ids = [variant_id for variant_id, _ in quantities if variant_id in counted]
    before = _seen(variant_ids)
    for variant_id, quantity in quantities:
        if variant_id not in counted:
            continue
        _move(
            variant_id=variant_id,
            kind=MovementKind.RETURNED,
            on_hand=quantity,
            order_id=order_id,
            by=by,
            reason="returned with a refund",
        )
    _follow(before, variant_ids)
    return variant_ids
