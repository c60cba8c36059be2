import io

from PIL import Image

from server.cart.tests.conftest import variant_of
from server.catalog.services import product_image_add


def test_wishlist_add_list_and_remove_in_the_spec_shape(client, catalogue, shopper):
    d3 = variant_of(catalogue, "d3")

    added = client.post("/v2/account/wishlist", json={"product_variant_id": d3}, headers=shopper)
    again = client.post("/v2/account/wishlist", json={"product_variant_id": d3}, headers=shopper)
    listed = client.get("/v2/account/wishlist", headers={**shopper, "X-Region": "uk"}).json()["data"]
    removed = client.request(
        "DELETE", "/v2/account/wishlist", json={"product_variant_id": d3}, headers=shopper
    )

    assert (added.status_code, len(again.json()["data"])) == (200, 1)
    [item] = listed
    assert (item["product_id"], item["product_variant_id"]) == (catalogue.d3.id, d3)
    assert item["brand"] == {"brand_id": catalogue.acme.id, "name": "Acme", "slug": "acme"}
    assert item["product"] == {"name": "Vitamin D3 Drops", "slug": "vitamin-d3-drops"}
    assert [(v["id"], v["price"], v["currency"]) for v in item["variants"]] == [(d3, "10.95", "GBP")]
    assert removed.json()["data"] == []


def test_wishlist_refuses_unknown_and_hidden_variants_and_needs_a_sign_in(client, catalogue, shopper):
    unknown = client.post("/v2/account/wishlist", json={"product_variant_id": 424242}, headers=shopper)
    hidden = client.post(
        "/v2/account/wishlist",
        json={"product_variant_id": variant_of(catalogue, "trade_only")},
        headers=shopper,
    )
    anonymous = client.get("/v2/account/wishlist")

    assert (unknown.status_code, hidden.status_code, anonymous.status_code) == (404, 404, 401)


def test_wishlist_variants_list_the_product_images_in_their_order(
    client, catalogue, shopper, settings, tmp_path
):
    # Given a product with two images (variants have none of their own, so they share the product's)
    settings.MEDIA_ROOT = tmp_path
    first = product_image_add(product=catalogue.d3, data=png("red"))
    second = product_image_add(product=catalogue.d3, data=png("blue"))
    d3 = variant_of(catalogue, "d3")
    client.post("/v2/account/wishlist", json={"product_variant_id": d3}, headers=shopper)

    # When the wishlist is read
    [item] = client.get("/v2/account/wishlist", headers=shopper).json()["data"]

    # Then each variant lists the images (spec: docs/spec-coverage.md#s3-wishlist-item, "Wishlist item")
    assert [variant["images"] for variant in item["variants"]] == [[first.image.url, second.image.url]]
    assert [asset["image_url"] for asset in item["assets"]] == [first.image.url, second.image.url]


def png(colour: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (320, 200), colour).save(buffer, format="PNG")
    return buffer.getvalue()
