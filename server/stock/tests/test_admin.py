"""Staff see stock in the admin by what buyers see of it and count it through the ledger, never typing its
sums; a counted variant's availability follows its stock."""

import re

import pytest
from django.test import Client

from server.catalog.models import Availability, Product, ProductVariant
from server.stock.models import MovementKind, StockMovement
from server.stock.services import Want, stock_count, stock_receive, stock_reserve
from server.stock.tests.conftest import level

D3 = "vitamin-d3-drops-60"
MAGNESIUM = "magnesium-powder-60"
ZINC = "zinc-picolinate-60"
MULTI = "clinical-multi-60"
SKUS = (D3, MAGNESIUM, ZINC, MULTI)


@pytest.fixture
def staff(people) -> Client:
    people.admin.user.is_staff = people.admin.user.is_superuser = True
    people.admin.user.save()
    browser = Client()
    browser.force_login(people.admin.user)
    return browser


def variant(sku: str) -> int:
    return int(ProductVariant.objects.get(sku=sku).pk)


def listed(browser: Client, query: str) -> list[str]:
    page = browser.get(f"/admin/stock/stocklevel/{query}").content.decode()
    return [sku for sku in SKUS if f">{sku}<" in page]


def count_form(**fields: str) -> dict[str, str]:
    """The level's change form as a browser sends it: an unticked back-order box is not sent."""
    return {"counted": "12", "reason": "stocktake", "back_order_note": "", "low_threshold": "5", **fields}


def test_the_list_filters_levels_by_what_buyers_see_and_finds_them_by_sku_or_name(staff, counted_d3):
    stock_receive(variant_id=variant(MAGNESIUM), quantity=3)  # low
    stock_count(variant_id=variant(ZINC), on_hand=0, by=None, reason="none left")  # sold out
    stock_count(variant_id=variant(MULTI), on_hand=0, by=None, reason="none left", back_order=True)

    assert listed(staff, "") == [D3, MAGNESIUM, ZINC, MULTI]
    assert listed(staff, "?variant__stock_state__exact=in_stock") == [D3]
    assert listed(staff, "?variant__stock_state__exact=low") == [MAGNESIUM]
    assert listed(staff, "?variant__stock_state__exact=sold_out") == [ZINC]
    assert listed(staff, "?variant__stock_state__exact=back_order") == [MULTI]
    assert listed(staff, "?q=magnesium") == [MAGNESIUM]
    assert listed(staff, f"?q={D3}") == [D3]


def test_a_count_is_an_adjustment_naming_the_staff_member_and_why(staff, people, counted_d3):
    url = f"/admin/stock/stocklevel/{counted_d3}/change/"

    saved = staff.post(url, count_form(counted="9", reason="stocktake: 3 broken", low_threshold="10"))

    assert saved.status_code == 302
    assert list(
        StockMovement.objects.filter(kind=MovementKind.ADJUSTED).values_list("on_hand_delta", "by", "reason")
    ) == [(-3, people.admin.user.pk, "stocktake: 3 broken")]
    assert (level(counted_d3).on_hand, level(counted_d3).low_threshold) == (9, 10)
    shown = ProductVariant.objects.get(pk=counted_d3)
    assert (shown.stock_state, shown.stock_available) == ("low", 9)  # the new threshold, shown to buyers


def test_switching_back_order_on_with_its_note_shows_it_to_buyers_without_a_movement(staff, counted_d3):
    url = f"/admin/stock/stocklevel/{counted_d3}/change/"

    staff.post(url, count_form(counted="0", back_order="on", back_order_note="ships in 2 weeks"))

    assert (level(counted_d3).on_hand, level(counted_d3).back_order) == (0, True)
    shown = ProductVariant.objects.get(pk=counted_d3)
    assert (shown.stock_state, shown.stock_note, shown.availability) == (
        "back_order",
        "ships in 2 weeks",
        Availability.AVAILABLE,
    )


def test_counting_away_units_unpaid_orders_hold_is_refused_on_the_form_and_changes_nothing(staff, counted_d3):
    stock_reserve(order_id=1, wants=[Want(counted_d3, 5, "Vitamin D3 Drops")])
    url = f"/admin/stock/stocklevel/{counted_d3}/change/"

    refused = staff.post(url, count_form(counted="4", low_threshold="2"))
    unexplained = staff.post(url, count_form(counted="20", reason=" "))

    assert refused.status_code == 200
    assert "5 units are held by unpaid orders; count at least that many." in refused.content.decode()
    assert unexplained.status_code == 200
    assert "This field is required." in unexplained.content.decode()
    assert (level(counted_d3).on_hand, level(counted_d3).reserved, level(counted_d3).low_threshold) == (
        12,
        5,
        5,
    )
    assert not StockMovement.objects.filter(kind=MovementKind.ADJUSTED).exists()


