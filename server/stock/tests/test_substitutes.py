"""Equivalent products: what the admin proposes from the supplement facts, what staff mark, and what the
shop offers in place of a sold-out variant (docs/decisions/0041-substitutes.md)."""

import re
from decimal import Decimal

import pytest
from django.test import Client

from server.catalog.models import Availability, Product, ProductVariant
from server.catalog.tests.conftest import Catalogue, make_product
from server.protocols.tests.test_daily_totals_api import give_facts
from server.stock.models import Equivalence
from server.stock.substitutes import (
    NotItsOwnEquivalent,
    equivalence_candidates,
    equivalence_mark,
    equivalence_unmark,
    shop_equivalents,
)
from server.stock.tests.test_admin import staff  # noqa: F401 (the signed-in staff browser)


def only_variant(product: Product) -> int:
    return int(product.variants.get().pk)


def d3_like(
    shop: Catalogue, name: str, iu: str, *, practitioner_only: bool = False, eur: str = "11.00"
) -> int:
    product = make_product(
        name, brand=shop.verdant, eur=eur, gbp="9.00", categories=[shop.vitamin_d], goals=[shop.energy],
        forms=[shop.capsules], practitioner_only=practitioner_only,
    )  # fmt: skip
    variant_id = only_variant(product)
    give_facts(variant_id, "1", ("vitamin_d", "", iu, "IU"))
    return variant_id


@pytest.fixture
def vitamin_ds(catalogue: Catalogue) -> dict[str, int]:
    """Acme's D3 at 2000 IU a capsule; Sunny D3 at 1900 IU (within 10 %), Mega D3 at 4000 IU (twice), a
    practitioner-only Clinical D3 at 2050 IU, and D3 + K2 (another nutrient too)."""
    give_facts(only_variant(catalogue.d3), "1", ("vitamin_d", "", "2000", "IU"))
    variants = {
        "d3": only_variant(catalogue.d3),
        "sunny": d3_like(catalogue, "Sunny D3", "1900"),
        "mega": d3_like(catalogue, "Mega D3", "4000"),
        "clinical": d3_like(catalogue, "Clinical D3", "2050", practitioner_only=True),
    }
    with_k2 = make_product(
        "D3 K2", brand=catalogue.acme, eur="15.00", gbp="13.00", categories=[catalogue.vitamin_d],
        goals=[catalogue.energy], forms=[catalogue.capsules],
    )  # fmt: skip
    variants["k2"] = only_variant(with_k2)
    give_facts(variants["k2"], "1", ("vitamin_d", "", "2000", "IU"), ("vitamin_k", "", "100", "µg"))
    return variants


def product_of(variant_id: int) -> int:
    return int(ProductVariant.objects.values_list("product_id", flat=True).get(pk=variant_id))


def proposed(browser: Client, product: str) -> list[int]:
    page = browser.get("/admin/stock/equivalence/propose/", {"product": product}).content.decode()
    return [int(value) for value in re.findall(r'name="equivalent" value="(\d+)"', page)]


def test_the_admin_proposes_products_whose_facts_match_within_ten_percent_closest_first(
    catalogue, vitamin_ds
):
    candidates = equivalence_candidates(product_id=catalogue.d3.pk)

    assert [(c.product_name, c.variant_id, c.matches_id, c.dose_ratio) for c in candidates] == [
        ("Clinical D3", vitamin_ds["clinical"], vitamin_ds["d3"], Decimal("1.02")),
        ("Sunny D3", vitamin_ds["sunny"], vitamin_ds["d3"], Decimal("0.95")),
    ]  # not Mega D3 (twice the dose), not D3 K2 (another nutrient)


def test_a_marked_pair_is_kept_both_ways_once_and_no_longer_proposed(catalogue, vitamin_ds, people):
    sunny = product_of(vitamin_ds["sunny"])

    equivalence_mark(product_id=catalogue.d3.pk, equivalent_id=sunny, by=people.admin.user)
    equivalence_mark(product_id=sunny, equivalent_id=catalogue.d3.pk, by=None)

    assert sorted(Equivalence.objects.values_list("product_id", "equivalent_id", "marked_by_id")) == sorted(
        [(catalogue.d3.pk, sunny, people.admin.user.pk), (sunny, catalogue.d3.pk, people.admin.user.pk)]
    )
    assert [c.product_name for c in equivalence_candidates(product_id=catalogue.d3.pk)] == ["Clinical D3"]
    equivalence_unmark(product_id=sunny, equivalent_id=catalogue.d3.pk)
    assert Equivalence.objects.count() == 0


