"""Reply shapes of the search calls (spec: docs/spec-coverage.md#s3-search-result "Search result")."""

from __future__ import annotations

from ninja import Schema

from server.catalog.schemas import ProductCard


class FacetOption(Schema):
    id: int
    name: str
    count: int


class SearchResultOut(Schema):
    current_page: int
    per_page: int
    total_found: int
    total_pages: int
    available_products: int
    unavailable_products: int
    hits: list[ProductCard]
    brands: list[FacetOption]
    unique_categories: list[FacetOption]
    unique_free_from: list[FacetOption]
    unique_ingredients: list[str]
    unique_suitable_for: list[FacetOption]
    did_you_mean: str | None


class SearchBody(Schema):
    """Which of name and ingredients weighs most; other values are ignored."""

    priorities: list[str] = ["name", "ingredients"]


class PopularOut(Schema):
    data: list[ProductCard]
