"""Reads for the storefront search: the search result (spec: docs/spec-coverage.md#s3-search-result "Search
result") and popular products.

A search asks the database's full-text engine for every matching product with its rank (one packed
number each, see `backends.base`), then works on arrays only: the listing index applies the filters and
who may see what, the page is a partial sort, the counts and the facet lists are gathers and bincounts.
Only the page's cards and the facet options' names are read as rows.
"""

from __future__ import annotations

import dataclasses
import math
import threading
from datetime import timedelta
from typing import TypedDict

import numpy as np
import numpy.typing as npt
from django.core.cache import cache
from django.db import connection
from django.db.models import F, QuerySet, Sum
from django.utils import timezone

from server.catalog.cards import ProductCard
from server.catalog.filters import FilterGroup, ProductQuery
from server.catalog.listing_index import Audience, ListingIndex, current_index
from server.catalog.models import Brand, Category, FreeFrom, Product, ProductActivity, SuitableFor, Taxonomy
from server.catalog.selectors import catalog_token, product_cards
from server.core.region import Region
from server.search import match_cache
from server.search.backends import current_backend
from server.search.backends.base import ID_MASK, Packed
from server.search.models import SearchVersion
from server.search.params import SearchRequest
from server.search.planner import plan_query
from server.search.snapshot import Incidence, current_snapshot
from server.search.text import words

MAX_INGREDIENTS = 20
POPULAR_LIMIT = 10
POPULAR_DAYS = 30
POPULAR_CACHE_SECONDS = 15 * 60

# Reply key -> the filter group whose options it lists, and their model.
FACETS: dict[str, tuple[FilterGroup, type[Taxonomy]]] = {
    "brands": (FilterGroup.BRANDS, Brand),
    "unique_categories": (FilterGroup.CATEGORIES, Category),
    "unique_free_from": (FilterGroup.FREE_FROM, FreeFrom),
    "unique_suitable_for": (FilterGroup.SUITABLE_FOR, SuitableFor),
}


class FacetOption(TypedDict):
    id: int
    name: str
    count: int


class FacetLists(TypedDict):
    brands: list[FacetOption]
    unique_categories: list[FacetOption]
    unique_free_from: list[FacetOption]
    unique_suitable_for: list[FacetOption]


class SearchResultOut(FacetLists):
    current_page: int
    per_page: int
    total_found: int
    total_pages: int
    available_products: int
    unavailable_products: int
    hits: list[ProductCard]
    unique_ingredients: list[str]
    did_you_mean: str | None


def empty_result(*, page: int, per_page: int, did_you_mean: str | None = None) -> SearchResultOut:
    return {
        "current_page": page,
        "per_page": per_page,
        "total_found": 0,
        "total_pages": 0,
        "available_products": 0,
        "unavailable_products": 0,
        "hits": [],
        "brands": [],
        "unique_categories": [],
        "unique_free_from": [],
        "unique_ingredients": [],
        "unique_suitable_for": [],
        "did_you_mean": did_you_mean,
    }


# Facet options per listing position, derived once from each listing index --------------------------


@dataclasses.dataclass(frozen=True)
class FacetIncidence:
    index: ListingIndex
    groups: dict[FilterGroup, tuple[Incidence, npt.NDArray[np.int64]]]
    # The options themselves, read with the index: naming a few hundred options per search would cost
    # more than the whole search. A renamed option shows with the next catalogue change.
    options: dict[FilterGroup, dict[int, Taxonomy]]


_facet_lock = threading.Lock()
_facets: FacetIncidence | None = None


