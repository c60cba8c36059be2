"""Ledger reads (docs/decisions/0020-practitioner-earnings.md): the dashboard's figures and the paged ledger.
A balance is always a sum of entries, never a stored figure. SQLite keeps decimals as binary floats and sums
them so, so every sum is brought back to the cent (exact for any balance below a hundred billion cents);
PostgreSQL sums `numeric` exactly."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from math import ceil
from typing import Literal, TypedDict, get_args

from django.core.cache import cache
from django.db.models import OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import TruncMonth
from django.utils import timezone

from server.accounts.models import User, UserType
from server.core.choices import one_of
from server.core.pricing import round_money
from server.core.spreadsheet import csv_safe
from server.earnings.models import (
    DEFAULT_COMMISSION_RATE,
    CommissionRate,
    EntryKind,
    LedgerEntry,
    PayoutAccount,
    PayoutRun,
)
from server.protocols.models import Protocol
from server.stores.models import PayoutMethod, Store
from server.stores.selectors import PAYOUT_METHODS, PayoutMethodValue

MAX_PAGE_SIZE = 100
# The smallest balance a payout run pays (in the currency); smaller balances wait for the next month.
PAYOUT_MINIMUM = Decimal("25.00")
TOP = 10
# A day: a key changes with every entry and month anyway; this only bounds how long old keys linger.
DASHBOARD_CACHE_SECONDS = 24 * 3600


def ledger_sum(entries: QuerySet[LedgerEntry]) -> Decimal:
    return round_money(entries.aggregate(total=Sum("amount"))["total"] or 0)


def balance_of(*, practitioner_id: int, currency: str) -> Decimal:
    return ledger_sum(LedgerEntry.objects.filter(practitioner_id=practitioner_id, currency=currency))


def month_start(day: date) -> datetime:
    return datetime(day.year, day.month, 1, tzinfo=UTC)


def month_shift(start: datetime, months: int) -> datetime:
    index = start.year * 12 + start.month - 1 + months
    return datetime(index // 12, index % 12 + 1, 1, tzinfo=UTC)


def _text(amount: Decimal) -> str:
    return f"{round_money(amount):.2f}"


Kind = Literal["earned", "reversed", "paid_out", "adjustment"]
KINDS: tuple[Kind, ...] = get_args(Kind)


class MonthOut(TypedDict):
    month: str
    earned: str
    reversed: str
    paid: str
    adjusted: str


class ShareOut(TypedDict):
    id: int | None
    name: str
    earned: str


class NextPayoutOut(TypedDict):
    on: date
    amount: str
    minimum: str
    payout_method: PayoutMethodValue


class CurrencyOut(TypedDict):
    currency: str
    balance: str
    this_month: str
    last_month: str
    next_payout: NextPayoutOut
    months: list[MonthOut]
    by_client: list[ShareOut]
    by_protocol: list[ShareOut]


class DashboardOut(TypedDict):
    earns: bool
    commission_rate: str
    currencies: list[CurrencyOut]


def _name(user: User) -> str:
    return f"{user.first_name} {user.last_name}".strip() or user.email


def _currency_figures(
    entries: QuerySet[LedgerEntry], currency: str, now: datetime, payout_method: str
) -> CurrencyOut:
    mine = entries.filter(currency=currency)
    this_start = month_start(now.date())
    first = month_shift(this_start, -11)
    by_month: dict[str, dict[str, Decimal]] = {}
    for row in (
        mine.filter(at__gte=first)
        .annotate(month=TruncMonth("at", tzinfo=UTC))
        .values("month", "kind")
        .annotate(total=Sum("amount"))
    ):
        by_month.setdefault(row["month"].strftime("%Y-%m"), {})[row["kind"]] = Decimal(row["total"])
    months: list[MonthOut] = []
    for shift in range(12):
        key = month_shift(first, shift).strftime("%Y-%m")
        kinds = by_month.get(key, {})
        months.append(
            {
                "month": key,
                "earned": _text(kinds.get(EntryKind.EARNED, Decimal(0))),
                "reversed": _text(kinds.get(EntryKind.REVERSED, Decimal(0))),
                "paid": _text(kinds.get(EntryKind.PAID_OUT, Decimal(0))),
                "adjusted": _text(kinds.get(EntryKind.ADJUSTMENT, Decimal(0))),
            }
        )

    def net_of(month: MonthOut) -> Decimal:
        return Decimal(month["earned"]) + Decimal(month["reversed"]) + Decimal(month["adjusted"])

    earning = mine.filter(kind__in=(EntryKind.EARNED, EntryKind.REVERSED))
    clients = [
        (row["client"], Decimal(row["total"]))
        for row in earning.values("client").annotate(total=Sum("amount")).order_by("-total", "client")[:TOP]
    ]
    client_names = {user.pk: _name(user) for user in User.objects.filter(pk__in=[c for c, _ in clients if c])}
    protocols = [
        (row["protocol_id"], Decimal(row["total"]))
        for row in earning.filter(protocol_id__isnull=False)
        .values("protocol_id")
        .annotate(total=Sum("amount"))
        .order_by("-total", "protocol_id")[:TOP]
    ]
    protocol_names = dict(Protocol.objects.filter(pk__in=[p for p, _ in protocols]).values_list("pk", "name"))
    balance = ledger_sum(mine)
    return {
        "currency": currency,
        "balance": _text(balance),
        "this_month": _text(net_of(months[-1])),
        "last_month": _text(net_of(months[-2])),
        "next_payout": {
            "on": month_shift(this_start, 1).date(),
            "amount": _text(
                balance if balance >= PAYOUT_MINIMUM and payout_method != PayoutMethod.NOT_SET else Decimal(0)
            ),
            "minimum": _text(PAYOUT_MINIMUM),
            "payout_method": one_of(payout_method, PAYOUT_METHODS),
        },
        "months": months,
        "by_client": [
            {"id": client, "name": client_names.get(client or 0, ""), "earned": _text(total)}
            for client, total in clients
        ],
        "by_protocol": [
            {"id": protocol, "name": protocol_names.get(protocol or 0, ""), "earned": _text(total)}
            for protocol, total in protocols
        ],
    }


def _newest_entry_id() -> Subquery:
    """The newest entry's id of the outer row's practitioner. Asked this way (correlated, the practitioner
    unknown when planning), PostgreSQL reads it from the (practitioner, -id) index. Asked with the id as a
    literal, it may walk the primary key backwards from the newest entry of anyone, filtering: for a
    practitioner whose entries are old that read most of the ledger (86 ms at 1,000,000 entries, against
    0.1 ms; bench/earnings)."""
    return Subquery(
        LedgerEntry.objects.filter(practitioner_id=OuterRef("pk")).order_by("-id").values("id")[:1]
    )


def ledger_version(practitioner_id: int) -> int:
    """The id of the practitioner's newest entry: entries are only ever added, so anything read from the
    ledger stays true until this changes."""
    newest = (
        User.objects.filter(pk=practitioner_id)
        .annotate(version=_newest_entry_id())
        .values_list("version", flat=True)
        .first()
    )
    return newest or 0


def dashboard(*, practitioner: User, now: datetime | None = None) -> DashboardOut:
    """The practitioner's figures per currency they have entries in (EUR first), for the dashboard.

    The figures are sums over the whole ledger (20,000 entries for a busy practitioner), so they are kept in
    the cache under everything they depend on: the ledger's version, the month, the rate, the payout method
    and whether the practitioner earns. A new entry, a new month or a changed setting is a new key."""
    moment = now or timezone.now()
    # What the key depends on, in one round trip: this runs on every call, and the rest is a cache read.
    version, rate_row, method_row = (
        User.objects.filter(pk=practitioner.pk)
        .annotate(
            version=_newest_entry_id(),
            rate=Subquery(CommissionRate.objects.filter(practitioner_id=OuterRef("pk")).values("rate")[:1]),
            method=Subquery(Store.objects.filter(owner_id=OuterRef("pk")).values("payout_method")[:1]),
        )
        .values_list("version", "rate", "method")
        .get()
    )
    rate = DEFAULT_COMMISSION_RATE if rate_row is None else rate_row
    method = method_row or PayoutMethod.NOT_SET
    key = (
        f"earnings:dashboard:{practitioner.pk}:{version or 0}:{moment:%Y-%m}:"
        f"{rate}:{method}:{practitioner.user_type_id}"
    )
    cached: DashboardOut | None = cache.get(key)
    if cached is not None:
        return cached
    entries = LedgerEntry.objects.filter(practitioner=practitioner)
    currencies = sorted(set(entries.values_list("currency", flat=True).distinct()), key=lambda c: c != "EUR")
    figures: DashboardOut = {
        "earns": practitioner.user_type_id == UserType.CERTIFIED_PRACTITIONER,
        "commission_rate": _text(rate),
        "currencies": [_currency_figures(entries, currency, moment, method) for currency in currencies],
    }
    cache.set(key, figures, DASHBOARD_CACHE_SECONDS)
    return figures


class EntryOut(TypedDict):
    id: int
    kind: Kind
    amount: str
    currency: str
    order_number: str | None
    client: str | None
    protocol: str | None
    reason: str
    at: datetime


class LedgerPageOut(TypedDict):
    data: list[EntryOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


def ledger_page(
    *,
    practitioner: User,
    page: int,
    limit: int,
    kind: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> LedgerPageOut:
    """The practitioner's entries, newest first; `since` and `until` are days, both included (UTC)."""
    query = Q(practitioner=practitioner)
    if kind:
        query &= Q(kind=kind)
    if since:
        query &= Q(at__gte=datetime(since.year, since.month, since.day, tzinfo=UTC))
    if until:
        query &= Q(at__lt=datetime(until.year, until.month, until.day, tzinfo=UTC) + timedelta(days=1))
    entries = LedgerEntry.objects.filter(query).select_related("order", "client").order_by("-at", "-id")
    total = entries.count()
    rows = list(entries[(page - 1) * limit : page * limit])
    protocol_names = dict(
        Protocol.objects.filter(pk__in={e.protocol_id for e in rows if e.protocol_id}).values_list(
            "pk", "name"
        )
    )
    return {
        "data": [
            {
                "id": entry.pk,
                "kind": one_of(entry.kind, KINDS),
                "amount": _text(entry.amount),
                "currency": entry.currency,
                "order_number": entry.order.number if entry.order else None,
                "client": _name(entry.client) if entry.client else None,
                "protocol": protocol_names.get(entry.protocol_id) if entry.protocol_id else None,
                "reason": entry.reason,
                "at": entry.at,
            }
            for entry in rows
        ],
        "current_page": page,
        "limit": limit,
        "offset": (page - 1) * limit,
        "total_pages": ceil(total / limit) if total else 0,
        "total_results": total,
    }


