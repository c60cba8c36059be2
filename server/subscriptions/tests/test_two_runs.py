"""Two processes running the same day at once (docs/decisions/0042-automatic-refills.md): each parcel is
placed once and charged once. Needs PostgreSQL's row locks (SKIP LOCKED); SQLite's test database refuses a
second writer instead of making it wait."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from ninja.testing import TestClient

from server.accounts.models import PractitionerClient, UserType
from server.config.api import api
from server.payments.models import Payment, TestProviderPayment
from server.protocols.sharing import Recipient, protocol_assign
from server.protocols.tests.conftest import person
from server.subscriptions.models import Parcel, ParcelState
from server.subscriptions.run import RunResult, subscriptions_run
from server.subscriptions.tests.conftest import TODAY, Clock, payment_id_of, subscribe_body

CLIENTS = 6
RUNS = 2


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_runs_of_one_day_at_once_charge_each_parcel_once(people, winter, monkeypatch):
    client = TestClient(api)
    buyers = [
        person(f"buyer{n}@example.com", UserType.CLIENT, first_name="B", last_name=str(n))
        for n in range(CLIENTS)
    ]
    # After the sign-ins: their tokens are checked against the real time.
    clock = Clock(monkeypatch)
    for n, buyer in enumerate(buyers):
        PractitionerClient.objects.create(
            practitioner=people.certified.user, client=buyer.user, discount_rate=0
        )
        protocol_assign(
            practitioner=people.certified.user,
            protocol=winter,
            recipient=Recipient(client_id=buyer.user.id),
            discount=None,
            notes="",
            language="en",
        )
        created = client.post(
            "/v2/account/clients/subscriptions",
            json=subscribe_body(winter),
            headers={**buyer.headers, "Idempotency-Key": f"k{n}"},
        ).json()
        assert "payment_url" in created, created
        client.post(f"/v2/payments/test/{payment_id_of(created['payment_url'])}", json={"outcome": "paid"})
    day = TODAY + timedelta(days=30)
    clock.set(day)
    start = threading.Barrier(RUNS)
    results: list[RunResult] = []

    def run() -> None:
        start.wait()
        try:
            results.append(subscriptions_run(today=day))
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(RUNS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(results) == RUNS  # both runs finished (neither stopped on a lock)
    assert sum(result.placed for result in results) == CLIENTS
    assert sum(result.charged for result in results) == CLIENTS
    assert Parcel.objects.filter(date=day, state=ParcelState.PAID).count() == CLIENTS
    assert Parcel.objects.filter(date=day).count() == CLIENTS
    assert Payment.objects.filter(sequence_type="recurring").count() == CLIENTS
    assert TestProviderPayment.objects.filter(sequence_type="recurring").count() == CLIENTS
