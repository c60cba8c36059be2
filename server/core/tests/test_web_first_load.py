"""What the web app's first load gets from the server: hints in the index, compressed translations."""

import gzip
import json
import os
import re

import pytest
from django.test import Client, override_settings

INDEX = (
    "<!doctype html><html><head>"
    '<script type="module" crossorigin src="/assets/index-AbCd1234.js"></script>'
    '<link rel="modulepreload" crossorigin href="/assets/react-EfGh5678.js">'
    '</head><body><div id="root"></div></body></html>'
)

MANIFEST = {
    "index.html": {
        "file": "assets/index-AbCd1234.js",
        "isEntry": True,
        "imports": ["_react-EfGh5678.js"],
        "dynamicImports": ["src/features/products/pages/products-page.tsx"],
    },
    "_react-EfGh5678.js": {"file": "assets/react-EfGh5678.js"},
    "_money-Mn0p1234.js": {"file": "assets/money-Mn0p1234.js", "imports": ["_react-EfGh5678.js"]},
    "src/features/products/pages/products-page.tsx": {
        "file": "assets/products-page-Qr5t6789.js",
        "isDynamicEntry": True,
        "imports": ["_react-EfGh5678.js", "index.html", "_money-Mn0p1234.js"],
        "css": ["assets/products-page-Uv9w0123.css"],
    },
}


@pytest.fixture
def web_dist(tmp_path):
    dist = tmp_path / "dist"
    (dist / ".vite").mkdir(parents=True)
    (dist / "index.html").write_text(INDEX)
    (dist / ".vite" / "manifest.json").write_text(json.dumps(MANIFEST))
    with override_settings(WEB_DIST_DIR=dist, WHITENOISE_ROOT=dist):
        yield dist


def links(html: str) -> list[str]:
    head = html.split("</head>", 1)[0]
    return re.findall(r"<link [^>]*>", head)


def test_the_list_names_its_translations_and_chunks_in_the_head(web_dist):
    response = Client().get("/en/products?brands=3")

    html = response.content.decode()
    assert response["Cache-Control"] == "no-cache"
    assert links(html) == [
        '<link rel="modulepreload" crossorigin href="/assets/react-EfGh5678.js">',
        # What the page waits for: the shell's and the section's texts, the section's chunk and what it
        # imports beyond the entry's own chunks, its styles.
        *(
            f'<link rel="preload" href="/locales/en/{ns}.json" as="fetch" crossorigin>'
            for ns in ("common", "cart", "catalog")
        ),
        '<link rel="modulepreload" crossorigin href="/assets/products-page-Qr5t6789.js">',
        '<link rel="modulepreload" crossorigin href="/assets/money-Mn0p1234.js">',
        '<link rel="preload" as="style" crossorigin href="/assets/products-page-Uv9w0123.css">',
        # Texts shown without waiting for them come last.
        *(
            f'<link rel="preload" href="/locales/en/{ns}.json" as="fetch" crossorigin fetchpriority="low">'
            for ns in ("auth", "search")
        ),
    ]
    # After the entry script, so the app's own files are asked for first.
    assert html.index("index-AbCd1234.js") < html.index("/locales/en/common.json")


def test_a_product_page_gets_the_section_hints_too(web_dist):
    html = Client().get("/it/products/magnesium-citrate").content.decode()

    assert "/locales/it/catalog.json" in html
    assert "/assets/products-page-Qr5t6789.js" in html


def test_other_languages_also_name_the_english_fallback(web_dist):
    hinted = links(Client().get("/de/cart").content.decode())

    locale_files = re.findall(r'href="(/locales/[^"]+)"', "".join(hinted))
    assert locale_files == [
        *(f"/locales/{lng}/{ns}.json" for lng in ("de", "en") for ns in ("common", "cart")),
        *(f"/locales/{lng}/{ns}.json" for lng in ("de", "en") for ns in ("auth", "search")),
    ]
    assert not any("modulepreload" in link and "products-page" in link for link in hinted)


@pytest.mark.parametrize("path", ["/", "/products", "/sv/products", "/EN/products"])
def test_paths_without_a_supported_language_get_the_plain_index(web_dist, path):
    response = Client().get(path)

    assert response.content.decode() == INDEX


def test_without_a_manifest_only_the_translations_are_named(web_dist):
    (web_dist / ".vite" / "manifest.json").unlink()

    html = Client().get("/en/products").content.decode()

    assert "/locales/en/catalog.json" in html
    assert "products-page" not in html


def test_a_new_build_is_picked_up_without_a_restart(web_dist):
    Client().get("/en/products")
    manifest = json.loads(json.dumps(MANIFEST))
    manifest["src/features/products/pages/products-page.tsx"]["file"] = "assets/products-page-New12345.js"
    path = web_dist / ".vite" / "manifest.json"
    path.write_text(json.dumps(manifest))
    # A rebuild writes a newer file; make sure its time differs even on a coarse clock.
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))

    html = Client().get("/en/products").content.decode()

    assert "/assets/products-page-New12345.js" in html


@pytest.fixture
def locales_dir(tmp_path):
    folder = tmp_path / "locales"
    (folder / "en").mkdir(parents=True)
    texts = {f"key{number}": f"A sentence that repeats, number {number}." for number in range(40)}
    (folder / "en" / "catalog.json").write_text(json.dumps(texts))
    with override_settings(LOCALES_DIR=folder):
        yield texts


def test_locale_files_are_sent_compressed_and_cacheable(locales_dir):
    response = Client().get("/locales/en/catalog.json", HTTP_ACCEPT_ENCODING="gzip, br")

    assert response["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response["Vary"]
    assert response["Cache-Control"] == "public, max-age=300"
    assert json.loads(gzip.decompress(response.getvalue())) == locales_dir
