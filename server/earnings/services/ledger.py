"""Ledger writes (docs/decisions/0020-practitioner-earnings.md). Each runs inside the caller's transaction
(the payment's webhook, a refund, a staff action), so the entries commit with the change that causes them, and
tells the practitioner's devices (`earnings.updated`). Writing is idempotent: a line earns once, and a refund
reverses once."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from server.accounts.models import MilestoneId, User, UserType
from server.accounts.services import milestone_reach
from server.core.errors import InvalidInput
from server.core.pricing import commission_of, commission_reversed_by, round_money
from server.earnings.models import MAX_COMMISSION_RATE, CommissionRate, EntryKind, LedgerEntry
from server.earnings.rules import attributions, commission_rate_of, earning_practitioners
from server.events.services import event_emit
from server.events.topics import Topic
from server.orders.models import Order

MAX_REASON = 255


def earnings_tell(practitioner_ids: set[int], currency: str) -> None:
    for practitioner_id in sorted(practitioner_ids):
        event_emit(user_id=practitioner_id, topic=Topic.EARNINGS_UPDATED, data={"currency": currency})


@transaction.atomic
def earnings_record_paid(*, order: Order) -> list[LedgerEntry]:
    """The order was paid: each line earns its practitioner's commission, once."""
    lines = list(order.lines.all())
    attributed = attributions(order, lines)
    earners = earning_practitioners({a.practitioner_id for a in attributed.values() if a is not None})
    already = set(
        LedgerEntry.objects.filter(order=order, kind=EntryKind.EARNED).values_list("order_line_id", flat=True)
    )
    rates = {practitioner: commission_rate_of(practitioner) for practitioner in earners}
    now = timezone.now()
    entries = []
    for line in lines:
        attribution = attributed[line.pk]
        if attribution is None or attribution.practitioner_id not in earners or line.pk in already:
            continue
        amount = commission_of(
            net=line.total - line.vat,
            commission_rate=rates[attribution.practitioner_id],
            discount_rate=order.discount_rate,
        )
        if amount <= 0:
            continue
        entries.append(
            LedgerEntry(
                practitioner_id=attribution.practitioner_id,
                kind=EntryKind.EARNED,
                amount=amount,
                currency=order.currency,
                order=order,
                order_line=line,
                client_id=order.buyer_id,
                protocol_id=attribution.protocol_id,
                at=now,
            )
        )
    LedgerEntry.objects.bulk_create(entries)
    earners_paid = {entry.practitioner_id for entry in entries}
    earnings_tell(earners_paid, order.currency)
    # The first order that earns a practitioner commission opens the practice management (orders and
    # earnings in the hub): the milestone the journey showed as coming later
    # (docs/decisions/0020-practitioner-earnings.md).
    for practitioner in User.objects.filter(pk__in=earners_paid):
        milestone_reach(user=practitioner, milestone=MilestoneId.MANAGE_MY_PRACTICE_ACTIVATED)
    return entries


@transaction.atomic
def earnings_reverse(*, order: Order, reference: str) -> list[LedgerEntry]:
    """A refund (`reference`, the refund's own id) went through: each earned line gives back its share of
    what the order has had refunded so far, less what earlier refunds took back. The same refund twice
    changes nothing."""
    earned = list(LedgerEntry.objects.filter(order=order, kind=EntryKind.EARNED).order_by("id"))
    if (
        not earned
        or LedgerEntry.objects.filter(order=order, kind=EntryKind.REVERSED, reference=reference).exists()
    ):
        return []
    taken: dict[int | None, Decimal] = {
        row["order_line_id"]: row["total"]
        for row in LedgerEntry.objects.filter(order=order, kind=EntryKind.REVERSED)
        .values("order_line_id")
        .annotate(total=Sum("amount"))
    }
    now = timezone.now()
    entries = []
    for entry in earned:
        due = commission_reversed_by(earned=entry.amount, refunded=order.refunded, total=order.total)
        amount = due + taken.get(entry.order_line_id, Decimal(0))  # reversals are negative
        if amount <= 0:
            continue
        entries.append(
            LedgerEntry(
                practitioner_id=entry.practitioner_id,
                kind=EntryKind.REVERSED,
                amount=-amount,
                currency=entry.currency,
                order=order,
                order_line_id=entry.order_line_id,
                client_id=entry.client_id,
                protocol_id=entry.protocol_id,
                reference=reference[:80],
                at=now,
            )
        )
    LedgerEntry.objects.bulk_create(entries)
    earnings_tell({entry.practitioner_id for entry in entries}, order.currency)
    return entries


@transaction.atomic
def earnings_adjust(
    *, practitioner: User, amount: Decimal, currency: str, reason: str, by: User
) -> LedgerEntry:
    """A correction by staff, with its reason: the only way to change a balance by hand."""
    reason = reason.strip()
    errors: dict[str, list[str]] = {}
    if not reason:
        errors["reason"] = ["required"]
    elif len(reason) > MAX_REASON:
        errors["reason"] = ["too long"]
    if currency not in ("EUR", "GBP"):
        errors["currency"] = ["unknown"]
    if amount == 0 or round_money(amount) != amount:
        errors["amount"] = ["invalid"]
    if practitioner.user_type_id not in (UserType.CERTIFIED_PRACTITIONER, UserType.PRACTITIONER):
        errors["practitioner"] = ["not a practitioner"]
    if errors:
        raise InvalidInput(
            "An adjustment needs a practitioner, a non-zero amount in cents, and a reason.", errors=errors
        )
    entry = LedgerEntry.objects.create(
        practitioner=practitioner,
        kind=EntryKind.ADJUSTMENT,
        amount=amount,
        currency=currency,
        reason=reason,
        by=by,
        at=timezone.now(),
    )
    earnings_tell({practitioner.pk}, currency)
    return entry


@transaction.atomic
def commission_rate_set(*, practitioner: User, rate: Decimal) -> CommissionRate:
    if not Decimal(0) <= rate <= MAX_COMMISSION_RATE or round_money(rate) != rate:
        raise InvalidInput("A commission rate is 0 to 50 percent.", errors={"rate": ["out of range"]})
    row, _ = CommissionRate.objects.update_or_create(practitioner=practitioner, defaults={"rate": rate})
    return row
