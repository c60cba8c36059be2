"""The store page `/{lang}/store/{shop_name}` as the web app's index with the store's title, description
and Open Graph tags, so a shared link shows the practice (crawlers do not run the app's JavaScript)."""

from __future__ import annotations

from html import escape

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.views.decorators.http import require_safe

from server.core.errors import DomainError
from server.core.views import spa_response
from server.stores.models import Store
from server.stores.selectors import store_by_shop_name

SITE_NAME = "Practitioner Supplements"
MAX_DESCRIPTION = 200


def _one_line(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _image(store: Store) -> str:
    for file in (store.header_image, store.approach_image_1, store.approach_image_2, store.about_image):
        if file.name:
            return f"{settings.PUBLIC_URL}{file.url}"
    return ""


def store_meta(store: Store, *, url: str) -> tuple[str, str]:
    """The page title and the meta tags (every value escaped) of a store page."""
    name = store.header_title.strip() or store.shop_name or SITE_NAME
    title = f"{_one_line(name, 120)} | {SITE_NAME}"
    description = _one_line(
        store.header_description or store.about_description or store.message or f"{name} on {SITE_NAME}",
        MAX_DESCRIPTION,
    )
    tags = {
        "description": description,
        "og:type": "website",
        "og:site_name": SITE_NAME,
        "og:title": title,
        "og:description": description,
        "og:url": url,
        "twitter:card": "summary_large_image",
    }
    if image := _image(store):
        tags["og:image"] = image
    head = "".join(
        f'<meta {"property" if key.startswith("og:") else "name"}="{escape(key)}" content="{escape(value)}">'
        for key, value in tags.items()
    )
    return title, head


@require_safe
def store_page(request: HttpRequest, lang: str, shop_name: str) -> HttpResponseBase:
    path = f"{lang}/store/{shop_name}"
    if lang not in settings.SHOP_LANGUAGES:
        return spa_response(path)  # the app moves it to a language it knows
    try:
        store = store_by_shop_name(shop_name=shop_name)
    except DomainError:
        # The app shows its not-found page; crawlers get the status.
        return spa_response(path, status=404)
    title, head = store_meta(store, url=f"{settings.PUBLIC_URL}/{lang}/store/{store.shop_name}")
    return spa_response(path, title=title, head=head)