def test_a_product_is_not_its_own_equivalent(catalogue):
    with pytest.raises(NotItsOwnEquivalent):
        equivalence_mark(product_id=catalogue.d3.pk, equivalent_id=catalogue.d3.pk, by=None)


def test_the_shop_offers_buyable_equivalents_matching_facts_first_and_hides_trade_products_from_the_public(
    catalogue, vitamin_ds
):
    for name in ("mega", "sunny", "clinical", "k2"):
        equivalence_mark(product_id=catalogue.d3.pk, equivalent_id=product_of(vitamin_ds[name]), by=None)
    ProductVariant.objects.filter(pk=vitamin_ds["k2"]).update(availability=Availability.UNAVAILABLE)

    public = shop_equivalents(variant_id=vitamin_ds["d3"], public=True)
    trade = shop_equivalents(variant_id=vitamin_ds["d3"], public=False)

    assert [(o.variant_id, o.reason, o.dose_ratio) for o in public] == [
        (vitamin_ds["sunny"], "same_facts", Decimal("0.95")),
        (vitamin_ds["mega"], "marked", Decimal("2.00")),
    ]  # D3 K2 is sold out
    assert [o.variant_id for o in trade] == [vitamin_ds["clinical"], vitamin_ds["sunny"], vitamin_ds["mega"]]


def test_staff_find_candidates_and_mark_the_ticked_ones_in_the_admin(staff, catalogue, vitamin_ds):  # noqa: F811
    url = "/admin/stock/equivalence/propose/"
    sunny, clinical = product_of(vitamin_ds["sunny"]), product_of(vitamin_ds["clinical"])

    assert proposed(staff, catalogue.d3.slug) == [clinical, sunny]  # not Mega D3, not D3 K2
    assert proposed(staff, "vitamin-d3-drops-60") == [clinical, sunny]  # by SKU
    reply = staff.post(url, {"product": catalogue.d3.slug, "equivalent": [str(sunny)]})

    assert reply.status_code == 302
    assert sorted(Equivalence.objects.values_list("product_id", "equivalent_id")) == sorted(
        [(catalogue.d3.pk, sunny), (sunny, catalogue.d3.pk)]
    )
    assert proposed(staff, catalogue.d3.slug) == [clinical]


def test_an_unknown_product_is_named_on_the_form(staff, catalogue):  # noqa: F811
    page = staff.get("/admin/stock/equivalence/propose/", {"product": "no-such"}).content.decode()

    assert "No product has this slug or SKU." in page


def test_deleting_one_row_in_the_admin_unmarks_the_pair(staff, catalogue, vitamin_ds):  # noqa: F811
    sunny = product_of(vitamin_ds["sunny"])
    equivalence_mark(product_id=catalogue.d3.pk, equivalent_id=sunny, by=None)
    row = Equivalence.objects.get(product_id=catalogue.d3.pk)

    staff.post(f"/admin/stock/equivalence/{row.pk}/delete/", {"post": "yes"})

    assert Equivalence.objects.count() == 0


def test_adding_a_pair_in_the_admin_marks_it_both_ways(staff, people, catalogue, vitamin_ds):  # noqa: F811
    mega = product_of(vitamin_ds["mega"])

    reply = staff.post("/admin/stock/equivalence/add/", {"product": catalogue.d3.pk, "equivalent": mega})

    assert reply.status_code == 302
    assert sorted(Equivalence.objects.values_list("product_id", "equivalent_id", "marked_by_id")) == sorted(
        [(catalogue.d3.pk, mega, people.admin.user.pk), (mega, catalogue.d3.pk, people.admin.user.pk)]
    )


def test_only_staff_reach_the_proposals(catalogue, people):
    browser = Client()
    browser.force_login(people.certified.user)

    assert browser.get("/admin/stock/equivalence/propose/").status_code == 302  # to the admin's sign-in
