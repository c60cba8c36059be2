from importlib import import_module
from typing import Any

import pytest
from django.apps import apps

from server.cart.models import CartItem
from server.catalog.tests.conftest import (
    Catalogue,
    catalogue,  # noqa: F401 (the shared catalogue fixture)
)
from server.core.region import Region
from server.orders.models import Order, ShippingMethod
from server.orders.services import order_place
from server.protocols.tests.conftest import People, client, people  # noqa: F401 (shared fixtures)

GB_ADDRESS = {
    "first_name": "Pat",
    "last_name": "Ient",
    "line1": "10 Downing Street",
    "city": "London",
    "postcode": "sw1a2aa",
    "country": "gb",
}
NL_ADDRESS = {
    "first_name": "Pat",
    "last_name": "Ient",
    "line1": "Damrak 1",
    "city": "Amsterdam",
    "postcode": "1012LG",
    "country": "NL",
}


def variant_id(shop: Catalogue, name: str) -> int:
    return int(getattr(shop, name).variants.get().id)


@pytest.fixture
def filled_cart(people: People, catalogue: Catalogue) -> People:  # noqa: F811 (the fixtures imported above)
    """The patient (a client of `certified` at 10 %) has 2 x D3 (12.50 EUR) and 1 x magnesium (24.00 EUR)."""
    CartItem.objects.create(user=people.patient.user, variant_id=variant_id(catalogue, "d3"), quantity=2)
    CartItem.objects.create(
        user=people.patient.user, variant_id=variant_id(catalogue, "magnesium"), quantity=1
    )
    return people


@pytest.fixture
def destinations():
    """The shipping destinations the migrations seed, again: a test that commits runs after others that
    emptied the tables, the migrations' seed included."""
    import_module("server.orders.migrations.0002_seed_destinations").seed(apps, None)


def eu_standard_id() -> int:
    return int(ShippingMethod.objects.get(region="eu", code="standard").pk)


def order_placed(person, key: str) -> Order:
    """`person`'s cart ordered for delivery to the Netherlands (the orders service: no HTTP, no payment)."""
    order, _ = order_place(
        buyer=person.user,
        region=Region.EU,
        language="en",
        idempotency_key=key,
        shipping_address=NL_ADDRESS,
        billing_address=None,
        shipping_method_id=eu_standard_id(),
    )
    return order


def checkout(api_client, person, key: str) -> dict[str, Any]:
    """`person`'s cart ordered through the checkout call, for delivery to the Netherlands: the reply."""
    body = {"shipping_address": NL_ADDRESS, "shipping_method_id": eu_standard_id()}
    reply = api_client.post(
        "/v2/checkout/orders", json=body, headers={**person.headers, "Idempotency-Key": key}
    )
    assert reply.status_code in (200, 201), reply.json()
    return dict(reply.json())


def provider_payment_id(placed: dict[str, Any]) -> str:
    """The embedded test provider's payment id in a placed order's payment URL."""
    return str(placed["payment_url"]).rsplit("/", 1)[1]
