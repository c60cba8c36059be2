"""Who earns a paid order line, and at what rate (docs/decisions/0020-practitioner-earnings.md).

A line is attributed to the practitioner whose protocol (shared or by link) or store page it came from,
else to the practitioner the buyer is a client of, else to nobody. Only a validated (certified)
practitioner earns; the rate is theirs (staff set it, 20 % by default) less the client's discount."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from server.accounts.models import User, UserType
from server.cart.models import LineSource
from server.earnings.models import DEFAULT_COMMISSION_RATE, CommissionRate
from server.orders.models import Order, OrderLine
from server.protocols.models import Protocol
from server.stores.models import Store


@dataclass(frozen=True)
class Attribution:
    practitioner_id: int
    protocol_id: int | None


def commission_rate_of(practitioner_id: int) -> Decimal:
    row = (
        CommissionRate.objects.filter(practitioner_id=practitioner_id).values_list("rate", flat=True).first()
    )
    return DEFAULT_COMMISSION_RATE if row is None else row


def attributions(order: Order, lines: list[OrderLine]) -> dict[int, Attribution | None]:
    """Each line's practitioner (by line id): its protocol's owner, its store's owner, or the buyer's."""
    protocol_owners = dict(
        Protocol.objects.filter(
            pk__in={line.source_protocol_id for line in lines if line.source_protocol_id}
        ).values_list("pk", "owner_id")
    )
    store_owners = dict(
        Store.objects.filter(
            pk__in={line.source_store_id for line in lines if line.source_store_id}
        ).values_list("pk", "owner_id")
    )
    found: dict[int, Attribution | None] = {}
    for line in lines:
        if (
            line.source in (LineSource.PROTOCOL, LineSource.LINK)
            and line.source_protocol_id in protocol_owners
        ):
            found[line.pk] = Attribution(protocol_owners[line.source_protocol_id], line.source_protocol_id)
        elif line.source == "store" and line.source_store_id in store_owners:
            found[line.pk] = Attribution(store_owners[line.source_store_id], None)
        elif order.practitioner_id is not None:
            found[line.pk] = Attribution(order.practitioner_id, None)
        else:
            found[line.pk] = None
    return found


def earning_practitioners(ids: set[int]) -> set[int]:
    """Of these users, the ones who earn: validated practitioners (an unvalidated one earns once validated,
    on orders paid from then on)."""
    return set(
        User.objects.filter(pk__in=ids, user_type_id=UserType.CERTIFIED_PRACTITIONER).values_list(
            "pk", flat=True
        )
    )
