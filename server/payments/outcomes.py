"""What the provider answered about a refund, recorded; and the reconciler that finds the answers that
were lost (docs/architecture.md, "Money and outbound calls"). A refund reaches here recorded as `pending`
(server/payments/services.py); the provider is asked outside any transaction, with the refund's key."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from server.orders.models import Order, OrderState
from server.orders.services import order_refund_record
from server.payments.models import Payment, PaymentLog, Refund, RefundStatus
from server.payments.providers import PaymentProvider, ProviderUnavailable, RefundRefused
from server.payments.registry import provider_named

# A pending refund younger than this may still be in its own request's hands: the reconciler leaves it.
RECONCILE_AFTER = timedelta(minutes=2)


class RefundPending(ProviderUnavailable):
    message = (
        "The payment provider did not answer. The refund is recorded as pending and is completed as soon as "
        "the provider confirms it; nothing is refunded twice."
    )


def refund_execute(*, refund: Refund, provider: PaymentProvider | None = None) -> Refund:
    """Ask the provider for a recorded refund, outside any transaction, and record its answer. A refusal
    fails the refund (nothing moved); no answer leaves it pending and raises RefundPending."""
    payment = refund.payment
    refunder = provider or provider_named(payment.provider)
    if refunder is None:  # the key was removed since the intent: it waits for the reconciler
        raise RefundPending()
    try:
        provider_refund_id = refunder.refund(
            provider_id=payment.provider_id, amount=refund.amount, currency=payment.currency, key=refund.key
        )
    except RefundRefused as error:
        refund_fail(refund=refund, note=error.message)
        raise
    except ProviderUnavailable as error:
        raise RefundPending() from error
    return refund_succeed(refund=refund, provider_refund_id=provider_refund_id)


def _locked(refund: Refund) -> tuple[Refund, bool]:
    """The refund, locked, and whether its outcome is still to record (only a pending one takes one)."""
    locked = Refund.objects.select_for_update().get(pk=refund.pk)
    return locked, locked.status == RefundStatus.PENDING


@transaction.atomic
def refund_succeed(*, refund: Refund, provider_refund_id: str) -> Refund:
    """The provider made the refund: the payment and the order record it once, and the order's followers
    (earnings) hear of it. Recording an outcome already recorded changes nothing."""
    refund, pending = _locked(refund)
    if not pending:
        return refund
    refund.status = RefundStatus.SUCCEEDED
    refund.provider_refund_id = provider_refund_id[:64]
    refund.save(update_fields=["status", "provider_refund_id", "updated_at"])
    payment = Payment.objects.select_for_update().get(pk=refund.payment_id)
    payment.refunded += refund.amount
    payment.save(update_fields=["refunded", "updated_at"])
    PaymentLog.objects.create(
        payment=payment, status="refunded", changed=True, note=refund.note or f"{refund.amount}"
    )
    order = Order.objects.get(pk=payment.order_id)
    if order.state != OrderState.CANCELLED:  # a cancelled order's late payment went back: no order change
        order_refund_record(order=order, amount=refund.amount, reference=f"refund:{refund.pk}", by=refund.by)
    return refund


@transaction.atomic
def refund_fail(*, refund: Refund, note: str) -> Refund:
    refund, pending = _locked(refund)
    if not pending:
        return refund
    refund.status = RefundStatus.FAILED
    refund.note = note[:255]
    refund.save(update_fields=["status", "note", "updated_at"])
    PaymentLog.objects.create(
        payment_id=refund.payment_id, status="refund failed", changed=False, note=note[:255]
    )
    return refund


@dataclass
class ReconcileResult:
    succeeded: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)
    unknown: list[int] = field(default_factory=list)


def refunds_reconcile(
    *, older_than: timedelta = RECONCILE_AFTER, provider: PaymentProvider | None = None
) -> ReconcileResult:
    """Finish the refunds whose outcome is unknown (the process died, or the provider timed out): one the
    provider made is recorded as made; one it never received is asked for again with the same key, so it
    is made once. Run by the task after a timeout and by `manage payments_reconcile`."""
    result = ReconcileResult()
    cutoff = timezone.now() - older_than
    pending = Refund.objects.filter(status=RefundStatus.PENDING, created_at__lte=cutoff).select_related(
        "payment"
    )
    refunders: dict[str, PaymentProvider | None] = {}
    for refund in pending.order_by("created_at", "pk"):
        name = refund.payment.provider
        if name not in refunders:  # one client per provider for the whole run
            refunders[name] = provider or provider_named(name)
        refunder = refunders[name]
        if refunder is None:
            result.unknown.append(refund.pk)
            continue
        try:
            found = refunder.refund_find(provider_id=refund.payment.provider_id, key=refund.key)
            if found is not None:
                refund_succeed(refund=refund, provider_refund_id=found)
            else:
                refund_execute(refund=refund, provider=refunder)
        except RefundRefused:
            result.failed.append(refund.pk)
        except ProviderUnavailable:
            result.unknown.append(refund.pk)
        else:
            result.succeeded.append(refund.pk)
    return result
