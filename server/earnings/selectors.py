"""Ledger reads (issue 17). A balance is always a sum of entries, never a stored figure. SQLite keeps
decimals as binary floats and sums them so, so every sum is brought back to the cent (exact for any
balance below a hundred billion cents); PostgreSQL sums `numeric` exactly."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import QuerySet, Sum

from server.core.pricing import round_money
from server.earnings.models import LedgerEntry


def ledger_sum(entries: QuerySet[LedgerEntry]) -> Decimal:
    return round_money(entries.aggregate(total=Sum("amount"))["total"] or 0)


def balance_of(*, practitioner_id: int, currency: str) -> Decimal:
    return ledger_sum(LedgerEntry.objects.filter(practitioner_id=practitioner_id, currency=currency))
