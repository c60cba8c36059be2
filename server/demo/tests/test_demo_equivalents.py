"""The demo marks equivalents for its sold-out products, so the storefront shows substitutes
(docs/decisions/0041-substitutes.md)."""

from server.catalog.models import ProductVariant
from server.catalog.tests.conftest import Catalogue, catalogue  # noqa: F401 (the shared catalogue fixture)
from server.demo.catalog.stock import demo_equivalents_ensure
from server.protocols.tests.conftest import people  # noqa: F401 (shared fixture)
from server.stock.models import Equivalence
from server.stock.services import stock_count
from server.stock.tests.test_substitutes import product_of, vitamin_ds  # noqa: F401 (shared fixture)


def test_a_sold_out_demo_product_gets_what_the_admin_would_propose_once(catalogue: Catalogue, vitamin_ds):  # noqa: F811
    stock_count(variant_id=vitamin_ds["d3"], on_hand=0, by=None, reason="sold out")
    skus = list(ProductVariant.objects.values_list("sku", flat=True))

    first = demo_equivalents_ensure(skus)
    second = demo_equivalents_ensure(skus)

    assert (first, second) == (1, 0)
    assert sorted(
        Equivalence.objects.filter(product=catalogue.d3).values_list("equivalent_id", flat=True)
    ) == sorted([product_of(vitamin_ds["clinical"]), product_of(vitamin_ds["sunny"])])
