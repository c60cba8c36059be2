from datetime import timedelta

from django.utils import timezone
from ninja.testing import TestClient
from pydantic import TypeAdapter

from server.accounts.models import UserType
from server.catalog.models import Product, ProductActivity
from server.catalog.services import product_activity_record
from server.config.api import api
from server.search.selectors import PopularOut

client = TestClient(api)


def popular(**extra) -> list[int]:
    response = client.get("/v2/storefront/search", **extra)
    assert response.status_code == 200
    return [card["id"] for card in response.json()["data"]]


def newest_available_first(shop, *, exclude: list[int]) -> list[int]:
    visible = Product.objects.filter(is_available=True, practitioner_only=False).exclude(pk__in=exclude)
    return list(visible.order_by("-created_at", "-id").values_list("pk", flat=True))


def test_popular_products_rank_by_views_and_cart_adds_of_the_last_thirty_days(shop):
    product_activity_record(product_id=shop.zinc.id, views=3)
    product_activity_record(product_id=shop.tea.id, views=1, cart_adds=4)
    product_activity_record(product_id=shop.sleep.id, views=2)
    # 31 days ago no longer counts.
    today = timezone.localdate()
    ProductActivity.objects.create(product=shop.d3, day=today - timedelta(days=30), views=99)
    # 29 days ago still does.
    ProductActivity.objects.create(product=shop.calm, day=today - timedelta(days=29), cart_adds=1)

    ranked = popular()

    expected = [shop.tea.id, shop.zinc.id, shop.sleep.id, shop.calm.id]
    assert ranked[:4] == expected
    # Fewer than ten had activity: the newest available products fill the list.
    assert ranked[4:] == newest_available_first(shop, exclude=expected)
    # Every available product a visitor may see: 10 products less one unavailable, one practitioner-only.
    assert len(ranked) == 8


def test_without_any_activity_the_newest_available_products_are_shown(shop):
    ranked = popular()

    assert ranked == newest_available_first(shop, exclude=[])[:10]
    assert shop.vitamin_c.id not in ranked  # unavailable


def test_practitioner_only_products_are_popular_only_for_the_trade(shop, make_user):
    product_activity_record(product_id=shop.clinical.id, views=50)

    assert shop.clinical.id not in popular()
    assert shop.clinical.id not in popular(user=make_user(UserType.PRACTITIONER))
    assert popular(user=make_user(UserType.CERTIFIED_PRACTITIONER))[0] == shop.clinical.id


def test_popular_products_are_cached_for_fifteen_minutes_per_language_region_and_audience(shop):
    product_activity_record(product_id=shop.zinc.id, views=3)
    first = popular()

    product_activity_record(product_id=shop.tea.id, views=10)

    assert popular() == first
    # Another language or region is computed (and cached) on its own.
    assert popular(headers={"Accept-Language": "de"})[0] == shop.tea.id
    uk = client.get("/v2/storefront/search", headers={"X-Region": "uk"}).json()["data"]
    assert (uk[0]["id"], uk[0]["currency"]) == (shop.tea.id, "GBP")
    assert popular()[0] == shop.zinc.id


def test_popular_cards_are_product_cards_in_the_region_currency(shop):
    product_activity_record(product_id=shop.glycinate.id, views=1)

    card = client.get("/v2/storefront/search", headers={"X-Region": "uk"}).json()["data"][0]

    assert (card["id"], card["name"], card["price"], card["currency"]) == (
        shop.glycinate.id, "Magnesium Glycinate", "15.50", "GBP",
    )  # fmt: skip


def test_an_empty_shop_has_no_popular_products(db):
    assert popular() == []


def test_the_popular_reply_matches_its_documented_schema(shop):
    product_activity_record(product_id=shop.zinc.id, views=1)

    body = client.get("/v2/storefront/search").json()

    declared = TypeAdapter(PopularOut)
    assert declared.dump_python(declared.validate_python(body), mode="json") == body
    assert len(body["data"]) == 8
