"""Mollie's recurring payments through the official client against the local Mollie-shaped server
(server/payments/tests/mollie_server.py): customers, a first payment that makes a mandate, charges on it
with an Idempotency-Key, a mandate read and revoked; and the refill flow with Mollie switched on."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from server.cart.models import CartItem
from server.catalog.tests.conftest import Catalogue
from server.orders.models import Order, OrderState
from server.orders.services import order_expire
from server.orders.tests.conftest import order_placed, variant_id
from server.payments.models import Payment, PaymentCustomer
from server.payments.mollie import MollieProvider
from server.payments.providers import CreatedPayment, MandateInvalid, ProviderUnavailable
from server.payments.services import payment_charge_recurring, payment_mandate_revoke, payment_start
from server.payments.tests.mollie_server import API_KEY, FakeMollie
from server.protocols.tests.conftest import Person

RETURN_URL = "https://shop.example/en/checkout/return/PS-2026-000001"
WEBHOOK_URL = "https://shop.example/api/v2/payments/mollie/webhook"


def provider(state: FakeMollie) -> MollieProvider:
    return MollieProvider(api_key=API_KEY, api_endpoint=state.base_url)


@pytest.fixture
def mandate(mollie) -> tuple[str, str]:
    """A customer at Mollie and the valid mandate its paid first payment made: (customer id, mandate id)."""
    customer_id = provider(mollie).customer_create(name="Pat Ient", email="patient@example.com", locale="en")
    created = provider(mollie).create(
        amount=Decimal("49.05"),
        currency="EUR",
        description="Order PS-2026-000001",
        redirect_url=RETURN_URL,
        webhook_url=WEBHOOK_URL,
        locale="en",
        sequence_type="first",
        customer_id=customer_id,
    )
    mollie.pay(created.provider_id, method="creditcard")
    return customer_id, mollie.payments[created.provider_id]["mandateId"]


def charge(state: FakeMollie, mandate: tuple[str, str], key: str = "charge-1") -> CreatedPayment:
    return provider(state).charge(
        customer_id=mandate[0],
        mandate_id=mandate[1],
        amount=Decimal("12.50"),
        currency="EUR",
        description="Order PS-2026-000002",
        webhook_url=WEBHOOK_URL,
        key=key,
    )


def next_order(person: Person, shop: Catalogue, key: str) -> Order:
    """A later parcel's order, awaiting payment: 1 x D3 to the Netherlands."""
    CartItem.objects.create(user=person.user, variant_id=variant_id(shop, "d3"), quantity=1)
    return order_placed(person, key)


def test_a_customer_and_a_first_payment_go_to_mollie_in_its_request_shapes(mollie):
    # when a customer is made and a first payment created for it
    customer_id = provider(mollie).customer_create(name="Pat Ient", email="patient@example.com", locale="nl")
    created = provider(mollie).create(
        amount=Decimal("49.05"),
        currency="EUR",
        description="Order PS-2026-000001",
        redirect_url=RETURN_URL,
        webhook_url=WEBHOOK_URL,
        locale="nl",
        sequence_type="first",
        customer_id=customer_id,
    )

    # then Mollie got its documented bodies
    assert mollie.requests == [
        ("POST", "/v2/customers", {"name": "Pat Ient", "email": "patient@example.com", "locale": "nl_NL"}),
        (
            "POST",
            "/v2/payments",
            {
                "amount": {"currency": "EUR", "value": "49.05"},
                "description": "Order PS-2026-000001",
                "redirectUrl": RETURN_URL,
                "webhookUrl": WEBHOOK_URL,
                "locale": "nl_NL",
                "sequenceType": "first",
                "customerId": customer_id,
            },
        ),
    ]
    assert customer_id.startswith("cst_")
    assert created.checkout_url == f"https://www.mollie.com/checkout/select-method/{created.provider_id[3:]}"

    # and once paid, its status names the mandate it made for the customer
    open_status = provider(mollie).status(created.provider_id)
    assert open_status is not None
    assert (open_status.mandate_id, open_status.customer_id) == ("", customer_id)
    mollie.pay(created.provider_id, method="creditcard")
    paid = provider(mollie).status(created.provider_id)
    assert paid is not None
    assert (paid.status, paid.customer_id) == ("paid", customer_id)
    assert paid.mandate_id.startswith("mdt_")
    assert mollie.mandates[paid.mandate_id]["status"] == "valid"


