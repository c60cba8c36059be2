"""Payout details and the monthly payout run (docs/decisions/0020-practitioner-earnings.md): balances at the
month's end above the minimum are paid to practitioners with a payout method and its details, once per month;
the others are told."""

import threading
from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from django.db import OperationalError, connection

from server.accounts.models import Milestone, MilestoneId
from server.core.errors import Conflict, InvalidInput
from server.earnings.models import EntryKind, LedgerEntry, Payout, PayoutRun, PayoutSettings
from server.earnings.selectors import balance_of, payout_batch_csv
from server.earnings.services import payout_account_set, payout_run_start
from server.stores.models import Store

OCTOBER = date(2026, 10, 1)
NOVEMBER_5 = date(2026, 11, 5)


def entry(person, amount: str, currency: str = "EUR", at: datetime = datetime(2026, 10, 20, tzinfo=UTC)):
    return LedgerEntry.objects.create(
        practitioner=person.user, kind=EntryKind.ADJUSTMENT, amount=Decimal(amount), currency=currency,
        reason="test balance", at=at,
    )  # fmt: skip


def pays_by(person, method: str, **details: str) -> None:
    Store.objects.create(owner=person.user, shop_name=f"shop-{person.user.pk}", payout_method=method)
    payout_account_set(
        practitioner=person.user,
        account_holder=details.get("account_holder", ""),
        iban=details.get("iban", ""),
        paypal_email=details.get("paypal_email", ""),
    )


def test_a_run_pays_the_month_end_balances_above_the_minimum_and_tells_the_others(
    people, mailoutbox, django_capture_on_commit_callbacks
):
    pays_by(people.certified, "bank_account", account_holder="Dana Doc", iban="NL91 ABNA 0417 1643 00")
    pays_by(people.rival, "paypal", paypal_email="Rival@Example.com")
    entry(people.certified, "30.00")
    entry(people.certified, "12.00", currency="GBP")  # below the minimum: waits
    entry(people.certified, "5.00", at=datetime(2026, 11, 2, tzinfo=UTC))  # after the month: next run
    entry(people.rival, "25.00")
    entry(people.practitioner, "40.00")  # no payout method: told by e-mail

    with django_capture_on_commit_callbacks(execute=True):
        result = payout_run_start(month=OCTOBER, by=people.admin.user, today=NOVEMBER_5)

    assert [
        (p.practitioner.email, p.currency, p.amount, p.method, p.destination) for p in result.payouts
    ] == [
        ("doc@example.com", "EUR", Decimal("30.00"), "bank_account", "NL91ABNA0417164300"),
        ("rival@example.com", "EUR", Decimal("25.00"), "paypal", "rival@example.com"),
    ]
    assert balance_of(practitioner_id=people.certified.user.pk, currency="EUR") == Decimal("5.00")
    assert balance_of(practitioner_id=people.certified.user.pk, currency="GBP") == Decimal("12.00")
    assert [(u.email, c, b) for u, c, b in result.waiting] == [("plain@example.com", "EUR", Decimal("40.00"))]
    assert [mail.to for mail in mailoutbox] == [["plain@example.com"]]
    assert "40,00\u00a0€" in mailoutbox[0].body
    paid = LedgerEntry.objects.filter(kind=EntryKind.PAID_OUT).order_by("id")
    assert [(e.amount, e.reference) for e in paid] == [
        (Decimal("-30.00"), f"payout:{result.payouts[0].pk}"),
        (Decimal("-25.00"), f"payout:{result.payouts[1].pk}"),
    ]
    # The first payout sets the tier (milestone 4) of those paid, not of the one still waiting.
    tiers = Milestone.objects.filter(milestone_id=MilestoneId.TIER_ID).values_list("user__email", flat=True)
    assert sorted(tiers) == ["doc@example.com", "rival@example.com"]


def test_the_batch_file_names_each_payout_and_its_destination(people):
    pays_by(people.certified, "bank_account", account_holder="=HYPERLINK(1)", iban="DE89370400440532013000")
    entry(people.certified, "100.50")
    run = payout_run_start(month=OCTOBER, by=people.admin.user, today=NOVEMBER_5).run

    assert payout_batch_csv(run).splitlines() == [
        "method,account_holder,iban_or_paypal_email,amount,currency,reference",
        "bank_account,'=HYPERLINK(1),DE89370400440532013000,100.50,EUR,"
        f"Commission 2026-10 #{run.payouts.get().pk}",
    ]


def test_the_minimum_is_an_admin_setting(people):
    PayoutSettings.objects.create(pk=1, minimum_eur=Decimal("50"))
    pays_by(people.certified, "paypal", paypal_email="doc@example.com")
    entry(people.certified, "30.00")

    assert payout_run_start(month=OCTOBER, by=people.admin.user, today=NOVEMBER_5).payouts == []


def test_a_month_not_over_or_run_already_is_refused(people):
    with pytest.raises(Conflict) as early:
        payout_run_start(month=date(2026, 11, 1), by=people.admin.user, today=date(2026, 11, 30))
    payout_run_start(month=OCTOBER, by=people.admin.user, today=NOVEMBER_5)
    with pytest.raises(Conflict) as again:
        payout_run_start(month=date(2026, 10, 15), by=people.admin.user, today=NOVEMBER_5)

    assert early.value.errors == {"month": ["not over"]}
    assert again.value.errors == {"month": ["already run"]}
    assert PayoutRun.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_runs_started_at_once_make_one(people):
    pays_by(people.certified, "paypal", paypal_email="doc@example.com")
    entry(people.certified, "30.00")
    outcomes: list[str] = []
    start = threading.Barrier(2)

    def run() -> None:
        start.wait()
        try:
            payout_run_start(month=OCTOBER, by=people.admin.user, today=NOVEMBER_5)
            outcomes.append("ran")
        except Conflict:
            outcomes.append("refused")
        except OperationalError as error:
            # SQLite's in-memory test database answers a second writer "table is locked" at once instead
            # of waiting as a database file does; PostgreSQL makes the loser wait, then refuses it (409).
            assert connection.vendor == "sqlite" and "locked" in str(error)
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["ran", "refused"]
    assert (PayoutRun.objects.count(), Payout.objects.count()) == (1, 1)
    assert LedgerEntry.objects.filter(kind=EntryKind.PAID_OUT).count() == 1


@pytest.mark.parametrize(
    ("details", "errors"),
    [
        ({"iban": "NL91ABNA0417164301", "account_holder": "Dana"}, {"iban": ["invalid"]}),
        ({"iban": "NL91ABNA0417164300"}, {"account_holder": ["required"]}),
        ({"paypal_email": "not-an-address"}, {"paypal_email": ["invalid"]}),
    ],
)
def test_bad_payout_details_are_refused(people, details, errors):
    with pytest.raises(InvalidInput) as refused:
        payout_account_set(
            practitioner=people.certified.user,
            account_holder=details.get("account_holder", ""),
            iban=details.get("iban", ""),
            paypal_email=details.get("paypal_email", ""),
        )

    assert refused.value.errors == errors
