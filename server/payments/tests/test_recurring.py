"""Recurring payments on the embedded test provider (docs/decisions/0042-automatic-refills.md): the buyer's
customer, a first payment that makes a mandate when paid on the test page, charges on that mandate (their
outcome set per mandate through the test call), idempotency by key, and revoked mandates."""

import pytest
from django.db import connection

from server.cart.models import CartItem
from server.catalog.tests.conftest import Catalogue
from server.orders.models import Order, OrderState
from server.orders.tests.conftest import order_placed, variant_id
from server.payments.models import (
    Payment,
    PaymentCustomer,
    PaymentStatus,
    TestProviderCustomer,
    TestProviderMandate,
    TestProviderPayment,
)
from server.payments.providers import MandateInvalid, ProviderUnavailable, TestProvider
from server.payments.services import (
    NotAwaitingPayment,
    payment_charge_recurring,
    payment_customer,
    payment_mandate_revoke,
    payment_mandate_valid,
    payment_start,
)
from server.protocols.tests.conftest import People, Person

RETURN_URL = "https://shop.example/en/checkout/return/x"
WEBHOOK_URL = "https://shop.example/api/v2/payments/test/webhook"


def first_payment(person: Person, key: str = "first") -> Payment:
    """`person`'s cart ordered and its payment started as the first payment of a mandate."""
    order = order_placed(person, key)
    return payment_start(order=order, redirect_url=RETURN_URL, webhook_url=WEBHOOK_URL, sequence_type="first")


def next_order(person: Person, shop: Catalogue, key: str) -> Order:
    """A later parcel's order, awaiting payment: 1 x D3 (12.50 EUR) to the Netherlands."""
    CartItem.objects.create(user=person.user, variant_id=variant_id(shop, "d3"), quantity=1)
    return order_placed(person, key)


@pytest.fixture
def mandate(client, filled_cart: People) -> Payment:
    """The patient's first payment, paid by card on the test page: its payment names the mandate it made."""
    payment = first_payment(filled_cart.patient)
    client.post(f"/v2/payments/test/{payment.provider_id}", json={"outcome": "paid", "method": "creditcard"})
    payment.refresh_from_db()
    return payment


def charge(order: Order, mandate: Payment, key: str) -> Payment:
    return payment_charge_recurring(
        order=order,
        customer_id=mandate.customer_id,
        mandate_id=mandate.mandate_id,
        key=key,
        webhook_url=WEBHOOK_URL,
    )


def test_a_first_payment_paid_on_the_test_page_makes_a_mandate_that_its_payment_records(client, filled_cart):
    # given the patient's first payment, started for their order
    payment = first_payment(filled_cart.patient)
    customer = PaymentCustomer.objects.get()
    assert (payment.sequence_type, payment.customer_id, payment.mandate_id) == (
        "first",
        customer.customer_id,
        "",
    )
    assert (customer.user, customer.provider) == (filled_cart.patient.user, "test")
    assert TestProviderCustomer.objects.get().pk == customer.customer_id
    assert (TestProviderCustomer.objects.get().name, TestProviderCustomer.objects.get().email) == (
        "Pat Ient",
        "patient@example.com",
    )

    # when the buyer pays it on the test page
    reply = client.post(
        f"/v2/payments/test/{payment.provider_id}", json={"outcome": "paid", "method": "creditcard"}
    )

    # then the provider made a valid mandate for the customer, and the payment and order record it
    assert reply.json()["status"] == "paid"
    made = TestProviderMandate.objects.get()
    assert (made.customer_id, made.status, made.method, made.next_charge) == (
        customer.customer_id,
        "valid",
        "creditcard",
        "paid",
    )
    payment.refresh_from_db()
    assert (payment.status, payment.mandate_id, payment.customer_id) == (
        "paid",
        made.pk,
        customer.customer_id,
    )
    assert Order.objects.get(pk=payment.order_id).state == OrderState.PAID
    assert payment_mandate_valid(customer_id=customer.customer_id, mandate_id=made.pk, provider_name="test")


def test_a_first_payment_that_failed_makes_no_mandate_and_an_open_one_is_answered_again(client, filled_cart):
    payment = first_payment(filled_cart.patient)
    assert first_payment(filled_cart.patient) == payment  # the same order's open first payment

    client.post(f"/v2/payments/test/{payment.provider_id}", json={"outcome": "failed"})

    payment.refresh_from_db()
    assert (payment.status, payment.mandate_id) == ("failed", "")
    assert TestProviderMandate.objects.count() == 0


