"""Payment writes: money only (docs/architecture.md, "Money and outbound calls"). What an order's payment
means for the shop (commission, reminders, mails) follows from the order's own transitions
(server/orders/lifecycle.py); this module moves money at the provider and records that it did.

No provider call is made inside a database transaction or under a row lock: a call can take seconds (10 s
timeouts, retried), and a transaction that commits after money moved can still fail. So each write is
intent, call, outcome:
- a payment is created at the provider first and recorded after (a crash between leaves an unpaid
  payment at the provider that expires; no money moved);
- a webhook reads the status from the provider first, then records it under the payment's lock;
- a refund is recorded `pending` with its idempotency key and committed, the provider is asked with that
  key, and the answer recorded. A crash or timeout leaves the refund pending; `refunds_reconcile` finds
  it at the provider by its key (or asks again with the same key) and records the outcome.

Automatic refills (docs/decisions/0042-automatic-refills.md) use the same sequence: the buyer's customer
is made at the provider before it is recorded, a `first` payment is started as any other, and a recurring
charge is made at the provider with the caller's key (the same key answers the same payment) and
recorded after, then its status read as a webhook would.

Status changes come only from the provider: a webhook (or the test page) names a payment id, and the
provider is asked for that payment's status before anything changes, so a forged body changes nothing.
Handling is idempotent: a status already recorded is logged and ignored, and the order's own transitions
refuse a second change."""

from __future__ import annotations

import logging
import secrets
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum

from server.accounts.models import User
from server.core.errors import Conflict
from server.orders.models import Order, OrderState
from server.orders.services import (
    RefundTooLarge,
    order_hold_for_payment,
    order_mark_paid,
    order_payment_lapsed,
    refundable,
)
from server.payments.models import (
    FINAL_STATUSES,
    Payment,
    PaymentCustomer,
    PaymentLog,
    PaymentStatus,
    Refund,
    RefundStatus,
    SequenceType,
)
from server.payments.outcomes import refund_execute
from server.payments.providers import (
    CreatedPayment,
    PaymentProvider,
    ProviderUnavailable,
    RefundRefused,
    RemoteStatus,
)
from server.payments.registry import current_provider, provider_named
from server.payments.tasks import refunds_reconcile_schedule

logger = logging.getLogger(__name__)

# How long an order charged on a mandate waits for the charge's outcome.
RECURRING_HOLD = timedelta(days=10)


class NothingToRefund(Conflict):
    message = "This order has no paid payment to refund."


class NotAwaitingPayment(Conflict):
    message = "This order is not awaiting payment."


def payment_customer(*, user: User, provider: PaymentProvider | None = None) -> str:
    """The user's customer id at the provider, which their mandates belong to: made there the first time
    (outside any transaction) and recorded. Two calls at once may each make one; one is recorded and both
    answer it (the other customer stays unused at the provider)."""
    chosen = provider or current_provider()
    known = (
        PaymentCustomer.objects.filter(user=user, provider=chosen.name)
        .values_list("customer_id", flat=True)
        .first()
    )
    if known is not None:
        return known
    name = f"{user.first_name} {user.last_name}".strip() or user.email
    created = chosen.customer_create(name=name, email=user.email, locale=user.language)
    recorded, _ = PaymentCustomer.objects.get_or_create(
        user=user, provider=chosen.name, defaults={"customer_id": created}
    )
    return recorded.customer_id