def test_a_charge_is_a_recurring_payment_on_the_mandate_with_the_key_as_idempotency_key(mollie, mandate):
    # when the mandate is charged, and charged again with the same key (a timeout, a crash)
    first = charge(mollie, mandate, "charge-parcel-2")
    again = charge(mollie, mandate, "charge-parcel-2")

    # then Mollie made one recurring payment, paid at once, and answered the second call with it
    assert mollie.requests[-1] == (
        "POST",
        "/v2/payments",
        {
            "amount": {"currency": "EUR", "value": "12.50"},
            "description": "Order PS-2026-000002",
            "webhookUrl": WEBHOOK_URL,
            "sequenceType": "recurring",
            "customerId": mandate[0],
            "mandateId": mandate[1],
        },
    )
    assert again == first
    assert first.checkout_url == ""
    assert "charge-parcel-2" in mollie.replies_by_key
    recurring = [p for p in mollie.payments.values() if p["sequenceType"] == "recurring"]
    assert [p["id"] for p in recurring] == [first.provider_id]
    status = provider(mollie).status(first.provider_id)
    assert status is not None
    assert (status.status, status.amount, status.mandate_id, status.customer_id) == (
        "paid",
        Decimal("12.50"),
        mandate[1],
        mandate[0],
    )


def test_a_mandate_revoked_at_mollie_is_not_valid_and_refuses_a_charge(mollie, mandate):
    customer_id, mandate_id = mandate
    assert provider(mollie).mandate_valid(customer_id=customer_id, mandate_id=mandate_id)

    mollie.revoke(mandate_id)

    assert not provider(mollie).mandate_valid(customer_id=customer_id, mandate_id=mandate_id)
    with pytest.raises(MandateInvalid):
        charge(mollie, mandate)
    assert [p for p in mollie.payments.values() if p["sequenceType"] == "recurring"] == []


def test_a_mandate_is_read_and_revoked_at_mollie_and_a_second_revoke_is_fine(mollie, mandate):
    customer_id, mandate_id = mandate

    provider(mollie).mandate_revoke(customer_id=customer_id, mandate_id=mandate_id)
    provider(mollie).mandate_revoke(customer_id=customer_id, mandate_id=mandate_id)

    assert [(method, path) for method, path, _ in mollie.requests[-2:]] == [
        ("DELETE", f"/v2/customers/{customer_id}/mandates/{mandate_id}"),
        ("DELETE", f"/v2/customers/{customer_id}/mandates/{mandate_id}"),
    ]
    assert mollie.mandates[mandate_id]["status"] == "invalid"
    assert not provider(mollie).mandate_valid(customer_id=customer_id, mandate_id=mandate_id)
    assert mollie.requests[-1][:2] == ("GET", f"/v2/customers/{customer_id}/mandates/{mandate_id}")
    # an unknown mandate, another customer's, or an id that is not Mollie's is not valid either
    other = provider(mollie).customer_create(name="Other", email="other@example.com", locale="en")
    assert not provider(mollie).mandate_valid(customer_id=customer_id, mandate_id="mdt_unknown")
    assert not provider(mollie).mandate_valid(customer_id=other, mandate_id=mandate_id)
    assert not provider(mollie).mandate_valid(customer_id=customer_id, mandate_id="not-mollies")


def test_a_mollie_that_does_not_answer_is_unavailable_for_every_recurring_call(mollie, mandate):
    customer_id, mandate_id = mandate
    mollie.down = True

    with pytest.raises(ProviderUnavailable):
        provider(mollie).customer_create(name="Pat Ient", email="patient@example.com", locale="en")
    with pytest.raises(ProviderUnavailable):
        charge(mollie, mandate, "charge-while-down")
    with pytest.raises(ProviderUnavailable):
        provider(mollie).mandate_valid(customer_id=customer_id, mandate_id=mandate_id)
    with pytest.raises(ProviderUnavailable):
        provider(mollie).mandate_revoke(customer_id=customer_id, mandate_id=mandate_id)


