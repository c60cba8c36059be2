"""Storefront search calls (spec: docs/spec-coverage.md#s7-search, docs/spec-coverage.md#s7-popular-products
"Storefront"): POST searches, GET lists popular products."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.request import RawPostDataException
from ninja import Router

from server.accounts.auth import optional_bearer
from server.catalog.selectors import catalog_audience
from server.core.db_router import replica_reads
from server.core.http import cached_json, json_reply
from server.core.language import request_language
from server.core.region import request_region
from server.search import selectors
from server.search.errors import SearchRequestTooLarge, TooManySearchParameters
from server.search.params import FILTER_KEYS, MAX_PER_PAGE, MAX_QUERY_LENGTH, parse_search_request
from server.search.schemas import SearchBody

# Signed-in callers send their token: certified practitioners and admins also find practitioner-only products.
router = Router(tags=["search"], auth=optional_bearer)


def _parameter(name: str, description: str = "") -> dict[str, Any]:
    schema = {"type": "string"}
    return {"name": name, "in": "query", "required": False, "schema": schema, "description": description}


_QUERY_PARAMETERS = [
    _parameter("query", f"the search text, at most {MAX_QUERY_LENGTH} characters; empty or * finds nothing"),
    _parameter("page", "default 1"),
    _parameter("per_page", f"default 10, at most {MAX_PER_PAGE}"),
    _parameter("order_by", "1: relevance, the only order"),
    _parameter("order", "desc"),
    _parameter("formatted"),
    *(_parameter(key, "comma-separated ids, as for the product list") for key in FILTER_KEYS),
]


def _query_params(request: HttpRequest) -> QueryDict:
    try:
        return request.GET
    except TooManyFieldsSent:
        raise TooManySearchParameters() from None


# A form carries no priorities; its body is not read as JSON.
FORM_TYPES = frozenset({"multipart/form-data", "application/x-www-form-urlencoded"})


def _body(request: HttpRequest) -> bytes:
    if request.content_type in FORM_TYPES:
        return b""
    try:
        return request.body
    except RequestDataTooBig:
        raise SearchRequestTooLarge() from None
    except RawPostDataException:
        # Read as a form already.
        return b""


@router.post(
    "/search",
    response=selectors.SearchResultOut,
    summary="Search products: weighted full text, prefix on the last word, one-typo tolerance, facets",
    openapi_extra={
        "parameters": _QUERY_PARAMETERS,
        "requestBody": {
            "required": False,
            "content": {"application/json": {"schema": SearchBody.model_json_schema()}},
        },
    },
)
def search(request: HttpRequest) -> HttpResponse:
    body = _body(request)
    search_request = parse_search_request(_query_params(request), body=body)
    audience = catalog_audience(request.user)
    region, language = request_region(request), request_language(request)

    version = selectors.search_version()

    def produce() -> Any:
        # The searches' SQL may run on the replica, once it has the versions (server/core/db_router.py).
        with replica_reads(caught_up=lambda: selectors.search_version_stored() == version):
            return selectors.product_search(
                request=search_request, audience=audience, region=region, language=language
            )

    # Sent as shaped, through the reply cache: search-as-you-type is a hot path, and the same few words are
    # typed by many. A test holds the reply to its schema.
    return cached_json(
        request,
        version=version,
        audience=audience.value,
        body=body,
        produce=produce,
    )


@router.get(
    "/search", response=selectors.PopularOut, summary="Popular products (views and cart adds, 30 days)"
)
def popular(request: HttpRequest) -> HttpResponse:
    products = selectors.popular_products(
        audience=catalog_audience(request.user),
        region=request_region(request),
        language=request_language(request),
    )
    reply: selectors.PopularOut = {"data": products}
    return json_reply(reply)
