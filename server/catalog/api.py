"""Storefront catalogue calls (spec section 7 "Storefront", docs/architecture.md, "HTTP API rules")."""

from __future__ import annotations

from django.db import transaction
from django.http import HttpRequest, HttpResponse
from ninja import Router

from server.accounts.auth import optional_bearer
from server.catalog import selectors, services
from server.catalog.filters import parse_product_query
from server.catalog.schemas import CategoryNode, FilterOptionsOut, ProductDetail, ProductListOut
from server.core.http import json_reply
from server.core.language import request_language
from server.core.region import request_region

# Signed-in callers send their token: certified practitioners and admins also see practitioner-only products.
router = Router(tags=["storefront"], auth=optional_bearer)


@router.get("/categories", response=list[CategoryNode], summary="The category tree")
def categories(request: HttpRequest) -> list[selectors.CategoryNode]:
    return selectors.category_tree(language=request_language(request))


@router.get("/filters", response=FilterOptionsOut, summary="Options of every filter group")
def filters(request: HttpRequest) -> selectors.FilterOptions:
    return selectors.filter_options(language=request_language(request))


@router.get(
    "/products",
    response=ProductListOut,
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
    listing = selectors.product_list(
        query=query, audience=selectors.catalog_audience(request.user), region=request_region(request)
    )
    return json_reply(listing)


@router.get("/products/{slug}", response=ProductDetail, summary="Product page")
def product(request: HttpRequest, slug: str) -> selectors.ProductDetail:
    detail = selectors.product_detail(
        slug=slug,
        audience=selectors.catalog_audience(request.user),
        region=request_region(request),
        language=request_language(request),
    )
    product_id = detail["id"]
    transaction.on_commit(lambda: services.product_activity_record(product_id=product_id, views=1))
    return detail
