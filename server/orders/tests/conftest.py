from importlib import import_module

import pytest
from django.apps import apps

from server.cart.models import CartItem
from server.catalog.tests.conftest import (
    Catalogue,
    catalogue,  # noqa: F401 (the shared catalogue fixture)
)
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
