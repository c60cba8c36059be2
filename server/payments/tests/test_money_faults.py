"""No money moves without its row, and no row says refunded without the money (docs/architecture.md,
"Money and outbound calls"). Each test stops the intent-call-outcome sequence at one point (a crash, a
failed commit, a timeout before or after the provider acted) and checks the provider's books against the
shop's, then lets the reconciler finish. The embedded test provider keeps its books in its own committed
transactions, as a remote provider would, so these tests run without the test-wide transaction."""

from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django_tasks_db.models import DBTaskResult

from server.earnings.models import EntryKind, LedgerEntry
from server.orders.lifecycle import OrderRefunded, order_fact_subscribe, order_fact_unsubscribe
from server.orders.models import Order, OrderState
from server.orders.services import RefundTooLarge
from server.orders.tests.conftest import checkout, provider_payment_id
from server.payments.models import Payment, Refund, RefundStatus, TestProviderPayment, TestProviderRefund
from server.payments.outcomes import RefundPending, refunds_reconcile
from server.payments.providers import ProviderUnavailable, RefundRefused, TestProvider
from server.payments.services import payment_refund, payment_start, payment_webhook, refund_intent_record
from server.payments.tasks import RECONCILE_DELAY

pytestmark = pytest.mark.django_db(transaction=True)
NOW_DELTA = timedelta(0)  # the reconciler's age limit off: every pending refund is finished


class Crash(Exception):
    """The process dies here: nothing after this point runs."""


class Provider(TestProvider):
    """The test provider, with the faults of a real one, and a record of whether the shop held a
    transaction open while it called."""

    def __init__(self) -> None:
        self.calls_in_transaction: list[bool] = []
        self.crash_after_call = False  # the provider acted, then the shop's process died
        self.answer_lost = False  # the provider acted, the answer never came (a timeout)
        self.down = False  # the provider never got the call

    def _call(self) -> None:
        self.calls_in_transaction.append(connection.in_atomic_block)
        if self.down:
            raise ProviderUnavailable()

    def _after(self) -> None:
        if self.crash_after_call:
            raise Crash()
        if self.answer_lost:
            raise ProviderUnavailable()

    def create(self, **kwargs):
        self._call()
        created = super().create(**kwargs)
        self._after()
        return created

    def status(self, provider_id):
        self._call()
        return super().status(provider_id)

    def refund(self, **kwargs):
        self._call()
        refund_id = super().refund(**kwargs)
        self._after()
        return refund_id

    def refund_find(self, **kwargs):
        self._call()
        return super().refund_find(**kwargs)


@pytest.fixture
def provider():
    return Provider()


@pytest.fixture
def paid(client, destinations, filled_cart) -> Order:
    """The patient's order (49.05 EUR, 10 % commission for `certified`), paid on the test provider."""
    placed = checkout(client, filled_cart.patient, "faults")
    client.post(f"/v2/payments/test/{provider_payment_id(placed)}", json={"outcome": "paid"})
    order = Order.objects.get(number=placed["number"])
    assert order.state == OrderState.PAID
    return order


def books_agree() -> None:
    """The provider's refunds and the shop's rows tell the same story."""
    at_provider = dict(TestProviderRefund.objects.values_list("key", "amount"))
    rows = {refund.key: refund for refund in Refund.objects.all()}
    # no money moved without its row,
    assert set(at_provider) <= set(rows)
    # no row says refunded without the money,
    for key, refund in rows.items():
        if refund.status == RefundStatus.SUCCEEDED:
            assert at_provider[key] == refund.amount
            assert TestProviderRefund.objects.get(key=key).pk == refund.provider_refund_id
        if refund.status == RefundStatus.FAILED:
            assert key not in at_provider
    # and each payment's and order's refunded sum is exactly what succeeded.
    for payment in Payment.objects.all():
        succeeded = sum((r.amount for r in payment.refunds.filter(status=RefundStatus.SUCCEEDED)), Decimal(0))
        assert payment.refunded == succeeded
        assert TestProviderPayment.objects.get(pk=payment.provider_id).refunded == sum(
            (amount for key, amount in at_provider.items() if rows[key].payment_id == payment.pk), Decimal(0)
        )
        assert payment.order.refunded == succeeded


def reversed_commission(order: Order) -> Decimal:
    return -sum(
        (e.amount for e in LedgerEntry.objects.filter(order=order, kind=EntryKind.REVERSED)), Decimal(0)
    )