def payment_start(
    *,
    order: Order,
    redirect_url: str,
    webhook_url: str,
    provider: PaymentProvider | None = None,
    sequence_type: str = SequenceType.ONEOFF,
) -> Payment:
    """A payment of the order's total at the provider; the buyer is sent to its `checkout_url`. An order
    that already has an open payment gets that one again (a retried checkout is not charged twice).
    `sequence_type="first"` makes it the first payment of a mandate for the buyer's customer at the
    provider (made here the first time): paid, it records the mandate's id (decision 0042); only an open
    first payment is answered again for it, since an open one-off one would make no mandate."""
    first = sequence_type == SequenceType.FIRST
    open_payment = _open_payment(order, first=first)
    if open_payment is not None:
        return open_payment
    order_hold_for_payment(order)
    chosen = provider or current_provider()
    customer_id = payment_customer(user=order.buyer, provider=chosen) if first else ""
    created = chosen.create(
        amount=order.total,
        currency=order.currency,
        description=f"Order {order.number}",
        redirect_url=redirect_url,
        webhook_url=webhook_url,
        locale=order.language,
        sequence_type=SequenceType.FIRST if first else SequenceType.ONEOFF,
        customer_id=customer_id,
    )
    return _payment_record(
        order=order, provider_name=chosen.name, created=created, first=first, customer_id=customer_id
    )


def _open_payment(order: Order, *, first: bool) -> Payment | None:
    # A recurring charge has no page to send the buyer to (it reads open here only until its status is
    # read), so it is never the answer.
    payments = order.payments.filter(status=PaymentStatus.OPEN).exclude(sequence_type=SequenceType.RECURRING)
    if first:
        payments = payments.filter(sequence_type=SequenceType.FIRST)
    return payments.first()


@transaction.atomic
def _payment_record(
    *, order: Order, provider_name: str, created: CreatedPayment, first: bool, customer_id: str
) -> Payment:
    # Two checkouts of one order at once each created a payment at the provider: the first recorded is
    # the one both buyers' tabs get; the other is never shown and expires unpaid there.
    Order.objects.select_for_update().filter(pk=order.pk).values_list("pk").first()
    open_payment = _open_payment(order, first=first)
    if open_payment is not None:
        return open_payment
    return Payment.objects.create(
        order=order,
        provider=provider_name,
        provider_id=created.provider_id,
        amount=order.total,
        currency=order.currency,
        checkout_url=created.checkout_url,
        sequence_type=SequenceType.FIRST if first else SequenceType.ONEOFF,
        customer_id=customer_id,
    )


def payment_charge_recurring(
    *,
    order: Order,
    customer_id: str,
    mandate_id: str,
    key: str,
    webhook_url: str,
    provider: PaymentProvider | None = None,
) -> Payment:
    """Charge the order's total on the customer's mandate, without the buyer: its units are held again
    (OutOfStock or NotPurchasable, and nothing is charged, when they cannot be), the provider charges with
    `key` as idempotency key, the payment is recorded, and its status read once as a webhook would (the
    test provider answers paid or failed at once; Mollie's is usually pending until its webhook). A call
    repeated with the same key, after a crash or a timeout, gets the same payment and row. Raises
    MandateInvalid (nothing charged nor recorded), ProviderUnavailable (ask again with the same key), and
    NotAwaitingPayment for an order paid or cancelled meanwhile that this key never charged."""
    recorded = order.payments.filter(charge_key=key).first()
    if recorded is not None:
        # Charged and recorded before (the caller died before it heard): no call, and no units held
        # again for an order that may be paid by now.
        return recorded
    if not Order.objects.filter(pk=order.pk, state=OrderState.AWAITING_PAYMENT).exists():
        raise NotAwaitingPayment()
    # A charge by direct debit (SEPA) stays pending for up to five working days: the order and its units
    # wait that long, instead of expiring after the checkout's half hour and refunding the late payment.
    order_hold_for_payment(order, hold=RECURRING_HOLD)
    chosen = provider or current_provider()
    created = chosen.charge(
        customer_id=customer_id,
        mandate_id=mandate_id,
        amount=order.total,
        currency=order.currency,
        description=f"Order {order.number}",
        webhook_url=webhook_url,
        key=key,
    )
    payment = _recurring_record(
        order=order,
        provider_name=chosen.name,
        provider_id=created.provider_id,
        customer_id=customer_id,
        mandate_id=mandate_id,
        key=key,
    )
    try:
        payment_webhook(provider_name=chosen.name, provider_id=payment.provider_id, provider=chosen)
    except ProviderUnavailable:
        # The charge is made and recorded; the provider's webhook reports its status when it is back.
        logger.warning("The status of recurring payment %s could not be read yet", payment.pk)
    payment.refresh_from_db()
    return payment


