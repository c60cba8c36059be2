"""Refills timed to the bottle (docs/decisions/0032-refills-timed-to-the-bottle.md): a paid order with lines
from a protocol plans a reminder for the day its first product runs out, less the days of notice; the task
worker sends it on that day."""

from datetime import datetime, time, timedelta

import pytest
from django.core import mail
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from server.events.models import Event
from server.orders.models import ShippingMethod
from server.orders.services import order_mark_paid
from server.orders.tests.conftest import NL_ADDRESS, order_placed
from server.refills.models import RefillReminder, ReminderState
from server.refills.sending import refills_send_due
from server.refills.tasks import refill_remind
from server.refills.tests.conftest import TODAY, Clock, winter_shared

PAID_ON = TODAY


@pytest.fixture
def clock(monkeypatch):
    return Clock(monkeypatch)


def protocol_in_cart(client, people, catalogue):
    """The Winter protocol (`winter_shared`) in the patient's cart."""
    protocol = winter_shared(people, catalogue)
    headers = people.patient.headers
    assert client.post(f"/v2/storefront/cart/protocols/{protocol.id}", headers=headers).status_code == 200
    return protocol


@pytest.fixture
def bought(client, people, catalogue, clock, django_capture_on_commit_callbacks):
    """The protocol of `protocol_in_cart`, bought and paid on PAID_ON."""
    protocol = protocol_in_cart(client, people, catalogue)
    headers = people.patient.headers
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    order = client.post("/v2/checkout/orders", json=body, headers={**headers, "Idempotency-Key": "k1"}).json()
    with django_capture_on_commit_callbacks(execute=True):
        paid = client.post(
            f"/v2/payments/test/{order['payment_url'].rsplit('/', 1)[1]}",
            json={"outcome": "paid", "method": "ideal"},
        )
    assert paid.json()["status"] == "paid"
    return protocol


def test_a_paid_order_with_a_30_day_supply_gives_a_reminder_on_day_23(task_database, bought, people):
    reminder = RefillReminder.objects.get()

    assert (reminder.client, reminder.protocol) == (people.patient.user, bought)
    assert (reminder.paid_on, reminder.days_of_supply) == (PAID_ON, 30)
    assert reminder.runs_out_on == PAID_ON + timedelta(days=30)
    assert reminder.remind_on == PAID_ON + timedelta(days=23)
    task = DBTaskResult.objects.get(task_path="server.refills.tasks.refill_remind")
    assert task.args_kwargs == {"args": [], "kwargs": {"reminder_id": reminder.pk}}
    assert timezone.localtime(task.run_after) == timezone.make_aware(
        datetime.combine(PAID_ON + timedelta(days=23), time(9, 0))
    )


def test_on_its_day_the_reminder_mails_the_client_and_tells_their_devices(
    task_database, bought, people, clock, django_capture_on_commit_callbacks
):
    reminder = RefillReminder.objects.get()
    mail.outbox.clear()

    clock.set(PAID_ON + timedelta(days=22))
    assert refill_remind.call(reminder_id=reminder.pk) is False  # a day early: nothing
    clock.set(PAID_ON + timedelta(days=23))
    with django_capture_on_commit_callbacks(execute=True):
        sent = refill_remind.call(reminder_id=reminder.pk)
    again = refill_remind.call(reminder_id=reminder.pk)

    reminder.refresh_from_db()
    assert (sent, again, reminder.state) == (True, False, ReminderState.SENT)
    assert [message.to for message in mail.outbox] == [[people.patient.user.email]]
    message = mail.outbox[0]
    assert message.subject == "Time to refill “Winter”"
    assert "Dec. 26, 2026" in message.body  # Django's English date format
    assert f"/en/refill/{bought.id}" in message.body
    assert Event.objects.filter(
        user=people.patient.user, topic="refill.due", data={"protocol_id": bought.id}
    ).exists()


def test_a_client_switches_reminders_off_per_protocol_and_back_with_more_notice(
    client, task_database, bought, people
):
    url = f"/v2/account/clients/protocols/{bought.id}/refills"

    off = client.put(url, json={"enabled": False}, headers=people.patient.headers)
    assert off.status_code == 200
    assert off.json() == {
        "protocol_id": bought.id,
        "enabled": False,
        "days_before": 7,
        "next_reminder_on": None,
        "runs_out_on": None,
    }
    assert RefillReminder.objects.get().state == ReminderState.CANCELLED
    assert refills_send_due() == 0

    on = client.put(url, json={"enabled": True, "days_before": 10}, headers=people.patient.headers)
    listed = client.get("/v2/account/clients/refills", headers=people.patient.headers)
    assert on.json()["days_before"] == 10
    assert listed.json() == [on.json()]


def test_a_new_notice_moves_the_planned_reminder(client, task_database, bought, people):
    reply = client.put(
        f"/v2/account/clients/protocols/{bought.id}/refills",
        json={"enabled": True, "days_before": 10},
        headers=people.patient.headers,
    )

    assert reply.json()["next_reminder_on"] == str(PAID_ON + timedelta(days=20))
    assert RefillReminder.objects.get().remind_on == PAID_ON + timedelta(days=20)


@pytest.mark.parametrize(
    "body", [{"enabled": True, "days_before": 0}, {"enabled": True, "days_before": 31}, {}]
)
def test_bad_preferences_are_refused_and_change_nothing(client, task_database, bought, people, body):
    reply = client.put(
        f"/v2/account/clients/protocols/{bought.id}/refills", json=body, headers=people.patient.headers
    )

    assert reply.status_code == 422
    assert RefillReminder.objects.get().remind_on == PAID_ON + timedelta(days=23)


@pytest.mark.parametrize("who", ["stranger", "certified", "rival"])
def test_only_the_client_it_is_shared_with_sets_its_reminders(client, bought, people, who):
    reply = client.put(
        f"/v2/account/clients/protocols/{bought.id}/refills",
        json={"enabled": False},
        headers=getattr(people, who).headers,
    )

    assert reply.status_code in (403, 404)
    assert (
        client.put(f"/v2/account/clients/protocols/{bought.id}/refills", json={"enabled": False}).status_code
        == 401
    )


def test_without_a_deferring_backend_the_catch_up_sends_what_is_due(bought, clock, people):
    # The immediate backend of development cannot defer: nothing is queued, the reminder waits as a row.
    reminder = RefillReminder.objects.get()
    assert reminder.state == ReminderState.SCHEDULED

    clock.set(PAID_ON + timedelta(days=24))
    assert refills_send_due() == 1
    reminder.refresh_from_db()
    assert reminder.state == ReminderState.SENT


def test_a_protocol_the_client_removed_is_not_reminded(client, bought, clock, people):
    client.delete(f"/v2/account/clients/protocols/{bought.id}", headers=people.patient.headers)

    clock.set(PAID_ON + timedelta(days=23))
    assert refills_send_due() == 0
    assert RefillReminder.objects.get().state == ReminderState.CANCELLED


def test_reminders_follow_an_order_paid_whoever_reports_the_payment(client, people, catalogue, clock):
    # given the protocol's products in the cart, ordered
    protocol = protocol_in_cart(client, people, catalogue)
    order = order_placed(people.patient, "follows-paid")
    assert not RefillReminder.objects.exists()

    # when the order becomes paid (the orders app announces OrderPaid; no payment provider involved)
    order_mark_paid(order=order)

    # then the refills app, following that fact, planned the protocol's reminder
    reminder = RefillReminder.objects.get()
    assert (reminder.order, reminder.protocol, reminder.days_of_supply) == (order, protocol, 30)
