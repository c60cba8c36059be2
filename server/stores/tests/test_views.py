"""`/{lang}/store/{shop_name}`: the app's index with the store's title, description and Open Graph tags."""

import pytest
from django.test import Client, override_settings

from server.accounts.models import User
from server.stores.models import Store


@pytest.fixture
def web_dist(tmp_path):
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "index.html").write_text(
        "<!doctype html><html><head><title>Practitioner Supplements</title></head>"
        '<body><div id="root"></div></body></html>'
    )
    with override_settings(WEB_DIST_DIR=dist, WHITENOISE_ROOT=dist, PUBLIC_URL="https://shop.example"):
        yield dist


def test_a_store_page_carries_its_title_description_and_open_graph_tags(web_dist, store):
    Store.objects.filter(pk=store.pk).update(
        header_title="Green Leaf Nutrition",
        header_description="Food-first care\nin Leeds",
        header_image="stores/abc.webp",
    )

    response = Client().get("/de/store/Green-Leaf")

    html = response.content.decode()
    assert response.status_code == 200
    assert "<title>Green Leaf Nutrition | Practitioner Supplements</title>" in html
    assert '<meta name="description" content="Food-first care in Leeds">' in html
    assert '<meta property="og:title" content="Green Leaf Nutrition | Practitioner Supplements">' in html
    assert '<meta property="og:url" content="https://shop.example/de/store/green-leaf">' in html
    assert '<meta property="og:image" content="https://shop.example/media/stores/abc.webp">' in html
    assert '<div id="root">' in html
    assert response["Cache-Control"] == "no-cache"


def test_every_value_in_the_head_is_escaped(web_dist, store):
    Store.objects.filter(pk=store.pk).update(
        header_title="</title><script>alert(1)</script>", header_description='"><script>alert(2)</script>'
    )

    html = Client().get("/en/store/green-leaf").content.decode()

    assert "<script>" not in html
    assert "&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Practitioner Supplements</title>" in html
    assert 'content="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"' in html


def test_a_store_without_a_header_uses_its_name_and_no_image(web_dist, store):
    html = Client().get("/en/store/green-leaf").content.decode()

    assert "<title>green-leaf | Practitioner Supplements</title>" in html
    assert "og:image" not in html


def test_an_unknown_store_answers_the_plain_index_with_404(web_dist, db):
    response = Client().get("/en/store/nobody-here")

    assert response.status_code == 404
    assert "<title>Practitioner Supplements</title>" in response.content.decode()
    assert "og:title" not in response.content.decode()


def test_an_unsupported_language_is_left_to_the_app(web_dist, store):
    response = Client().get("/xx/store/green-leaf")

    assert response.status_code == 200
    assert "og:title" not in response.content.decode()


def test_staff_can_open_a_store_in_the_admin(store):
    staff = User.objects.create_superuser("boss@example.com", "Demo-pass-2026!")
    browser = Client()
    browser.force_login(staff)

    listing = browser.get("/admin/stores/store/")
    change = browser.get(f"/admin/stores/store/{store.pk}/change/")

    assert (listing.status_code, change.status_code) == (200, 200)
    assert b"green-leaf" in listing.content
