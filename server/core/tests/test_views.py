import json

import pytest
from django.test import Client, override_settings


@pytest.fixture
def web_dist(tmp_path):
    dist = tmp_path / "dist"
    (dist / "assets").mkdir(parents=True)
    (dist / "index.html").write_text(
        '<!doctype html><div id="root"></div><script src="/assets/index-AbCd1234.js"></script>'
    )
    (dist / "assets" / "index-AbCd1234.js").write_text("console.log('shop')")
    with override_settings(WEB_DIST_DIR=dist, WHITENOISE_ROOT=dist):
        yield dist


@pytest.fixture
def locales_dir(tmp_path):
    folder = tmp_path / "locales"
    (folder / "de").mkdir(parents=True)
    (folder / "de" / "common.json").write_text(json.dumps({"nav": {"products": "Produkte"}}))
    with override_settings(LOCALES_DIR=folder):
        yield folder


@pytest.mark.parametrize(
    "path", ["/", "/en", "/de/products/some-slug", "/fr/account/practitioner/protocols/7"]
)
def test_every_app_route_answers_with_the_index(web_dist, path):
    response = Client().get(path)

    assert response.status_code == 200
    assert b'<div id="root">' in response.getvalue()
    assert response["Cache-Control"] == "no-cache"
    assert "script-src 'self'" in response["Content-Security-Policy"]


@pytest.mark.parametrize("path", ["/en", "/de/products/some-slug", "/locales/de/common.json"])
def test_head_on_a_page_answers_like_get_without_a_body(web_dist, locales_dir, path):
    # Given a page or a locale file; when a link checker or a proxy asks with HEAD
    head = Client().head(path)
    get = Client().get(path)

    # Then it gets GET's status and headers and no body (HTTP semantics, not 405)
    assert (head.status_code, head["Content-Type"]) == (200, get["Content-Type"])
    assert head.getvalue() == b""


def test_hashed_assets_are_cached_for_a_year(web_dist):
    response = Client().get("/assets/index-AbCd1234.js")

    assert response.status_code == 200
    assert "max-age=315360000" in response["Cache-Control"]
    assert "immutable" in response["Cache-Control"]


def test_a_missing_asset_is_a_404_not_the_index(web_dist):
    response = Client().get("/assets/index-0ld0ld00.js")

    assert response.status_code == 404


def test_without_a_build_the_index_says_how_to_build(tmp_path):
    with override_settings(WEB_DIST_DIR=tmp_path / "nothing"):
        response = Client().get("/en")

    assert response.status_code == 503
    assert b"run command" in response.content


def test_locale_file_is_served_as_json(locales_dir):
    response = Client().get("/locales/de/common.json")

    assert response.status_code == 200
    assert json.loads(response.getvalue()) == {"nav": {"products": "Produkte"}}
    assert response["Cache-Control"] == "public, max-age=300"


@pytest.mark.parametrize(
    "path", ["/locales/xx/common.json", "/locales/de/nope.json", "/locales/de/..%2Fsecret.json"]
)
def test_unknown_locale_files_are_404(locales_dir, path):
    response = Client().get(path)

    assert response.status_code == 404


@override_settings(DEBUG=True)
def test_missing_keys_are_added_without_overwriting_translations(locales_dir):
    response = Client().post(
        "/locales/add/de/common",
        data={"nav.products": "Products", "nav.cart": "Cart", "footer": "Footer"},
        content_type="application/json",
    )

    assert response.status_code == 200
    assert response.json() == {"added": 2}
    saved = json.loads((locales_dir / "de" / "common.json").read_text())
    assert saved == {"nav": {"products": "Produkte", "cart": "Cart"}, "footer": "Footer"}


@override_settings(DEBUG=True)
@pytest.mark.parametrize("body", [b"{oops", b"[1, 2]", b'{"key": 3}', b'{"": "x"}'])
def test_bad_missing_key_bodies_are_400_and_change_nothing(locales_dir, body):
    before = (locales_dir / "de" / "common.json").read_text()

    response = Client().post("/locales/add/de/common", data=body, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["message"]
    assert (locales_dir / "de" / "common.json").read_text() == before


@override_settings(DEBUG=False)
def test_missing_keys_cannot_be_added_when_debug_is_off(locales_dir):
    response = Client().post("/locales/add/de/common", data={"a": "b"}, content_type="application/json")

    assert response.status_code == 404
    assert "a" not in json.loads((locales_dir / "de" / "common.json").read_text())


def test_media_files_are_served_from_media_root(tmp_path):
    (tmp_path / "products").mkdir()
    (tmp_path / "products" / "tiny.txt").write_text("media")

    with override_settings(MEDIA_ROOT=tmp_path):
        found = Client().get("/media/products/tiny.txt")
        escaped = Client().get("/media/../secret.txt")

    assert found.status_code == 200
    assert found.getvalue() == b"media"
    assert escaped.status_code == 400
