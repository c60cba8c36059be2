"""Earnings follow the order's lifecycle (server/earnings/subscribers.py): commission is booked when an
order is paid and given back when it is refunded, whoever moved the money."""

from decimal import Decimal

from server.earnings.models import EntryKind, LedgerEntry
from server.earnings.selectors import balance_of
from server.orders.services import order_mark_paid, order_refund_record
from server.orders.tests.conftest import order_placed


def test_commission_is_booked_when_the_order_is_paid_and_given_back_when_it_is_refunded(filled_cart):
    # given an order of the certified practitioner's client (10 % commission), awaiting payment
    order = order_placed(filled_cart.patient, "earnings-follow")
    practitioner = filled_cart.certified.user.pk
    assert not LedgerEntry.objects.exists()

    # when the orders app records it paid (no payment provider involved)
    order_mark_paid(order=order)

    # then each line earned its commission once
    earned = list(
        LedgerEntry.objects.filter(order=order, kind=EntryKind.EARNED).values_list("amount", flat=True)
    )
    assert len(earned) == 2
    assert balance_of(practitioner_id=practitioner, currency="EUR") == sum(earned, Decimal(0)) > 0

    # and when all of it is refunded, all of it is given back, once per refund reference
    order_refund_record(order=order, amount=order.total, reference="refund:1")
    reversed_ = LedgerEntry.objects.filter(order=order, kind=EntryKind.REVERSED)
    assert sorted(entry.reference for entry in reversed_) == ["refund:1", "refund:1"]
    assert balance_of(practitioner_id=practitioner, currency="EUR") == Decimal(0)
