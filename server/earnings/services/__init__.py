"""Earnings writes (docs/decisions/0020-practitioner-earnings.md), by part: the ledger (earned, reversed,
adjustments, rates) and payouts."""

from server.earnings.services.ledger import (
    commission_rate_set,
    earnings_adjust,
    earnings_record_paid,
    earnings_reverse,
    earnings_tell,
)
from server.earnings.services.payouts import payout_account_set, payout_month_check, payout_run_start

__all__ = [
    "commission_rate_set",
    "earnings_adjust",
    "earnings_record_paid",
    "earnings_reverse",
    "earnings_tell",
    "payout_account_set",
    "payout_month_check",
    "payout_run_start",
]
