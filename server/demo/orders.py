"""Past orders of the demo client (docs/decisions/0017-checkout-orders-and-payments.md), so the order screens
and the practitioner's view are not empty: one delivered, one shipped, one paid and one cancelled. Priced by
the money rules like a real checkout, and written straight to the tables (no e-mails, no events, no payment
provider). The practitioner's commission on them is recorded by the earnings service, as a payment would."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.utils import timezone

from server.accounts.models import PractitionerClient, User
from server.catalog.models import Availability, ProductVariant
from server.core.pricing import LineAmounts, line_amounts, order_totals, shipping_cost
from server.earnings.models import LedgerEntry
from server.earnings.services import earnings_record_paid
from server.orders.models import Order, OrderEvent, OrderLine, OrderState, ShippingMethod, VatRate

ADDRESS = {
    "first_name": "Chloe",
    "last_name": "Bennett",
    "line1": "Keizersgracht 123",
    "line2": "",
    "city": "Amsterdam",
    "postcode": "1015 CJ",
    "country": "NL",
}
# (days ago, the states it went through, carrier and tracking, which demo products by position)
DEMO_ORDERS = [
    (40, [OrderState.PAID, OrderState.FULFILLED, OrderState.DELIVERED], ("PostNL", "3SDEMO0001"), (0, 1)),
    (9, [OrderState.PAID, OrderState.FULFILLED], ("DHL", "JVGL0000DEMO0002"), (2,)),
    (2, [OrderState.PAID], ("", ""), (3, 4, 5)),
    (20, [OrderState.CANCELLED], ("", ""), (6,)),
]


def _lines_write(
    order: Order,
    lines: list[tuple[ProductVariant, LineAmounts]],
    *,
    source: str = "shop",
    protocol_id: int | None = None,
) -> None:
    """A demo order's lines, priced by the money rules, as checkout would write them."""
    for position, (variant, amount) in enumerate(lines):
        OrderLine.objects.create(
            order=order,
            variant=variant,
            product_id=variant.product_id,
            sku=variant.sku,
            name=variant.product.name,
            quantity=amount.quantity,
            unit_price=amount.unit_price,
            discount=amount.discount,
            vat_rate=amount.vat_rate,
            vat=amount.vat,
            total=amount.total,
            source=source,
            source_protocol_id=protocol_id,
            position=position,
        )


def _history_write(order: Order, states: Sequence[str], *, placed_at: datetime, days_between: int) -> None:
    """A demo order's history from awaiting payment through `states`, dated from `placed_at`."""
    for step, state in enumerate([OrderState.AWAITING_PAYMENT, *states]):
        event = OrderEvent.objects.create(order=order, state=state)
        OrderEvent.objects.filter(pk=event.pk).update(
            at=placed_at + timedelta(days=step * days_between, minutes=step)
        )


def demo_order_write(
    *,
    buyer: User,
    practitioner_id: int | None,
    method: ShippingMethod,
    vat: VatRate,
    lines: list[tuple[ProductVariant, LineAmounts]],
    discount_rate: Decimal,
    states: Sequence[str],
    tracking: tuple[str, str],
    key: str,
    placed_at: datetime,
    days_between: int,
    source: str = "shop",
    protocol_id: int | None = None,
    **columns: Any,
) -> Order:
    """A demo order of `lines` (priced by the money rules) shipped to ADDRESS by `method`, with its lines and
    its history through `states` from `placed_at`; `columns` are any other of the order's own."""
    amounts = [amount for _, amount in lines]
    goods = sum((amount.total for amount in amounts), Decimal(0))
    shipping = shipping_cost(price=method.price, free_over=method.free_over, goods_total=goods)
    totals = order_totals(lines=amounts, shipping=shipping, shipping_vat_rate=vat.rate)
    carrier, tracking_reference = tracking
    order = Order.objects.create(
        buyer=buyer,
        practitioner_id=practitioner_id,
        region="eu",
        currency="EUR",
        language="en",
        shipping_address=ADDRESS,
        billing_address=ADDRESS,
        shipping_method=method,
        shipping_method_name=method.name,
        discount_rate=discount_rate,
        subtotal=totals.subtotal,
        discount=totals.discount,
        shipping=totals.shipping,
        shipping_vat_rate=vat.rate,
        vat=totals.vat,
        total=totals.total,
        state=states[-1],
        carrier=carrier,
        tracking_reference=tracking_reference,
        idempotency_key=key,
        request_fingerprint="demo",
        cart_fingerprint=key,
        **columns,
    )
    order.number = f"PS-{placed_at.year}-{order.pk:06d}"
    order.save(update_fields=["number"])
    Order.objects.filter(pk=order.pk).update(created_at=placed_at)
    _lines_write(order, lines, source=source, protocol_id=protocol_id)
    _history_write(order, states, placed_at=placed_at, days_between=days_between)
    return order


@transaction.atomic
def ensure_demo_orders() -> int:
    """Create the demo client's orders once; answers how many were made."""
    buyer = User.objects.filter(email="client@demo.shop").first()
    method = ShippingMethod.objects.filter(region="eu", code="standard").first()
    vat = VatRate.objects.filter(country="NL").first()
    if buyer is None or method is None or vat is None or Order.objects.filter(buyer=buyer).exists():
        return 0
    link = PractitionerClient.objects.filter(client=buyer).order_by("-created_at").first()
    variants = list(
        ProductVariant.objects.filter(availability=Availability.AVAILABLE, product__practitioner_only=False)
        .select_related("product")
        .order_by("product_id", "position", "id")[:7]
    )
    if not variants:
        return 0
    rate = link.discount_rate if link else Decimal(0)
    made = 0
    for days_ago, states, tracking, picks in DEMO_ORDERS:
        chosen = list({variants[i % len(variants)].pk: variants[i % len(variants)] for i in picks}.values())
        demo_order_write(
            buyer=buyer,
            practitioner_id=link.practitioner_id if link else None,
            method=method,
            vat=vat,
            lines=[
                (
                    v,
                    line_amounts(
                        unit_price=v.price_eur, quantity=1 + i % 2, discount_rate=rate, vat_rate=vat.rate
                    ),
                )
                for i, v in enumerate(chosen)
            ],
            discount_rate=rate,
            states=states,
            tracking=tracking,
            key=f"demo-{days_ago}",
            placed_at=timezone.now() - timedelta(days=days_ago),
            days_between=2,
        )
        made += 1
    return made


@transaction.atomic
def ensure_demo_earnings() -> int:
    """The certified practitioner's commission on the demo client's paid orders
    (docs/decisions/0020-practitioner-earnings.md), dated when each order was paid, so the earnings page has a
    history; answers how many entries were made. Runs on databases seeded before earnings existed too: a line
    earns once."""
    made = 0
    for order in Order.objects.filter(buyer__email="client@demo.shop").exclude(state=OrderState.CANCELLED):
        entries = earnings_record_paid(order=order)
        paid_at = (
            OrderEvent.objects.filter(order=order, state=OrderState.PAID).values_list("at", flat=True).first()
        )
        if entries and paid_at:
            LedgerEntry.objects.filter(pk__in=[entry.pk for entry in entries]).update(at=paid_at)
        made += len(entries)
    return made
