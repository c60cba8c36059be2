"""Back-in-stock alerts: asked on a sold-out product, answered first come first told when units arrive, by
e-mail in the user's language and an in-app notice; cancelled by the user; lapsed after 90 days."""

from datetime import timedelta

from django.utils import timezone

from server.accounts.models import User, UserType
from server.catalog.models import Product
from server.events.models import Event
from server.protocols.tests.conftest import person
from server.stock.models import AlertState, StockAlert
from server.stock.services import Want, stock_count, stock_receive, stock_reserve
from server.stock.tests.conftest import d3_variant

ALERTS = "/v2/account/stock-alerts"


def sold_out_d3(catalogue) -> int:
    variant_id = d3_variant(catalogue)
    stock_receive(variant_id=variant_id, quantity=1)
    stock_reserve(order_id=1, wants=[Want(variant_id, 1, "Vitamin D3 Drops")])
    return variant_id


def ask(client, who, variant_id: int):
    return client.post(ALERTS, json={"product_variant_id": variant_id}, headers=who.headers)


def test_asking_on_a_sold_out_product_makes_one_alert_however_often_asked(client, people, catalogue):
    variant_id = sold_out_d3(catalogue)

    first = ask(client, people.patient, variant_id)
    again = ask(client, people.patient, variant_id)

    assert (first.status_code, again.status_code, first.json()["id"]) == (201, 200, again.json()["id"])
    body = first.json()
    assert (body["state"], body["product"]["slug"], body["stock"]["state"]) == (
        "waiting",
        "vitamin-d3-drops",
        "sold_out",
    )
    assert StockAlert.objects.count() == 1
    assert Event.objects.filter(user=people.patient.user, topic="stock_alerts.updated").count() == 1


def test_bad_asks_are_refused_clearly(client, people, catalogue):
    in_stock = ask(client, people.patient, d3_variant(catalogue))
    unknown = ask(client, people.patient, 999_999)
    trade_only = catalogue.trade_only.variants.get()
    Product.objects.filter(pk=catalogue.trade_only.pk).update(is_available=False)
    stock_count(variant_id=trade_only.pk, on_hand=0, by=None, reason="sold out")
    hidden = ask(client, people.patient, trade_only.pk)
    signed_out = client.post(ALERTS, json={"product_variant_id": d3_variant(catalogue)})
    not_a_number = client.post(ALERTS, json={"product_variant_id": "d3"}, headers=people.patient.headers)

    assert (in_stock.status_code, in_stock.json()["message"]) == (
        409,
        "Vitamin D3 Drops is in stock: add it to your cart instead.",
    )
    assert (unknown.status_code, unknown.json()["errors"]) == (404, {"product_variant_id": ["unknown"]})
    assert hidden.status_code == 404
    assert ask(client, people.certified, trade_only.pk).status_code == 201  # the trade sees it
    assert (signed_out.status_code, not_a_number.status_code) == (401, 422)


def test_units_arriving_tell_the_earliest_askers_first_in_their_language(
    client, people, catalogue, mailoutbox, django_capture_on_commit_callbacks
):
    variant_id = sold_out_d3(catalogue)
    User.objects.filter(pk=people.stranger.user.pk).update(language="de")
    late = person("late@example.com", UserType.CLIENT)
    for who in (people.patient, people.stranger, late):
        assert ask(client, who, variant_id).status_code == 201

    with django_capture_on_commit_callbacks(execute=True):
        stock_receive(variant_id=variant_id, quantity=2)
    first_round = {a.user.email: a.state for a in StockAlert.objects.select_related("user")}
    with django_capture_on_commit_callbacks(execute=True):
        stock_receive(variant_id=variant_id, quantity=5)

    assert first_round == {
        "patient@example.com": AlertState.NOTIFIED,
        "stranger@example.com": AlertState.NOTIFIED,
        "late@example.com": AlertState.WAITING,
    }
    assert [(m.to, m.subject) for m in mailoutbox] == [
        (["patient@example.com"], "“Vitamin D3 Drops” is back in stock"),
        (["stranger@example.com"], "„Vitamin D3 Drops“ ist wieder vorrätig"),
        (["late@example.com"], "“Vitamin D3 Drops” is back in stock"),
    ]
    assert "/en/products/vitamin-d3-drops" in mailoutbox[0].body
    notices = client.get(ALERTS, headers=late.headers).json()
    assert [(a["state"], a["stock"]["state"]) for a in notices] == [("notified", "in_stock")]


def test_a_user_cancels_their_own_alert_only(client, people, catalogue):
    variant_id = sold_out_d3(catalogue)
    mine = ask(client, people.patient, variant_id).json()["id"]
    theirs = ask(client, people.stranger, variant_id).json()["id"]

    refused = client.delete(f"{ALERTS}/{theirs}", headers=people.patient.headers)
    left = client.delete(f"{ALERTS}/{mine}", headers=people.patient.headers)

    assert (refused.status_code, left.status_code, left.json()) == (404, 200, [])
    assert list(StockAlert.objects.values_list("pk", flat=True)) == [theirs]


def test_an_alert_lapses_after_ninety_days_and_asking_again_makes_a_new_one(client, people, catalogue):
    variant_id = sold_out_d3(catalogue)
    old = ask(client, people.patient, variant_id).json()
    StockAlert.objects.filter(pk=old["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))

    listed = client.get(ALERTS, headers=people.patient.headers).json()
    renewed = ask(client, people.patient, variant_id)
    stock_receive(variant_id=variant_id, quantity=3)

    assert (listed, renewed.status_code) == ([], 201)
    assert dict(StockAlert.objects.values_list("pk", "state")) == {
        old["id"]: AlertState.EXPIRED,
        renewed.json()["id"]: AlertState.NOTIFIED,
    }
    assert old["expires_at"] > timezone.now().isoformat()[:10]  # 90 days ahead when made
