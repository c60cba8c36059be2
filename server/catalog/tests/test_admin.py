import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from PIL import Image

from server.accounts.models import User
from server.catalog.models import Product


@pytest.fixture
def manager_client(db, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    manager = User.objects.create_superuser("manager@example.com", "Demo-pass-2026!")
    client = Client()
    client.force_login(manager)
    return client


def png(width: int = 320, height: int = 200) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (width, height), "teal").save(buffer, format="PNG")
    return buffer.getvalue()


def product_form(catalogue, **extra):
    return {
        "slug": "iron-bisglycinate",
        "name": "Iron Bisglycinate",
        "description": "Gentle iron.",
        "ingredients": "Iron bisglycinate, HPMC",
        "brand": catalogue.acme.id,
        "categories": [catalogue.minerals.id],
        "variants-TOTAL_FORMS": "1",
        "variants-INITIAL_FORMS": "0",
        "variants-0-sku": "IRON-60",
        "variants-0-unit_of_measure": "60 capsules",
        "variants-0-price_eur": "14.90",
        "variants-0-price_gbp": "12.90",
        "variants-0-availability": "1",
        "variants-0-position": "0",
        "assets-TOTAL_FORMS": "0",
        "assets-INITIAL_FORMS": "0",
        **extra,
    }


def test_the_manager_lists_filters_and_searches_products(manager_client, catalogue):
    listing = manager_client.get("/admin/catalog/product/?is_available__exact=1&q=magnesium")

    assert listing.status_code == 200
    assert b"Magnesium Powder" in listing.content
    assert b"Zinc Picolinate" not in listing.content


def test_adding_a_product_with_a_variant_and_an_image_makes_thumbnails_and_the_list_summary(
    manager_client, catalogue
):
    upload = SimpleUploadedFile("iron.png", png(), content_type="image/png")

    response = manager_client.post("/admin/catalog/product/add/", product_form(catalogue, new_image=upload))

    assert response.status_code == 302
    product = Product.objects.get(slug="iron-bisglycinate")
    assert (product.is_available, str(product.price_eur), str(product.price_gbp)) == (True, "14.90", "12.90")
    asset = product.assets.get()
    assert asset.is_primary
    for size in (75, 125, 250):
        with Image.open(getattr(asset, f"thumbnail_{size}").path) as thumbnail:
            assert thumbnail.size == (size, size)


def test_a_file_that_is_not_an_image_is_refused_and_nothing_is_saved(manager_client, catalogue):
    upload = SimpleUploadedFile("iron.png", b"%PDF-1.4 not an image", content_type="image/png")

    response = manager_client.post("/admin/catalog/product/add/", product_form(catalogue, new_image=upload))

    assert response.status_code == 200
    assert b"not an image we accept" in response.content
    assert not Product.objects.filter(slug="iron-bisglycinate").exists()


def test_a_product_added_in_the_admin_is_found_by_search_and_gone_after_delete(manager_client, catalogue):
    from ninja.testing import TestClient

    from server.config.api import api

    manager_client.post("/admin/catalog/product/add/", product_form(catalogue))
    product = Product.objects.get(slug="iron-bisglycinate")

    def search_hits():
        reply = TestClient(api).post("/v2/storefront/search?query=bisglycinate", json={})
        return [hit["slug"] for hit in reply.json()["hits"]]

    assert search_hits() == ["iron-bisglycinate"]
    manager_client.post(f"/admin/catalog/product/{product.pk}/delete/", {"post": "yes"})
    assert search_hits() == []
