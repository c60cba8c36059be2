"""Automatic refills on Mollie (docs/decisions/0042-automatic-refills.md), against the suite's local server
that speaks Mollie's API: the first payment makes the customer and the mandate, the day's run charges the
next parcel as a recurring payment, a charge Mollie keeps pending waits for its webhook, and a mandate
revoked at Mollie makes the refill wait for a new first payment."""

from datetime import timedelta

import pytest
from django.core import mail

from server.orders.models import OrderState
from server.payments.models import Payment
from server.subscriptions.models import Parcel, ParcelState, Subscription, SubscriptionState
from server.subscriptions.run import subscriptions_run
from server.subscriptions.tests.conftest import KEY, TODAY, order_of, subscribe_body

URL = "/v2/account/clients/subscriptions"
NEXT = TODAY + timedelta(days=30)


@pytest.fixture
def active(client, people, winter, clock, mollie, django_capture_on_commit_callbacks) -> Subscription:
    with django_capture_on_commit_callbacks(execute=True):
        created = client.post(
            URL, json=subscribe_body(winter), headers={**people.patient.headers, **KEY}
        ).json()
    assert created["payment_url"].startswith("https://www.mollie.com/checkout/")
    first = Payment.objects.get(order__subscription_id=created["id"])
    assert mollie.payments[first.provider_id]["sequenceType"] == "first"
    mollie.pay(first.provider_id, method="ideal")
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post("/v2/payments/mollie/webhook", data={"id": first.provider_id}).status_code == 200
    mail.outbox.clear()
    return Subscription.objects.get(pk=created["id"])


def run(day, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return subscriptions_run(today=day)


def test_the_first_payment_at_mollie_makes_the_mandate_and_the_run_charges_the_next_parcel_on_it(
    active, mollie, clock, django_capture_on_commit_callbacks
):
    assert active.state == SubscriptionState.ACTIVE
    assert (active.provider, active.mandate_id[:4], active.customer_id[:4]) == ("mollie", "mdt_", "cst_")

    clock.set(NEXT)
    result = run(NEXT, django_capture_on_commit_callbacks)

    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    charge = Payment.objects.get(order=parcel.order)
    sent = mollie.payments[charge.provider_id]
    assert (result.placed, result.charged) == (1, 1)
    assert (sent["sequenceType"], sent["mandateId"], sent["customerId"]) == (
        "recurring",
        active.mandate_id,
        active.customer_id,
    )
    assert (parcel.state, order_of(parcel).state) == (ParcelState.PAID, OrderState.PAID)


def test_a_charge_mollie_keeps_pending_waits_for_its_webhook(
    client, active, mollie, clock, django_capture_on_commit_callbacks
):
    mollie.charge_status = "pending"
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (parcel.state, order_of(parcel).state) == (ParcelState.CHARGING, OrderState.AWAITING_PAYMENT)
    assert run(NEXT, django_capture_on_commit_callbacks).charged == 0  # a second run charges nothing

    charge = Payment.objects.get(order=parcel.order)
    mollie.pay(charge.provider_id, method="directdebit")
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/v2/payments/mollie/webhook", data={"id": charge.provider_id})

    parcel.refresh_from_db()
    assert (parcel.state, order_of(parcel).state) == (ParcelState.PAID, OrderState.PAID)
    assert len(mollie.payments) == 2  # the first payment and one charge


def test_a_mandate_revoked_at_mollie_makes_the_refill_wait_for_a_new_first_payment(
    client, people, active, mollie, clock, django_capture_on_commit_callbacks
):
    mollie.revoke(active.mandate_id)
    clock.set(NEXT)
    result = run(NEXT, django_capture_on_commit_callbacks)

    active.refresh_from_db()
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (result.placed, result.charged) == (1, 1)
    assert (active.state, active.reason, active.mandate_id) == (
        SubscriptionState.PAST_DUE,
        "mandate_revoked",
        "",
    )
    assert parcel.state == ParcelState.FAILED
    assert not Payment.objects.filter(order=parcel.order).exists()
    assert mail.outbox[-1].subject == "Your refill needs a new payment"
    pay = client.post(f"{URL}/{active.pk}/payment", headers=people.patient.headers)
    assert pay.json()["payment_url"].startswith("https://www.mollie.com/checkout/")


def test_a_replayed_webhook_of_a_parcels_charge_changes_nothing(
    client, active, mollie, clock, django_capture_on_commit_callbacks
):
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    charge = Payment.objects.get(order=parcel.order)
    before = (
        list(Parcel.objects.values_list("pk", "state", "updated_at")),
        list(active.lines.values_list("pk", "runs_out_on")),
        Subscription.objects.get(pk=active.pk).updated_at,
    )

    for _ in range(2):
        with django_capture_on_commit_callbacks(execute=True):
            assert (
                client.post("/v2/payments/mollie/webhook", data={"id": charge.provider_id}).status_code == 200
            )

    after = (
        list(Parcel.objects.values_list("pk", "state", "updated_at")),
        list(active.lines.values_list("pk", "runs_out_on")),
        Subscription.objects.get(pk=active.pk).updated_at,
    )
    assert after == before
    assert Payment.objects.filter(order__subscription_id=active.pk).count() == 2