def test_a_customer_is_made_once_per_user_at_the_provider(filled_cart):
    first = payment_customer(user=filled_cart.patient.user)
    again = payment_customer(user=filled_cart.patient.user, provider=TestProvider())
    other = payment_customer(user=filled_cart.certified.user)

    assert first == again
    assert other != first
    assert sorted(PaymentCustomer.objects.values_list("customer_id", flat=True)) == sorted([first, other])
    assert TestProviderCustomer.objects.count() == 2


def test_a_recurring_charge_on_the_mandate_marks_the_order_paid(mandate, filled_cart, catalogue):
    # given a later parcel's order
    order = next_order(filled_cart.patient, catalogue, "parcel-2")

    # when it is charged on the mandate
    payment = charge(order, mandate, "charge-parcel-2")

    # then the test provider paid it at once, and the order is paid
    assert (payment.status, payment.sequence_type, payment.checkout_url) == ("paid", "recurring", "")
    assert (payment.customer_id, payment.mandate_id, payment.amount) == (
        mandate.customer_id,
        mandate.mandate_id,
        order.total,
    )
    at_provider = TestProviderPayment.objects.get(pk=payment.provider_id)
    assert (at_provider.sequence_type, at_provider.mandate_id, at_provider.key, at_provider.amount) == (
        "recurring",
        mandate.mandate_id,
        "charge-parcel-2",
        order.total,
    )
    assert Order.objects.get(pk=order.pk).state == OrderState.PAID


def test_a_failed_charge_leaves_the_order_awaiting_payment_and_next_charge_holds_until_set_again(
    client, mandate, filled_cart, catalogue
):
    # given the mandate's next charge set to fail
    reply = client.post(f"/v2/payments/test/mandates/{mandate.mandate_id}", json={"next_charge": "failed"})
    assert reply.json() == {"mandate_id": mandate.mandate_id, "status": "valid", "next_charge": "failed"}
    order = next_order(filled_cart.patient, catalogue, "parcel-2")

    # when the order is charged, and charged again later with another key
    failed = charge(order, mandate, "charge-1")
    again = charge(order, mandate, "charge-2")

    # then both charges failed (the setting holds), and the order still awaits payment
    assert (failed.status, again.status) == (PaymentStatus.FAILED, PaymentStatus.FAILED)
    assert Order.objects.get(pk=order.pk).state == OrderState.AWAITING_PAYMENT

    # and once set back to paid, the next charge pays the order
    client.post(f"/v2/payments/test/mandates/{mandate.mandate_id}", json={"next_charge": "paid"})
    assert charge(order, mandate, "charge-3").status == PaymentStatus.PAID
    assert Order.objects.get(pk=order.pk).state == OrderState.PAID
    assert list(order.payments.order_by("pk").values_list("status", flat=True)) == [
        "failed",
        "failed",
        "paid",
    ]


def test_a_charge_asked_twice_with_one_key_is_one_provider_payment_and_one_row(
    mandate, filled_cart, catalogue
):
    order = next_order(filled_cart.patient, catalogue, "parcel-2")
    first = charge(order, mandate, "charge-parcel-2")

    again = charge(order, mandate, "charge-parcel-2")

    assert again == first
    assert Payment.objects.filter(order=order).count() == 1
    assert TestProviderPayment.objects.filter(key="charge-parcel-2").count() == 1
    assert TestProviderPayment.objects.filter(sequence_type="recurring").count() == 1
    # the provider on its own answers the same key with the same payment too
    created = TestProvider().charge(
        customer_id=mandate.customer_id,
        mandate_id=mandate.mandate_id,
        amount=order.total,
        currency="EUR",
        description="again",
        webhook_url=WEBHOOK_URL,
        key="charge-parcel-2",
    )
    assert (created.provider_id, created.checkout_url) == (first.provider_id, "")


def test_an_order_paid_meanwhile_is_not_charged_with_a_new_key(mandate, filled_cart, catalogue):
    order = next_order(filled_cart.patient, catalogue, "parcel-2")
    charge(order, mandate, "charge-1")

    with pytest.raises(NotAwaitingPayment):
        charge(order, mandate, "charge-2")

    assert TestProviderPayment.objects.filter(sequence_type="recurring").count() == 1


def test_a_revoked_mandate_refuses_the_charge_and_nothing_is_recorded(mandate, filled_cart, catalogue):
    # given the mandate revoked (twice: the second changes nothing)
    order = next_order(filled_cart.patient, catalogue, "parcel-2")
    ids = {"customer_id": mandate.customer_id, "mandate_id": mandate.mandate_id}
    assert payment_mandate_valid(**ids, provider_name="test")
    payment_mandate_revoke(**ids, provider_name="test")
    payment_mandate_revoke(**ids, provider_name="test")

    # when the order is charged on it
    with pytest.raises(MandateInvalid) as refused:
        charge(order, mandate, "charge-parcel-2")

    # then nothing was charged nor recorded
    assert refused.value.status == 409
    assert not payment_mandate_valid(**ids, provider_name="test")
    assert TestProviderMandate.objects.get().status == "invalid"
    assert Payment.objects.filter(order=order).count() == 0
    assert TestProviderPayment.objects.filter(sequence_type="recurring").count() == 0
    assert Order.objects.get(pk=order.pk).state == OrderState.AWAITING_PAYMENT


