"""What the buyer's e-mails about an order say (docs/decisions/0017-checkout-orders-and-payments.md):
confirmed (paid), shipped and refunded, in the language the order was placed in. server/orders/tasks.py sends
them once the change is committed."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.conf import settings

from server.core.pricing import money_text
from server.orders.models import Order


def order_mail_context(order: Order, *, amount: Decimal | None = None) -> dict[str, Any]:
    def money(amount: Decimal) -> str:
        return money_text(amount, order.currency)

    address = order.shipping_address
    return {
        "first_name": address.get("first_name") or order.buyer.first_name or order.buyer.email,
        "number": order.number,
        "lines": [
            {"quantity": line.quantity, "name": line.name, "total": money(line.total)}
            for line in order.lines.all()
        ],
        "subtotal": money(order.subtotal),
        "discount": money(order.discount),
        "has_discount": order.discount > 0,
        "shipping": money(order.shipping),
        "vat": money(order.vat),
        "total": money(order.total),
        "address": [
            f"{address.get('first_name', '')} {address.get('last_name', '')}".strip(),
            address.get("line1", ""),
            *([address["line2"]] if address.get("line2") else []),
            f"{address.get('postcode', '')} {address.get('city', '')}".strip(),
            address.get("country", ""),
        ],
        "carrier": order.carrier,
        "tracking_reference": order.tracking_reference,
        "link": f"{settings.PUBLIC_URL}/{order.language}/account/orders/{order.number}",
        **({"amount": money(amount)} if amount is not None else {}),
    }
