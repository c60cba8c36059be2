"""Subscribing (docs/decisions/0042-automatic-refills.md): the proposal, the subscription waiting for its
first payment, and the first payment that pays the first parcel and makes the mandate."""

from datetime import timedelta
from typing import get_args

import pytest

from server.events.models import Event
from server.orders.models import Order, OrderState
from server.payments.models import Payment
from server.protocols.tests.conftest import variant_of
from server.subscriptions.models import Parcel, ParcelState, PastDueReason, Subscription, SubscriptionState
from server.subscriptions.selectors import ParcelStateValue, PastDueReasonValue, SubscriptionStateValue
from server.subscriptions.tests.conftest import KEY, TODAY, order_of, payment_id_of, subscribe_body

URL = "/v2/account/clients/subscriptions"


def test_the_proposal_times_the_parcels_by_the_doses_and_the_bottles(
    client, people, winter, catalogue, clock
):
    reply = client.get(f"{URL}/proposal?protocol_id={winter.pk}", headers=people.patient.headers)

    assert reply.status_code == 200
    body = reply.json()
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")
    assert body["interval_days"] == 30
    assert body["first_parcel_on"] == TODAY.isoformat()
    assert body["currency"] == "EUR"
    assert [
        (line["product_variant_id"], line["quantity"], line["days_of_supply"], line["runs_out_on"])
        for line in body["lines"]
    ] == [
        (d3, 1, 30, (TODAY + timedelta(days=35)).isoformat()),
        (magnesium, 2, 60, (TODAY + timedelta(days=65)).isoformat()),
    ]
    # Two tubs of magnesium (48.00) and a bottle of D3 (12.50), less the client's 10 %: 54.45; then D3 alone.
    assert [
        (parcel["date"], [line["product_variant_id"] for line in parcel["lines"]], parcel["total"])
        for parcel in body["parcels"]
    ] == [
        (TODAY.isoformat(), [d3, magnesium], "54.45"),
        ((TODAY + timedelta(days=30)).isoformat(), [d3], "11.25"),
        ((TODAY + timedelta(days=60)).isoformat(), [d3, magnesium], "54.45"),
    ]


def test_the_proposal_previews_the_chosen_lines_and_interval_and_still_offers_the_rest(
    client, people, winter, catalogue, clock
):
    d3, magnesium = variant_of(catalogue, "d3"), variant_of(catalogue, "magnesium")

    reply = client.get(
        f"{URL}/proposal?protocol_id={winter.pk}&lines={magnesium}:1&interval_days=28",
        headers=people.patient.headers,
    )

    assert reply.status_code == 200, reply.json()
    body = reply.json()
    # One tub of magnesium lasts 30 days; D3, left out, is still offered with its own quantity.
    assert (body["interval_days"], body["default_interval_days"]) == (28, 30)
    assert [
        (line["product_variant_id"], line["quantity"], line["included"], line["days_of_supply"])
        for line in body["lines"]
    ] == [(d3, 1, False, 30), (magnesium, 1, True, 30)]
    # One tub (24.00) less 10 %: 21.60, every 28 days.
    assert [
        (parcel["date"], [line["product_variant_id"] for line in parcel["lines"]], parcel["total"])
        for parcel in body["parcels"]
    ] == [
        (TODAY.isoformat(), [magnesium], "21.60"),
        ((TODAY + timedelta(days=28)).isoformat(), [magnesium], "21.60"),
        ((TODAY + timedelta(days=56)).isoformat(), [magnesium], "21.60"),
    ]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("lines=999999:1", "lines.999999"),
        ("lines=1;2", "lines"),
        ("lines=", "lines"),
        ("interval_days=6", "interval_days"),
        ("interval_days=181", "interval_days"),
    ],
)
def test_a_preview_of_lines_not_offered_or_written_wrong_is_refused_by_field(
    client, people, winter, clock, query, field
):
    reply = client.get(f"{URL}/proposal?protocol_id={winter.pk}&{query}", headers=people.patient.headers)

    assert reply.status_code == 422
    assert field in reply.json()["errors"]


def subscribe(client, people, winter, **extra):
    return client.post(URL, json=subscribe_body(winter, **extra), headers={**people.patient.headers, **KEY})