BATCH_COLUMNS = ("method", "account_holder", "iban_or_paypal_email", "amount", "currency", "reference")


def payout_batch_csv(run: PayoutRun) -> str:
    """The run's bank and PayPal batch file: one row per payout, as the bank or PayPal upload takes it."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BATCH_COLUMNS)
    for payout in run.payouts.order_by("method", "currency", "id"):
        writer.writerow(
            (
                payout.method,
                csv_safe(payout.account_holder),
                payout.destination,
                _text(payout.amount),
                payout.currency,
                f"Commission {run.month:%Y-%m} #{payout.pk}",
            )
        )
    return out.getvalue()


class StatementOrder(TypedDict):
    order_number: str
    client: str
    earned: str
    reversed: str


class StatementEntry(TypedDict):
    at: datetime
    kind: str
    amount: str
    order_number: str | None
    client: str | None
    reason: str


class Statement(TypedDict):
    month: str
    currency: str
    practitioner: str
    opening: str
    earned: str
    reversed: str
    paid: str
    adjusted: str
    closing: str
    orders: list[StatementOrder]
    entries: list[StatementEntry]


def statement_currencies(*, practitioner: User) -> list[str]:
    """The currencies the practitioner has entries in, EUR first. Finding them reads every entry's currency
    (20,000 for a busy practitioner, the most of a cached statement's time), so they are cached under the
    ledger's version like the files."""
    key = f"earnings:currencies:{practitioner.pk}:{ledger_version(practitioner.pk)}"
    cached: list[str] | None = cache.get(key)
    if cached is not None:
        return cached
    currencies = sorted(
        set(
            LedgerEntry.objects.filter(practitioner=practitioner)
            .values_list("currency", flat=True)
            .distinct()
        ),
        key=lambda currency: currency != "EUR",
    )
    cache.set(key, currencies, DASHBOARD_CACHE_SECONDS)
    return currencies


def statement(*, practitioner: User, month: date, currency: str) -> Statement:
    """A month's statement in one currency: the balance it opened and closed with, what moved it by kind,
    each order's earnings and reversals, and every entry (oldest first)."""
    start = month_start(month)
    end = month_shift(start, 1)
    mine = LedgerEntry.objects.filter(practitioner=practitioner, currency=currency)
    opening = ledger_sum(mine.filter(at__lt=start))
    entries = list(
        mine.filter(at__gte=start, at__lt=end).select_related("order", "client").order_by("at", "id")
    )
    totals = {kind: Decimal(0) for kind in EntryKind.values}
    orders: dict[str, StatementOrder] = {}
    for entry in entries:
        totals[entry.kind] += entry.amount
        if entry.order is not None and entry.kind in (EntryKind.EARNED, EntryKind.REVERSED):
            row = orders.setdefault(
                entry.order.number or "",
                {
                    "order_number": entry.order.number or "",
                    "client": _name(entry.client) if entry.client else "",
                    "earned": "0.00",
                    "reversed": "0.00",
                },
            )
            if entry.kind == EntryKind.EARNED:
                row["earned"] = _text(Decimal(row["earned"]) + entry.amount)
            else:
                row["reversed"] = _text(Decimal(row["reversed"]) + entry.amount)
    moved = sum(totals.values(), Decimal(0))
    return {
        "month": start.strftime("%Y-%m"),
        "currency": currency,
        "practitioner": _name(practitioner),
        "opening": _text(opening),
        "earned": _text(totals[EntryKind.EARNED]),
        "reversed": _text(totals[EntryKind.REVERSED]),
        "paid": _text(totals[EntryKind.PAID_OUT]),
        "adjusted": _text(totals[EntryKind.ADJUSTMENT]),
        "closing": _text(opening + moved),
        "orders": list(orders.values()),
        "entries": [
            {
                "at": entry.at,
                "kind": one_of(entry.kind, KINDS),
                "amount": _text(entry.amount),
                "order_number": entry.order.number if entry.order else None,
                "client": _name(entry.client) if entry.client else None,
                "reason": entry.reason,
            }
            for entry in entries
        ],
    }


class PayoutAccountOut(TypedDict):
    account_holder: str
    iban: str
    paypal_email: str
    payout_method: PayoutMethodValue


def payout_account_of(practitioner: User) -> PayoutAccountOut:
    """Where the practitioner's payouts go: the store's payout method and the details for it."""
    account = PayoutAccount.objects.filter(practitioner=practitioner).first()
    method = Store.objects.filter(owner=practitioner).values_list("payout_method", flat=True).first()
    return {
        "account_holder": account.account_holder if account else "",
        "iban": account.iban if account else "",
        "paypal_email": account.paypal_email if account else "",
        "payout_method": one_of(method or PayoutMethod.NOT_SET, PAYOUT_METHODS),
    }
