"""The search call's input (spec: docs/spec-coverage.md#s7-search "Storefront"), read leniently: what cannot
be used is left out, and only a search text too long to be typed, a body that is not JSON, or a request too
large to read is refused."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from server.catalog.filters import FilterGroup, FlagGroup, ProductQuery, parse_product_query
from server.core.paging import MAX_PAGE
from server.search.backends.base import DEFAULT_ORDER, Field
from server.search.errors import MalformedSearchBody, QueryTooLong

logger = logging.getLogger(__name__)

MAX_QUERY_LENGTH = 200
DEFAULT_PER_PAGE = 10
MAX_PER_PAGE = 100
# The spec's only ordering: order_by=1 (relevance), descending.
RELEVANCE = ("1", "desc")
PRIORITY_FIELDS = (Field.NAME, Field.INGREDIENTS)
FILTER_KEYS = tuple(group.value for group in FilterGroup) + tuple(flag.value for flag in FlagGroup)


@dataclass(frozen=True)
class SearchRequest:
    text: str = ""
    page: int = 1
    per_page: int = DEFAULT_PER_PAGE
    filters: ProductQuery = field(default_factory=ProductQuery)
    # The four fields from the heaviest to the lightest.
    order: tuple[Field, ...] = DEFAULT_ORDER

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.per_page


def _positive_int(raw: str | None, *, default: int, maximum: int) -> int:
    value = (raw or "").strip()
    if not value.isascii() or not value.isdigit():
        return default
    return min(max(int(value[:12]), 1), maximum)


def field_order(priorities: list[str]) -> tuple[Field, ...]:
    """`priorities` says which of name and ingredients weighs most; brand and description follow."""
    chosen = [Field(p) for p in dict.fromkeys(priorities) if p in PRIORITY_FIELDS]
    first = chosen + [f for f in PRIORITY_FIELDS if f not in chosen]
    return (*first, Field.BRAND, Field.DESCRIPTION)


def parse_priorities(body: bytes) -> list[str]:
    """The `priorities` of a JSON body; a missing body, a missing key or wrong types mean the default."""
    if not body.strip():
        return []
    try:
        payload = json.loads(body)
    except (ValueError, RecursionError):
        raise MalformedSearchBody(errors={"body": ["not valid JSON"]}) from None
    raw = payload.get("priorities") if isinstance(payload, dict) else None
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list):
        return []
    return [item for item in raw if isinstance(item, str)]


def parse_search_request(params: Mapping[str, str], *, body: bytes) -> SearchRequest:
    text = params.get("query", "")
    if len(text) > MAX_QUERY_LENGTH:
        raise QueryTooLong(
            f"The search text may be at most {MAX_QUERY_LENGTH} characters long.",
            errors={"query": [f"at most {MAX_QUERY_LENGTH} characters"]},
        )
    ordering = (params.get("order_by", "1").strip(), params.get("order", "desc").strip().lower())
    if ordering != RELEVANCE:
        logger.info("Search: ordering %r is not offered; using relevance", tuple(v[:20] for v in ordering))
    filters = parse_product_query({key: params[key] for key in FILTER_KEYS if key in params})
    return SearchRequest(
        text=text,
        page=_positive_int(params.get("page"), default=1, maximum=MAX_PAGE),
        per_page=_positive_int(params.get("per_page"), default=DEFAULT_PER_PAGE, maximum=MAX_PER_PAGE),
        filters=filters,
        order=field_order(parse_priorities(body)),
    )
