"""Monthly statements as CSV and PDF in the practitioner's language, and the payout details calls
(docs/decisions/0020-practitioner-earnings.md). A statement URL names a month and a format; anything else is a
404."""

import io
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.utils import timezone
from pypdf import PdfReader

from server.earnings.models import EntryKind, LedgerEntry
from server.earnings.tests.test_ledger import buy
from server.stores.models import Store

EARNINGS = "/v2/account/practitioners/earnings"


def adjustment(person, amount: str, at: datetime) -> None:
    LedgerEntry.objects.create(
        practitioner=person.user, kind=EntryKind.ADJUSTMENT, amount=Decimal(amount), currency="EUR",
        reason="=SUM(A1:A9) welcome", at=at,
    )  # fmt: skip


def test_the_csv_statement_opens_with_last_months_balance_and_lists_each_order(client, filled_cart, people):
    adjustment(people.certified, "10.00", datetime(2026, 9, 30, 23, 59, tzinfo=UTC))
    order = buy(client, filled_cart.patient)
    month = timezone.now().strftime("%Y-%m")

    reply = client.get(f"{EARNINGS}/statements/{month}.csv", headers=people.certified.headers)

    assert reply.status_code == 200
    assert reply["Content-Type"] == "text/csv; charset=utf-8"
    assert reply["Content-Disposition"] == f'attachment; filename="statement-{month}-EUR.csv"'
    rows = reply.content.decode().splitlines()
    assert rows[:7] == [
        f"Commission statement,Dana Doc,{month},EUR",
        "Opening balance,10.00",
        "Earned,3.64",
        "Reversed by refunds,0.00",
        "Paid out,0.00",
        "Adjustments,0.00",
        "Closing balance,13.64",
    ]
    assert f"{order.number},Pat Ient,3.64,0.00" in rows
    september = client.get(f"{EARNINGS}/statements/2026-09.csv", headers=people.certified.headers)
    assert "'=SUM(A1:A9) welcome" in september.content.decode()  # a cell no spreadsheet runs


def test_the_pdf_statement_is_in_the_practitioners_language(client, filled_cart, people):
    people.certified.user.language = "de"
    people.certified.user.save(update_fields=["language"])
    buy(client, filled_cart.patient)
    month = timezone.now().strftime("%Y-%m")

    reply = client.get(f"{EARNINGS}/statements/{month}.pdf", headers=people.certified.headers)

    assert reply.status_code == 200
    assert reply["Content-Type"] == "application/pdf"
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(reply.content)).pages)
    assert "Provisionsabrechnung" in text
    assert "Endsaldo" in text and "3,64" in text
    assert "Pat Ient" in text


@pytest.mark.parametrize(
    "file",
    [
        "2026-13.csv",
        "2026-1.csv",
        "1999-01.csv",
        "2026-10.xlsx",
        "2026-10.csv.pdf",
        "..%2F..%2Fsecret",
        "2999-01.pdf",
    ],
)
def test_tampered_statement_urls_are_a_404(client, people, file):
    reply = client.get(f"{EARNINGS}/statements/{file}", headers=people.certified.headers)

    assert reply.status_code == 404


def test_a_statement_in_a_currency_the_practitioner_has_not_is_a_404_and_others_are_not_shown(
    client, filled_cart, people
):
    buy(client, filled_cart.patient)
    month = timezone.now().strftime("%Y-%m")

    gbp = client.get(f"{EARNINGS}/statements/{month}.csv?currency=GBP", headers=people.certified.headers)
    rival = client.get(f"{EARNINGS}/statements/{month}.csv", headers=people.rival.headers)

    assert gbp.status_code == 404
    assert "Pat Ient" not in rival.content.decode()
    assert client.get(f"{EARNINGS}/statements/{month}.csv", headers=people.patient.headers).status_code == 403


def test_payout_details_are_kept_checked_and_shown_with_the_stores_method(client, people):
    Store.objects.create(owner=people.certified.user, shop_name="dana", payout_method="bank_account")
    headers = people.certified.headers

    refused = client.put(f"{EARNINGS}/payout-account", json={"iban": "NL00ABNA0417164300"}, headers=headers)
    saved = client.put(
        f"{EARNINGS}/payout-account",
        json={"account_holder": "Dana Doc", "iban": "nl91 abna 0417 1643 00"},
        headers=headers,
    )

    assert refused.status_code == 422
    assert refused.json()["errors"] == {"iban": ["invalid"], "account_holder": ["required"]}
    assert saved.json() == {
        "account_holder": "Dana Doc",
        "iban": "NL91ABNA0417164300",
        "paypal_email": "",
        "payout_method": "bank_account",
    }
    assert client.get(f"{EARNINGS}/payout-account", headers=people.rival.headers).json()["iban"] == ""


def test_a_statement_file_is_made_again_after_a_new_entry(client, filled_cart, people):
    buy(client, filled_cart.patient)
    month = timezone.now().strftime("%Y-%m")
    url = f"{EARNINGS}/statements/{month}.csv"

    before = client.get(url, headers=people.certified.headers).content.decode()
    adjustment(people.certified, "1.00", timezone.now())
    after = client.get(url, headers=people.certified.headers).content.decode()

    assert "Closing balance,3.64" in before
    assert "Closing balance,4.64" in after