def _build_facet_incidence(index: ListingIndex) -> FacetIncidence:
    groups: dict[FilterGroup, tuple[Incidence, npt.NDArray[np.int64]]] = {}
    named: dict[FilterGroup, dict[int, Taxonomy]] = {}
    for group, model in FACETS.values():
        taxonomy = model._default_manager.only("name", "name_translations")
        named[group] = {option.pk: option for option in taxonomy}
        options = index.members[group]
        option_ids = np.asarray(sorted(options), dtype=np.int64)
        rows: list[npt.NDArray[np.intp]] = []
        columns: list[npt.NDArray[np.int32]] = []
        for column, option in enumerate(option_ids):
            members = np.flatnonzero(np.unpackbits(options[int(option)], count=index.size))
            rows.append(members)
            columns.append(np.full(len(members), column, dtype=np.int32))
        all_rows = np.concatenate(rows) if rows else np.empty(0, dtype=np.intp)
        all_columns = np.concatenate(columns) if columns else np.empty(0, dtype=np.int32)
        by_row = np.argsort(all_rows, kind="stable")
        starts = np.zeros(index.size + 1, dtype=np.int64)
        np.cumsum(np.bincount(all_rows, minlength=index.size), out=starts[1:])
        groups[group] = (Incidence(starts, all_columns[by_row], len(option_ids)), option_ids)
    return FacetIncidence(index=index, groups=groups, options=named)


def _facet_incidence(index: ListingIndex) -> FacetIncidence:
    global _facets
    current = _facets
    if current is not None and current.index is index:
        return current
    with _facet_lock:
        if _facets is None or _facets.index is not index:
            _facets = _build_facet_incidence(index)
        return _facets


# The search ----------------------------------------------------------------------------------------


def _page(ranked: Packed, offset: int, limit: int) -> Packed:
    """The page's entries in rank order (highest packed value first), sorting only what it needs."""
    end = offset + limit
    if offset >= len(ranked):
        return ranked[:0]
    if end < len(ranked):
        ranked = np.partition(ranked, len(ranked) - end)[len(ranked) - end :]
    return np.sort(ranked)[::-1][offset:end]


def _bits_at(bits: npt.NDArray[np.uint8], positions: npt.NDArray[np.intp]) -> npt.NDArray[np.uint8]:
    # np.packbits is big-endian within a byte: position p is bit 7 - p % 8 of byte p // 8.
    shifts = (7 - (positions & 7)).astype(np.uint8)
    selected: npt.NDArray[np.uint8] = (bits[positions >> 3] >> shifts) & 1
    return selected


def _facet_lists(
    *,
    index: ListingIndex,
    query: ProductQuery,
    audience: Audience,
    matched: npt.NDArray[np.intp],
    chosen: npt.NDArray[np.intp],
    language: str,
) -> FacetLists:
    """Each group's options among the matches, counted with every *other* group's filter applied (as
    the product list counts them), so a shopper can still widen a group they filtered on."""
    incidence = _facet_incidence(index)

    def options_of(key: str) -> list[FacetOption]:
        group = FACETS[key][0]
        rows = chosen
        if group in query.groups:
            others = dataclasses.replace(
                query, groups={g: ids for g, ids in query.groups.items() if g != group}
            )
            rows = matched[index.filter_mask(others, audience=audience)[matched]]
        group_incidence, option_ids = incidence.groups[group]
        counts = group_incidence.counts(rows)
        present = np.flatnonzero(counts)
        options = incidence.options[group]
        named: list[FacetOption] = [
            {"id": option.pk, "name": option.name_in(language), "count": int(counts[i])}
            for i in present
            if (option := options.get(int(option_ids[i]))) is not None
        ]
        named.sort(key=lambda option: (-option["count"], option["name"].casefold(), option["id"]))
        return named

    return {
        "brands": options_of("brands"),
        "unique_categories": options_of("unique_categories"),
        "unique_free_from": options_of("unique_free_from"),
        "unique_suitable_for": options_of("unique_suitable_for"),
    }


def search_version() -> str:
    """What a search's reply depends on: the catalogue's version and the search documents' version."""
    backend = current_backend()
    snapshot = current_snapshot(with_deletions=backend.corrects_in_memory)
    return f"{current_index().token}:{snapshot.token}"


