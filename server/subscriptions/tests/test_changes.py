"""A client's changes to their refill (docs/decisions/0042-automatic-refills.md): skip, pause, resume,
cancel, lines, interval, next date, and the one-click links of the notice; every bad input a clear 4xx that
changes nothing."""

from datetime import timedelta

import pytest

from server.orders.models import OrderState
from server.protocols.tests.conftest import variant_of
from server.subscriptions.models import Parcel, ParcelState, Subscription, SubscriptionState
from server.subscriptions.tests.conftest import (
    KEY,
    NL_ADDRESS,
    TODAY,
    order_of,
    subscribe_body,
)
from server.subscriptions.tokens import action_token

URL = "/v2/account/clients/subscriptions"
NEXT = TODAY + timedelta(days=30)


def call(client, people, method, path="", **kwargs):
    return getattr(client, method)(f"{URL}/{path}", headers=people.patient.headers, **kwargs)


def test_skip_moves_the_next_parcel_one_interval_and_pause_and_resume_keep_or_move_it(
    client, people, active, clock
):
    skipped = call(client, people, "post", f"{active.pk}/skip")
    assert (skipped.status_code, skipped.json()["next_parcel_on"]) == (
        200,
        (NEXT + timedelta(days=30)).isoformat(),
    )

    paused = call(client, people, "post", f"{active.pk}/pause")
    assert (paused.json()["state"], paused.json()["next_parcel"]) == ("paused", None)
    assert call(client, people, "post", f"{active.pk}/pause").status_code == 409
    assert call(client, people, "post", f"{active.pk}/skip").status_code == 409

    clock.set(NEXT + timedelta(days=40))  # resumed after the next date passed: tomorrow
    resumed = call(client, people, "post", f"{active.pk}/resume")
    assert (resumed.json()["state"], resumed.json()["next_parcel_on"]) == (
        "active",
        (NEXT + timedelta(days=41)).isoformat(),
    )


def test_cancel_is_final_and_every_later_change_is_a_409(client, people, active):
    cancelled = call(client, people, "delete", f"{active.pk}")

    assert (cancelled.status_code, cancelled.json()["state"], cancelled.json()["mandate_id"]) == (
        200,
        "cancelled",
        None,
    )
    for method, path in (("post", "skip"), ("post", "pause"), ("post", "resume"), ("delete", "")):
        reply = call(client, people, method, f"{active.pk}/{path}".rstrip("/"))
        assert reply.status_code == 409, (method, path)
        assert reply.json()["message"].startswith("An automatic refill that is cancelled cannot")
    assert call(client, people, "put", f"{active.pk}", json={"interval_days": 20}).status_code == 409


def test_cancelling_while_the_first_payment_waits_cancels_its_order(client, people, winter, clock):
    created = client.post(URL, json=subscribe_body(winter), headers={**people.patient.headers, **KEY}).json()

    call(client, people, "delete", f"{created['id']}")

    parcel = Parcel.objects.get(subscription_id=created["id"])
    assert (parcel.state, order_of(parcel).state) == (ParcelState.CANCELLED, OrderState.CANCELLED)


def test_another_clients_refill_is_not_found_for_every_call(client, people, active):
    for method, path in (("get", ""), ("post", "/skip"), ("post", "/pause"), ("delete", ""), ("put", "")):
        kwargs: dict[str, object] = {"json": {}} if method == "put" else {}
        reply = getattr(client, method)(f"{URL}/{active.pk}{path}", headers=people.stranger.headers, **kwargs)
        assert reply.status_code == 404, (method, path)
    assert Subscription.objects.get(pk=active.pk).state == SubscriptionState.ACTIVE


