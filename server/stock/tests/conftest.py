import pytest

from server.cart.models import CartItem
from server.catalog.tests.conftest import Catalogue, catalogue  # noqa: F401 (the shared catalogue fixture)
from server.orders.tests.conftest import destinations  # noqa: F401 (shared fixture)
from server.protocols.tests.conftest import People, client, people  # noqa: F401 (shared fixtures)
from server.stock.models import StockLevel
from server.stock.services import stock_receive


def d3_variant(shop: Catalogue) -> int:
    return int(shop.d3.variants.get().pk)


@pytest.fixture
def counted_d3(catalogue: Catalogue) -> int:  # noqa: F811 (the fixture imported above)
    """Vitamin D3 counted: 12 bottles received (in stock, the low threshold is 5)."""
    variant_id = d3_variant(catalogue)
    stock_receive(variant_id=variant_id, quantity=12, reason="first delivery")
    return variant_id


def level(variant_id: int) -> StockLevel:
    return StockLevel.objects.get(pk=variant_id)


def in_cart(person, variant_id: int, quantity: int) -> None:
    CartItem.objects.update_or_create(
        user=person.user, variant_id=variant_id, defaults={"quantity": quantity}
    )
