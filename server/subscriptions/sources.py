"""What a client may subscribe to (docs/decisions/0042-automatic-refills.md): a protocol shared with them,
or a paid order of theirs; its lines with quantities and doses, and the client's choice of lines."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from server.accounts.models import User
from server.catalog.models import ProductVariant, SupplementFacts
from server.core.errors import Conflict, InvalidInput
from server.nutrition.dose import DEFAULT_SERVINGS
from server.orders.models import Order, OrderState
from server.orders.selectors import order_of
from server.protocols.models import Protocol, ProtocolItem
from server.protocols.selectors import shared_protocol
from server.subscriptions.models import MAX_QUANTITY

PAID_STATES = frozenset(
    {OrderState.PAID, OrderState.FULFILLED, OrderState.DELIVERED, OrderState.PARTIALLY_REFUNDED}
)


class OrderNotPaid(Conflict):
    message = "Only a paid order can be refilled automatically."


class NothingToRefill(InvalidInput):
    message = "Choose at least one product to refill."


@dataclass(frozen=True)
class SourceLine:
    variant: ProductVariant
    quantity: int
    servings_per_day: Decimal
    protocol_item: ProtocolItem | None


@dataclass(frozen=True)
class Source:
    protocol: Protocol | None
    order: Order | None
    practitioner_id: int | None
    lines: list[SourceLine]


def _variants(ids: Sequence[int]) -> dict[int, ProductVariant]:
    return {
        variant.pk: variant
        for variant in ProductVariant.objects.filter(pk__in=list(ids)).select_related("product")
    }


def source_of(*, client: User, protocol_id: int | None, order_number: str | None) -> Source:
    """The lines of a protocol shared with the client (404 otherwise) or of their paid order (409 unpaid)."""
    if (protocol_id is None) == (not order_number):
        raise InvalidInput(
            "Send either protocol_id or order_number.", errors={"protocol_id": ["one of the two"]}
        )
    if protocol_id is not None:
        assignment = shared_protocol(client=client, protocol_id=protocol_id)
        items = list(
            ProtocolItem.objects.filter(protocol=assignment.protocol)
            .select_related("variant__product", "substitute__product")
            .order_by("-position", "-id")
        )
        return Source(
            assignment.protocol,
            None,
            assignment.protocol.owner_id,
            [SourceLine(item.variant, item.quantity, item.servings_per_day, item) for item in items],
        )
    order = order_of(buyer=client, number=order_number or "")
    if order.state not in PAID_STATES:
        raise OrderNotPaid(errors={"order_number": [order.state]})
    rows = [line for line in order.lines.order_by("position") if line.variant_id is not None]
    variants = _variants([line.variant_id for line in rows if line.variant_id])
    protocol_ids = {line.source_protocol_id for line in rows if line.source_protocol_id}
    offered = {
        (item.protocol_id, item.variant_id): item
        for item in ProtocolItem.objects.filter(protocol_id__in=protocol_ids).select_related(
            "substitute__product"
        )
    }
    label = dict(
        SupplementFacts.objects.filter(variant_id__in=list(variants)).values_list(
            "variant_id", "servings_per_day"
        )
    )
    merged: dict[int, SourceLine] = {}
    for row in rows:
        variant = variants.get(row.variant_id or 0)
        if variant is None:
            continue
        item = offered.get((row.source_protocol_id or 0, variant.pk))
        dose = item.servings_per_day if item is not None else label.get(variant.pk, DEFAULT_SERVINGS)
        earlier = merged.get(variant.pk)
        quantity = row.quantity + (earlier.quantity if earlier else 0)
        merged[variant.pk] = SourceLine(variant, min(quantity, MAX_QUANTITY), dose, item)
    protocol = Protocol.objects.filter(pk__in=protocol_ids).first() if len(protocol_ids) == 1 else None
    return Source(protocol, order, order.practitioner_id, list(merged.values()))


def lines_chosen(source: Source, chosen: list[tuple[int, int]] | None) -> list[SourceLine]:
    """The source's lines, or the client's choice of them with their quantities (1 to 99): a variant that
    is not one of the source's is refused by name (422), as is an empty choice."""
    if chosen is None:
        lines = source.lines
    else:
        by_variant = {line.variant.pk: line for line in source.lines}
        errors: dict[str, list[str]] = {}
        lines = []
        seen: set[int] = set()
        for variant_id, quantity in chosen:
            if variant_id in seen:
                errors[f"lines.{variant_id}"] = ["twice"]
                continue
            seen.add(variant_id)
            if variant_id not in by_variant:
                errors[f"lines.{variant_id}"] = ["unknown variant"]
            elif not 1 <= quantity <= MAX_QUANTITY:
                errors[f"lines.{variant_id}"] = [f"quantity 1 to {MAX_QUANTITY}"]
            else:
                line = by_variant[variant_id]
                lines.append(SourceLine(line.variant, quantity, line.servings_per_day, line.protocol_item))
        if errors:
            raise InvalidInput("Some of the chosen products cannot be refilled.", errors=errors)
    if not lines:
        raise NothingToRefill(errors={"lines": ["empty"]})
    return lines
