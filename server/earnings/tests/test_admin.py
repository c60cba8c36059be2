"""Staff's earnings pages (docs/decisions/0020-practitioner-earnings.md): rates within 0-50 %, adjustments
only with a reason, a ledger that cannot be edited or deleted, payout runs for months that are over, once,
with their batch file."""

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.test import Client

from server.accounts.models import User
from server.earnings.models import CommissionRate, EntryKind, LedgerEntry, PayoutRun
from server.earnings.services import payout_account_set
from server.stores.models import Store


@pytest.fixture
def staff(db) -> Client:
    browser = Client()
    browser.force_login(User.objects.create_superuser("staff@example.com", "Demo-pass-2026!"))
    return browser


@pytest.mark.parametrize(("rate", "saved"), [("35", True), ("50.01", False), ("-1", False)])
def test_a_commission_rate_is_0_to_50_percent(staff, people, rate, saved):
    reply = staff.post(
        "/admin/earnings/commissionrate/add/", {"practitioner": people.certified.user.pk, "rate": rate}
    )

    assert CommissionRate.objects.filter(practitioner=people.certified.user).exists() is saved
    assert reply.status_code == (302 if saved else 200)


def test_an_adjustment_needs_a_reason_and_the_ledger_cannot_be_edited_or_deleted(staff, people):
    form = {"practitioner": people.certified.user.pk, "amount": "12.50", "currency": "EUR"}

    refused = staff.post("/admin/earnings/ledgerentry/add/", {**form, "reason": ""})
    staff.post("/admin/earnings/ledgerentry/add/", {**form, "reason": "Conference bonus"})
    entry = LedgerEntry.objects.get()
    change = staff.post(f"/admin/earnings/ledgerentry/{entry.pk}/change/", {**form, "amount": "99"})
    delete = staff.post(f"/admin/earnings/ledgerentry/{entry.pk}/delete/", {"post": "yes"})

    assert refused.status_code == 200 and b"This field is required" in refused.content
    assert (entry.kind, entry.amount, entry.reason, entry.by and entry.by.email) == (
        "adjustment", Decimal("12.50"), "Conference bonus", "staff@example.com",
    )  # fmt: skip
    assert change.status_code == 403 and delete.status_code == 403
    assert LedgerEntry.objects.get().amount == Decimal("12.50")


def test_a_payout_run_from_the_admin_pays_and_offers_the_batch_file(staff, people):
    Store.objects.create(owner=people.certified.user, shop_name="dana", payout_method="paypal")
    payout_account_set(
        practitioner=people.certified.user, account_holder="", iban="", paypal_email="d@example.com"
    )
    LedgerEntry.objects.create(
        practitioner=people.certified.user, kind=EntryKind.ADJUSTMENT, amount=Decimal("40"), currency="EUR",
        reason="test", at=datetime(2026, 1, 10, tzinfo=UTC),
    )  # fmt: skip

    inline = {"payouts-TOTAL_FORMS": "0", "payouts-INITIAL_FORMS": "0"}
    staff.post("/admin/earnings/payoutrun/add/", {**inline, "month": "2026-01-15"})
    again = staff.post("/admin/earnings/payoutrun/add/", {**inline, "month": "2026-01-01"})
    early = staff.post("/admin/earnings/payoutrun/add/", {**inline, "month": "2999-01-01"})
    run = PayoutRun.objects.get()
    batch = staff.get(f"/admin/earnings/payoutrun/{run.pk}/batch.csv")

    assert run.month.isoformat() == "2026-01-01"
    assert b"have been run already" in again.content and b"once it is over" in early.content
    assert batch["Content-Type"] == "text/csv; charset=utf-8"
    assert batch.content.decode().splitlines()[1].startswith("paypal,Dana Doc,d@example.com,40.00,EUR,")
