"""The earnings replies (docs/api.md, "Practitioner earnings")."""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from ninja import Schema

Kind = Literal["earned", "reversed", "paid_out", "adjustment"]


class MonthOut(Schema):
    month: str
    earned: str
    reversed: str
    paid: str
    adjusted: str


class ShareOut(Schema):
    id: int | None
    name: str
    earned: str


class NextPayoutOut(Schema):
    on: date
    amount: str
    minimum: str
    payout_method: Literal["not_set", "paypal", "bank_account"]


class CurrencyOut(Schema):
    currency: str
    balance: str
    this_month: str
    last_month: str
    next_payout: NextPayoutOut
    months: list[MonthOut]
    by_client: list[ShareOut]
    by_protocol: list[ShareOut]


class DashboardOut(Schema):
    earns: bool
    commission_rate: str
    currencies: list[CurrencyOut]


class EntryOut(Schema):
    id: int
    kind: Kind
    amount: str
    currency: str
    order_number: str | None
    client: str | None
    protocol: str | None
    reason: str
    at: datetime


class LedgerPageOut(Schema):
    data: list[EntryOut]
    current_page: int
    limit: int
    offset: int
    total_pages: int
    total_results: int


class PayoutAccountIn(Schema):
    account_holder: str = ""
    iban: str = ""
    paypal_email: str = ""


class PayoutAccountOut(Schema):
    account_holder: str
    iban: str
    paypal_email: str
    payout_method: Literal["not_set", "paypal", "bank_account"]
