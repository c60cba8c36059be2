"""Background work of the orders app (django.tasks: run at once in development and tests, by the task
worker in production, docs/operations.md). An order's e-mail is sent off the request: a payment's webhook or
a buyer's click does not wait for the mail server."""

from __future__ import annotations

import logging
from decimal import Decimal
from functools import partial

from django.db import transaction
from django.tasks import task

from server.core.mail import send_templated_email
from server.orders.mails import order_mail_context
from server.orders.models import Order

logger = logging.getLogger(__name__)


@task()
def order_mail_send(*, order_id: int, texts: str, amount: str | None = None) -> None:
    """Send `texts` (order_paid, order_shipped, order_refunded) about the order to its buyer. A mail server
    that fails is logged; the order's change it tells of is saved already."""
    order = Order.objects.select_related("buyer").filter(pk=order_id).first()
    if order is None:
        logger.warning("The %s mail of a deleted order %s was not sent", texts, order_id)
        return
    context = order_mail_context(order, amount=Decimal(amount) if amount is not None else None)
    try:
        send_templated_email(
            to=order.buyer.email, texts=texts, language=order.language, context=context, template="order"
        )
    except Exception:
        logger.exception("The %s mail of order %s could not be sent", texts, order.number)


def order_mail_schedule(*, order: Order, texts: str, amount: Decimal | None = None) -> None:
    """Send `texts` to the buyer once the change is committed (a rolled-back change sends nothing)."""
    transaction.on_commit(
        partial(
            order_mail_send.enqueue,
            order_id=order.pk,
            texts=texts,
            amount=str(amount) if amount is not None else None,
        )
    )
