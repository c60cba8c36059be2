"""The buyer's e-mails about an order (issue 16): confirmed (paid), shipped and refunded, in the language
the order was placed in, sent once the change is committed."""

from __future__ import annotations

import logging
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction

from server.core.mail import send_templated_email
from server.core.pricing import money_text
from server.orders.models import Order

logger = logging.getLogger(__name__)


def _context(order: Order) -> dict[str, Any]:
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
    }


def order_mail_schedule(*, order: Order, texts: str, amount: Decimal | None = None) -> None:
    """Send `texts` (order_paid, order_shipped, order_refunded) to the buyer after the commit. The order's
    change is already saved then: a mail server that fails is logged, and never fails the payment's call."""
    context = _context(order)
    if amount is not None:
        context["amount"] = money_text(amount, order.currency)

    def send() -> None:
        try:
            send_templated_email(
                to=order.buyer.email, texts=texts, language=order.language, context=context, template="order"
            )
        except Exception:
            logger.exception("The %s mail of order %s could not be sent", texts, order.number)

    transaction.on_commit(send)