@transaction.atomic
def _recurring_record(
    *, order: Order, provider_name: str, provider_id: str, customer_id: str, mandate_id: str, key: str
) -> Payment:
    # Under the order's lock, so the same key charged twice at the same moment (the provider answers
    # both with one payment) records one row.
    Order.objects.select_for_update().filter(pk=order.pk).values_list("pk").first()
    recorded = Payment.objects.filter(provider=provider_name, provider_id=provider_id).first()
    if recorded is not None:
        return recorded
    return Payment.objects.create(
        order=order,
        provider=provider_name,
        provider_id=provider_id,
        amount=order.total,
        currency=order.currency,
        checkout_url="",
        sequence_type=SequenceType.RECURRING,
        customer_id=customer_id,
        mandate_id=mandate_id,
        charge_key=key,
    )


def payment_mandate_valid(*, customer_id: str, mandate_id: str, provider_name: str) -> bool:
    """Whether the provider that made the mandate would charge it now; False when that provider is not
    configured here any more (nothing here can charge it). Raises ProviderUnavailable."""
    provider = provider_named(provider_name)
    if provider is None:
        return False
    return provider.mandate_valid(customer_id=customer_id, mandate_id=mandate_id)


def payment_mandate_revoke(*, customer_id: str, mandate_id: str, provider_name: str) -> None:
    """Revoke the mandate at the provider that made it (one revoked already is fine), outside any
    transaction. Raises ProviderUnavailable."""
    provider = provider_named(provider_name)
    if provider is None:
        # Its key was removed: nothing here can charge the mandate, nor revoke it.
        logger.warning("Mandate %s not revoked: the %s provider is not configured", mandate_id, provider_name)
        return
    provider.mandate_revoke(customer_id=customer_id, mandate_id=mandate_id)


def payment_webhook(*, provider_name: str, provider_id: str, provider: PaymentProvider | None = None) -> bool:
    """A provider says a payment changed. Unknown ids are ignored (Mollie expects a 200 anyway). Answers
    whether the payment's status changed."""
    payment = Payment.objects.filter(provider=provider_name, provider_id=provider_id).first()
    if payment is None:
        logger.info("Webhook for an unknown %s payment %r ignored", provider_name, provider_id[:64])
        return False
    reader = provider or provider_named(payment.provider)
    if reader is None:
        PaymentLog.objects.create(
            payment=payment, status="unknown", changed=False, note="provider not configured"
        )
        return False
    remote = reader.status(provider_id)  # outside any transaction: it may take seconds
    changed, refund = _payment_status_record(payment_id=payment.pk, remote=remote)
    if refund is not None:
        try:
            refund_execute(refund=refund, provider=reader)
        except (RefundRefused, ProviderUnavailable):
            # Recorded on the refund (failed, or pending for the reconciler); the webhook itself is done.
            logger.warning(
                "The refund of cancelled order %s's late payment did not complete", payment.order_id
            )
    return changed