def test_changing_lines_quantities_interval_date_and_address(client, people, active, catalogue):
    d3 = variant_of(catalogue, "d3")
    body = {
        "lines": [{"product_variant_id": d3, "quantity": 2}],
        "interval_days": 45,
        "next_parcel_on": (TODAY + timedelta(days=10)).isoformat(),
        "shipping_address": {**NL_ADDRESS, "line1": "Damrak 2"},
    }
    changed = call(client, people, "put", f"{active.pk}", json=body)

    assert changed.status_code == 200, changed.json()
    data = changed.json()
    assert [
        (line["product_variant_id"], line["quantity"], line["days_of_supply"]) for line in data["lines"]
    ] == [(d3, 2, 60)]
    assert (data["interval_days"], data["default_interval_days"]) == (45, 60)
    assert data["next_parcel_on"] == (TODAY + timedelta(days=10)).isoformat()
    assert data["shipping_address"]["line1"] == "Damrak 2"
    back = call(client, people, "put", f"{active.pk}", json={"interval_days": None})
    assert back.json()["interval_days"] == 60


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"interval_days": 6}, "interval_days"),
        ({"interval_days": 200}, "interval_days"),
        ({"next_parcel_on": TODAY.isoformat()}, "next_parcel_on"),
        ({"next_parcel_on": (TODAY - timedelta(days=3)).isoformat()}, "next_parcel_on"),
        ({"lines": [{"product_variant_id": 999999, "quantity": 1}]}, "lines.999999"),
        ({"lines": []}, "lines"),
        ({"shipping_address": {**NL_ADDRESS, "country": "US"}}, "shipping_address.country"),
    ],
)
def test_a_bad_change_is_a_422_and_changes_nothing(client, people, active, body, field):
    before = call(client, people, "get", f"{active.pk}").json()

    reply = call(client, people, "put", f"{active.pk}", json=body)

    assert reply.status_code == 422, reply.json()
    assert reply.json()["message"]
    assert field in reply.json()["errors"], reply.json()
    assert call(client, people, "get", f"{active.pk}").json() == before


def test_a_quantity_of_0_or_100_in_a_change_is_refused(client, people, active, catalogue):
    for quantity in (0, 100):
        lines = [{"product_variant_id": variant_of(catalogue, "d3"), "quantity": quantity}]
        assert call(client, people, "put", f"{active.pk}", json={"lines": lines}).status_code == 422


def test_the_notice_links_skip_or_pause_with_one_click_and_a_second_click_changes_nothing(
    client, people, active, clock
):
    skip = action_token(subscription=active, action="skip", parcel_on=NEXT)
    pause = action_token(subscription=active, action="pause", parcel_on=NEXT)

    read = client.get(f"/v2/subscriptions/actions/{skip}")
    assert read.json() == {
        "action": "skip",
        "subscription_id": active.pk,
        "parcel_on": NEXT.isoformat(),
        "state": "active",
        "done": False,
    }
    assert Subscription.objects.get(pk=active.pk).next_parcel_on == NEXT  # reading changed nothing
    done = client.post(f"/v2/subscriptions/actions/{skip}")
    again = client.post(f"/v2/subscriptions/actions/{skip}")
    assert (done.json()["done"], again.json()["done"]) == (True, True)
    assert Subscription.objects.get(pk=active.pk).next_parcel_on == NEXT + timedelta(days=30)
    assert client.post(f"/v2/subscriptions/actions/{pause}").json()["state"] == "paused"


def test_a_forged_or_expired_link_is_not_found(client, active, clock):
    token = action_token(subscription=active, action="skip", parcel_on=NEXT)

    assert client.get(f"/v2/subscriptions/actions/{token[:-2]}xx").status_code == 404
    assert client.post(f"/v2/subscriptions/actions/{token}x").status_code == 404
    clock.set(NEXT + timedelta(days=1))
    assert client.post(f"/v2/subscriptions/actions/{token}").status_code == 404
    assert Subscription.objects.get(pk=active.pk).next_parcel_on == NEXT


def test_the_practitioner_sees_their_clients_refills_without_address_or_payment(
    client, people, active, catalogue
):
    reply = client.get("/v2/account/practitioners/subscriptions", headers=people.certified.headers)

    assert reply.status_code == 200
    [entry] = reply.json()
    assert entry["client"] == {"id": people.patient.user.pk, "first_name": "Pat", "last_name": "Ient"}
    assert (entry["state"], entry["interval_days"], entry["waiting_substitute"]) == ("active", 30, False)
    assert "shipping_address" not in entry and "mandate_id" not in entry
    assert client.get("/v2/account/practitioners/subscriptions", headers=people.rival.headers).json() == []
