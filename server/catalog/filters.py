"""The product-list query string (spec: docs/spec-coverage.md#s2-query-keys-eight-filter,
docs/spec-coverage.md#s4-initialising-url, docs/spec-coverage.md#s5-ordering-values-outside), parsed
leniently: what cannot be used is left out and logged, never an error, except a request so large it can only
be abuse."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from server.core.errors import DomainError, ErrorCode
from server.core.paging import MAX_PAGE

logger = logging.getLogger(__name__)

PAGE_SIZE = 26
MAX_LIMIT = 100
MAX_IDS_PER_GROUP = 200


class FilterGroup(StrEnum):
    """The taxonomy filter groups, named as in the query string."""

    CATEGORIES = "categories"
    BRANDS = "brands"
    HEALTH_GOALS = "health_goals"
    DELIVERY_FORM = "delivery_form"
    FREE_FROM = "free_from"
    SUITABLE_FOR = "suitable_for"


class FlagGroup(StrEnum):
    """Groups whose only ids are fixed values: availability 1 or 2, zero_waste 1 (named Sale)."""

    AVAILABILITY = "availability"
    ZERO_WASTE = "zero_waste"


FLAG_VALUES: dict[FlagGroup, frozenset[int]] = {
    FlagGroup.AVAILABILITY: frozenset({1, 2}),
    FlagGroup.ZERO_WASTE: frozenset({1}),
}


class SortField(StrEnum):
    ID = "id"
    NAME = "name"
    PRICE = "price"
    CREATED_AT = "created_at"
    UPDATED_AT = "updated_at"


class TooManyIds(DomainError):
    code = ErrorCode.BAD_REQUEST


@dataclass(frozen=True)
class Ordering:
    field: SortField = SortField.ID
    descending: bool = True
    order_name: str = "1"


@dataclass(frozen=True)
class ProductQuery:
    groups: dict[FilterGroup, frozenset[int]] = field(default_factory=dict)
    flags: dict[FlagGroup, frozenset[int]] = field(default_factory=dict)
    ordering: Ordering = Ordering()
    page: int = 1
    limit: int = PAGE_SIZE

    @property
    def offset(self) -> int:
        return (self.page - 1) * self.limit


def _ids(name: str, raw: str) -> frozenset[int]:
    tokens = [token.strip() for token in raw.split(",") if token.strip()]
    if len(tokens) > MAX_IDS_PER_GROUP:
        raise TooManyIds(
            f"At most {MAX_IDS_PER_GROUP} ids may be given for {name}.", errors={name: ["too many ids"]}
        )
    ids = {int(token) for token in tokens if token.isascii() and token.isdigit() and len(token) <= 18}
    if len(ids) < len(tokens):
        logger.info("Product filter %s: left out ids that are not numbers: %r", name, raw[:200])
    return frozenset(ids)


def _positive_int(raw: str | None, *, default: int, maximum: int) -> int:
    if raw is None or not raw.strip().isascii() or not raw.strip().isdigit():
        return default
    return min(max(int(raw.strip()[:12]), 1), maximum)


def parse_ordering(params: Mapping[str, str]) -> Ordering:
    field_raw = params.get("order_by", "").strip().lower()
    order_raw = params.get("order", "").strip().lower()
    chosen = Ordering()
    if field_raw:
        if field_raw in SortField.__members__.values():
            chosen = Ordering(field=SortField(field_raw), descending=chosen.descending)
        else:
            logger.warning("Product list: unknown order_by %r left out", field_raw[:50])
    if order_raw:
        if order_raw in {"asc", "desc"}:
            chosen = Ordering(field=chosen.field, descending=order_raw == "desc")
        else:
            logger.warning("Product list: unknown order %r left out", order_raw[:50])
    order_name = params.get("order_name", "1")[:20] or "1"
    return Ordering(field=chosen.field, descending=chosen.descending, order_name=order_name)


def parse_product_query(params: Mapping[str, str], *, default_limit: int = PAGE_SIZE) -> ProductQuery:
    """Read filters, ordering and paging from query parameters (a QueryDict or a plain dict)."""
    groups: dict[FilterGroup, frozenset[int]] = {}
    for group in FilterGroup:
        raw = params.get(group.value)
        if raw:
            ids = _ids(group.value, raw)
            if ids:
                groups[group] = ids
    flags: dict[FlagGroup, frozenset[int]] = {}
    for flag in FlagGroup:
        raw = params.get(flag.value)
        if raw:
            values = _ids(flag.value, raw) & FLAG_VALUES[flag]
            if values:
                flags[flag] = frozenset(values)
    return ProductQuery(
        groups=groups,
        flags=flags,
        ordering=parse_ordering(params),
        page=_positive_int(params.get("page"), default=1, maximum=MAX_PAGE),
        limit=_positive_int(params.get("limit"), default=default_limit, maximum=MAX_LIMIT),
    )