def test_no_provider_is_called_inside_a_transaction(paid, provider):
    # when a payment is started, read back by a webhook and refunded
    order = Order.objects.get(pk=paid.pk)
    payment = Payment.objects.get(order=order)
    payment_webhook(provider_name="test", provider_id=payment.provider_id, provider=provider)
    payment_refund(order=order, amount=Decimal("5.00"), by=None, provider=provider)
    Payment.objects.filter(pk=payment.pk).update(status="canceled")  # so a new payment may start
    Order.objects.filter(pk=order.pk).update(state=OrderState.AWAITING_PAYMENT)
    payment_start(order=order, redirect_url="https://x/r", webhook_url="https://x/w", provider=provider)

    # then every call (status, refund, create) was made with no transaction open
    assert provider.calls_in_transaction == [False, False, False]


def test_a_crash_after_the_provider_refunded_leaves_a_pending_row_that_the_reconciler_completes(
    paid, provider
):
    # given the provider makes the refund and the shop's process dies before it records the answer
    provider.crash_after_call = True
    with pytest.raises(Crash):
        payment_refund(order=paid, amount=Decimal("10.00"), by=None, provider=provider)

    # then the money that moved has its row, pending, and nothing says refunded yet
    refund = Refund.objects.get()
    assert (refund.status, refund.amount) == (RefundStatus.PENDING, Decimal("10.00"))
    assert TestProviderRefund.objects.get().key == refund.key
    assert Order.objects.get().state == OrderState.PAID
    books_agree_but_pending()

    # when the reconciler runs, it finds the refund by its key and records it, once
    provider.crash_after_call = False
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).succeeded == [refund.pk]
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).succeeded == []
    order = Order.objects.get()
    assert (order.state, order.refunded) == (OrderState.PARTIALLY_REFUNDED, Decimal("10.00"))
    assert TestProviderRefund.objects.count() == 1
    assert reversed_commission(order) > 0
    books_agree()


def test_a_failed_commit_after_the_provider_refunded_is_completed_by_the_reconciler(paid, provider):
    # given the outcome's transaction fails (a follower of OrderRefunded cannot write) after the provider
    # made the refund
    def fails(fact):
        raise RuntimeError("commit failed")

    order_fact_subscribe(OrderRefunded, fails, rank=97, name="tests.fails")
    try:
        with pytest.raises(RuntimeError, match="commit failed"):
            payment_refund(order=paid, amount=paid.total, by=None, provider=provider)
    finally:
        order_fact_unsubscribe(OrderRefunded, name="tests.fails")

    # then the refund is pending (not succeeded), the order untouched, the money moved once
    refund = Refund.objects.get()
    assert refund.status == RefundStatus.PENDING
    assert (Order.objects.get().state, Payment.objects.get().refunded) == (OrderState.PAID, Decimal(0))
    books_agree_but_pending()

    # when the reconciler runs, the order is refunded in full and the commission given back
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).succeeded == [refund.pk]
    order = Order.objects.get()
    assert (order.state, order.refunded) == (OrderState.REFUNDED, order.total)
    assert TestProviderRefund.objects.count() == 1
    books_agree()


def test_a_timeout_after_the_provider_refunded_is_pending_then_completed_once(paid, provider):
    # given the provider makes the refund but its answer is lost
    provider.answer_lost = True
    with pytest.raises(RefundPending):
        payment_refund(order=paid, amount=Decimal("10.00"), by=None, provider=provider)
    assert Refund.objects.get().status == RefundStatus.PENDING
    books_agree_but_pending()

    # when the reconciler runs (the provider answers again)
    provider.answer_lost = False
    refunds_reconcile(older_than=NOW_DELTA, provider=provider)

    # then the refund is recorded once, and the money moved once
    assert Refund.objects.get().status == RefundStatus.SUCCEEDED
    assert TestProviderPayment.objects.get().refunded == Decimal("10.00")
    books_agree()


def test_a_timeout_before_the_provider_acted_is_asked_again_with_the_same_key(paid, provider):
    # given the provider is unreachable when the refund is asked
    provider.down = True
    with pytest.raises(RefundPending):
        payment_refund(order=paid, amount=Decimal("10.00"), by=None, provider=provider)
    refund = Refund.objects.get()
    assert (refund.status, TestProviderRefund.objects.count()) == (RefundStatus.PENDING, 0)

    # when the reconciler runs while it is still down, nothing changes
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).unknown == [refund.pk]
    assert Refund.objects.get().status == RefundStatus.PENDING

    # and when it is back, the refund is made with the same key, once
    provider.down = False
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).succeeded == [refund.pk]
    assert TestProviderRefund.objects.get().key == refund.key
    books_agree()