@transaction.atomic
def _payment_status_record(*, payment_id: int, remote: RemoteStatus | None) -> tuple[bool, Refund | None]:
    """Record what the provider said under the payment's lock. Answers whether the status changed, and
    the refund to make when a payment arrived for an order that was cancelled meanwhile."""
    payment = Payment.objects.select_for_update().get(pk=payment_id)
    if remote is None:
        PaymentLog.objects.create(
            payment=payment, status="unknown", changed=False, note="the provider does not know it"
        )
        return False, None
    if remote.amount != payment.amount or remote.currency != payment.currency:
        PaymentLog.objects.create(
            payment=payment, status=remote.status, changed=False, note="amount mismatch"
        )
        logger.error("Payment %s: the provider reports %s %s", payment.pk, remote.amount, remote.currency)
        return False, None
    # A slow read answered before a later one was recorded never takes a payment back to open.
    stale = remote.status == PaymentStatus.OPEN and payment.status != PaymentStatus.OPEN
    if remote.status == payment.status or payment.status in FINAL_STATUSES or stale:
        PaymentLog.objects.create(payment=payment, status=remote.status, changed=False)
        return False, None
    payment.status = remote.status
    payment.method = remote.method
    if remote.status == PaymentStatus.PAID:
        # A paid first payment names the mandate it made: what its subscription charges from now on.
        payment.mandate_id = remote.mandate_id or payment.mandate_id
        payment.customer_id = remote.customer_id or payment.customer_id
    payment.save(update_fields=["status", "method", "mandate_id", "customer_id", "updated_at"])
    PaymentLog.objects.create(payment=payment, status=remote.status, changed=True)
    if remote.status != PaymentStatus.PAID:
        if (
            remote.status in FINAL_STATUSES
            and not payment.order.payments.filter(status=PaymentStatus.OPEN).exists()
        ):
            # Failed, cancelled or expired with no other payment open: the order's units are for sale again.
            order_payment_lapsed(order=payment.order)
        return True, None
    # The order's followers (commission, reminders) hear of it from the order (server/orders/lifecycle.py).
    if order_mark_paid(order=payment.order):
        return True, None
    order = Order.objects.get(pk=payment.order_id)
    if order.state != OrderState.CANCELLED:
        return True, None
    # Paid for an order that was cancelled meanwhile: the money goes back at once.
    return True, _refund_intent(payment=payment, amount=payment.amount, by=None, note="order was cancelled")


def _pending_total(payment: Payment) -> Decimal:
    pending = payment.refunds.filter(status=RefundStatus.PENDING).aggregate(total=Sum("amount"))["total"]
    return pending or Decimal(0)


def _refund_intent(*, payment: Payment, amount: Decimal, by: User | None, note: str = "") -> Refund:
    refund = Refund.objects.create(
        payment=payment, key=f"rf_{secrets.token_urlsafe(24)}", amount=amount, by=by, note=note[:255]
    )
    # The reconciler's check, queued with the intent (in its transaction on the database backend), so a
    # crash after the commit still has the refund finished.
    refunds_reconcile_schedule()
    PaymentLog.objects.create(payment=payment, status="refund pending", changed=False, note=f"{amount}")
    return refund


@transaction.atomic
def refund_intent_record(*, order: Order, amount: Decimal, by: User | None) -> Refund:
    """Record the wish to refund `amount` of the order's paid payment, before the provider is asked. A
    pending refund counts as refunded here, so two staff members cannot refund the same money twice."""
    order = Order.objects.select_for_update().get(pk=order.pk)
    payment = order.payments.filter(status=PaymentStatus.PAID).order_by("-created_at").first()
    if payment is None:
        raise NothingToRefund()
    # Never more than paid and not yet refunded (nor being refunded): checked before the provider is asked.
    if amount <= 0 or amount > refundable(order) - _pending_total(payment):
        raise RefundTooLarge(errors={"amount": ["too large" if amount > 0 else "invalid"]})
    if provider_named(payment.provider) is None:
        raise NothingToRefund(f"The {payment.provider} provider is not configured here.")
    return _refund_intent(payment=payment, amount=amount, by=by)


def payment_refund(
    *, order: Order, amount: Decimal, by: User | None, provider: PaymentProvider | None = None
) -> Order:
    """Refund part or all of what the order's paid payment took, through its provider: intent, call,
    outcome. Raises RefundPending when the provider did not answer (the reconciler finishes it)."""
    refund = refund_intent_record(order=order, amount=amount, by=by)
    refund_execute(refund=refund, provider=provider)
    return Order.objects.get(pk=order.pk)
