"""Storefront catalogue calls (spec: docs/spec-coverage.md#s7-products "Storefront", docs/architecture.md,
"HTTP API rules")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from ninja import Router

from server.accounts.auth import optional_bearer
from server.catalog import selectors, services
from server.catalog.filters import parse_product_query
from server.catalog.listing_index import Audience, current_index
from server.core.db_router import replica_reads
from server.core.http import ReplyResponse, cached_json
from server.core.language import request_language
from server.core.region import request_region

# Signed-in callers send their token: certified practitioners and admins also see practitioner-only products.
router = Router(tags=["storefront"], auth=optional_bearer)


def _audience(request: HttpRequest) -> Audience:
    return selectors.catalog_audience(request.user)


def _cached(request: HttpRequest, produce: Callable[[], Any], **options: Any) -> ReplyResponse:
    """A catalogue read through the reply cache, keyed by the catalogue's version (server/core/http.py); what
    it reads beyond the listing index may come from the replica (server/core/db_router.py)."""

    version = current_index().token

    def produce_on_replica() -> Any:
        with replica_reads(caught_up=lambda: selectors.catalog_token() == version):
            return produce()

    return cached_json(
        request, version=version, audience=_audience(request).value, produce=produce_on_replica, **options
    )


# The hot reads below are sent as shaped, through the reply cache; tests hold each reply to its schema.
@router.get("/categories", response=list[selectors.CategoryNode], summary="The category tree")
def categories(request: HttpRequest) -> HttpResponse:
    language = request_language(request)
    return _cached(request, lambda: selectors.category_tree(language=language))


@router.get("/filters", response=selectors.FilterOptionsOut, summary="Options of every filter group")
def filters(request: HttpRequest) -> HttpResponse:
    language = request_language(request)
    return _cached(request, lambda: selectors.filter_options(language=language))


@router.get(
    "/products",
    response=selectors.ProductListOut,
    summary="Product list: filters (comma id lists), ordering, paging and facet counts",
    openapi_extra={
        "parameters": [
            {"name": name, "in": "query", "required": False, "schema": {"type": "string"}}
            for name in (
                "categories", "brands", "health_goals", "delivery_form", "free_from", "suitable_for",
                "availability", "zero_waste", "order_by", "order", "order_name", "page", "limit",
            )
        ]
    },
)  # fmt: skip
def products(request: HttpRequest) -> HttpResponse:
    query = parse_product_query(request.GET)
    audience, region = _audience(request), request_region(request)
    return _cached(request, lambda: selectors.product_list(query=query, audience=audience, region=region))


@router.get("/products/{slug}", response=selectors.ProductDetail, summary="Product page")
def product(request: HttpRequest, slug: str) -> HttpResponse:
    audience, region, language = _audience(request), request_region(request), request_language(request)
    response = _cached(
        request,
        lambda: selectors.product_detail(slug=slug, audience=audience, region=region, language=language),
        product_of=lambda detail: detail["id"],
    )
    product_id = response.reply.product_id
    if product_id is not None:
        transaction.on_commit(lambda: services.product_activity_record(product_id=product_id, views=1))
    return response
