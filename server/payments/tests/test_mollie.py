"""The Mollie provider through the official client against a local server that answers as Mollie's API
does (server/payments/tests/mollie_server.py), and the order flow with Mollie switched on."""

from datetime import timedelta
from decimal import Decimal

import pytest

from server.orders.models import Order, OrderState, ShippingMethod
from server.orders.tests.conftest import NL_ADDRESS, checkout
from server.payments.models import Payment, PaymentLog, Refund, RefundStatus
from server.payments.mollie import MollieProvider
from server.payments.outcomes import RefundPending, refunds_reconcile
from server.payments.providers import ProviderUnavailable, RefundRefused
from server.payments.services import payment_refund
from server.payments.tests.mollie_server import API_KEY, FakeMollie


def provider(state: FakeMollie, key: str = API_KEY) -> MollieProvider:
    return MollieProvider(api_key=key, api_endpoint=state.base_url)


def create(state: FakeMollie, amount: str = "49.05"):
    return provider(state).create(
        amount=Decimal(amount),
        currency="EUR",
        description="Order PS-2026-000001",
        redirect_url="https://shop.example/en/checkout/return/PS-2026-000001",
        webhook_url="https://shop.example/api/v2/payments/mollie/webhook",
        locale="nl",
    )


def test_a_payment_is_created_with_mollies_request_shape_and_read_back(mollie):
    created = create(mollie)

    method, path, body = mollie.requests[0]
    assert (method, path) == ("POST", "/v2/payments")
    assert body == {
        "amount": {"currency": "EUR", "value": "49.05"},
        "description": "Order PS-2026-000001",
        "redirectUrl": "https://shop.example/en/checkout/return/PS-2026-000001",
        "webhookUrl": "https://shop.example/api/v2/payments/mollie/webhook",
        "locale": "nl_NL",
    }
    assert created.provider_id.startswith("tr_")
    assert created.checkout_url == f"https://www.mollie.com/checkout/select-method/{created.provider_id[3:]}"
    status = provider(mollie).status(created.provider_id)
    assert status is not None
    assert (status.status, status.amount, status.currency, status.method) == (
        "open",
        Decimal("49.05"),
        "EUR",
        "",
    )
    mollie.pay(created.provider_id, method="bancontact")
    paid = provider(mollie).status(created.provider_id)
    assert paid is not None
    assert (paid.status, paid.method) == ("paid", "bancontact")


def test_an_unknown_payment_reads_as_none_and_mollie_errors_become_clear_refusals(mollie):
    assert provider(mollie).status("tr_unknown") is None
    assert provider(mollie).status("not-a-mollie-id") is None
    with pytest.raises(ProviderUnavailable):
        provider(mollie, key="test_wrongkeywrongkeywrongkey").create(
            amount=Decimal("1.00"),
            currency="EUR",
            description="x",
            redirect_url="https://a",
            webhook_url="https://b",
            locale="en",
        )
    with pytest.raises(ProviderUnavailable):
        MollieProvider(api_key="not-a-key", api_endpoint=mollie.base_url)
    mollie.down = True
    with pytest.raises(ProviderUnavailable):
        provider(mollie).status("tr_anything")


def test_refunds_go_to_mollie_and_one_above_what_is_left_is_refused(mollie):
    created = create(mollie)
    with pytest.raises(RefundRefused):
        provider(mollie).refund(
            provider_id=created.provider_id, amount=Decimal("1.00"), currency="EUR", key="rf_early"
        )
    mollie.pay(created.provider_id)

    refund_id = provider(mollie).refund(
        provider_id=created.provider_id, amount=Decimal("9.05"), currency="EUR", key="rf_one"
    )

    assert refund_id.startswith("re_")
    assert mollie.requests[-1] == (
        "POST",
        f"/v2/payments/{created.provider_id}/refunds",
        {"amount": {"currency": "EUR", "value": "9.05"}, "metadata": {"refund_key": "rf_one"}},
    )
    with pytest.raises(RefundRefused):
        provider(mollie).refund(
            provider_id=created.provider_id, amount=Decimal("40.01"), currency="EUR", key="rf_two"
        )


def test_a_refund_asked_twice_with_one_key_is_made_once_and_found_again_by_its_key(mollie):
    # given a paid Mollie payment and a refund made with a key
    created = create(mollie)
    mollie.pay(created.provider_id)
    first = provider(mollie).refund(
        provider_id=created.provider_id, amount=Decimal("9.05"), currency="EUR", key="rf_same"
    )

    # when the same refund is asked again with the same key
    again = provider(mollie).refund(
        provider_id=created.provider_id, amount=Decimal("9.05"), currency="EUR", key="rf_same"
    )

    # then Mollie answers the first refund, moves the money once, and the key finds it; another key does not
    assert again == first
    assert mollie.payments[created.provider_id]["amountRefunded"]["value"] == "9.05"
    assert provider(mollie).refund_find(provider_id=created.provider_id, key="rf_same") == first
    assert provider(mollie).refund_find(provider_id=created.provider_id, key="rf_other") is None