def test_with_mollie_on_a_first_payment_records_the_mandate_and_a_charge_pays_the_next_order(
    client, filled_cart, catalogue, mollie
):
    # given the patient's first payment at Mollie, paid and reported by Mollie's webhook
    order = order_placed(filled_cart.patient, "first")
    first = payment_start(
        order=order, redirect_url=RETURN_URL, webhook_url=WEBHOOK_URL, sequence_type="first"
    )
    customer = PaymentCustomer.objects.get()
    assert (customer.provider, first.provider, first.sequence_type, first.customer_id) == (
        "mollie",
        "mollie",
        "first",
        customer.customer_id,
    )
    mollie.pay(first.provider_id, method="creditcard")
    assert client.post("/v2/payments/mollie/webhook", data={"id": first.provider_id}).status_code == 200
    first.refresh_from_db()
    assert (first.status, first.mandate_id) == ("paid", mollie.payments[first.provider_id]["mandateId"])
    assert Order.objects.get(pk=order.pk).state == OrderState.PAID

    # when the next parcel's order is charged on the mandate
    later = next_order(filled_cart.patient, catalogue, "parcel-2")
    paid = payment_charge_recurring(
        order=later,
        customer_id=first.customer_id,
        mandate_id=first.mandate_id,
        key="charge-parcel-2",
        webhook_url=WEBHOOK_URL,
    )

    # then the charge is recorded and its status read at once: the order is paid, and one customer made
    assert (paid.provider, paid.sequence_type, paid.status, paid.mandate_id, paid.checkout_url) == (
        "mollie",
        "recurring",
        "paid",
        first.mandate_id,
        "",
    )
    assert Order.objects.get(pk=later.pk).state == OrderState.PAID
    assert [path for method, path, _ in mollie.requests if method == "POST"].count("/v2/customers") == 1


def test_with_mollie_on_a_failed_or_pending_charge_leaves_the_order_awaiting_payment(
    client, filled_cart, mollie, mandate
):
    customer_id, mandate_id = mandate
    failing = order_placed(filled_cart.patient, "parcel")

    # when a charge fails at Mollie
    mollie.fail_charges = True
    failed = payment_charge_recurring(
        order=failing, customer_id=customer_id, mandate_id=mandate_id, key="charge-1", webhook_url=WEBHOOK_URL
    )

    # then its payment is failed and the order still awaits payment
    assert failed.status == "failed"
    assert Order.objects.get(pk=failing.pk).state == OrderState.AWAITING_PAYMENT

    # and a charge Mollie keeps pending (SEPA Direct Debit) waits for Mollie's webhook
    mollie.fail_charges, mollie.charge_status = False, "pending"
    pending = payment_charge_recurring(
        order=failing, customer_id=customer_id, mandate_id=mandate_id, key="charge-2", webhook_url=WEBHOOK_URL
    )
    assert pending.status == "pending"
    assert Order.objects.get(pk=failing.pk).state == OrderState.AWAITING_PAYMENT
    # its order waits days for the debit, not the checkout's half hour, so it does not expire meanwhile
    hold_until = Order.objects.get(pk=failing.pk).hold_until
    assert hold_until is not None and hold_until - timezone.now() > timedelta(days=9)
    assert order_expire(order=failing) is False
    mollie.pay(pending.provider_id, method="directdebit")
    client.post("/v2/payments/mollie/webhook", data={"id": pending.provider_id})
    assert Order.objects.get(pk=failing.pk).state == OrderState.PAID
    assert list(Payment.objects.filter(order=failing).order_by("pk").values_list("status", flat=True)) == [
        "failed",
        "paid",
    ]


def test_with_mollie_on_a_revoked_mandate_records_nothing_and_the_test_mandate_call_is_not_there(
    client, filled_cart, mollie, mandate
):
    customer_id, mandate_id = mandate
    order = order_placed(filled_cart.patient, "parcel")
    payment_mandate_revoke(customer_id=customer_id, mandate_id=mandate_id, provider_name="mollie")

    with pytest.raises(MandateInvalid):
        payment_charge_recurring(
            order=order,
            customer_id=customer_id,
            mandate_id=mandate_id,
            key="charge-1",
            webhook_url=WEBHOOK_URL,
        )

    assert Payment.objects.filter(order=order).count() == 0
    reply = client.post(f"/v2/payments/test/mandates/{mandate_id}", json={"next_charge": "failed"})
    assert (reply.status_code, reply.json()["message"]) == (404, "There is no such test mandate.")