def search_version_stored() -> str:
    """`search_version` as the database the router reads from holds it (the replica, inside replica_reads)."""
    search_token = SearchVersion.objects.filter(pk=1).values_list("token", flat=True).first() or ""
    return f"{catalog_token()}:{search_token}"


def product_search(
    *, request: SearchRequest, audience: Audience, region: Region, language: str
) -> SearchResultOut:
    text = request.text.strip()
    typed = words(text)
    if text == "*" or not typed:
        # The web app's "focused" state: nothing typed yet.
        return empty_result(page=request.page, per_page=request.per_page)
    backend = current_backend()
    snapshot = current_snapshot(with_deletions=backend.corrects_in_memory)
    plan = plan_query(typed, backend=backend, snapshot=snapshot)
    if plan.hopeless:
        return empty_result(page=request.page, per_page=request.per_page, did_you_mean=plan.did_you_mean)
    key = (connection.vendor, snapshot.token, plan.terms, request.order)
    packed = match_cache.matches.get_or_compute(key, lambda: backend.match(plan.terms, request.order))

    index = current_index()
    positions = index.positions(packed & ID_MASK)
    # Documents of products the listing index does not hold (deleted, or newer than the index) drop out.
    known = positions >= 0
    packed, matched = packed[known], positions[known]
    passes = index.filter_mask(request.filters, audience=audience)[matched]
    ranked, chosen = packed[passes], matched[passes]

    total = len(ranked)
    available = int(np.count_nonzero(_bits_at(index.available, chosen)))
    page_ids = [int(value) for value in _page(ranked, request.offset, request.per_page) & ID_MASK]
    return {
        "current_page": request.page,
        "per_page": request.per_page,
        "total_found": total,
        "total_pages": math.ceil(total / request.per_page),
        "available_products": available,
        "unavailable_products": total - available,
        "hits": product_cards(product_ids=page_ids, region=region),
        **_facet_lists(
            index=index,
            query=request.filters,
            audience=audience,
            matched=matched,
            chosen=chosen,
            language=language,
        ),
        "unique_ingredients": snapshot.ingredients.most_frequent(ranked & ID_MASK, MAX_INGREDIENTS),
        "did_you_mean": plan.did_you_mean,
    }


# Popular products ----------------------------------------------------------------------------------


def _visible(audience: Audience) -> QuerySet[Product]:
    products = Product.objects.all()
    return products if audience is Audience.TRADE else products.filter(practitioner_only=False)


def popular_product_ids(*, audience: Audience) -> list[int]:
    """The most viewed and added-to-cart products of the last 30 days; when fewer than ten had any
    activity, the newest available products fill the list (all of it in a shop with no activity yet)."""
    since = timezone.localdate() - timedelta(days=POPULAR_DAYS - 1)
    visible = _visible(audience)
    ranked = list(
        ProductActivity.objects.filter(day__gte=since, product__in=visible)
        .values("product_id")
        .annotate(score=Sum(F("views") + F("cart_adds")))
        .filter(score__gt=0)
        .order_by("-score", "-product_id")
        .values_list("product_id", flat=True)[:POPULAR_LIMIT]
    )
    if len(ranked) < POPULAR_LIMIT:
        newest = (
            visible.filter(is_available=True)
            .exclude(pk__in=ranked)
            .order_by("-created_at", "-id")
            .values_list("pk", flat=True)[: POPULAR_LIMIT - len(ranked)]
        )
        ranked.extend(newest)
    return ranked


class PopularOut(TypedDict):
    data: list[ProductCard]


def popular_products(*, audience: Audience, region: Region, language: str) -> list[ProductCard]:
    key = f"search:popular:{language}:{region.value}:{audience.value}"
    cards: list[ProductCard] | None = cache.get(key)
    if cards is None:
        cards = product_cards(product_ids=popular_product_ids(audience=audience), region=region)
        cache.set(key, cards, POPULAR_CACHE_SECONDS)
    return cards