def test_a_mandate_is_valid_only_for_its_own_customer_and_provider(mandate, filled_cart):
    other = payment_customer(user=filled_cart.certified.user)

    assert payment_mandate_valid(
        customer_id=mandate.customer_id, mandate_id=mandate.mandate_id, provider_name="test"
    )
    assert not payment_mandate_valid(customer_id=other, mandate_id=mandate.mandate_id, provider_name="test")
    assert not payment_mandate_valid(
        customer_id=mandate.customer_id, mandate_id="mdt_unknown", provider_name="test"
    )
    # Mollie is not configured here: nothing can charge a mandate there
    assert not payment_mandate_valid(
        customer_id=mandate.customer_id, mandate_id=mandate.mandate_id, provider_name="mollie"
    )


def test_the_test_mandate_call_refuses_an_unknown_mandate_and_a_bad_outcome(client, mandate):
    unknown = client.post("/v2/payments/test/mandates/mdt_unknown", json={"next_charge": "failed"})
    bad = client.post(f"/v2/payments/test/mandates/{mandate.mandate_id}", json={"next_charge": "expired"})

    assert (unknown.status_code, unknown.json()["message"]) == (404, "There is no such test mandate.")
    assert bad.status_code == 422
    assert TestProviderMandate.objects.get().next_charge == "paid"


@pytest.mark.django_db(transaction=True)
def test_no_provider_is_called_inside_a_transaction_for_a_customer_a_first_payment_or_a_charge(
    client, destinations, filled_cart, catalogue
):
    # given a test provider that notes whether the shop held a transaction open when it was called
    class Provider(TestProvider):
        def __init__(self) -> None:
            self.calls_in_transaction: list[bool] = []

        def customer_create(self, **kwargs):
            self.calls_in_transaction.append(connection.in_atomic_block)
            return super().customer_create(**kwargs)

        def create(self, **kwargs):
            self.calls_in_transaction.append(connection.in_atomic_block)
            return super().create(**kwargs)

        def charge(self, **kwargs):
            self.calls_in_transaction.append(connection.in_atomic_block)
            return super().charge(**kwargs)

    provider = Provider()

    # when a first payment is started and paid, and a later order charged on its mandate
    order = order_placed(filled_cart.patient, "first")
    first = payment_start(
        order=order,
        redirect_url=RETURN_URL,
        webhook_url=WEBHOOK_URL,
        sequence_type="first",
        provider=provider,
    )
    client.post(f"/v2/payments/test/{first.provider_id}", json={"outcome": "paid"})
    first.refresh_from_db()
    later = next_order(filled_cart.patient, catalogue, "parcel-2")
    paid = payment_charge_recurring(
        order=later,
        customer_id=first.customer_id,
        mandate_id=first.mandate_id,
        key="charge-parcel-2",
        webhook_url=WEBHOOK_URL,
        provider=provider,
    )

    # then each call (customer, first payment, charge) was made with no transaction open
    assert provider.calls_in_transaction == [False, False, False]
    assert (paid.status, paid.amount) == ("paid", later.total)


def test_a_charge_whose_status_cannot_be_read_yet_is_recorded_and_paying_by_hand_gets_a_page(
    mandate, filled_cart, catalogue
):
    # given a provider that charges, then does not answer the status read
    class Provider(TestProvider):
        def status(self, provider_id):
            raise ProviderUnavailable()

    order = next_order(filled_cart.patient, catalogue, "parcel-2")

    # when the order is charged on the mandate
    charged = payment_charge_recurring(
        order=order,
        customer_id=mandate.customer_id,
        mandate_id=mandate.mandate_id,
        key="charge-parcel-2",
        webhook_url=WEBHOOK_URL,
        provider=Provider(),
    )

    # then the charge is recorded, its status left to the provider's webhook
    assert (charged.status, charged.sequence_type) == ("open", "recurring")
    assert TestProviderPayment.objects.get(pk=charged.provider_id).status == "paid"
    # and paying the order by hand meanwhile gets a payment page, never the charge (it has none)
    by_hand = payment_start(order=order, redirect_url=RETURN_URL, webhook_url=WEBHOOK_URL)
    assert by_hand != charged
    assert by_hand.checkout_url == f"/en/payments/test/{by_hand.provider_id}"