def test_with_mollie_on_an_order_is_paid_by_mollies_webhook_which_trusts_only_mollie(
    client, filled_cart, mollie
):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    placed = client.post(
        "/v2/checkout/orders", json=body, headers={**filled_cart.patient.headers, "Idempotency-Key": "m-1"}
    ).json()
    payment = Payment.objects.get()
    assert (payment.provider, placed["payment_url"]) == (
        "mollie",
        f"https://www.mollie.com/checkout/select-method/{payment.provider_id[3:]}",
    )
    assert mollie.requests[0][2]["webhookUrl"].endswith("/api/v2/payments/mollie/webhook")

    # A webhook before the buyer paid changes nothing; the test provider's page is not there with Mollie on.
    assert client.post("/v2/payments/mollie/webhook", data={"id": payment.provider_id}).status_code == 200
    assert Order.objects.get().state == OrderState.AWAITING_PAYMENT
    assert client.get(f"/v2/payments/test/{payment.provider_id}").status_code == 404

    mollie.pay(payment.provider_id)
    assert client.post("/v2/payments/mollie/webhook", data={"id": payment.provider_id}).status_code == 200
    assert client.post("/v2/payments/mollie/webhook", data={"id": payment.provider_id}).status_code == 200

    order = Order.objects.get()
    assert order.state == OrderState.PAID
    assert list(PaymentLog.objects.values_list("status", "changed")) == [
        ("open", False),
        ("paid", True),
        ("paid", False),
    ]
    payment_refund(order=order, amount=Decimal("5.00"), by=None)
    assert Order.objects.get().state == OrderState.PARTIALLY_REFUNDED


def test_an_unreachable_mollie_is_a_503_so_its_webhook_retries_and_the_checkout_can_be_retried(
    client, filled_cart, mollie
):
    body = {
        "shipping_address": NL_ADDRESS,
        "shipping_method_id": ShippingMethod.objects.get(region="eu", code="standard").pk,
    }
    headers = {**filled_cart.patient.headers, "Idempotency-Key": "m-2"}
    mollie.down = True

    refused = client.post("/v2/checkout/orders", json=body, headers=headers)

    # The order is written before Mollie is asked (no lock is held over the call); it waits for payment.
    assert refused.status_code == 503
    assert (Order.objects.get().state, Payment.objects.count()) == (OrderState.AWAITING_PAYMENT, 0)
    mollie.down = False
    retried = client.post("/v2/checkout/orders", json=body, headers=headers)
    assert (retried.status_code, retried.json()["number"]) == (200, Order.objects.get().number)
    payment = Payment.objects.get()
    assert retried.json()["payment_url"].endswith(payment.provider_id[3:])
    mollie.down = True
    assert client.post("/v2/payments/mollie/webhook", data={"id": payment.provider_id}).status_code == 503


def test_a_refund_whose_answer_mollie_never_sent_is_found_by_its_key_and_recorded_once(
    client, filled_cart, mollie
):
    # given an order paid at Mollie
    checkout(client, filled_cart.patient, "m-3")
    payment = Payment.objects.get()
    mollie.pay(payment.provider_id)
    client.post("/v2/payments/mollie/webhook", data={"id": payment.provider_id})
    order = Order.objects.get()

    # when Mollie makes a refund but the connection drops before its answer
    mollie.lose_replies = True
    with pytest.raises(RefundPending):
        payment_refund(order=order, amount=Decimal("5.00"), by=None)

    # then the refund is pending in the shop while Mollie has it, with the shop's key
    refund = Refund.objects.get()
    assert refund.status == RefundStatus.PENDING
    assert mollie.payments[payment.provider_id]["amountRefunded"]["value"] == "5.00"
    assert [r["metadata"] for r in mollie.refunds[payment.provider_id]] == [{"refund_key": refund.key}]

    # and the reconciler finds it by that key and records it, without a second refund
    mollie.lose_replies = False
    assert refunds_reconcile(older_than=timedelta(0)).succeeded == [refund.pk]
    refund.refresh_from_db()
    assert (refund.status, refund.provider_refund_id) == (
        RefundStatus.SUCCEEDED,
        mollie.refunds[payment.provider_id][0]["id"],
    )
    assert len(mollie.refunds[payment.provider_id]) == 1
    assert Order.objects.get().state == OrderState.PARTIALLY_REFUNDED