def test_subscribing_waits_for_the_first_payment_which_pays_the_first_parcel_and_makes_the_mandate(
    client, people, winter, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        reply = subscribe(client, people, winter)

    assert reply.status_code == 201, reply.json()
    created = reply.json()
    assert created["state"] == "pending_mandate"
    assert created["payment_url"].startswith("/en/payments/test/tp_")
    subscription = Subscription.objects.get(pk=created["id"])
    parcel = Parcel.objects.get(subscription=subscription)
    assert (parcel.first, parcel.date, order_of(parcel).state) == (True, TODAY, OrderState.AWAITING_PAYMENT)
    assert order_of(parcel).subscription_id == subscription.pk
    assert Payment.objects.get(order=parcel.order).sequence_type == "first"

    with django_capture_on_commit_callbacks(execute=True):
        paid = client.post(
            f"/v2/payments/test/{payment_id_of(created['payment_url'])}",
            json={"outcome": "paid", "method": "ideal"},
        )

    assert paid.json()["status"] == "paid"
    subscription.refresh_from_db()
    parcel.refresh_from_db()
    assert subscription.state == SubscriptionState.ACTIVE
    assert subscription.mandate_id.startswith("mdt_")
    assert subscription.next_parcel_on == TODAY + timedelta(days=30)
    assert parcel.state == ParcelState.PAID
    assert sorted(day for day in subscription.lines.values_list("runs_out_on", flat=True) if day) == [
        TODAY + timedelta(days=35),
        TODAY + timedelta(days=65),
    ]
    orders = client.get("/v2/account/orders", headers=people.patient.headers).json()["data"]
    assert [(order["number"], order["subscription_id"]) for order in orders] == [
        (order_of(parcel).number, subscription.pk)
    ]
    detail = client.get(f"{URL}/{subscription.pk}", headers=people.patient.headers).json()
    assert detail["state"] == "active"
    assert detail["mandate_id"] == subscription.mandate_id
    assert detail["next_parcel_on"] == (TODAY + timedelta(days=30)).isoformat()
    assert detail["parcels"] == [
        {
            "date": TODAY.isoformat(),
            "state": "paid",
            "order_number": order_of(parcel).number,
            "total": f"{order_of(parcel).total:.2f}",
        }
    ]
    assert [line["name"] for line in detail["next_parcel"]["lines"]] == ["Vitamin D3 Drops"]
    for user in (people.patient.user, people.certified.user):
        assert Event.objects.filter(
            user=user,
            topic="subscription.updated",
            data={"subscription_id": subscription.pk, "state": "active"},
        ).exists()


def test_the_same_idempotency_key_answers_the_same_subscription_and_another_body_is_refused(
    client, people, winter, clock
):
    first = subscribe(client, people, winter)
    again = subscribe(client, people, winter)
    other = subscribe(client, people, winter, interval_days=40)

    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 409)
    assert again.json()["id"] == first.json()["id"]
    assert Subscription.objects.count() == 1
    assert Order.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "status", "field"),
    [
        ({"interval_days": 6}, 422, "interval_days"),
        ({"interval_days": 181}, 422, "interval_days"),
        ({"lines": [{"product_variant_id": 0, "quantity": 1}]}, 422, "lines.0"),
        ({"lines": []}, 422, "lines"),
        ({"shipping_method_id": 999999}, 404, "shipping_method_id"),
        (
            {
                "shipping_address": {
                    "first_name": "A",
                    "last_name": "B",
                    "line1": "x",
                    "city": "y",
                    "postcode": "1",
                    "country": "US",
                }
            },
            422,
            "shipping_address.country",
        ),
    ],
)
def test_bad_input_is_a_clear_error_and_nothing_is_made(client, people, winter, clock, change, status, field):
    reply = subscribe(client, people, winter, **change)

    assert reply.status_code == status, reply.json()
    assert reply.json()["message"]
    assert field in reply.json()["errors"], reply.json()
    assert Subscription.objects.count() == 0
    assert Order.objects.count() == 0


def test_a_protocol_is_refilled_once_at_a_time(client, people, winter, clock):
    first = subscribe(client, people, winter)
    second = client.post(
        URL, json=subscribe_body(winter), headers={**people.patient.headers, "Idempotency-Key": "2"}
    )

    assert (first.status_code, second.status_code) == (201, 409)
    assert second.json()["errors"] == {"protocol_id": ["refilled"]}
    client.delete(f"{URL}/{first.json()['id']}", headers=people.patient.headers)
    third = client.post(
        URL, json=subscribe_body(winter), headers={**people.patient.headers, "Idempotency-Key": "3"}
    )
    assert third.status_code == 201  # once the first is cancelled


def test_a_product_chosen_twice_is_refused(client, people, winter, catalogue, clock):
    d3 = variant_of(catalogue, "d3")
    lines = [{"product_variant_id": d3, "quantity": 1}, {"product_variant_id": d3, "quantity": 2}]

    reply = subscribe(client, people, winter, lines=lines)

    assert (reply.status_code, reply.json()["errors"]) == (422, {f"lines.{d3}": ["twice"]})
    assert Subscription.objects.count() == 0


def test_a_quantity_of_0_or_over_99_is_refused(client, people, winter, catalogue, clock):
    d3 = variant_of(catalogue, "d3")
    for quantity in (0, 100):
        reply = subscribe(client, people, winter, lines=[{"product_variant_id": d3, "quantity": quantity}])
        assert reply.status_code == 422
    assert Subscription.objects.count() == 0


def test_a_protocol_not_shared_with_the_caller_is_not_found(client, people, winter, clock):
    reply = client.post(URL, json=subscribe_body(winter), headers={**people.stranger.headers, **KEY})
    proposal = client.get(f"{URL}/proposal?protocol_id={winter.pk}", headers=people.stranger.headers)

    assert (reply.status_code, proposal.status_code) == (404, 404)
    assert Subscription.objects.count() == 0


def test_only_clients_subscribe_and_only_practitioners_list_their_clients(client, people, winter, clock):
    assert (
        client.post(URL, json=subscribe_body(winter), headers={**people.certified.headers, **KEY}).status_code
        == 403
    )
    assert client.get(URL).status_code == 401
    assert (
        client.get("/v2/account/practitioners/subscriptions", headers=people.patient.headers).status_code
        == 403
    )


def test_the_api_names_every_state_and_reason_the_models_have():
    assert set(get_args(SubscriptionStateValue)) == set(SubscriptionState.values)
    assert set(get_args(PastDueReasonValue)) == {"", *PastDueReason.values}
    assert set(get_args(ParcelStateValue)) == set(ParcelState.values)