def test_a_crash_between_the_intent_and_the_call_is_finished_by_the_reconciler(paid, provider):
    # given the intent was committed and the process died before calling the provider
    refund = refund_intent_record(order=paid, amount=Decimal("3.00"), by=None)
    assert TestProviderRefund.objects.count() == 0

    # then a young intent is left to its own request, and an older one is made
    assert refunds_reconcile(provider=provider).succeeded == []
    assert refunds_reconcile(older_than=NOW_DELTA, provider=provider).succeeded == [refund.pk]
    books_agree()


def test_a_refused_refund_fails_and_moves_nothing(paid, provider):
    # given the provider refuses (its side was refunded meanwhile, e.g. in its dashboard)
    TestProviderPayment.objects.update(refunded=paid.total)

    # when staff refund
    with pytest.raises(RefundRefused):
        payment_refund(order=paid, amount=Decimal("10.00"), by=None, provider=provider)

    # then the refund failed, and the order and the commission are as they were
    assert Refund.objects.get().status == RefundStatus.FAILED
    order = Order.objects.get()
    assert (order.state, order.refunded, reversed_commission(order)) == (
        OrderState.PAID,
        Decimal(0),
        Decimal(0),
    )


def test_a_pending_refund_counts_so_the_same_money_cannot_be_refunded_twice(paid, provider):
    # given a refund of all but one euro whose outcome is unknown
    provider.down = True
    with pytest.raises(RefundPending):
        payment_refund(order=paid, amount=paid.total - 1, by=None, provider=provider)

    # when staff try to refund two euros more
    with pytest.raises(RefundTooLarge):
        refund_intent_record(order=paid, amount=Decimal("2.00"), by=None)

    # then only the one euro left can still be refunded
    assert refund_intent_record(order=paid, amount=Decimal("1.00"), by=None).status == RefundStatus.PENDING


def test_a_crash_after_the_provider_created_a_payment_records_nothing_and_charges_nothing(paid, provider):
    # given an order awaiting payment whose start crashes after the provider created the payment
    order = Order.objects.get(pk=paid.pk)
    Payment.objects.update(status="canceled")
    Order.objects.filter(pk=order.pk).update(state=OrderState.AWAITING_PAYMENT)
    provider.crash_after_call = True
    with pytest.raises(Crash):
        payment_start(order=order, redirect_url="https://x/r", webhook_url="https://x/w", provider=provider)

    # then the shop has no row for it, and the provider's payment is open (never shown, nothing taken)
    assert Payment.objects.filter(status="open").count() == 0
    orphan = TestProviderPayment.objects.exclude(pk=Payment.objects.get().provider_id).get()
    assert orphan.status == "open"

    # and a retry starts one payment that the buyer is sent to
    provider.crash_after_call = False
    started = payment_start(
        order=order, redirect_url="https://x/r", webhook_url="https://x/w", provider=provider
    )
    assert Payment.objects.filter(status="open").get() == started


def books_agree_but_pending() -> None:
    """Before the reconciler: every provider refund has its row; none of the pending ones is counted."""
    keys = set(Refund.objects.values_list("key", flat=True))
    assert set(TestProviderRefund.objects.values_list("key", flat=True)) <= keys
    assert Payment.objects.get().refunded == Decimal(0)
    assert not Refund.objects.filter(status=RefundStatus.SUCCEEDED).exists()


def test_each_intent_queues_the_reconciler_in_its_own_transaction(paid, provider, task_database):
    # given the provider is down when staff refund, so the outcome is unknown
    provider.down = True
    with pytest.raises(RefundPending):
        payment_refund(order=paid, amount=Decimal("4.00"), by=None, provider=provider)

    # then the reconciler's task was queued with the intent, five minutes on
    queued = DBTaskResult.objects.get(task_path="server.payments.tasks.refunds_reconcile_task")
    after_intent = queued.run_after - Refund.objects.get().created_at
    assert RECONCILE_DELAY <= after_intent < RECONCILE_DELAY + timedelta(seconds=5)


def test_the_catch_up_command_finishes_pending_refunds(paid, provider):
    # given a refund whose process died before it asked the provider
    refund = refund_intent_record(order=paid, amount=Decimal("2.50"), by=None)

    # when staff run the catch-up with no age limit
    out = StringIO()
    call_command("payments_reconcile", "--older-than", "0", stdout=out)

    # then it was made once and recorded
    assert out.getvalue() == "1 refunds completed, 0 refused, 0 still unknown\n"
    assert Refund.objects.get(pk=refund.pk).status == RefundStatus.SUCCEEDED
    books_agree()
