"""The day's run (docs/decisions/0042-automatic-refills.md): the notice before a parcel, the parcel placed
and charged on its day once, failed charges tried again then paused, revoked mandates, addresses that no
longer ship, sold-out lines, and no separate refill reminder."""

from datetime import timedelta
from decimal import Decimal

from django.core import mail
from django.core.management import call_command

from server.accounts.models import User
from server.catalog.models import Availability, ProductVariant
from server.orders.models import Order, OrderState, ShippingMethod
from server.payments.models import Payment
from server.protocols.models import ProtocolItem
from server.protocols.tests.conftest import variant_of
from server.refills.models import RefillReminder, ReminderState
from server.subscriptions.models import Parcel, ParcelState, RefillSettings, Subscription, SubscriptionState
from server.subscriptions.run import subscriptions_run
from server.subscriptions.tests.conftest import TODAY, order_of, payment_id_of

URL = "/v2/account/clients/subscriptions"
NEXT = TODAY + timedelta(days=30)


def run(day, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        return subscriptions_run(today=day)


def next_charge(client, subscription, outcome):
    reply = client.post(
        f"/v2/payments/test/mandates/{subscription.mandate_id}", json={"next_charge": outcome}
    )
    assert reply.status_code == 200, reply.json()


def test_the_notice_goes_out_3_days_before_once_with_the_parcel_and_one_click_links(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    early = run(NEXT - timedelta(days=4), django_capture_on_commit_callbacks)
    due = run(NEXT - timedelta(days=3), django_capture_on_commit_callbacks)
    again = run(NEXT - timedelta(days=2), django_capture_on_commit_callbacks)

    assert (early.notices, due.notices, again.notices) == (0, 1, 0)
    assert [message.to for message in mail.outbox] == [[people.patient.user.email]]
    message = mail.outbox[0]
    assert message.subject == "Your next refill ships on Dec. 26, 2026"
    assert "1 x Vitamin D3 Drops: 11,25\u00a0€" in message.body
    assert "Skip this parcel: http://" in message.body and "/en/refills/actions/" in message.body
    assert f"/en/account/refills/{active.pk}" in message.body


def test_on_its_day_the_parcel_is_placed_and_charged_once_even_when_run_twice(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    clock.set(NEXT)
    first = run(NEXT, django_capture_on_commit_callbacks)
    second = run(NEXT, django_capture_on_commit_callbacks)

    assert (first.placed, first.charged, second.placed, second.charged) == (1, 1, 0, 0)
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert parcel.state == ParcelState.PAID
    assert order_of(parcel).state == OrderState.PAID
    assert [(line.name, line.quantity) for line in order_of(parcel).lines.all()] == [("Vitamin D3 Drops", 1)]
    assert Payment.objects.filter(order=parcel.order).values_list("sequence_type", "status").get() == (
        "recurring",
        "paid",
    )
    active.refresh_from_db()
    assert active.next_parcel_on == NEXT + timedelta(days=30)
    assert active.state == SubscriptionState.ACTIVE
    assert Order.objects.filter(subscription_id=active.pk).count() == 2


def test_the_catch_up_command_takes_the_day(
    client, active, clock, django_capture_on_commit_callbacks, capsys
):
    clock.set(NEXT)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("subscriptions_run", "--today", NEXT.isoformat())

    assert "1 parcels placed, 1 charged" in capsys.readouterr().out
    assert Parcel.objects.get(subscription=active, date=NEXT).state == ParcelState.PAID


def test_a_failed_charge_is_past_due_tried_again_after_1_3_and_7_days_then_paused(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    next_charge(client, active, "failed")
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)

    active.refresh_from_db()
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (active.state, active.reason) == (SubscriptionState.PAST_DUE, "charge_failed")
    assert (parcel.state, parcel.retry_on) == (ParcelState.FAILED, NEXT + timedelta(days=1))
    assert [message.subject for message in mail.outbox] == [
        "We could not charge your refill of Dec. 26, 2026"
    ]
    detail = client.get(f"{URL}/{active.pk}", headers=people.patient.headers).json()
    assert (detail["state"], detail["reason"], detail["retry_on"]) == (
        "past_due",
        "charge_failed",
        (NEXT + timedelta(days=1)).isoformat(),
    )

    for offset, retry_on in ((1, 3), (3, 7)):
        clock.set(NEXT + timedelta(days=offset))
        assert run(NEXT + timedelta(days=offset), django_capture_on_commit_callbacks).retried == 1
        parcel.refresh_from_db()
        assert (parcel.state, parcel.retry_on) == (ParcelState.FAILED, NEXT + timedelta(days=retry_on))
    clock.set(NEXT + timedelta(days=7))
    run(NEXT + timedelta(days=7), django_capture_on_commit_callbacks)

    active.refresh_from_db()
    parcel.refresh_from_db()
    assert active.state == SubscriptionState.PAUSED
    assert parcel.state == ParcelState.CANCELLED
    assert order_of(parcel).state == OrderState.CANCELLED
    assert Payment.objects.filter(order__subscription_id=active.pk, sequence_type="recurring").count() == 4
    assert mail.outbox[-1].subject == "Your automatic refill is paused"


def test_a_retry_that_goes_through_makes_the_refill_active_again(
    client, active, clock, django_capture_on_commit_callbacks
):
    next_charge(client, active, "failed")
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)
    next_charge(client, active, "paid")
    clock.set(NEXT + timedelta(days=1))
    run(NEXT + timedelta(days=1), django_capture_on_commit_callbacks)

    active.refresh_from_db()
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (active.state, active.reason, parcel.state) == (SubscriptionState.ACTIVE, "", ParcelState.PAID)
    assert active.next_parcel_on == NEXT + timedelta(days=30)


def test_a_failed_parcel_paid_by_hand_makes_the_refill_active_with_a_new_mandate(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    next_charge(client, active, "failed")
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)
    old_mandate = Subscription.objects.get(pk=active.pk).mandate_id

    with django_capture_on_commit_callbacks(execute=True):
        pay = client.post(f"{URL}/{active.pk}/payment", headers=people.patient.headers)
        client.post(f"/v2/payments/test/{payment_id_of(pay.json()['payment_url'])}", json={"outcome": "paid"})

    active.refresh_from_db()
    assert active.state == SubscriptionState.ACTIVE
    assert active.mandate_id not in ("", old_mandate)
    assert (
        order_of(Parcel.objects.get(subscription=active, date=NEXT, state=ParcelState.PAID)).state
        == OrderState.PAID
    )
    assert client.post(f"{URL}/{active.pk}/payment", headers=people.patient.headers).status_code == 409


def test_a_revoked_mandate_makes_the_parcel_wait_for_a_new_first_payment(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        revoked = client.delete(f"{URL}/{active.pk}/mandate", headers=people.patient.headers)
    assert (revoked.status_code, revoked.json()["state"], revoked.json()["reason"]) == (
        200,
        "past_due",
        "mandate_revoked",
    )
    assert client.delete(f"{URL}/{active.pk}/mandate", headers=people.patient.headers).status_code == 409
    # Nothing to pay before the next parcel's day; then it is placed and waits for a new first payment.
    assert client.post(f"{URL}/{active.pk}/payment", headers=people.patient.headers).status_code == 409
    clock.set(NEXT)
    result = run(NEXT, django_capture_on_commit_callbacks)
    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (result.placed, result.charged, parcel.state) == (0, 0, ParcelState.FAILED)
    assert mail.outbox[-1].subject == "Your refill needs a new payment"
    assert not Payment.objects.filter(order=parcel.order).exists()
    with django_capture_on_commit_callbacks(execute=True):
        pay = client.post(f"{URL}/{active.pk}/payment", headers=people.patient.headers)
        client.post(f"/v2/payments/test/{payment_id_of(pay.json()['payment_url'])}", json={"outcome": "paid"})
    active.refresh_from_db()
    assert (active.state, active.mandate_id[:4]) == (SubscriptionState.ACTIVE, "mdt_")
    assert Parcel.objects.get(pk=parcel.pk).state == ParcelState.PAID


def test_an_address_the_store_no_longer_ships_to_is_past_due_never_a_silent_skip(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    ShippingMethod.objects.filter(pk=active.shipping_method_id).update(active=False)
    clock.set(NEXT)
    result = run(NEXT, django_capture_on_commit_callbacks)

    active.refresh_from_db()
    assert result.placed == 0
    assert (active.state, active.reason) == (SubscriptionState.PAST_DUE, "not_shipped")
    assert mail.outbox[-1].subject == "Your refill cannot ship to your address"
    standard = ShippingMethod.objects.create(region="eu", code="other", name="Other", price=Decimal("4.95"))
    changed = client.put(
        f"{URL}/{active.pk}", json={"shipping_method_id": standard.pk}, headers=people.patient.headers
    )
    assert (changed.status_code, changed.json()["state"]) == (200, "active")
    assert changed.json()["next_parcel_on"] == (NEXT + timedelta(days=1)).isoformat()


def test_a_sold_out_line_ships_as_the_practitioners_substitute_and_both_are_told(
    client, people, active, catalogue, winter, clock, django_capture_on_commit_callbacks
):
    d3, zinc = variant_of(catalogue, "d3"), variant_of(catalogue, "zinc")
    ProductVariant.objects.filter(pk=zinc).update(availability=Availability.AVAILABLE)
    ProtocolItem.objects.filter(protocol=winter, variant_id=d3).update(substitute_id=zinc)
    ProductVariant.objects.filter(pk=d3).update(availability=Availability.UNAVAILABLE)
    User.objects.filter(pk=people.certified.user.pk).update(language="de")
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)

    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert [(line.variant_id, line.quantity) for line in order_of(parcel).lines.all()] == [(zinc, 1)]
    assert parcel.plan[0]["substitute_for"] == d3
    # the client in the refill's language, the practitioner in theirs
    assert sorted(
        (message.to[0], message.subject) for message in mail.outbox if "confirmed" not in message.subject
    ) == [
        (people.certified.user.email, "Nachlieferung von Pat Ient: ein Produkt ist ausverkauft"),
        (people.patient.user.email, "Your refill parcel of Dec. 26, 2026: a product is sold out"),
    ]


def test_a_sold_out_line_without_substitute_is_left_out_and_a_refused_substitute_too(
    client, people, active, catalogue, winter, clock, django_capture_on_commit_callbacks
):
    d3, zinc = variant_of(catalogue, "d3"), variant_of(catalogue, "zinc")
    ProductVariant.objects.filter(pk=zinc).update(availability=Availability.AVAILABLE)
    ProtocolItem.objects.filter(protocol=winter, variant_id=d3).update(substitute_id=zinc)
    ProductVariant.objects.filter(pk=d3).update(availability=Availability.UNAVAILABLE)
    lines = [
        {"product_variant_id": d3, "quantity": 1, "refuse_substitute": True},
        {"product_variant_id": variant_of(catalogue, "magnesium"), "quantity": 2},
    ]
    assert (
        client.put(f"{URL}/{active.pk}", json={"lines": lines}, headers=people.patient.headers).status_code
        == 200
    )
    clock.set(NEXT)
    result = run(NEXT, django_capture_on_commit_callbacks)

    parcel = Parcel.objects.get(subscription=active, date=NEXT)
    assert (result.placed, parcel.state, parcel.order) == (0, ParcelState.SKIPPED, None)


def test_a_subscribed_protocol_gets_no_separate_refill_reminder(active, winter):
    assert not RefillReminder.objects.filter(protocol=winter, state=ReminderState.SCHEDULED).exists()


def test_the_auto_refill_discount_stacks_on_the_clients_and_commission_follows_the_client_rate(
    client, people, active, clock, django_capture_on_commit_callbacks
):
    RefillSettings.objects.create(region="eu", discount_rate=Decimal(5))
    clock.set(NEXT)
    run(NEXT, django_capture_on_commit_callbacks)

    order = order_of(Parcel.objects.get(subscription=active, date=NEXT))
    # 12.50 less 10 % and then 5 %: 14.5 % off, 1.81; the order keeps both rates.
    assert (order.discount_rate, order.refill_discount_rate, order.discount) == (
        Decimal("10.00"),
        Decimal("5.00"),
        Decimal("1.81"),
    )


def test_the_notice_names_a_price_change_a_substitute_and_a_product_left_out(
    client, people, active, catalogue, winter, clock, django_capture_on_commit_callbacks
):
    d3, magnesium, zinc = (variant_of(catalogue, name) for name in ("d3", "magnesium", "zinc"))
    # the next parcel holds both products (interval 60 days), D3 sold out with zinc as its substitute,
    # magnesium dearer than in the first parcel
    client.put(f"{URL}/{active.pk}", json={"interval_days": 60}, headers=people.patient.headers)
    ProductVariant.objects.filter(pk=zinc).update(availability=Availability.AVAILABLE)
    ProtocolItem.objects.filter(protocol=winter, variant_id=d3).update(substitute_id=zinc)
    ProductVariant.objects.filter(pk=d3).update(availability=Availability.UNAVAILABLE)
    ProductVariant.objects.filter(pk=magnesium).update(price_eur=Decimal("26.00"))
    mail.outbox.clear()

    run(NEXT - timedelta(days=3), django_capture_on_commit_callbacks)

    [notice] = mail.outbox
    assert "Sent in place of a sold-out product" in notice.body
    assert "- Zinc Picolinate" in notice.body
    assert (
        "Prices changed since your last parcel:\n- Magnesium Powder: 24,00\u00a0€ -> 26,00\u00a0€"
        in notice.body
    )
