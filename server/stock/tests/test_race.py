"""Never oversell: buyers racing for the last units get exactly that many paid orders and clear refusals."""

import threading
from typing import Any

import pytest
from django.db import connection
from ninja.testing import TestClient

from server.accounts.models import UserType
from server.config.api import api
from server.orders.models import Order, OrderState
from server.orders.tests.conftest import NL_ADDRESS, eu_standard_id, provider_payment_id
from server.protocols.tests.conftest import person
from server.stock.models import StockMovement
from server.stock.services import stock_receive
from server.stock.tests.conftest import d3_variant, in_cart, level

BUYERS = 20
UNITS = 5


@pytest.mark.django_db(transaction=True)
def test_twenty_buyers_racing_for_the_last_five_units_make_five_paid_orders(catalogue, destinations):
    variant_id = d3_variant(catalogue)
    stock_receive(variant_id=variant_id, quantity=UNITS)
    buyers = [person(f"buyer{n}@example.com", UserType.CLIENT) for n in range(BUYERS)]
    for buyer in buyers:
        in_cart(buyer, variant_id, 1)
    body = {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard_id()}
    start = threading.Barrier(BUYERS)
    replies: list[tuple[int, dict[str, Any]]] = []

    def post(client: TestClient, path: str, payload: dict[str, Any], headers: dict[str, str]) -> Any:
        while True:
            reply = client.post(path, json=payload, headers=headers)
            # SQLite's in-memory test database answers a second writer "locked" at once (503) where a
            # database file and PostgreSQL make it wait: the retry stands in for that wait.
            if reply.status_code != 503:
                return reply
            assert connection.vendor == "sqlite"

    def buy(buyer) -> None:
        client = TestClient(api)
        start.wait()
        try:
            reply = post(client, "/v2/checkout/orders", body, {**buyer.headers, "Idempotency-Key": "race"})
            if reply.status_code in (200, 201):  # ninja's test client answers 200 where HTTP says 201
                paid = post(
                    client, f"/v2/payments/test/{provider_payment_id(reply.json())}", {"outcome": "paid"}, {}
                )
                assert paid.status_code == 200, paid.json()
            replies.append((reply.status_code, reply.json()))
        finally:
            connection.close()

    threads = [threading.Thread(target=buy, args=(buyer,)) for buyer in buyers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    refusals = [body for status, body in replies if status == 409]
    placed = [body for status, body in replies if status in (200, 201)]
    assert (len(placed), len(refusals)) == (UNITS, BUYERS - UNITS)
    assert {(r["code"], r["lines"][0]["name"], r["lines"][0]["available"]) for r in refusals} == {
        ("out_of_stock", "Vitamin D3 Drops", 0)
    }
    assert Order.objects.filter(state=OrderState.PAID).count() == UNITS
    assert Order.objects.exclude(state=OrderState.PAID).count() == 0
    assert (level(variant_id).on_hand, level(variant_id).reserved) == (0, 0)
    assert StockMovement.objects.filter(kind="sold").count() == UNITS