def test_staff_cannot_type_the_sums_of_the_ledger(staff, counted_d3):
    url = f"/admin/stock/stocklevel/{counted_d3}/change/"

    page = staff.get(url).content.decode()
    staff.post(url, count_form(on_hand="999", reserved="7"))

    assert 'name="counted"' in page
    assert 'name="on_hand"' not in page and 'name="reserved"' not in page
    assert (level(counted_d3).on_hand, level(counted_d3).reserved) == (12, 0)
    assert staff.get("/admin/stock/stocklevel/add/").status_code == 403
    assert staff.post(f"/admin/stock/stocklevel/{counted_d3}/delete/", {"post": "yes"}).status_code == 403


def test_movements_and_reservations_are_read_only_and_listed_per_variant(staff, counted_d3):
    stock_reserve(order_id=1, wants=[Want(counted_d3, 2, "Vitamin D3 Drops")])
    movement = StockMovement.objects.get(kind=MovementKind.RECEIVED)

    level_page = staff.get(f"/admin/stock/stocklevel/{counted_d3}/change/").content.decode()
    movements = staff.get(f"/admin/stock/stockmovement/?variant__exact={counted_d3}").content.decode()
    reservations = staff.get(f"/admin/stock/reservation/?variant__exact={counted_d3}&state__exact=held")

    assert "2 movements</a>" in level_page and "1 unpaid order holding units</a>" in level_page
    assert "first delivery" in movements and "Reserved" in movements
    assert reservations.status_code == 200 and f">{D3}<" in reservations.content.decode()
    assert staff.get("/admin/stock/stockmovement/add/").status_code == 403
    assert staff.post(f"/admin/stock/stockmovement/{movement.pk}/change/", {"reason": "x"}).status_code == 403
    assert staff.post(f"/admin/stock/stockmovement/{movement.pk}/delete/", {"post": "yes"}).status_code == 403
    assert StockMovement.objects.get(pk=movement.pk).reason == "first delivery"


def test_only_staff_with_permission_reach_the_stock_admin(people, counted_d3):
    buyer = Client()
    buyer.force_login(people.patient.user)
    people.practitioner.user.is_staff = True
    people.practitioner.user.save()
    staff_without_rights = Client()
    staff_without_rights.force_login(people.practitioner.user)
    url = f"/admin/stock/stocklevel/{counted_d3}/change/"

    refused = buyer.post(url, count_form(counted="0"))

    assert (refused.status_code, refused["Location"].split("?")[0]) == (302, "/admin/login/")
    assert staff_without_rights.get("/admin/stock/stocklevel/").status_code == 403
    assert staff_without_rights.post(url, count_form(counted="0")).status_code == 403
    assert level(counted_d3).on_hand == 12


def product_change(product: Product, availability: Availability) -> dict[str, object]:
    variant = product.variants.get()
    return {
        "slug": product.slug,
        "name": product.name,
        "description": product.description,
        "ingredients": product.ingredients,
        "brand": product.brand_id,
        "categories": [category.pk for category in product.categories.all()],
        "variants-TOTAL_FORMS": "1",
        "variants-INITIAL_FORMS": "1",
        "variants-0-id": variant.pk,
        "variants-0-product": product.pk,
        "variants-0-sku": variant.sku,
        "variants-0-unit_of_measure": variant.unit_of_measure,
        "variants-0-weight": str(variant.weight),
        "variants-0-price_eur": str(variant.price_eur),
        "variants-0-price_gbp": str(variant.price_gbp),
        "variants-0-availability": str(availability.value),
        "variants-0-position": "0",
        "assets-TOTAL_FORMS": "0",
        "assets-INITIAL_FORMS": "0",
    }


def availability_select(browser: Client, product: Product) -> str:
    page = browser.get(f"/admin/catalog/product/{product.pk}/change/").content.decode()
    found = re.search(r'<select name="variants-0-availability"[^>]*>', page)
    assert found is not None
    return found.group(0)


def test_a_counted_variants_availability_follows_its_stock_and_an_uncounted_one_is_set_by_hand(
    staff, catalogue, counted_d3
):
    d3, magnesium = catalogue.d3, catalogue.magnesium

    counted_select = availability_select(staff, d3)
    uncounted_select = availability_select(staff, magnesium)
    saved = [
        staff.post(
            f"/admin/catalog/product/{product.pk}/change/", product_change(product, Availability.UNAVAILABLE)
        )
        for product in (d3, magnesium)
    ]

    assert 'title="Its stock is counted, so its stock decides this: sold out is unavailable." disabled' in (
        counted_select
    )
    assert " disabled" not in uncounted_select
    assert [response.status_code for response in saved] == [302, 302]
    assert ProductVariant.objects.get(pk=counted_d3).availability == Availability.AVAILABLE
    assert ProductVariant.objects.get(sku=MAGNESIUM).availability == Availability.UNAVAILABLE
