"""Old store collection URLs (spec: docs/spec-coverage.md#s2-old-collection-urls-go, the old-URL table):
`/collections/<handle>`.

The old store named collections by handle; the new list filters by numeric ids, which only the database
knows, so this redirect is answered by the server (a 301 a search engine follows too) instead of by the
web app's static table. A handle is looked up as a category slug, then as a brand slug, then in the
table of renamed handles below; anything else opens the whole list. The list is always ordered by id,
newest first, as the spec asks. The language prefix is added by the web app, as for any unprefixed path.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponsePermanentRedirect
from django.views.decorators.http import require_safe

from server.catalog.models import Brand, Category

# Old handles that are not a slug of the new catalogue: handle → (filter key, slug), or None for the whole
# list. docs/operations.md "Old store URLs" lists the whole table; extend it here when marketing finds more.
RENAMED_HANDLES: dict[str, tuple[str, str] | None] = {
    "all": None,
    "all-products": None,
    "frontpage": None,
    "new-arrivals": None,
    "shop-all": None,
}

ORDERING = {"order_by": "id", "order": "desc"}
FILTER_MODELS: dict[str, type[Category] | type[Brand]] = {"categories": Category, "brands": Brand}


def _filter_for(handle: str) -> tuple[str, int] | None:
    if handle in RENAMED_HANDLES:
        renamed = RENAMED_HANDLES[handle]
        candidates = [renamed] if renamed else []
    else:
        candidates = [("categories", handle), ("brands", handle)]
    for key, slug in candidates:
        found = FILTER_MODELS[key].objects.filter(slug=slug).values_list("id", flat=True).first()
        if found is not None:
            return key, found
    return None


def collection_target(handle: str) -> str:
    """The new product-list URL (without language prefix) for an old collection handle."""
    found = _filter_for(handle.lower())
    query = {found[0]: str(found[1])} if found else {}
    return "/products?" + urlencode({**query, **ORDERING})


@require_safe
def collection_redirect(request: HttpRequest, handle: str) -> HttpResponsePermanentRedirect:
    return HttpResponsePermanentRedirect(collection_target(handle))
