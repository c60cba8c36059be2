"""The buyer's order e-mails are background work (server/orders/tasks.py): with the production task
backend the paying call only queues the mail, and the task worker sends it; a rolled-back change sends
nothing."""

from importlib import import_module

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from server.orders.models import Order, ShippingMethod
from server.orders.tasks import order_mail_schedule, order_mail_send
from server.orders.tests.conftest import NL_ADDRESS

DATABASE_TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}


def place(client, person) -> dict[str, str]:
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    return dict(
        client.post(
            "/v2/checkout/orders", json=body, headers={**person.headers, "Idempotency-Key": "mail-1"}
        ).json()
    )


def place_and_pay(client, person) -> str:
    order = place(client, person)
    payment_id = order["payment_url"].rsplit("/", 1)[1]
    assert client.post(f"/v2/payments/test/{payment_id}", json={"outcome": "paid"}).json()["status"] == "paid"
    return str(order["number"])


@pytest.mark.django_db(transaction=True)  # the worker opens connections of its own
@override_settings(TASKS=DATABASE_TASKS)
def test_with_the_task_worker_the_paying_call_queues_the_mail_and_the_worker_sends_it(
    client, filled_cart, mailoutbox
):
    # A test that commits runs after others that emptied the tables, the migrations' seed included.
    import_module("server.orders.migrations.0002_seed_destinations").seed(apps, None)
    number = place_and_pay(client, filled_cart.patient)

    assert mailoutbox == []
    queued = DBTaskResult.objects.get(task_path="server.orders.tasks.order_mail_send")
    assert (queued.status, queued.args_kwargs["kwargs"]["texts"]) == ("READY", "order_paid")

    call_command("db_worker", "--batch", "--no-startup-delay", "--interval", "0")

    assert [mail.subject for mail in mailoutbox] == [f"Your order {number} is confirmed"]
    assert DBTaskResult.objects.get(task_path="server.orders.tasks.order_mail_send").status == "SUCCESSFUL"
    # The unpaid order's expiry, queued at checkout for when its hold ends, waits for then (a payment
    # start queues none: the task looks again when a later hold ends).
    expiry = DBTaskResult.objects.filter(task_path="server.orders.services.order_expire_task")
    assert [(task.status, task.run_after > timezone.now()) for task in expiry] == [("READY", True)]


def test_a_change_that_is_rolled_back_sends_no_mail(
    client, filled_cart, mailoutbox, django_capture_on_commit_callbacks
):
    order = Order.objects.get(number=place(client, filled_cart.patient)["number"])

    with django_capture_on_commit_callbacks(execute=True), pytest.raises(RuntimeError):
        with transaction.atomic():
            order_mail_schedule(order=order, texts="order_paid")
            raise RuntimeError("the payment's change failed")

    assert mailoutbox == []


def test_the_mail_of_an_unknown_order_is_dropped(client, filled_cart, mailoutbox):
    order = Order.objects.get(number=place(client, filled_cart.patient)["number"])

    order_mail_send.call(order_id=order.pk + 1000, texts="order_paid")

    assert mailoutbox == []
