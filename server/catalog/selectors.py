"""Reads of the catalogue for the storefront: taxonomies, product lists and product pages."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Annotated, TypedDict

from django.contrib.auth.models import AnonymousUser
from pydantic import Field

from server.accounts.models import User, UserType
from server.catalog import cards, labels
from server.catalog.cards import ProductCard
from server.catalog.facts import SupplementFactsOut, facts_data, variant_facts
from server.catalog.filters import ProductQuery
from server.catalog.listing_index import Audience, current_index
from server.catalog.models import (
    Brand,
    CatalogVersion,
    Category,
    DeliveryForm,
    FreeFrom,
    HealthGoal,
    Product,
    SuitableFor,
    Taxonomy,
)
from server.core.errors import NotFound
from server.core.region import Region

# Practitioner-only products are for those who may dispense them: admins and certified practitioners.
TRADE_USER_TYPES = frozenset({UserType.ADMIN, UserType.CERTIFIED_PRACTITIONER})


class ProductNotFound(NotFound):
    message = "There is no product at this address."


def catalog_token() -> str:
    """The catalogue version token where the router sends reads (the replica, inside replica_reads)."""
    return CatalogVersion.objects.filter(pk=1).values_list("token", flat=True).first() or ""


def catalog_audience(user: User | AnonymousUser) -> Audience:
    if user.is_authenticated and getattr(user, "user_type_id", None) in TRADE_USER_TYPES:
        return Audience.TRADE
    return Audience.PUBLIC


class FilterOption(TypedDict):
    id: int
    name: str


class CategoryNode(TypedDict):
    id: int
    name: str
    slug: str
    children: list[CategoryNode]


class FilterOptionsOut(TypedDict):
    brands: list[FilterOption]
    health_goals: list[FilterOption]
    delivery_form: list[FilterOption]
    free_from: list[FilterOption]
    suitable_for: list[FilterOption]
    availability: list[FilterOption]
    zero_waste: list[FilterOption]


class ProductListOut(TypedDict):
    data: list[ProductCard]
    total_results: int
    total_pages: int
    current_page: int
    limit: int
    available_products: int
    unavailable_products: int
    order_by: str
    order: str
    order_name: str
    facets: dict[str, dict[str, int]]


class ProductDetail(ProductCard):
    description: str
    ingredients: str
    categories: list[FilterOption]
    health_goals: list[FilterOption]
    delivery_form: list[FilterOption]
    free_from: list[FilterOption]
    suitable_for: list[FilterOption]
    created_at: datetime
    updated_at: datetime
    # One per variant that has facts, in the variants' order.
    supplement_facts: Annotated[
        list[SupplementFactsOut],
        Field(description="Per variant that has them: the serving and what one serving holds"),
    ]


def _options(items: Iterable[Taxonomy], language: str) -> list[FilterOption]:
    return [{"id": item.pk, "name": item.name_in(language)} for item in items]


def category_tree(*, language: str) -> list[CategoryNode]:
    categories = list(Category.objects.order_by("position", "name"))
    children: dict[int | None, list[Category]] = {}
    for category in categories:
        children.setdefault(category.parent_id, []).append(category)

    def node(category: Category) -> CategoryNode:
        return {
            "id": category.pk,
            "name": category.name_in(language),
            "slug": category.slug,
            "children": [node(child) for child in children.get(category.pk, [])],
        }

    return [node(root) for root in children.get(None, [])]


def filter_options(*, language: str) -> FilterOptionsOut:
    def sorted_options(model: type[Taxonomy]) -> list[FilterOption]:
        return sorted(
            _options(model._default_manager.all(), language), key=lambda option: option["name"].casefold()
        )

    return {
        "brands": sorted_options(Brand),
        "health_goals": sorted_options(HealthGoal),
        "delivery_form": sorted_options(DeliveryForm),
        "free_from": sorted_options(FreeFrom),
        "suitable_for": sorted_options(SuitableFor),
        "availability": [
            {"id": 1, "name": labels.AVAILABLE.get(language, labels.AVAILABLE["en"])},
            {"id": 2, "name": labels.UNAVAILABLE.get(language, labels.UNAVAILABLE["en"])},
        ],
        "zero_waste": [{"id": 1, "name": labels.SALE.get(language, labels.SALE["en"])}],
    }


def product_cards(*, product_ids: Sequence[int], region: Region) -> list[ProductCard]:
    """Cards in the order of `product_ids`, from the current catalogue version."""
    return cards.product_cards(product_ids=product_ids, region=region, token=current_index().token)


def product_list(*, query: ProductQuery, audience: Audience, region: Region) -> ProductListOut:
    index = current_index()
    result = index.query(query, audience=audience, region=region)
    return {
        "data": cards.product_cards(product_ids=result.product_ids, region=region, token=index.token),
        "total_results": result.total,
        "total_pages": math.ceil(result.total / query.limit) if result.total else 0,
        "current_page": query.page,
        "limit": query.limit,
        "available_products": result.available,
        "unavailable_products": result.total - result.available,
        "order_by": query.ordering.field.value,
        "order": "desc" if query.ordering.descending else "asc",
        "order_name": query.ordering.order_name,
        "facets": {group: {str(k): v for k, v in counts.items()} for group, counts in result.facets.items()},
    }


def product_detail(*, slug: str, audience: Audience, region: Region, language: str) -> ProductDetail:
    queryset = Product.objects.prefetch_related(
        "categories", "health_goals", "delivery_form", "free_from", "suitable_for"
    )
    if audience is Audience.PUBLIC:
        queryset = queryset.filter(practitioner_only=False)
    product = queryset.filter(slug=slug[:200]).first()
    if product is None:
        raise ProductNotFound()
    card = product_cards(product_ids=[product.pk], region=region)[0]
    facts = variant_facts(variant_ids=[variant["id"] for variant in card["variants"]])
    return {
        **card,
        "description": product.description,
        "ingredients": product.ingredients,
        "categories": _options(product.categories.all(), language),
        "health_goals": _options(product.health_goals.all(), language),
        "delivery_form": _options(product.delivery_form.all(), language),
        "free_from": _options(product.free_from.all(), language),
        "suitable_for": _options(product.suitable_for.all(), language),
        "created_at": product.created_at,
        "updated_at": product.updated_at,
        "supplement_facts": [
            facts_data(facts[variant["id"]], language=language)
            for variant in card["variants"]
            if variant["id"] in facts
        ],
    }
