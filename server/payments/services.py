"""Payment writes (docs/decisions/0017-checkout-orders-and-payments.md). Status changes come only from the
provider: a webhook (or the test page) names a payment id, and the provider is asked for that payment's status
before anything changes, so a forged body changes nothing. Handling is idempotent: a status already recorded
is logged and ignored, and the order's own transitions refuse a second change."""

from __future__ import annotations

import logging
from decimal import Decimal

from django.db import transaction

from server.accounts.models import User
from server.core.errors import Conflict
from server.earnings.services import earnings_record_paid, earnings_reverse
from server.orders.models import Order, OrderState
from server.orders.services import (
    RefundTooLarge,
    order_check_purchasable,
    order_mark_paid,
    order_refund_record,
    refundable,
)
from server.payments.models import FINAL_STATUSES, Payment, PaymentLog, PaymentStatus, Refund
from server.payments.providers import PaymentProvider
from server.payments.registry import current_provider, provider_named
from server.refills.services import refills_plan

logger = logging.getLogger(__name__)


class NothingToRefund(Conflict):
    message = "This order has no paid payment to refund."


@transaction.atomic
def payment_start(
    *, order: Order, redirect_url: str, webhook_url: str, provider: PaymentProvider | None = None
) -> Payment:
    """A payment of the order's total at the provider; the buyer is sent to its `checkout_url`. An order
    that already has an open payment gets that one again (a retried checkout is not charged twice)."""
    open_payment = order.payments.filter(status=PaymentStatus.OPEN).first()
    if open_payment is not None:
        return open_payment
    order_check_purchasable(order)
    chosen = provider or current_provider()
    created = chosen.create(
        amount=order.total,
        currency=order.currency,
        description=f"Order {order.number}",
        redirect_url=redirect_url,
        webhook_url=webhook_url,
        locale=order.language,
    )
    return Payment.objects.create(
        order=order,
        provider=chosen.name,
        provider_id=created.provider_id,
        amount=order.total,
        currency=order.currency,
        checkout_url=created.checkout_url,
    )


@transaction.atomic
def payment_webhook(*, provider_name: str, provider_id: str, provider: PaymentProvider | None = None) -> bool:
    """A provider says a payment changed. Unknown ids are ignored (Mollie expects a 200 anyway). Answers
    whether the payment's status changed."""
    payment = (
        Payment.objects.select_for_update().filter(provider=provider_name, provider_id=provider_id).first()
    )
    if payment is None:
        logger.info("Webhook for an unknown %s payment %r ignored", provider_name, provider_id[:64])
        return False
    reader = provider or provider_named(payment.provider)
    if reader is None:
        PaymentLog.objects.create(
            payment=payment, status="unknown", changed=False, note="provider not configured"
        )
        return False
    remote = reader.status(provider_id)
    if remote is None:
        PaymentLog.objects.create(
            payment=payment, status="unknown", changed=False, note="the provider does not know it"
        )
        return False
    if remote.amount != payment.amount or remote.currency != payment.currency:
        PaymentLog.objects.create(
            payment=payment, status=remote.status, changed=False, note="amount mismatch"
        )
        logger.error("Payment %s: the provider reports %s %s", payment.pk, remote.amount, remote.currency)
        return False
    if remote.status == payment.status or payment.status in FINAL_STATUSES:
        PaymentLog.objects.create(payment=payment, status=remote.status, changed=False)
        return False
    payment.status = remote.status
    payment.method = remote.method
    payment.save(update_fields=["status", "method", "updated_at"])
    PaymentLog.objects.create(payment=payment, status=remote.status, changed=True)
    order = payment.order
    if remote.status == PaymentStatus.PAID and order_mark_paid(order=order):
        # The practitioners' commission, in the same transaction as the order's change
        # (docs/decisions/0020-practitioner-earnings.md).
        earnings_record_paid(order=order)
        # Reminders timed to when the protocol's products run out
        # (docs/decisions/0032-refills-timed-to-the-bottle.md).
        refills_plan(order=order)
    elif remote.status == PaymentStatus.PAID:
        # Paid for an order that was cancelled meanwhile: the money goes back at once.
        order.refresh_from_db()
        if order.state == OrderState.CANCELLED:
            refund_id = reader.refund(
                provider_id=provider_id, amount=payment.amount, currency=payment.currency
            )
            Refund.objects.create(payment=payment, provider_refund_id=refund_id, amount=payment.amount)
            payment.refunded = payment.amount
            payment.save(update_fields=["refunded"])
            PaymentLog.objects.create(
                payment=payment, status="refunded", changed=True, note="order was cancelled"
            )
    return True


@transaction.atomic
def payment_refund(
    *, order: Order, amount: Decimal, by: User | None, provider: PaymentProvider | None = None
) -> Order:
    """Refund part or all of what the order's paid payment took, through its provider."""
    order = Order.objects.select_for_update().get(pk=order.pk)
    payment = order.payments.filter(status=PaymentStatus.PAID).order_by("-created_at").first()
    if payment is None:
        raise NothingToRefund()
    # Never more than paid and not yet refunded: checked before the provider is asked.
    if amount <= 0 or amount > refundable(order):
        raise RefundTooLarge(errors={"amount": ["too large" if amount > 0 else "invalid"]})
    refunder = provider or provider_named(payment.provider)
    if refunder is None:
        raise NothingToRefund(f"The {payment.provider} provider is not configured here.")
    refund_id = refunder.refund(provider_id=payment.provider_id, amount=amount, currency=payment.currency)
    refund = Refund.objects.create(payment=payment, provider_refund_id=refund_id, amount=amount)
    payment.refunded += amount
    payment.save(update_fields=["refunded", "updated_at"])
    order = order_refund_record(order=order, amount=amount, by=by)
    earnings_reverse(order=order, reference=f"refund:{refund.pk}")
    return order
