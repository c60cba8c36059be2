"""The earnings calls (docs/decisions/0020-practitioner-earnings.md): the dashboard's figures and the ledger,
for the practitioner only."""

from decimal import Decimal

import pytest
from django.utils import timezone

from server.earnings.services import commission_rate_set, earnings_adjust
from server.earnings.tests.test_ledger import buy

EARNINGS = "/v2/account/practitioners/earnings"
LEDGER = f"{EARNINGS}/ledger"


def test_the_dashboard_shows_what_a_paid_order_earned_this_month(client, filled_cart, people):
    buy(client, filled_cart.patient)

    reply = client.get(EARNINGS, headers=people.certified.headers)

    body = reply.json()
    assert reply.status_code == 200
    assert (body["earns"], body["commission_rate"]) == (True, "20.00")
    [eur] = body["currencies"]
    month = timezone.now().strftime("%Y-%m")
    assert (eur["currency"], eur["balance"], eur["this_month"], eur["last_month"]) == (
        "EUR",
        "3.64",
        "3.64",
        "0.00",
    )
    assert len(eur["months"]) == 12
    assert eur["months"][-1] == {
        "month": month,
        "earned": "3.64",
        "reversed": "0.00",
        "paid": "0.00",
        "adjusted": "0.00",
    }
    assert eur["by_client"] == [{"id": people.patient.user.pk, "name": "Pat Ient", "earned": "3.64"}]
    assert eur["by_protocol"] == []
    # Below the payout minimum, and no payout method chosen: nothing is paid next month.
    assert eur["next_payout"]["amount"] == "0.00"
    assert (eur["next_payout"]["minimum"], eur["next_payout"]["payout_method"]) == ("25.00", "not_set")


def test_a_plain_practitioner_is_told_they_do_not_earn_yet(client, people):
    body = client.get(EARNINGS, headers=people.practitioner.headers).json()

    assert body == {"earns": False, "commission_rate": "20.00", "currencies": []}


@pytest.mark.parametrize(("who", "status"), [("patient", 403), ("admin", 403), (None, 401)])
def test_only_practitioners_have_earnings(client, people, who, status):
    headers = getattr(people, who).headers if who else {}

    assert client.get(EARNINGS, headers=headers).status_code == status
    assert client.get(LEDGER, headers=headers).status_code == status


def test_the_ledger_is_paged_newest_first_and_filtered_by_kind_and_days(client, filled_cart, people):
    order = buy(client, filled_cart.patient)
    earnings_adjust(
        practitioner=people.certified.user,
        amount=Decimal("2.50"),
        currency="EUR",
        reason="Welcome",
        by=people.admin.user,
    )
    today = timezone.now().date().isoformat()

    first = client.get(f"{LEDGER}?limit=2", headers=people.certified.headers).json()
    earned = client.get(
        f"{LEDGER}?kind=earned&from={today}&to={today}", headers=people.certified.headers
    ).json()
    before = client.get(f"{LEDGER}?to=2020-01-31", headers=people.certified.headers).json()

    assert (first["total_results"], first["total_pages"], first["current_page"]) == (3, 2, 1)
    assert [(e["kind"], e["amount"], e["reason"]) for e in first["data"]] == [
        ("adjustment", "2.50", "Welcome"),
        ("earned", "1.78", ""),
    ]
    assert first["data"][1]["order_number"] == order.number
    assert first["data"][1]["client"] == "Pat Ient"
    assert [e["amount"] for e in earned["data"]] == ["1.78", "1.86"]
    assert before["total_results"] == 0


def test_a_practitioner_sees_only_their_own_entries(client, filled_cart, people):
    buy(client, filled_cart.patient)

    assert client.get(LEDGER, headers=people.rival.headers).json()["total_results"] == 0
    assert client.get(EARNINGS, headers=people.rival.headers).json()["currencies"] == []


@pytest.mark.parametrize(
    "query",
    [
        "kind=bonus",
        "from=2026-13-01",
        "from=yesterday",
        "page=0",
        "page=1000000000",
        "limit=1000",
        "from=2026-02-01&to=2026-01-01",
    ],
)
def test_bad_ledger_queries_are_a_clear_4xx(client, people, query):
    reply = client.get(f"{LEDGER}?{query}", headers=people.certified.headers)

    assert reply.status_code in (400, 422)
    assert reply.json()["message"]


def test_the_dashboard_moves_with_every_new_entry_and_setting_though_it_is_cached(
    client, filled_cart, people
):
    buy(client, filled_cart.patient)
    first = client.get(EARNINGS, headers=people.certified.headers).json()

    earnings_adjust(
        practitioner=people.certified.user,
        amount=Decimal("1.36"),
        currency="EUR",
        reason="Rounding",
        by=people.admin.user,
    )
    after_entry = client.get(EARNINGS, headers=people.certified.headers).json()
    commission_rate_set(practitioner=people.certified.user, rate=Decimal("25"))
    after_rate = client.get(EARNINGS, headers=people.certified.headers).json()

    assert first["currencies"][0]["balance"] == "3.64"
    assert after_entry["currencies"][0]["balance"] == "5.00"
    assert after_rate["commission_rate"] == "25.00"


def test_a_client_sees_their_discount_on_the_order_and_never_the_commission(client, filled_cart):
    order = buy(client, filled_cart.patient)

    detail = client.get(f"/v2/account/orders/{order.number}", headers=filled_cart.patient.headers).json()

    assert (detail["discount_rate"], detail["discount"]) == ("10.00", "4.90")
    assert "commission" not in str(detail).lower() and "earn" not in str(detail).lower()
